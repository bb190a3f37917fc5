import { BRAND } from '#web/brand.ts'
import type { Env } from '#worker/env.ts'
import { formatMoney } from '#web/i18n/format.ts'
import { outboxStatement } from '#worker/backend/services/outbox.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { refundCard } from './card-refunds.ts'
import type { OrderDetail, OrderPayment } from './order-detail.ts'

/** What an operator does to a placed order. Each change and its audit entry are one D1 batch (atomic). */

export class ActionRefused extends Error {}

const money = (detail: OrderDetail, cents: number) => formatMoney(cents / 100, detail.order.currency, 'en')
const mail = (db: D1Database, detail: OrderDetail, kind: 'order_shipped' | 'order_canceled' | 'refund' | 'order_confirmation', subject: string, body: string) =>
  outboxStatement(db, { to: detail.order.email!, kind, subject: `${subject} (order ${detail.order.number})`, body: `${body}\n\n${BRAND.name}\n` })

export async function fulfil(db: D1Database, operator: Operator, detail: OrderDetail, input: { carrier: string; tracking: string }) {
  const { order, shipment } = detail
  if (order.canceled_at) throw new ActionRefused('This order was cancelled; it cannot be shipped.')
  if (!shipment) throw new ActionRefused('This order has no shipment.')
  if (shipment.state === 'shipped') throw new ActionRefused(`This order was already shipped (tracking ${shipment.tracking_id ?? 'none'}).`)
  await db.batch([
    db
      .prepare("UPDATE shipments SET state = 'shipped', carrier = ?, tracking_id = ?, shipped_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE order_id = ? AND state != 'shipped'")
      .bind(input.carrier, input.tracking, order.id),
    auditStatement(db, operator, 'order.fulfil', { type: 'order', id: order.number! }, { state: shipment.state, tracking_id: shipment.tracking_id }, { state: 'shipped', carrier: input.carrier, tracking_id: input.tracking }),
    mail(db, detail, 'order_shipped', `Your ${BRAND.name} order is on its way`, `Your order ${order.number} has shipped with ${input.carrier}.\nTracking number: ${input.tracking}`),
  ])
}

/** What can still be given back on a payment. */
export const refundable = (p: OrderPayment) => (p.amount_cents ?? 0) - p.refunded_cents

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

function refundStatements(db: D1Database, detail: OrderDetail, payment: OrderPayment, cents: number, reason: string, reference: string | null): D1PreparedStatement[] {
  return [
    // the CHECK on payments.refunded_cents refuses the whole batch if this would give back more than was taken
    db.prepare('UPDATE payments SET refunded_cents = refunded_cents + ? WHERE id = ?').bind(cents, payment.id),
    db.prepare('INSERT INTO refunds (order_id, payment_id, amount_cents, reason, provider_reference) VALUES (?, ?, ?, ?, ?)').bind(detail.order.id, payment.id, cents, reason, reference),
    ...returnToBalance(db, detail, payment, cents),
  ]
}

const methodName = (p: OrderPayment) => (p.method === 'card' ? `card ${p.cc_type ?? ''} •••• ${p.last4 ?? ''}`.replace(/\s+/g, ' ') : p.method === 'gift_card' ? 'gift card' : 'store credit')

export async function refund(env: Env, operator: Operator, detail: OrderDetail, input: { paymentId: number; cents: number; reason: string }) {
  const db = env.DB
  const payment = detail.payments.find((p) => p.id === input.paymentId)
  if (!payment) throw new ActionRefused('Choose one of this order’s payments.')
  if (input.cents > refundable(payment)) throw new ActionRefused(`At most ${money(detail, refundable(payment))} can still be refunded to this payment.`)
  let reference: string | null = null
  if (payment.method === 'card') {
    const result = await refundCard(env, payment.id, input.cents)
    if (!result.ok) throw new ActionRefused(result.message)
    reference = result.reference
  }
  await db.batch([
    ...refundStatements(db, detail, payment, input.cents, input.reason, reference),
    auditStatement(db, operator, 'order.refund', { type: 'order', id: detail.order.number! }, { payment_id: payment.id, refunded_cents: payment.refunded_cents }, { payment_id: payment.id, refunded_cents: payment.refunded_cents + input.cents, amount_cents: input.cents, reason: input.reason, reference }),
    mail(db, detail, 'refund', `Your ${BRAND.name} refund`, `We have refunded ${money(detail, input.cents)} to your ${methodName(payment)}.\nReason: ${input.reason}`),
  ])
}

/**
 * Cancels an order that has not shipped: its stock goes back on the shelf, gift cards and store credit get back what
 * they paid, the card is refunded what it paid, the coupon use is undone, and the shopper is told.
 */
export async function cancel(env: Env, operator: Operator, detail: OrderDetail, reason: string) {
  const db = env.DB
  const { order } = detail
  if (order.canceled_at) throw new ActionRefused('This order is already cancelled.')
  if (detail.shipment?.state === 'shipped') throw new ActionRefused('This order has shipped; refund it instead of cancelling.')
  const issued = await db
    .prepare('SELECT COUNT(*) AS n FROM gift_cards WHERE line_item_id IN (SELECT id FROM line_items WHERE order_id = ?) AND balance_cents < original_cents')
    .bind(order.id)
    .first<{ n: number }>()
  if (issued!.n > 0) throw new ActionRefused('A gift card bought with this order has already been spent, so the order cannot be cancelled. Refund the other lines instead.')

  const statements: D1PreparedStatement[] = [db.prepare('INSERT INTO order_cancellations (order_id, reason) VALUES (?, ?)').bind(order.id, reason)]
  const references = new Map<number, string | null>()
  for (const payment of detail.payments) {
    const left = refundable(payment)
    if (left <= 0) continue
    if (payment.method === 'card') {
      const result = await refundCard(env, payment.id, left)
      if (!result.ok) throw new ActionRefused(result.message)
      references.set(payment.id, result.reference)
    }
    statements.push(...refundStatements(db, detail, payment, left, `Order cancelled: ${reason}`, references.get(payment.id) ?? null))
  }
  const merchandise = detail.lines.filter((l) => l.gift_card_cents === null).map((l) => ({ v: l.variant_id, q: l.quantity }))
  statements.push(
    db.prepare(`UPDATE variants SET stock_on_hand = stock_on_hand + json_extract(j.value, '$.q') FROM json_each(?1) AS j WHERE variants.id = json_extract(j.value, '$.v')`).bind(JSON.stringify(merchandise)),
    // cards bought with the order are withdrawn (none of them was spent: checked above)
    db.prepare('UPDATE gift_cards SET balance_cents = 0 WHERE line_item_id IN (SELECT id FROM line_items WHERE order_id = ?)').bind(order.id),
    db.prepare('UPDATE promotions SET used_count = used_count - 1 WHERE id IN (SELECT promotion_id FROM promotion_redemptions WHERE order_id = ?) AND used_count > 0').bind(order.id),
    db.prepare('DELETE FROM promotion_redemptions WHERE order_id = ?').bind(order.id),
    db.prepare("UPDATE orders SET canceled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(order.id),
    db.prepare("UPDATE shipments SET state = 'canceled' WHERE order_id = ?").bind(order.id),
    auditStatement(db, operator, 'order.cancel', { type: 'order', id: order.number! }, { canceled_at: null, stock_restored: merchandise }, { reason, refunded: detail.payments.map((p) => ({ payment_id: p.id, method: p.method, cents: refundable(p) })) }),
    mail(db, detail, 'order_canceled', `Your ${BRAND.name} order was cancelled`, `Your order ${order.number} was cancelled.\nReason: ${reason}\nAnything you paid has been refunded the way you paid it.`),
  )
  await db.batch(statements)
}

/** Sends the order confirmation again (to the same address; the shopper lost it). */
export async function resendConfirmation(db: D1Database, operator: Operator, detail: OrderDetail) {
  const { order } = detail
  const lines = detail.lines.map((l) => `${l.quantity} × ${l.product_name ?? 'Gift card'}${l.options ? ` (${l.options})` : ''}  ${money(detail, (l.price_cents ?? 0) * l.quantity)}`)
  await db.batch([
    mail(db, detail, 'order_confirmation', `Your ${BRAND.name} order`, `Thank you for your order ${order.number}.\n\n${lines.join('\n')}\n\nTotal ${money(detail, order.total_cents ?? 0)} (incl. GST ${money(detail, order.tax_total_cents ?? 0)})`),
    auditStatement(db, operator, 'order.resend_confirmation', { type: 'order', id: order.number! }, undefined, { to: order.email }),
  ])
}
