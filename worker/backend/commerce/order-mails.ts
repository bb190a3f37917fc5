import type { Locale } from '#kernel/models.ts'
import { LOCALE_PREFIX, LOCALE_TAGS } from '#kernel/config.ts'
import { countryName } from '#kernel/destinations.ts'
import type { GiftCardPayload, Mail, MailAddress, OrderConfirmationPayload } from '#worker/mail/types.ts'
import { loadCartState, type AddressRow, type CartLine, type CartState } from './cart-state.ts'
import { reloadOrder } from './orders.ts'
import { maskCode } from './serializers.ts'
import { payKindName } from '#kernel/pay-later.ts'

/** The emails an order sends, as payloads for worker/mail's templates (money in cents, names in the order's locale). */

export function mailAddress(row: AddressRow | null, locale: Locale): MailAddress | null {
  if (!row) return null
  return {
    name: `${row.firstname} ${row.lastname}`.trim(),
    company: row.company,
    lines: [row.address1, row.address2, [row.city, row.state_name, row.zipcode].filter(Boolean).join(' ')].filter((l): l is string => Boolean(l)),
    country: countryName(row.country_iso, LOCALE_TAGS[locale]),
    phone: row.phone,
  }
}

function lineDetails(line: CartLine, locale: Locale): string[] {
  if (line.row.gift_card_cents !== null) {
    const to = locale === 'de' ? 'Für' : 'For'
    return [`${to} ${line.row.recipient_name ?? ''} <${line.row.recipient_email ?? ''}>`.trim()]
  }
  return (line.variant?.options ?? []).map((o) => `${o.type}: ${o.value}`)
}

export function orderLines(state: CartState) {
  return state.lines.map((line) => ({
    name: line.variant?.name ?? (state.locale === 'de' ? 'Geschenkkarte' : 'Gift card'),
    details: lineDetails(line, state.locale),
    quantity: line.row.quantity,
    unitCents: line.paidUnitCents,
    totalCents: line.paidUnitCents * line.row.quantity,
    regularUnitCents: state.member && line.pricing.memberCents !== null && line.pricing.unitCents > line.paidUnitCents ? line.pricing.unitCents : null,
  }))
}

export const orderUrl = (storeUrl: string, locale: Locale, number: string, member: boolean) =>
  member ? `${storeUrl}${LOCALE_PREFIX[locale]}/my-account/OrderDetails/${number}` : `${storeUrl}${LOCALE_PREFIX[locale]}/`

/** The confirmation (and tax invoice) of an order about to be completed with these totals. */
export function orderConfirmationMail(state: CartState, number: string, storeUrl: string): Mail {
  const { order, totals, locale } = state
  const ship = state.shipAddress
  const payload: OrderConfirmationPayload = {
    number,
    placedAt: new Date().toISOString(),
    currency: order.currency,
    customerName: ship?.firstname ?? state.billAddress?.firstname ?? '',
    email: order.email!,
    member: state.member,
    lines: orderLines(state),
    itemTotalCents: totals.itemTotal,
    promotions: state.promotions.map(({ promo, amountCents }) => ({ name: promo.name, amountCents: -Math.abs(amountCents) })),
    shipTotalCents: totals.shipTotal,
    shippingMethod: state.shippingMethod?.name ?? '',
    gstCents: totals.includedTax,
    exportDelivery: state.gstFree,
    totalCents: totals.total,
    giftCardCents: totals.giftCardTotal,
    // what each card pays: the same amounts the completion batch spends and records on its payment
    giftCards: totals.giftCards
      .filter((g) => g.amount > 0)
      .map((g) => {
        const code = state.payments.find((p) => p.method === 'gift_card' && p.gift_card_id === g.id)?.gift_card_code
        return { code: code ? maskCode(code) : '', cents: g.amount }
      }),
    storeCreditCents: totals.storeCreditTotal,
    cardCents: totals.balance,
    cardKind: cardKindOf(state),
    clubSavingsCents: totals.clubSavings,
    shipAddress: mailAddress(ship, locale),
    billAddress: mailAddress(state.billAddress, locale),
    // Click & Collect: the place and its hours are said instead of the shipping address
    pickupPlace: state.pickupPlace ? { name: state.pickupPlace.name, lines: state.pickupPlace.address, hours: state.pickupPlace.hours } : null,
    orderUrl: orderUrl(storeUrl, locale, number, order.user_id !== null),
  }
  return { kind: 'order_confirmation', to: order.email!, locale, payload, ref: number }
}

export interface IssuedCard {
  code: string
  cents: number
  name: string | null
  email: string | null
  message: string | null
  /** ISO instant the card is to be emailed (its delivery date), or null for at once. */
  dueAt: string | null
}

/** Each bought gift card's email to its recipient, due on its delivery date. */
export function giftCardMails(state: CartState, issued: IssuedCard[], storeUrl: string): Mail[] {
  const bill = state.billAddress ?? state.shipAddress
  const sender = bill ? `${bill.firstname} ${bill.lastname}`.trim() : null
  return issued.map((card) => {
    const payload: GiftCardPayload = {
      recipientName: card.name ?? '',
      senderName: sender || null,
      amountCents: card.cents,
      currency: state.order.currency,
      code: card.code,
      message: card.message,
      shopUrl: `${storeUrl}${LOCALE_PREFIX[state.locale]}/`,
    }
    return { kind: 'gift_card', to: card.email ?? state.order.email!, locale: state.locale, payload, dueAt: card.dueAt }
  })
}

/**
 * The shipping confirmation of a placed order (the operator console sends it when it records the shipment), in the
 * language the order was placed in. Null when the order is not complete or has no email.
 */
export async function shippingConfirmationMail(
  db: D1Database,
  orderId: number,
  shipment: { carrier: string | null; trackingId: string | null; trackingUrl?: string | null },
  storeUrl: string,
  /** The parcel's units per line id (all of the order's lines when left out), and whether more parcels follow. */
  parcel?: { units: ReadonlyMap<number, number>; rest: boolean },
): Promise<Mail | null> {
  const order = await reloadOrder(db, orderId).catch(() => null)
  if (!order || order.state !== 'complete' || !order.email || !order.number) return null
  const sent = await db.prepare("SELECT locale FROM outbox WHERE ref = ? AND kind = 'order_confirmation' ORDER BY id LIMIT 1").bind(order.number).first<{ locale: string }>()
  const locale: Locale = sent?.locale === 'de' ? 'de' : 'en'
  const state = await loadCartState(db, order, locale)
  const lines = orderLines(state)
    .map(({ name, details, quantity }, i) => ({ name, details, quantity: parcel ? (parcel.units.get(state.lines[i]!.row.id) ?? 0) : quantity }))
    .filter((l) => l.quantity > 0)
  return {
    kind: 'shipping_confirmation',
    to: order.email,
    locale,
    ref: order.number,
    payload: {
      number: order.number,
      customerName: state.shipAddress?.firstname ?? '',
      carrier: shipment.carrier,
      trackingId: shipment.trackingId,
      trackingUrl: shipment.trackingUrl ?? null,
      lines,
      rest: parcel?.rest ?? false,
      shipAddress: mailAddress(state.shipAddress, locale),
      orderUrl: orderUrl(storeUrl, locale, order.number, order.user_id !== null),
    },
  }
}

/** A wallet's or pay-later's name for the email ('apple_pay' → 'Apple Pay', 'afterpay_clearpay' → 'Afterpay'). */
function cardKindOf(state: CartState): OrderConfirmationPayload['cardKind'] {
  const card = state.payments.find((p) => p.method === 'card' && p.state !== 'void' && p.kind && p.kind !== 'card')
  if (!card?.kind || card.kind === 'card') return null
  return { type: card.kind, name: payKindName(card.kind_name) }
}
