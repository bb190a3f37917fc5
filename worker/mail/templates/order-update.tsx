import type { OrderUpdatePayload } from '../types.ts'
import { Button, Facts, Heading, P } from './layout.tsx'
import type { RenderContext } from './layout.tsx'
import type { Template } from './template.ts'

/**
 * The console refunded part of an order or cancelled it: what went back to which payment, and why. Or a Click & Collect
 * order is ready or was collected: where, and when the place is open.
 */
function rows(p: OrderUpdatePayload, { m, money }: RenderContext): Array<[string, string]> {
  if (p.place) return [[m.order.collectFrom, [p.place.name, ...p.place.lines].join(', ')], [m.order.hours, p.place.hours]]
  return [...p.refunds.map((r): [string, string] => [m.returns.method[r.method], money(r.amountCents, p.currency)]), [m.orderUpdate.reason, p.reason]]
}

export const orderUpdate: Template<OrderUpdatePayload> = {
  subject: (p, { m }) => m.orderUpdate.subject[p.status](p.number),
  preview: (p, { m }) => m.orderUpdate.intro[p.status](p.number),
  Body: ({ p, ctx }) => (
    <>
      <Heading>{ctx.m.orderUpdate.title[p.status]}</Heading>
      <P>{ctx.m.hello(p.customerName)}</P>
      <P>{ctx.m.orderUpdate.intro[p.status](p.number)}</P>
      <Facts rows={rows(p, ctx)} />
      <Button href={p.orderUrl}>{ctx.m.orderUpdate.view}</Button>
    </>
  ),
  text: (p, ctx) =>
    [ctx.m.hello(p.customerName), '', ctx.m.orderUpdate.intro[p.status](p.number), '', ...rows(p, ctx).map(([label, value]) => `${label}: ${value}`), '', `${ctx.m.orderUpdate.view}: ${p.orderUrl}`].join('\n'),
}
