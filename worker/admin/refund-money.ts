import type { Env } from '#worker/env.ts'
import type { OrderDetail, OrderPayment } from './order-detail.ts'
import { refundable } from './order-actions.ts'
import { refundCard } from './card-refunds.ts'
import { ActionRefused } from './action-refused.ts'
import type { ClaimSubject } from './refund-claims.ts'

/**
 * What a refund of goods is worth and where it goes, the same for a return and for the order's refund dialog: units
 * valued at what was paid less their share of the promotions, the shipping once, never more than the payments still
 * hold, split over the payments as they paid, with the GST share the order had.
 */

/** What `items` are worth before the payments' cap: what was paid for them, less their share of the order's promotions. */
export function goodsValueCents(detail: OrderDetail, items: ReadonlyArray<{ line_item_id: number; quantity: number }>): number {
  const { order } = detail
  const goods = items.reduce((sum, i) => sum + (detail.lines.find((l) => l.id === i.line_item_id)?.price_cents ?? 0) * i.quantity, 0)
  const itemTotal = order.item_total_cents ?? 0
  const discount = Math.abs(order.promo_total_cents ?? 0)
  return itemTotal > 0 ? Math.floor((goods * Math.max(0, itemTotal - discount)) / itemTotal) : 0
}

/** What the order's payments can still give back, together. */
export const refundableCents = (detail: OrderDetail) => detail.payments.reduce((sum, p) => sum + refundable(p), 0)

/** What the returned units are worth, never more than the order's payments still hold (shipping is separate). */
export function returnValueCents(detail: OrderDetail, items: ReadonlyArray<{ line_item_id: number; quantity: number }>): number {
  return Math.min(goodsValueCents(detail, items), refundableCents(detail))
}

/** The order's shipping not refunded yet (shipping_refunds: once per order). */
export async function shippingLeftCents(db: D1Database, detail: OrderDetail): Promise<number> {
  const done = await db.prepare('SELECT 1 FROM shipping_refunds WHERE order_id = ?').bind(detail.order.id).first()
  return done ? 0 : Math.max(0, detail.order.ship_total_cents ?? 0)
}

/** The GST within a refund: the same share of it as the order's GST is of the order's total (0 for a GST-free order). */
export function gstShareCents(detail: OrderDetail, cents: number): number {
  const total = detail.order.total_cents ?? 0
  const gst = detail.order.tax_total_cents ?? 0
  return total > 0 ? Math.round((cents * gst) / total) : 0
}

/**
 * Splits a refund across the order's payments in proportion to what each paid (largest remainder, so the cents add
 * up), then moves any part a payment can no longer take (refunded earlier) to the others. One share per source.
 */
export function splitRefund(payments: OrderPayment[], cents: number): Array<{ payment: OrderPayment; cents: number }> {
  const paid = payments.filter((p) => (p.amount_cents ?? 0) > 0)
  const total = paid.reduce((sum, p) => sum + (p.amount_cents ?? 0), 0)
  if (total === 0 || cents <= 0) return []
  const exact = paid.map((p) => (cents * (p.amount_cents ?? 0)) / total)
  const shares = exact.map(Math.floor)
  let left = cents - shares.reduce((a, b) => a + b, 0)
  for (const i of exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]).map(([, i]) => i)) {
    if (left-- <= 0) break
    shares[i]! += 1
  }
  let over = 0
  paid.forEach((p, i) => {
    const cap = refundable(p)
    if (shares[i]! > cap) (over += shares[i]! - cap), (shares[i] = cap)
  })
  paid.forEach((p, i) => {
    const room = refundable(p) - shares[i]!
    const take = Math.min(room, over)
    shares[i]! += take
    over -= take
  })
  return paid.map((payment, i) => ({ payment, cents: shares[i]! })).filter((s) => s.cents > 0)
}

/**
 * Gives the card shares of a split refund back through their provider, in order, before the console records anything;
 * the first refusal stops with the provider's sentence; `subject` is what they are for (the form, the line or the
 * return: see card-refunds.ts). Fills (and returns) each card payment's provider reference by payment id, so a caller
 * can tell whether money moved before a refusal.
 */
export async function refundCardShares(env: Env, shares: Array<{ payment: OrderPayment; cents: number }>, subject: ClaimSubject, references = new Map<number, string>()): Promise<Map<number, string>> {
  for (const share of shares) {
    if (share.payment.method !== 'card') continue
    const result = await refundCard(env, share.payment.id, share.cents, subject)
    if (!result.ok) throw new ActionRefused(result.message)
    references.set(share.payment.id, result.reference)
  }
  return references
}

/** How a payment is named to the operator. */
export const paymentLabel = (p: OrderPayment) =>
  p.method === 'card' ? `Card ${p.cc_type ?? ''} •••• ${p.last4 ?? ''}`.replace(/\s+/g, ' ').trim() : p.method === 'gift_card' ? `Gift card •••• ${(p.gift_card_code ?? '').slice(-4)}` : 'Store credit'
