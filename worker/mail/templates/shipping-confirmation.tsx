import type { ShippingConfirmationPayload } from '../types.ts'
import { Address, addressText, Button, Facts, Heading, ItemLines, P, Subheading } from './layout.tsx'
import type { Template } from './template.ts'

/** Sent from the admin console when an order ships: the carrier and the tracking number (and link, when known). */
export const shippingConfirmation: Template<ShippingConfirmationPayload> = {
  subject: (p, { m }) => m.shipping.subject(p.number),
  preview: (p, { m }) => m.shipping.preview(p.carrier),
  Body: ({ p, ctx: { m } }) => (
    <>
      <Heading>{m.shipping.title}</Heading>
      <P>{m.hello(p.customerName)}</P>
      <P>{m.shipping.intro(p.number, p.carrier)}</P>
      <Facts
        rows={[
          [m.shipping.carrier, p.carrier],
          [m.shipping.tracking, p.trackingId],
        ]}
      />
      {p.trackingUrl ? <Button href={p.trackingUrl}>{m.shipping.track}</Button> : null}
      <Subheading>{m.shipping.items}</Subheading>
      <ItemLines lines={p.lines} />
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
      m.shipping.intro(p.number, p.carrier),
      '',
      `${m.shipping.carrier}: ${p.carrier}`,
      `${m.shipping.tracking}: ${p.trackingId}`,
      ...(p.trackingUrl ? [`${m.shipping.track}: ${p.trackingUrl}`] : []),
      '',
      `${m.shipping.items}:`,
      ...p.lines.map((l) => `${l.quantity} × ${l.name}${l.details.length ? ` (${l.details.join(', ')})` : ''}`),
      ...(p.shipAddress ? ['', `${m.shipping.shipTo}:`, addressText(p.shipAddress)] : []),
      '',
      `${m.shipping.view}: ${p.orderUrl}`,
    ].join('\n'),
}
