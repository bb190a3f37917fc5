import type { Locale } from '#kernel/models.ts'
import type { Env } from '#worker/env.ts'
import { formatMoney } from '#kernel/format.ts'
import { when } from '#worker/admin/pages/parts.tsx'
import { orderUrl } from '#worker/backend/commerce/order-mails.ts'
import { isRefusal, trackParcel } from '#kernel/tracking.ts'
import { everythingLeft, fulfilClosed, shipParcel } from './fulfilment.ts'
import { storeUrl } from '#worker/backend/services/store-url.ts'
import { dispatchWritten, mailStatement, resendOrderConfirmation } from '#worker/mail/enqueue.ts'
import type { Mail, OrderUpdatePayload } from '#worker/mail/types.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { refundCard } from './card-refunds.ts'
import { FORM_USED, paymentClaim, underClaim, type Claim } from './refund-claims.ts'
import type { OrderDetail, OrderPayment } from './order-detail.ts'
import { ActionRefused, unlessTaken } from './action-refused.ts'

/** What an operator does to a placed order. Each change and its audit entry are one D1 batch (atomic). */

const money = (detail: OrderDetail, cents: number) => formatMoney(cents / 100, detail.order.currency, 'en')

/** The language the shopper ordered in (their confirmation's), for every later email about the order. */
async function orderLocale(db: D1Database, number: string): Promise<Locale> {
  const sent = await db.prepare("SELECT locale FROM outbox WHERE ref = ? AND kind = 'order_confirmation' ORDER BY id LIMIT 1").bind(number).first<{ locale: string }>()
  return sent?.locale === 'de' ? 'de' : 'en'
}

/**
 * The shopper's email about a refund or a cancellation, or that their Click & Collect order is ready or was collected
 * (with its place in their language; once per order and step by the event key, however often the button is pressed).
 */
export async function orderUpdateMail(env: Env, detail: OrderDetail, requestUrl: string, status: OrderUpdatePayload['status'], refunds: OrderUpdatePayload['refunds'], reason: string): Promise<Mail> {
  const { order } = detail
  const locale = await orderLocale(env.DB, order.number!)
  const ship = detail.addresses.find((a) => a.id === order.ship_address_id) ?? detail.addresses[0]
  const url = await storeUrl(env, new URL(requestUrl).origin)
  const l = status === 'ready' || status === 'collected' ? detail.pickupPlace : null
  const de = locale === 'de'
  const place = l ? { name: de ? l.name_de : l.name, lines: l.address.split('\n'), hours: de ? l.hours_de : l.hours } : undefined
  return {
    kind: 'order_update',
    to: order.email!,
    locale,
    ref: order.number,
    eventKey: place ? `pickup:${order.id}:${status}` : null,
    payload: { status, number: order.number!, customerName: ship?.firstname ?? '', currency: order.currency, refunds, reason, place, orderUrl: orderUrl(url, locale, order.number!, order.user_id !== null) },
  }
}

export const isClickAndCollect = (detail: Pick<OrderDetail, 'shipment'>) => detail.shipment?.pickup === 1

/** Said (422) to a carrier and tracking number sent for a Click & Collect order. */
export const COLLECT_NOT_SHIP = 'This is a Click & Collect order: the customer picks it up in store, so it has no carrier or tracking number. Nothing was changed. Use ‘Mark as collected’ when they have picked it up.'
/** Said (422) to 'Mark as collected' on an order that is delivered. */
export const SHIP_NOT_COLLECT = (method: string) => `This order is delivered (${method}), not collected in store: nothing was changed. Mark it as shipped with a carrier and tracking number.`

/** Why a shipment cannot change any more (cancelled, none, already shipped or collected), or null. */
function shipmentClosed(detail: OrderDetail): string | null {
  const { order, shipment } = detail
  if (order.canceled_at) return isClickAndCollect(detail) ? 'This order was cancelled; it cannot be collected.' : 'This order was cancelled; it cannot be shipped.'
  if (!shipment) return 'This order has no shipment.'
  if (shipment.state === 'shipped') return isClickAndCollect(detail) ? `This order was already collected (${when(shipment.shipped_at)}).` : `This order was already shipped (tracking ${shipment.tracking_id ?? 'none'}).`
  return null
}

/**
 * Ships a parcel (worker/admin/fulfilment.ts): the units given, or everything still to send; the carrier and number are
 * checked against the carrier's own numbers (kernel/tracking.ts) before anything is written.
 */
export async function fulfil(env: Env, operator: Operator, detail: OrderDetail, input: { carrier: string; tracking: string; trackingUrl?: string; units?: ReadonlyMap<number, number>; formToken?: string | null }, requestUrl: string) {
  const closed = fulfilClosed(detail)
  if (closed) throw new ActionRefused(closed)
  const tracking = trackParcel(input.carrier, input.tracking, input.trackingUrl)
  if (isRefusal(tracking)) throw new ActionRefused(tracking.en)
  return shipParcel(env, operator, detail, { tracking, units: input.units ?? everythingLeft(detail), formToken: input.formToken }, requestUrl)
}

/**
 * A Click & Collect order is 'ready for pickup' (the shop has it at the place), then collected (handed over in store).
 * The Storefront API's shipment has no state of its own (only its number, tracking and method name) and the table knows
 * 'pending' and 'shipped', so collected is 'shipped' with no carrier and no tracking number (the shopper's order page
 * shows no tracking; the returns window counts from shipped_at). Each step is emailed (order_update, once by its event
 * key; not the shipping email: 'your parcel is with a carrier' would be wrong) when the order has a place: one placed
 * before the shop had places has no 'ready' step and is collected without email.
 */
export async function pickupStep(env: Env, operator: Operator, detail: OrderDetail, requestUrl: string, step: 'ready' | 'collected') {
  const db = env.DB
  const { order, shipment, pickupPlace: place } = detail
  const ready = step === 'ready'
  const closed = shipmentClosed(detail) ?? (ready && !place ? 'This order names no pickup place: nothing was changed.' : ready && place?.ready_at ? `This order was marked ready for pickup already (${when(place.ready_at)}). Nothing was changed.` : null)
  if (closed || !shipment) throw new ActionRefused(closed ?? 'This order has no shipment.')
  const statements = [
    // of two presses read before either, the second batch fails here (collected: the same once-only key as shipping)
    db.prepare('INSERT INTO refund_claims (subject, admin_email) VALUES (?, ?)').bind(`${ready ? 'ready' : 'ship'}:${order.id}`, operator.email),
    ready
      ? db.prepare("UPDATE order_pickups SET ready_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE order_id = ?").bind(order.id)
      : db.prepare("UPDATE shipments SET state = 'shipped', carrier = NULL, tracking_id = NULL, shipped_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE order_id = ? AND state != 'shipped'").bind(order.id),
    ready
      ? auditStatement(db, operator, 'order.ready_for_pickup', { type: 'order', id: order.number! }, { ready: false }, { ready: true, place: place!.name })
      : auditStatement(db, operator, 'order.collect', { type: 'order', id: order.number! }, { state: shipment.state }, { state: 'shipped', collected: true }),
    ...(place ? [await mailStatement(env, await orderUpdateMail(env, detail, requestUrl, step, [], ''))] : []),
  ]
  const results = await unlessTaken(db.batch(statements), 'This order was changed a moment ago, from another tab or by another operator: reload it to see what happened.')
  await dispatchWritten(env, results)
}

/** What can still be given back on a payment. */
export const refundable = (p: OrderPayment) => (p.amount_cents ?? 0) - p.refunded_cents
/** Said beside the amount (the form's check) and by the action (a refund made meanwhile by someone else). */
export const refundTooMuch = (detail: OrderDetail, p: OrderPayment) => `At most ${money(detail, refundable(p))} can still be refunded to this payment.`

/** Statements that give `cents` back to a gift card or store credit (a card is refunded through its provider first). */
function returnToBalance(db: D1Database, detail: OrderDetail, payment: OrderPayment, cents: number): D1PreparedStatement[] {
  if (payment.method === 'gift_card') return [db.prepare('UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE id = ?').bind(cents, payment.gift_card_id)]
  if (payment.method === 'store_credit') {
    return [
      db
        .prepare('INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, ?, ?) ON CONFLICT (user_id, currency) DO UPDATE SET balance_cents = balance_cents + excluded.balance_cents')
        .bind(detail.order.user_id, detail.order.currency, cents),
    ]
  }
  return []
}

/**
 * The D1 side of giving `cents` back to one payment (a return's refunds name it). `toBalance` false: the payment's
 * share is counted as refunded (so no more than was captured is ever given back) but the money goes elsewhere (a
 * return refunded as store credit or on a new gift card), so a gift card or store credit that paid is not refilled.
 */
export function refundStatements(db: D1Database, detail: OrderDetail, payment: OrderPayment, cents: number, reason: string, reference: string | null, returnId: number | null = null, toBalance = true): D1PreparedStatement[] {
  return [
    // the CHECK on payments.refunded_cents refuses the whole batch if this would give back more than was taken. A Stripe
    // payment's figure is also raised by the charge.refunded webhook (Stripe's total, only ever forward), which may have
    // counted this very refund already: it becomes at least the figure this refund started from plus the refund, so
    // the two writers meet instead of adding up (the payment's claim means nothing else of the console's changed it)
    db
      .prepare('UPDATE payments SET refunded_cents = CASE WHEN payment_intent_id IS NULL THEN refunded_cents + ?1 ELSE MAX(refunded_cents, ?3 + ?1) END WHERE id = ?2')
      .bind(cents, payment.id, payment.refunded_cents),
    db.prepare('INSERT INTO refunds (order_id, payment_id, amount_cents, reason, provider_reference, return_id) VALUES (?, ?, ?, ?, ?, ?)').bind(detail.order.id, payment.id, cents, reason, reference, returnId),
    ...(toBalance ? returnToBalance(db, detail, payment, cents) : []),
  ]
}

/** How long a refund waits for another refund of the same payment (a double click, a second tab) to finish. */
const REFUND_WAIT_MS = 10_000

export async function refund(env: Env, operator: Operator, detail: OrderDetail, input: { paymentId: number; cents: number; reason: string; formToken?: string }, requestUrl: string) {
  const db = env.DB
  let payment = detail.payments.find((p) => p.id === input.paymentId)
  if (!payment) throw new ActionRefused('Choose one of this order’s payments.')
  const deadline = Date.now() + REFUND_WAIT_MS
  for (;;) {
    if (input.cents > refundable(payment)) throw new ActionRefused(refundTooMuch(detail, payment))
    try {
      return await refundOnce(env, operator, detail, payment, input, requestUrl)
    } catch (error) {
      // Another refund of this payment, read from the same figure, holds the claim: wait until it is written (or given
      // back), then go on from the new figure, so two refunds that both fit both go through and one that no longer
      // fits is refused by the amount check above. A claim that stays (a refund cut off at the provider) still refuses.
      if (!(error instanceof ActionRefused) || error.message !== PAYMENT_BUSY || Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
      const now: number | null = await db.prepare('SELECT refunded_cents FROM payments WHERE id = ?').bind(payment.id).first<number>('refunded_cents')
      payment = { ...payment, refunded_cents: now ?? payment.refunded_cents }
    }
  }
}

async function refundOnce(env: Env, operator: Operator, detail: OrderDetail, payment: OrderPayment, input: { cents: number; reason: string; formToken?: string }, requestUrl: string) {
  const db = env.DB
  let reference: string | null = null
  // claimed before the provider is asked: the form (sent twice, it refunds once: worker/admin/form-tokens.ts; given
  // back with the others when nothing moved), and the payment: of two refunds of it read from the same figure, one goes on
  const claims: Claim[] = [...(input.formToken ? [[`form:${input.formToken}`, FORM_USED, `/admin/orders/${detail.order.number}`] as const] : []), [paymentClaim(payment), PAYMENT_BUSY]]
  await underClaim(db, claims, operator, () => reference !== null, async () => {
    if (payment.method === 'card') {
      // what this refund is: its form (the same form sent again after a lost answer keeps its idempotency key)
      const result = await refundCard(env, payment.id, input.cents, input.formToken ? (`form:${input.formToken}` as const) : null)
      if (!result.ok) throw new ActionRefused(result.message)
      reference = result.reference
    }
    const mail = await orderUpdateMail(env, detail, requestUrl, 'refunded', [{ method: payment.method, amountCents: input.cents }], input.reason)
    const results = await db.batch([
      ...refundStatements(db, detail, payment, input.cents, input.reason, reference),
      auditStatement(db, operator, 'order.refund', { type: 'order', id: detail.order.number! }, { payment_id: payment.id, refunded_cents: payment.refunded_cents }, { payment_id: payment.id, refunded_cents: payment.refunded_cents + input.cents, amount_cents: input.cents, reason: input.reason, reference }),
      await mailStatement(env, mail),
    ])
    await dispatchWritten(env, results)
  })
}

const PAYMENT_BUSY = 'This payment is being refunded by another operator or tab right now, or just was: reload the order to see it.'
const CANCEL_BUSY = 'This order is being cancelled or refunded by another operator or tab right now, or just was: reload the order to see it.'

/**
 * Cancels an order that has not shipped: its stock goes back on the shelf, gift cards and store credit get back what
 * they paid, the card is refunded what it paid, the coupon use is undone, and the shopper is told.
 */
export async function cancel(env: Env, operator: Operator, detail: OrderDetail, reason: string, requestUrl: string) {
  const db = env.DB
  const { order } = detail
  if (order.canceled_at) throw new ActionRefused('This order is already cancelled.')
  if (detail.shipment?.state === 'shipped' || detail.parcels.length) throw new ActionRefused('This order has shipped (all or part of it); refund it instead of cancelling.')
  const issued = await db
    .prepare('SELECT COUNT(*) AS n FROM gift_cards WHERE line_item_id IN (SELECT id FROM line_items WHERE order_id = ?) AND balance_cents < original_cents')
    .bind(order.id)
    .first<{ n: number }>()
  if (issued!.n > 0) throw new ActionRefused('A gift card bought with this order has already been spent, so the order cannot be cancelled. Refund the other lines instead.')

  const statements: D1PreparedStatement[] = [db.prepare('INSERT INTO order_cancellations (order_id, reason) VALUES (?, ?)').bind(order.id, reason)]
  const references = new Map<number, string | null>()
  // claimed before any provider is asked: the order (a second cancel), its shipment (fulfil's batch writes the same
  // key, so an order being cancelled cannot be shipped meanwhile) and each payment (a refund of it meanwhile)
  const claims: Claim[] = [
    [`cancel:${order.id}`, CANCEL_BUSY],
    [`ship:${order.id}`, 'This order is being shipped by another operator or tab right now, or just was: reload it.'],
    ...detail.payments.filter((p) => refundable(p) > 0).map((p): Claim => [paymentClaim(p), CANCEL_BUSY]),
  ]
  await underClaim(db, claims, operator, () => references.size > 0, async () => {
    for (const payment of detail.payments) {
      const left = refundable(payment)
      if (left <= 0) continue
      if (payment.method === 'card') {
        const result = await refundCard(env, payment.id, left, `cancel:${order.id}`)
        if (!result.ok) throw new ActionRefused(result.message)
        references.set(payment.id, result.reference)
      }
      statements.push(...refundStatements(db, detail, payment, left, `Order cancelled: ${reason}`, references.get(payment.id) ?? null))
    }
    await recordCancel(env, operator, detail, reason, requestUrl, statements)
  })
}

async function recordCancel(env: Env, operator: Operator, detail: OrderDetail, reason: string, requestUrl: string, statements: D1PreparedStatement[]) {
  const db = env.DB
  const { order } = detail
  const given = detail.payments.map((p) => ({ method: p.method, amountCents: refundable(p) })).filter((r) => r.amountCents > 0)
  const mail = await orderUpdateMail(env, detail, requestUrl, 'canceled', given, reason)
  // units a line refund already settled are left out: back on the shelf then (restocked) or never to be (not restocked)
  const settled = (lineId: number) => detail.lineRefunds.filter((r) => r.line_item_id === lineId).reduce((n, r) => n + r.quantity, 0)
  const merchandise = detail.lines
    .filter((l) => l.gift_card_cents === null)
    .map((l) => ({ v: l.variant_id, q: l.quantity - settled(l.id) }))
    .filter((l) => l.q > 0)
  statements.push(
    db.prepare(`UPDATE variants SET stock_on_hand = stock_on_hand + json_extract(j.value, '$.q') FROM json_each(?1) AS j WHERE variants.id = json_extract(j.value, '$.v')`).bind(JSON.stringify(merchandise)),
    // cards bought with the order are withdrawn (none of them was spent: checked above)
    db.prepare('UPDATE gift_cards SET balance_cents = 0 WHERE line_item_id IN (SELECT id FROM line_items WHERE order_id = ?)').bind(order.id),
    db.prepare('UPDATE promotions SET used_count = used_count - 1 WHERE id IN (SELECT promotion_id FROM promotion_redemptions WHERE order_id = ?) AND used_count > 0').bind(order.id),
    db.prepare('DELETE FROM promotion_redemptions WHERE order_id = ?').bind(order.id),
    db.prepare("UPDATE orders SET canceled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(order.id),
    db.prepare("UPDATE shipments SET state = 'canceled' WHERE order_id = ?").bind(order.id),
    auditStatement(db, operator, 'order.cancel', { type: 'order', id: order.number! }, { canceled_at: null, stock_restored: merchandise }, { reason, refunded: detail.payments.map((p) => ({ payment_id: p.id, method: p.method, cents: refundable(p) })) }),
    await mailStatement(env, mail),
  )
  await dispatchWritten(env, await db.batch(statements))
}

/** Sends the order confirmation again (to the same address; the shopper lost it): the same rendered email, queued anew. */
export async function resendConfirmation(env: Env, operator: Operator, detail: OrderDetail) {
  const { order } = detail
  // the confirmation says the order is on its way: a cancelled order's customer has been told otherwise
  if (order.canceled_at) throw new ActionRefused('This order was cancelled, so its confirmation is not sent again.')
  const resent = await resendOrderConfirmation(env, order.number!)
  if (resent === null) throw new ActionRefused('This order has no confirmation to send again.')
  await auditStatement(env.DB, operator, 'order.resend_confirmation', { type: 'order', id: order.number! }, undefined, { to: order.email, outbox_id: resent }).run()
}
