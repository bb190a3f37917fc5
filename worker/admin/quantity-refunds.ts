import type { Env } from '#worker/env.ts'
import { returnableLines } from '#worker/backend/commerce/returns.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import type { OrderDetail } from './order-detail.ts'
import { orderUpdateMail, refundStatements } from './order-actions.ts'
import { ActionRefused } from './action-refused.ts'
import { FORM_USED, PAYMENT_BUSY, paymentClaim, underClaim, type Claim } from './refund-claims.ts'
import { goodsValueCents, gstShareCents, refundCardShares, refundableCents, shippingLeftCents, splitRefund } from './refund-money.ts'

/**
 * The order's refund dialog (issue 41 point 2; decision 0032): every line with how many of its units to refund and
 * whether they go back on the shelf, the shipping, and the total it comes to, or everything at once. Units are valued
 * as a return values them (paid less their share of promotions); the total is never more than the payments still
 * hold and is split over them as they paid. A unit is refunded once: a line may be refunded in several steps, and a
 * line whose money is all given back (a payment refunded in full) can still be refunded by units for 0, to restock.
 */

/** A line that still has units to refund, with what one unit gives back (before the payments' cap). */
export interface RefundableLine {
  id: number
  label: string
  units: number
  /** Units already refunded or asked back: part of the claim, so two refunds from the same view refund once. */
  settled: number
  unitCents: number
}

export async function refundableLinesOf(db: D1Database, detail: OrderDetail): Promise<RefundableLine[]> {
  if (detail.order.canceled_at) return []
  const left = await returnableLines(db, detail.order.id)
  return detail.lines.flatMap((line) => {
    const settled = left.find((l) => l.id === line.id)?.returned ?? 0
    const units = line.quantity - settled
    if (line.gift_card_cents !== null || units <= 0) return []
    const label = `${line.product_name ?? line.sku ?? `Line ${line.id}`}${line.options ? ` (${line.options})` : ''}`
    return [{ id: line.id, label, units, settled, unitCents: goodsValueCents(detail, [{ line_item_id: line.id, quantity: 1 }]) }]
  })
}

export interface QuantityRefundInput {
  lines: Array<{ id: number; quantity: number; restock: boolean }>
  shipping: boolean
  reason: string
}

export interface RefundQuote {
  lines: Array<{ line: RefundableLine; quantity: number; restock: boolean; cents: number }>
  goodsCents: number
  shippingCents: number
  totalCents: number
  gstCents: number
  shares: ReturnType<typeof splitRefund>
}

/** What the dialog's choice comes to; refuses (422) a quantity that is not there to refund. */
export async function quoteQuantityRefund(db: D1Database, detail: OrderDetail, input: Omit<QuantityRefundInput, 'reason'>): Promise<RefundQuote> {
  if (detail.order.canceled_at) throw new ActionRefused('This order was cancelled; everything it took was refunded then.')
  const offers = await refundableLinesOf(db, detail)
  const lines = input.lines
    .filter((l) => l.quantity > 0)
    .map((l) => {
      const line = offers.find((o) => o.id === l.id)
      if (!line) throw new ActionRefused('One of the lines has nothing left to refund (its units were refunded, returned or asked back already), or is a gift card: nothing was refunded. Reload the order.')
      if (l.quantity > line.units) throw new ActionRefused(`At most ${line.units} of ${line.label} can still be refunded: nothing was refunded.`)
      return { line, quantity: l.quantity, restock: l.restock, cents: 0 }
    })
  const shippingLeft = input.shipping ? await shippingLeftCents(db, detail) : 0
  if (input.shipping && shippingLeft === 0) throw new ActionRefused('This order’s shipping was free or is refunded already: untick it.')
  if (lines.length === 0 && !input.shipping) throw new ActionRefused('Choose how many units of at least one line to refund, or the shipping.')
  const goodsRaw = goodsValueCents(detail, lines.map((l) => ({ line_item_id: l.line.id, quantity: l.quantity })))
  const cap = refundableCents(detail)
  const goodsCents = Math.min(goodsRaw, cap)
  const shippingCents = Math.min(shippingLeft, cap - goodsCents)
  // each line's part of the goods (what its row records), the odd cents to the first lines so they add up
  let rest = goodsCents
  lines.forEach((l, i) => {
    const share = i === lines.length - 1 ? rest : goodsRaw > 0 ? Math.floor((goodsCents * goodsValueCents(detail, [{ line_item_id: l.line.id, quantity: l.quantity }])) / goodsRaw) : 0
    l.cents = share
    rest -= share
  })
  const totalCents = goodsCents + shippingCents
  return { lines, goodsCents, shippingCents, totalCents, gstCents: gstShareCents(detail, totalCents), shares: splitRefund(detail.payments, totalCents) }
}

const LINE_BUSY = 'A line of this order is being refunded by another operator or tab right now, or just was: nothing was refunded. Reload the order to see it.'

export async function refundQuantities(env: Env, operator: Operator, detail: OrderDetail, input: QuantityRefundInput & { formToken: string }, requestUrl: string) {
  const quote = await quoteQuantityRefund(env.DB, detail, input)
  const references = new Map<number, string>()
  // claimed before the provider is asked: the form (sent twice, it refunds once), each line as the operator saw it
  // (two refunds of it from the same view: one goes on, the other is refused, 409) and each payment it draws on
  const claims: Claim[] = [
    [`form:${input.formToken}`, FORM_USED, `/admin/orders/${detail.order.number}`],
    ...quote.lines.map((l): Claim => [`line:${l.line.id}:${l.line.settled}`, LINE_BUSY]),
    ...(quote.shippingCents > 0 ? [[`shipping:${detail.order.id}`, LINE_BUSY] as const] : []),
    ...quote.shares.map((s): Claim => [paymentClaim(s.payment), PAYMENT_BUSY]),
  ]
  await underClaim(env.DB, claims, operator, () => references.size > 0, async () => {
    await refundCardShares(env, quote.shares, `form:${input.formToken}`, references)
    await record(env, operator, detail, quote, input.reason, references, requestUrl)
  })
}

async function record(env: Env, operator: Operator, detail: OrderDetail, quote: RefundQuote, reason: string, references: Map<number, string>, requestUrl: string) {
  const db = env.DB
  const { order } = detail
  const said = [...quote.lines.map((l) => `${l.quantity} × ${l.line.label}`), ...(quote.shippingCents > 0 ? ['shipping'] : [])].join(', ')
  const restock = quote.lines.filter((l) => l.restock).map((l) => ({ v: detail.lines.find((x) => x.id === l.line.id)!.variant_id, q: l.quantity }))
  const mail = quote.totalCents > 0 ? await orderUpdateMail(env, detail, requestUrl, 'refunded', quote.shares.map((s) => ({ method: s.payment.method, amountCents: s.cents })), `${said}: ${reason}`) : null
  const statements = [
    // first: the trigger refuses units beyond what the line has left (a refund or return meanwhile) before anything else
    ...quote.lines.map((l) =>
      db.prepare('INSERT INTO quantity_refunds (order_id, line_item_id, quantity, amount_cents, restocked, reason) VALUES (?, ?, ?, ?, ?, ?)').bind(order.id, l.line.id, l.quantity, l.cents, l.restock ? 1 : 0, reason),
    ),
    ...(quote.shippingCents > 0 ? [db.prepare('INSERT INTO shipping_refunds (order_id, amount_cents) VALUES (?, ?)').bind(order.id, quote.shippingCents)] : []),
    ...quote.shares.flatMap((s) => refundStatements(db, detail, s.payment, s.cents, `${said}: ${reason}`, references.get(s.payment.id) ?? null)),
    db.prepare(`UPDATE variants SET stock_on_hand = stock_on_hand + json_extract(j.value, '$.q') FROM json_each(?1) AS j WHERE variants.id = json_extract(j.value, '$.v')`).bind(JSON.stringify(restock)),
    auditStatement(db, operator, 'order.refund_units', { type: 'order', id: order.number! }, { refundable_cents: refundableCents(detail) }, {
      lines: quote.lines.map((l) => ({ line_item_id: l.line.id, sku: detail.lines.find((x) => x.id === l.line.id)?.sku ?? null, quantity: l.quantity, cents: l.cents, restocked: l.restock })),
      shipping_cents: quote.shippingCents,
      cents: quote.totalCents,
      gst_cents: quote.gstCents,
      reason,
      refunded: quote.shares.map((s) => ({ payment_id: s.payment.id, method: s.payment.method, cents: s.cents })),
    }),
    ...(mail ? [await mailStatement(env, mail)] : []),
  ]
  try {
    await dispatchWritten(env, await db.batch(statements))
  } catch (error) {
    if (/beyond its quantity|UNIQUE/.test(String(error))) throw new ActionRefused('These units or the shipping were refunded a moment ago, from another tab or by another operator: nothing more was refunded. Reload the order.')
    throw error
  }
}
