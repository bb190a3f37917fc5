import { club, neutral } from '#kernel/tokens.ts'
import type { MailAddress, OrderConfirmationPayload } from '../types.ts'
import { Address, addressText, Button, Callout, cellStyle, Facts, Heading, P, Subheading, type RenderContext } from './layout.tsx'
import type { Template } from './template.ts'

/** The order confirmation, which is also the tax invoice (the words, the seller's ABN, the GST included). */
export const orderConfirmation: Template<OrderConfirmationPayload> = {
  subject: (p, { m }) => m.order.subject(p.number),
  preview: (p, { m }) => m.order.preview(p.number),
  Body: ({ p, ctx }) => {
    const { m } = ctx
    const money = (cents: number) => ctx.money(cents, p.currency)
    const rows = summaryRows(p, ctx)
    const ship = shipTo(p, ctx)
    return (
      <>
        <Heading>{m.order.title}</Heading>
        <P>{m.hello(p.customerName)}</P>
        <P>{m.order.intro(p.number)}</P>
        <Subheading>{m.order.invoice}</Subheading>
        <Facts
          rows={[
            [ctx.shop.legalName || ctx.shop.name, ctx.shop.abn ? `${m.order.abn} ${ctx.shop.abn}` : ''],
            [m.order.number, p.number],
            [m.order.date, ctx.date(p.placedAt)],
          ]}
        />
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', margin: '0 0 8px' }}>
          <thead>
            <tr style={{ borderBottom: `2px solid ${neutral[200]}` }}>
              <th style={{ ...cellStyle(), color: neutral[600], fontSize: 12 }}>{m.order.item}</th>
              <th style={{ ...cellStyle('right'), color: neutral[600], fontSize: 12, width: 40 }}>{m.order.qty}</th>
              <th style={{ ...cellStyle('right'), color: neutral[600], fontSize: 12, width: 110 }}>{m.order.amount}</th>
            </tr>
          </thead>
          <tbody>
            {p.lines.map((line, i) => (
              <tr key={i} style={{ borderBottom: `1px solid ${neutral[200]}` }}>
                <td style={cellStyle()}>
                  <strong>{line.name}</strong>
                  {line.details.map((d) => (
                    <span key={d} style={{ display: 'block', fontSize: 13, color: neutral[600] }}>
                      {d}
                    </span>
                  ))}
                </td>
                <td style={cellStyle('right')}>{line.quantity}</td>
                <td style={cellStyle('right')}>
                  {money(line.totalCents)}
                  {line.regularUnitCents ? <span style={{ display: 'block', fontSize: 12, color: club[700] }}>{m.order.regular(money(line.regularUnitCents * line.quantity))}</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 20px' }}>
          <tbody>
            {rows.map(([label, value, strong]) => (
              <tr key={label}>
                <td style={{ ...cellStyle('left', strong), padding: '4px 0' }}>{label}</td>
                <td style={{ ...cellStyle('right', strong), padding: '4px 0' }}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {paidInFull(p, ctx) ? <P>{paidInFull(p, ctx)}</P> : null}
        {p.clubSavingsCents > 0 ? <Callout tone="club">{p.member ? m.order.clubSavings(money(p.clubSavingsCents)) : m.order.clubJoin(money(p.clubSavingsCents))}</Callout> : null}
        {ship ? (
          <>
            <Subheading>{ship[0]}</Subheading>
            <Address address={ship[1]} />
          </>
        ) : null}
        {p.billAddress ? (
          <>
            <Subheading>{m.order.billTo}</Subheading>
            <Address address={p.billAddress} />
          </>
        ) : null}
        <Button href={p.orderUrl}>{m.order.view}</Button>
        <P muted small>
          {m.order.questions}
        </P>
      </>
    )
  },
  text: (p, ctx) => {
    const { m } = ctx
    const ship = shipTo(p, ctx)
    const money = (cents: number) => ctx.money(cents, p.currency)
    return [
      m.hello(p.customerName),
      '',
      m.order.intro(p.number),
      '',
      m.order.invoice.toUpperCase(),
      [ctx.shop.legalName || ctx.shop.name, ctx.shop.abn ? `${m.order.abn} ${ctx.shop.abn}` : ''].filter(Boolean).join(', '),
      `${m.order.number}: ${p.number}`,
      `${m.order.date}: ${ctx.date(p.placedAt)}`,
      '',
      ...p.lines.map((l) => `${l.quantity} × ${l.name}${l.details.length ? ` (${l.details.join(', ')})` : ''}  ${money(l.totalCents)}`),
      '',
      ...summaryRows(p, ctx).map(([label, value]) => `${label}: ${value}`),
      ...(paidInFull(p, ctx) ? ['', paidInFull(p, ctx)!] : []),
      ...(p.clubSavingsCents > 0 ? ['', p.member ? m.order.clubSavings(money(p.clubSavingsCents)) : m.order.clubJoin(money(p.clubSavingsCents))] : []),
      ...(ship ? ['', `${ship[0]}:`, addressText(ship[1])] : []),
      ...(p.billAddress ? ['', `${m.order.billTo}:`, addressText(p.billAddress)] : []),
      '',
      `${m.order.view}: ${p.orderUrl}`,
      '',
      m.order.questions,
    ].join('\n')
  },
}

/** Where it goes: the shipping address, or for Click & Collect the place and its opening hours. */
function shipTo(p: OrderConfirmationPayload, { m }: RenderContext): [string, MailAddress] | null {
  const place = p.pickupPlace
  if (place) return [m.order.collectFrom, { name: place.name, lines: [...place.lines, `${m.order.hours}: ${place.hours}`], country: '' }]
  return p.shipAddress ? [m.order.shipTo, p.shipAddress] : null
}

/** Subtotal, promotions, shipping, GST, total and how it was paid: the same rows in HTML and text. */
function summaryRows(p: OrderConfirmationPayload, ctx: RenderContext): Array<[string, string, boolean]> {
  const { m } = ctx
  const money = (cents: number) => ctx.money(cents, p.currency)
  const rows: Array<[string, string, boolean]> = [[m.order.subtotal, money(p.itemTotalCents), false]]
  for (const promo of p.promotions) rows.push([promo.name, money(promo.amountCents), false])
  // an order of only e-gift cards ships nothing (no method): no shipping row rather than 'Shipping (): Free'
  if (p.shippingMethod) rows.push([m.order.shipping(p.shippingMethod), p.shipTotalCents === 0 ? m.order.free : money(p.shipTotalCents), false])
  rows.push([m.order.total, money(p.totalCents), true])
  rows.push(p.exportDelivery ? [m.order.gstFree, money(0), false] : [m.order.gst, money(p.gstCents), false])
  if (p.giftCards?.length) for (const card of p.giftCards) rows.push([`${m.order.giftCard} ${card.code}`.trim(), money(card.cents), false])
  else if (p.giftCardCents > 0) rows.push([m.order.giftCard, money(p.giftCardCents), false])
  if (p.storeCreditCents > 0) rows.push([m.order.storeCredit, money(p.storeCreditCents), false])
  const kind = p.cardKind
  if (p.cardCents > 0) rows.push([kind ? (kind.type === 'wallet' ? m.order.wallet : m.order.payLater)(kind.name) : m.order.card, money(p.cardCents), false])
  return rows
}

/** An order gift cards or store credit paid in full says that no card was charged. */
function paidInFull(p: OrderConfirmationPayload, ctx: RenderContext): string | null {
  if (p.cardCents > 0 || p.giftCardCents + p.storeCreditCents === 0) return null
  // how many cards paid, from the list of them (a payload queued before the list was added counts as one card)
  const giftCards = p.giftCards?.filter((card) => card.cents > 0).length || (p.giftCardCents > 0 ? 1 : 0)
  return ctx.m.order.paidInFull(giftCards, p.storeCreditCents > 0)
}
