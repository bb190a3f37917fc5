import type { Locale } from '#kernel/models.ts'
import type { Env } from '#worker/env.ts'
import { when } from '#worker/admin/pages/parts.tsx'
import { orderUrl } from '#worker/backend/commerce/order-mails.ts'
import { isRefusal, trackParcel } from '#kernel/tracking.ts'
import { everythingLeft, fulfilClosed, shipParcel } from './fulfilment.ts'
import { storeUrl } from '#worker/backend/services/store-url.ts'
import { dispatchWritten, mailStatement, resendOrderConfirmation } from '#worker/mail/enqueue.ts'
import type { Mail, OrderUpdatePayload } from '#worker/mail/types.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { refundCancelledOrder, refundToPayment } from '#worker/backend/refunds/give-back.ts'
import { onceOnlyStatement } from '#worker/backend/refunds/claims.ts'
import { collectedStatement, pickupReadyStatement } from '#worker/backend/commerce/shipment-write.ts'
import type { OrderDetail } from './order-detail.ts'
import { ActionRefused, refusedAs, unlessTaken } from './action-refused.ts'

/** What an operator does to a placed order. Each change and its audit entry are one D1 batch (atomic). */

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
    onceOnlyStatement(db, ready ? `ready:${order.id}` : `ship:${order.id}`, operator),
    ready ? pickupReadyStatement(db, order.id) : collectedStatement(db, order.id),
    ready
      ? auditStatement(db, operator, 'order.ready_for_pickup', { type: 'order', id: order.number! }, { ready: false }, { ready: true, place: place!.name })
      : auditStatement(db, operator, 'order.collect', { type: 'order', id: order.number! }, { state: shipment.state }, { state: 'shipped', collected: true }),
    ...(place ? [await mailStatement(env, await orderUpdateMail(env, detail, requestUrl, step, [], ''))] : []),
  ]
  const results = await unlessTaken(db.batch(statements), 'This order was changed a moment ago, from another tab or by another operator: reload it to see what happened.')
  await dispatchWritten(env, results)
}

/** Gives `cents` back to one payment of the order (the backend's refund module: worker/backend/refunds/give-back.ts). */
export async function refund(env: Env, operator: Operator, detail: OrderDetail, input: { paymentId: number; cents: number; reason: string; formToken?: string }, requestUrl: string) {
  await refusedAs(
    refundToPayment(env, operator, detail, { ...input, donePath: `/admin/orders/${detail.order.number}` }, (payment) =>
      orderUpdateMail(env, detail, requestUrl, 'refunded', [{ method: payment.method, amountCents: input.cents }], input.reason),
    ),
  )
}

/**
 * Cancels an order that has not shipped: its stock goes back on the shelf, gift cards and store credit get back what
 * they paid, the card is refunded what it paid, the coupon use is undone, and the shopper is told (the backend's
 * refund module: worker/backend/refunds/give-back.ts).
 */
export async function cancel(env: Env, operator: Operator, detail: OrderDetail, reason: string, requestUrl: string) {
  await refusedAs(refundCancelledOrder(env, operator, detail, reason, (given) => orderUpdateMail(env, detail, requestUrl, 'canceled', given, reason)))
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
