import type { MailPickupPlace, PickupUpdatePayload } from '../types.ts'
import { Address, addressText, Button, Heading, P, Subheading } from './layout.tsx'
import type { RenderContext } from './layout.tsx'
import type { Template } from './template.ts'

const asAddress = (place: MailPickupPlace) => ({ name: place.name, lines: place.lines, country: '' })

/** A Click & Collect place: its name, address and opening hours (the confirmation and the pickup emails). */
export function PickupPlace({ place, ctx }: { place: MailPickupPlace; ctx: RenderContext }) {
  return (
    <>
      <Address address={asAddress(place)} />
      <P small>{`${ctx.m.pickup.hours}: ${place.hours}`}</P>
    </>
  )
}

export const pickupPlaceText = (place: MailPickupPlace, ctx: RenderContext) => `${addressText(asAddress(place))}\n${ctx.m.pickup.hours}: ${place.hours}`

/** Sent from the console: the order is ready to collect (where, when open), then that it was collected. */
export const pickupUpdate: Template<PickupUpdatePayload> = {
  subject: (p, { m }) => m.pickup.subject[p.status](p.number),
  preview: (p, { m }) => m.pickup.intro[p.status](p.number, p.place.name),
  Body: ({ p, ctx }) => (
    <>
      <Heading>{ctx.m.pickup.title[p.status]}</Heading>
      <P>{ctx.m.hello(p.customerName)}</P>
      <P>{ctx.m.pickup.intro[p.status](p.number, p.place.name)}</P>
      {p.status === 'ready' ? (
        <>
          <Subheading>{ctx.m.order.collectFrom}</Subheading>
          <PickupPlace place={p.place} ctx={ctx} />
        </>
      ) : null}
      <Button href={p.orderUrl}>{ctx.m.pickup.view}</Button>
    </>
  ),
  text: (p, ctx) =>
    [
      ctx.m.hello(p.customerName),
      '',
      ctx.m.pickup.intro[p.status](p.number, p.place.name),
      ...(p.status === 'ready' ? ['', `${ctx.m.order.collectFrom}:`, pickupPlaceText(p.place, ctx)] : []),
      '',
      `${ctx.m.pickup.view}: ${p.orderUrl}`,
    ].join('\n'),
}
