import type { PasswordResetPayload } from '../types.ts'
import { Button, Heading, P } from './layout.tsx'
import type { Template } from './template.ts'

export const passwordReset: Template<PasswordResetPayload> = {
  subject: (_p, { m }) => m.reset.subject,
  preview: (_p, { m }) => m.reset.preview,
  Body: ({ p, ctx: { m } }) => (
    <>
      <Heading>{m.reset.title}</Heading>
      <P>{m.hello(p.name)}</P>
      <P>{m.reset.intro(p.validMinutes)}</P>
      <Button href={p.link}>{m.reset.button}</Button>
      <P muted small>
        {m.reset.fallback}
        <br />
        <a href={p.link} style={{ wordBreak: 'break-all' }}>
          {p.link}
        </a>
      </P>
      <P muted small>
        {m.reset.ignore}
      </P>
    </>
  ),
  text: (p, { m }) => [m.hello(p.name), '', m.reset.intro(p.validMinutes), '', p.link, '', m.reset.ignore].join('\n'),
}
