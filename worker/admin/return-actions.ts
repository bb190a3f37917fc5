import type { Env } from '#worker/env.ts'
import { reloadOrder } from '#worker/backend/commerce/orders.ts'
import { returnableLines, returnMail, returnsOfOrder, type ReturnItemRow, type ReturnRow } from '#worker/backend/commerce/returns.ts'
import { storeUrl } from '#worker/backend/services/store-url.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { refundCard } from './card-refunds.ts'
import { loadOrderDetail, type OrderDetail, type OrderPayment } from './order-detail.ts'
import { refundable, refundStatements } from './order-actions.ts'
import { ActionRefused } from './action-refused.ts'
import { PAYMENT_BUSY, paymentClaim, underClaim, type Claim, type ClaimSubject } from './refund-claims.ts'

/** Approving or declining a shopper's return (issue 14 item 6; docs/console.md 'Returns'). */

export interface ReturnDetail {
  ret: ReturnRow & { items: ReturnItemRow[] }
  order: OrderDetail
}

export async function loadReturn(db: D1Database, id: number): Promise<ReturnDetail | null> {
  const row = await db.prepare('SELECT r.id, o.number FROM return_requests r JOIN orders o ON o.id = r.order_id WHERE r.id = ?').bind(id).first<{ id: number; number: string }>()
  if (!row) return null
  const order = await loadOrderDetail(db, row.number)
  if (!order) return null
  const ret = (await returnsOfOrder(db, order.order.id)).find((r) => r.id === id)!
  return { ret, order }
}

/**
 * What the returned units are worth: what was paid for them, less their share of the order's promotions (shipping
 * is not refunded), never more than the order's payments still hold.
 */
export function returnValueCents(detail: OrderDetail, items: Array<Pick<ReturnItemRow, 'line_item_id' | 'quantity'>>): number {
  const { order } = detail
  const goods = items.reduce((sum, i) => sum + (detail.lines.find((l) => l.id === i.line_item_id)?.price_cents ?? 0) * i.quantity, 0)
  const itemTotal = order.item_total_cents ?? 0
  const discount = Math.abs(order.promo_total_cents ?? 0)
  const value = itemTotal > 0 ? Math.floor((goods * Math.max(0, itemTotal - discount)) / itemTotal) : 0
  return Math.min(value, detail.payments.reduce((sum, p) => sum + refundable(p), 0))
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
 * the first refusal stops with the provider's sentence; `subject` is what they are for (the line or the return: see
 * card-refunds.ts). Fills (and returns) each card payment's provider reference by
 * payment id, so a caller can tell whether money moved before a refusal.
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

const RETURN_BUSY = 'Another operator is deciding this return right now, or just did: reload it to see the decision.'

function assertOpen(detail: ReturnDetail) {
  if (detail.ret.state !== 'requested') throw new ActionRefused(`This return was already ${detail.ret.state}.`)
}

const origin = (env: Env, requestUrl: string) => storeUrl(env, new URL(requestUrl).origin)

/**
 * Approves a return: the units go back on the shelf and their value is refunded split across the order's payments
 * (cards through their provider first; a refusal there changes nothing). The decision, refunds, restock, audit entry
 * and email are one batch. The return is claimed (refund_claims) before the provider is asked, so a second operator
 * approving or declining it at the same moment is refused before any money moves; the trigger on return_requests
 * refuses a second decision as well.
 */
export async function approveReturn(env: Env, operator: Operator, detail: ReturnDetail, note: string | null, requestUrl: string) {
  assertOpen(detail)
  const references = new Map<number, string>()
  // the payments it draws on are claimed as well (as a payment refund, a line refund and a cancel claim them), so one
  // of those at the same moment is refused (409) before a second card refund, not failed on the CHECK afterwards
  const shares = splitRefund(detail.order.payments, returnValueCents(detail.order, detail.ret.items))
  const claims: Claim[] = [[`return:${detail.ret.id}`, RETURN_BUSY], ...shares.map((s): Claim => [paymentClaim(s.payment), PAYMENT_BUSY])]
  await underClaim(env.DB, claims, operator, () => references.size > 0, () => settleApproval(env, operator, detail, note, requestUrl, references))
}

async function settleApproval(env: Env, operator: Operator, detail: ReturnDetail, note: string | null, requestUrl: string, references: Map<number, string>) {
  const db = env.DB
  const { ret, order } = detail
  const cents = returnValueCents(order, ret.items)
  const shares = splitRefund(order.payments, cents)
  await refundCardShares(env, shares, `return:${ret.id}`, references)
  const lines = await returnableLines(db, order.order.id)
  const restock = ret.items.map((i) => ({ v: lines.find((l) => l.id === i.line_item_id)!.variant_id, q: i.quantity }))
  const shopperOrder = await reloadOrder(db, order.order.id)
  const mail = await returnMail(
    db,
    shopperOrder,
    { reason: ret.reason, locale: ret.locale, note },
    ret.items,
    'approved',
    await origin(env, requestUrl),
    shares.map((s) => ({ method: s.payment.method, amountCents: s.cents })),
  )
  const statements = [
    db
      .prepare("UPDATE return_requests SET state = 'approved', refund_cents = ?, decision_note = ?, decided_by = ?, decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?")
      .bind(cents, note, operator.email, ret.id),
    ...shares.flatMap((s) => refundStatements(db, order, s.payment, s.cents, `Return #${ret.id}: ${ret.reason}`, references.get(s.payment.id) ?? null, ret.id)),
    db.prepare(`UPDATE variants SET stock_on_hand = stock_on_hand + json_extract(j.value, '$.q') FROM json_each(?1) AS j WHERE variants.id = json_extract(j.value, '$.v')`).bind(JSON.stringify(restock)),
    auditStatement(db, operator, 'return.approve', { type: 'order', id: order.order.number! }, { return_id: ret.id, state: ret.state }, {
      return_id: ret.id,
      state: 'approved',
      restocked: restock,
      refunded: shares.map((s) => ({ payment_id: s.payment.id, method: s.payment.method, cents: s.cents })),
    }),
    await mailStatement(env, mail),
  ]
  await dispatchWritten(env, await db.batch(statements))
}

/** Declines a return with the reason the shopper is told. */
export async function declineReturn(env: Env, operator: Operator, detail: ReturnDetail, note: string, requestUrl: string) {
  assertOpen(detail)
  // claimed like an approval, so a decline cannot land while an approval's refund is at the provider
  await underClaim(env.DB, [[`return:${detail.ret.id}`, RETURN_BUSY]], operator, () => false, () => settleDecline(env, operator, detail, note, requestUrl))
}

async function settleDecline(env: Env, operator: Operator, detail: ReturnDetail, note: string, requestUrl: string) {
  const db = env.DB
  const { ret, order } = detail
  const mail = await returnMail(db, await reloadOrder(db, order.order.id), { reason: ret.reason, locale: ret.locale, note }, ret.items, 'declined', await origin(env, requestUrl))
  await dispatchWritten(
    env,
    await db.batch([
      db.prepare("UPDATE return_requests SET state = 'declined', decision_note = ?, decided_by = ?, decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(note, operator.email, ret.id),
      auditStatement(db, operator, 'return.decline', { type: 'order', id: order.order.number! }, { return_id: ret.id, state: ret.state }, { return_id: ret.id, state: 'declined', note }),
      await mailStatement(env, mail),
    ]),
  )
}
