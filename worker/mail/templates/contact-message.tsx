import type { ContactMessagePayload } from '../types.ts'
import { Callout, Facts, Heading, P } from './layout.tsx'
import type { Template } from './template.ts'

const LANGUAGES = { en: 'English', de: 'Deutsch' } as const

/** A shopper's message from the contact form, to the store (Reply-To is the shopper). */
export const contactMessage: Template<ContactMessagePayload> = {
  subject: (p, { m }) => m.contact.subject(p.name),
  preview: (p, { m }) => m.contact.preview(p.name),
  Body: ({ p, ctx: { m } }) => (
    <>
      <Heading>{m.contact.title}</Heading>
      <Facts
        rows={[
          [m.contact.from, p.name],
          [m.contact.email, <a href={`mailto:${p.email}`}>{p.email}</a>],
          [m.contact.language, LANGUAGES[p.shopperLocale]],
        ]}
      />
      <Callout>
        <span style={{ whiteSpace: 'pre-line' }}>{p.message}</span>
      </Callout>
      <P muted small>
        {m.contact.reply}
      </P>
    </>
  ),
  text: (p, { m }) =>
    [`${m.contact.from}: ${p.name}`, `${m.contact.email}: ${p.email}`, `${m.contact.language}: ${LANGUAGES[p.shopperLocale]}`, '', `${m.contact.message}:`, p.message, '', m.contact.reply].join('\n'),
}
