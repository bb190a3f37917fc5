import type { ReturnUpdatePayload } from '../types.ts'
import { Button, Facts, Heading, ItemLines, P, Subheading } from './layout.tsx'
import type { RenderContext } from './layout.tsx'
import type { Template } from './template.ts'

/**
 * A return, at each step: requested, approved (where and how to send the goods), received, refunded (to the payments,
 * as store credit or on a new gift card) or declined with the reason.
 */
const total = (p: ReturnUpdatePayload) => p.refunds.reduce((sum, r) => sum + r.amountCents, 0)

function refundRows(p: ReturnUpdatePayload, { m, money }: RenderContext): Array<[string, string]> {
  const shipping: Array<[string, string]> = (p.shippingCents ?? 0) > 0 ? [[m.returns.shipping, money(p.shippingCents!, p.currency)]] : []
  if (p.refundTo === 'store_credit') return [[m.returns.method.store_credit, money(total(p), p.currency)], ...shipping]
  if (p.refundTo === 'gift_card') return [[m.returns.total, money(total(p), p.currency)], ...shipping]
  return [...p.refunds.map((r): [string, string] => [m.returns.method[r.method], money(r.amountCents, p.currency)]), [m.returns.total, money(total(p), p.currency)], ...shipping]
}

/** Where the money went, in words, when it did not go back to the payments. */
function refundNote(p: ReturnUpdatePayload, { m }: RenderContext): string | null {
  if (p.refundTo === 'store_credit') return m.returns.storeCredit
  if (p.refundTo === 'gift_card' && p.giftCardCode) return m.returns.newGiftCard(p.giftCardCode)
  return p.refunds.some((r) => r.method === 'card') ? m.returns.cardTime : null
}

const reference = (p: ReturnUpdatePayload) => p.returnNumber ?? p.number

export const returnUpdate: Template<ReturnUpdatePayload> = {
  subject: (p, { m }) => m.returns.subject[p.status](p.number),
  preview: (p, { m }) => m.returns.intro[p.status](p.number),
  Body: ({ p, ctx }) => {
    const { m } = ctx
    const after = refundNote(p, ctx)
    return (
      <>
        <Heading>{m.returns.title[p.status]}</Heading>
        <P>{m.hello(p.customerName)}</P>
        <P>{m.returns.intro[p.status](p.number)}</P>
        {p.note ? <Facts rows={[[m.returns.note, p.note]]} /> : null}
        {p.status === 'approved' && p.returnAddress?.length ? (
          <>
            <Subheading>{m.returns.sendTo}</Subheading>
            <P>
              {p.returnAddress.map((line, i) => (
                <span key={i}>
                  {line}
                  <br />
                </span>
              ))}
            </P>
            <Facts rows={[[m.returns.reference, reference(p)]]} />
            {m.returns.instructions(reference(p)).map((line) => (
              <P key={line} small>
                {line}
              </P>
            ))}
          </>
        ) : null}
        <Subheading>{p.status === 'received' ? m.returns.received : m.returns.items}</Subheading>
        <ItemLines lines={p.lines} />
        <Facts rows={[[m.returns.reason, m.returns.reasons[p.reason]]]} />
        {p.status === 'refunded' ? (
          <>
            <Subheading>{m.returns.refunded}</Subheading>
            <Facts rows={refundRows(p, ctx)} />
            {after ? (
              <P muted small>
                {after}
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
    const after = refundNote(p, ctx)
    return [
      m.hello(p.customerName),
      '',
      m.returns.intro[p.status](p.number),
      ...(p.note ? ['', `${m.returns.note}: ${p.note}`] : []),
      ...(p.status === 'approved' && p.returnAddress?.length
        ? ['', `${m.returns.sendTo}:`, ...p.returnAddress, '', `${m.returns.reference}: ${reference(p)}`, ...m.returns.instructions(reference(p))]
        : []),
      '',
      `${p.status === 'received' ? m.returns.received : m.returns.items}:`,
      ...p.lines.map((l) => `${l.quantity} × ${l.name}${l.details.length ? ` (${l.details.join(', ')})` : ''}`),
      `${m.returns.reason}: ${m.returns.reasons[p.reason]}`,
      ...(p.status === 'refunded' ? ['', `${m.returns.refunded}:`, ...refundRows(p, ctx).map(([label, value]) => `${label}: ${value}`), ...(after ? [after] : [])] : []),
      '',
      `${m.returns.view}: ${p.orderUrl}`,
    ].join('\n')
  },
}
