import type { NewsletterConfirmPayload } from '../types.ts'
import { Button, Heading, P } from './layout.tsx'
import type { Template } from './template.ts'

/** Double opt-in: the address is subscribed only when its owner follows this link. */
export const newsletterConfirm: Template<NewsletterConfirmPayload> = {
  subject: (_p, { m }) => m.newsletter.subject,
  preview: (_p, { m }) => m.newsletter.preview,
  Body: ({ p, ctx: { m } }) => (
    <>
      <Heading>{m.newsletter.title}</Heading>
      <P>{m.newsletter.intro}</P>
      <Button href={p.link}>{m.newsletter.button}</Button>
      <P muted small>
        {m.newsletter.ignore}
      </P>
    </>
  ),
  text: (p, { m }) => [m.newsletter.intro, '', `${m.newsletter.button}: ${p.link}`, '', m.newsletter.ignore].join('\n'),
}
