import type { LineOffer } from '#worker/admin/pages/order-page.tsx'
import type { Env } from '#worker/env.ts'
import { returnableLines } from '#worker/backend/commerce/returns.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import type { OrderDetail } from './order-detail.ts'
import { orderUpdateMail, refundStatements } from './order-actions.ts'
import { ActionRefused, unlessTaken } from './action-refused.ts'
import { PAYMENT_BUSY, paymentClaim, underClaim, type Claim } from './refund-claims.ts'
import { refundCardShares, returnValueCents, splitRefund } from './return-actions.ts'

/**
 * Refunding one line of an order (issue 14 item 3): the operator picks a line, the console gives back what was paid
 * for its units not yet returned or asked back, valued and split across the order's payments exactly as an approved
 * return is (returnValueCents, splitRefund). Restocking is the operator's choice: a line refunded because it never
 * arrived or was damaged does not come back on the shelf.
 */


/** The lines that can still be refunded, each with what refunding it would give back. */
export async function lineOffers(db: D1Database, detail: OrderDetail): Promise<LineOffer[]> {
  if (detail.order.canceled_at) return []
  const left = await returnableLines(db, detail.order.id)
  return detail.lines.flatMap((line) => {
    const units = line.quantity - (left.find((l) => l.id === line.id)?.returned ?? 0)
    if (line.gift_card_cents !== null || units <= 0) return []
    const cents = returnValueCents(detail, [{ line_item_id: line.id, quantity: units }])
    if (cents <= 0) return []
    return [{ id: line.id, units, cents, label: `${line.product_name ?? line.sku ?? `Line ${line.id}`}${line.options ? ` (${line.options})` : ''} × ${units}` }]
  })
}

export async function refundLine(env: Env, operator: Operator, detail: OrderDetail, input: { lineId: number; reason: string; restock: boolean }, requestUrl: string) {
  const db = env.DB
  const { order } = detail
  if (order.canceled_at) throw new ActionRefused('This order was cancelled; everything it took was refunded then.')
  const line = detail.lines.find((l) => l.id === input.lineId)
  if (!line) throw new ActionRefused('Choose one of this order’s lines.')
  if (line.gift_card_cents !== null) throw new ActionRefused('A gift card line is not refunded here: refund an amount to the payment and set the card’s balance to 0 on the Gift cards page.')
  const offer = (await lineOffers(db, detail)).find((o) => o.id === line.id)
  if (!offer) throw new ActionRefused('Nothing is left to refund on this line: its units were refunded, returned or asked back already, or the payments hold nothing more.')
  const shares = splitRefund(detail.payments, offer.cents)
  const references = new Map<number, string>()
  // claimed before the provider is asked: of two refunds of this line at once, one goes on, the other is refused (409);
  // each payment it draws on is claimed too, as refund() and cancel() claim it, so a payment refund or a cancel of the
  // order at the same moment is refused before a second card refund instead of failing on the CHECK afterwards
  const claims: Claim[] = [[`line:${line.id}`, LINE_BUSY], ...shares.map((s): Claim => [paymentClaim(s.payment), PAYMENT_BUSY])]
  await underClaim(db, claims, operator, () => references.size > 0, async () => {
    await refundCardShares(env, shares, `line:${line.id}`, references)
    await recordLineRefund(env, operator, detail, line, offer, shares, references, input, requestUrl)
  })
}

const LINE_BUSY = 'This line is being refunded by another operator or tab right now, or just was: reload the order to see it.'

async function recordLineRefund(
  env: Env,
  operator: Operator,
  detail: OrderDetail,
  line: OrderDetail['lines'][number],
  offer: LineOffer,
  shares: ReturnType<typeof splitRefund>,
  references: Map<number, string>,
  input: { reason: string; restock: boolean },
  requestUrl: string,
) {
  const db = env.DB
  const { order } = detail
  const reason = `${offer.label}: ${input.reason}`
  const mail = await orderUpdateMail(env, detail, requestUrl, 'refunded', shares.map((s) => ({ method: s.payment.method, amountCents: s.cents })), reason)
  const statements = [
    // first, so a second refund of the line (UNIQUE line_item_id) fails before anything else is written
    db
      .prepare('INSERT INTO line_refunds (order_id, line_item_id, quantity, amount_cents, restocked, reason) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(order.id, line.id, offer.units, offer.cents, input.restock ? 1 : 0, input.reason),
    ...shares.flatMap((s) => refundStatements(db, detail, s.payment, s.cents, reason, references.get(s.payment.id) ?? null)),
    ...(input.restock ? [db.prepare('UPDATE variants SET stock_on_hand = stock_on_hand + ? WHERE id = ?').bind(offer.units, line.variant_id)] : []),
    auditStatement(db, operator, 'order.refund_line', { type: 'order', id: order.number! }, { line_item_id: line.id, units_left: offer.units }, {
      line_item_id: line.id,
      sku: line.sku,
      quantity: offer.units,
      cents: offer.cents,
      restocked: input.restock,
      reason: input.reason,
      refunded: shares.map((s) => ({ payment_id: s.payment.id, method: s.payment.method, cents: s.cents })),
    }),
    await mailStatement(env, mail),
  ]
  await dispatchWritten(env, await unlessTaken(db.batch(statements), 'This line was refunded a moment ago, from another tab or by another operator.'))
}
