import type { ShippingConfirmationPayload } from '../types.ts'
import { Address, addressText, Button, Facts, Heading, ItemLines, P, Subheading } from './layout.tsx'
import type { Template } from './template.ts'

/**
 * Sent from the admin console when a parcel of an order leaves: its carrier, tracking number and link (none for a
 * parcel sent without tracking), the units in it, and whether the rest follows in another parcel.
 */
export const shippingConfirmation: Template<ShippingConfirmationPayload> = {
  subject: (p, { m }) => m.shipping.subject(p.number),
  preview: (p, { m }) => (p.carrier ? m.shipping.preview(p.carrier) : m.shipping.untracked(p.number)),
  Body: ({ p, ctx: { m } }) => (
    <>
      <Heading>{m.shipping.title}</Heading>
      <P>{m.hello(p.customerName)}</P>
      <P>{p.carrier ? m.shipping.intro(p.number, p.carrier) : m.shipping.untracked(p.number)}</P>
      {p.carrier && p.trackingId ? (
        <Facts
          rows={[
            [m.shipping.carrier, p.carrier],
            [m.shipping.tracking, p.trackingId],
          ]}
        />
      ) : null}
      {p.trackingUrl ? <Button href={p.trackingUrl}>{m.shipping.track}</Button> : null}
      <Subheading>{m.shipping.items}</Subheading>
      <ItemLines lines={p.lines} />
      {p.rest ? <P>{m.shipping.rest}</P> : null}
      {p.shipAddress ? (
        <>
          <Subheading>{m.shipping.shipTo}</Subheading>
          <Address address={p.shipAddress} />
        </>
      ) : null}
      {p.trackingUrl ? null : <Button href={p.orderUrl}>{m.shipping.view}</Button>}
    </>
  ),
  text: (p, { m }) =>
    [
      m.hello(p.customerName),
      '',
      p.carrier ? m.shipping.intro(p.number, p.carrier) : m.shipping.untracked(p.number),
      '',
      ...(p.carrier && p.trackingId ? [`${m.shipping.carrier}: ${p.carrier}`, `${m.shipping.tracking}: ${p.trackingId}`] : []),
      ...(p.trackingUrl ? [`${m.shipping.track}: ${p.trackingUrl}`] : []),
      '',
      `${m.shipping.items}:`,
      ...p.lines.map((l) => `${l.quantity} × ${l.name}${l.details.length ? ` (${l.details.join(', ')})` : ''}`),
      ...(p.rest ? ['', m.shipping.rest] : []),
      ...(p.shipAddress ? ['', `${m.shipping.shipTo}:`, addressText(p.shipAddress)] : []),
      '',
      `${m.shipping.view}: ${p.orderUrl}`,
    ].join('\n'),
}
