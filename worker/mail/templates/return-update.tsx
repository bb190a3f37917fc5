import type { ReturnUpdatePayload } from '../types.ts'
import { Button, Facts, Heading, ItemLines, P, Subheading } from './layout.tsx'
import type { RenderContext } from './layout.tsx'
import type { Template } from './template.ts'

/** A return, at each step: received, approved with its refunds per payment source, or declined with the reason. */
const total = (p: ReturnUpdatePayload) => p.refunds.reduce((sum, r) => sum + r.amountCents, 0)

function refundRows(p: ReturnUpdatePayload, { m, money }: RenderContext): Array<[string, string]> {
  return [...p.refunds.map((r): [string, string] => [m.returns.method[r.method], money(r.amountCents, p.currency)]), [m.returns.total, money(total(p), p.currency)]]
}

export const returnUpdate: Template<ReturnUpdatePayload> = {
  subject: (p, { m }) => m.returns.subject[p.status](p.number),
  preview: (p, { m }) => m.returns.intro[p.status](p.number),
  Body: ({ p, ctx }) => {
    const { m } = ctx
    return (
      <>
        <Heading>{m.returns.title[p.status]}</Heading>
        <P>{m.hello(p.customerName)}</P>
        <P>{m.returns.intro[p.status](p.number)}</P>
        {p.note ? <Facts rows={[[m.returns.note, p.note]]} /> : null}
        <Subheading>{m.returns.items}</Subheading>
        <ItemLines lines={p.lines} />
        <Facts rows={[[m.returns.reason, m.returns.reasons[p.reason]]]} />
        {p.status === 'approved' ? (
          <>
            <Subheading>{m.returns.refunded}</Subheading>
            <Facts rows={refundRows(p, ctx)} />
            {p.refunds.some((r) => r.method === 'card') ? (
              <P muted small>
                {m.returns.cardTime}
              </P>
            ) : null}
          </>
        ) : null}
        <Button href={p.orderUrl}>{m.returns.view}</Button>
      </>
    )
  },
  text: (p, ctx) => {
    const { m } = ctx
    return [
      m.hello(p.customerName),
      '',
      m.returns.intro[p.status](p.number),
      ...(p.note ? ['', `${m.returns.note}: ${p.note}`] : []),
      '',
      `${m.returns.items}:`,
      ...p.lines.map((l) => `${l.quantity} × ${l.name}${l.details.length ? ` (${l.details.join(', ')})` : ''}`),
      `${m.returns.reason}: ${m.returns.reasons[p.reason]}`,
      ...(p.status === 'approved' ? ['', `${m.returns.refunded}:`, ...refundRows(p, ctx).map(([label, value]) => `${label}: ${value}`)] : []),
      '',
      `${m.returns.view}: ${p.orderUrl}`,
    ].join('\n')
  },
}
