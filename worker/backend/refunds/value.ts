import type { OrderRow } from '../commerce/orders.ts'
import { returnableLines } from '../commerce/returns.ts'
import { RefundRefused } from './refused.ts'

/**
 * What a refund is worth and where it goes (decision 0032), the same for a return, the order's refund dialog, a
 * payment's refund and a cancellation: units valued at what was paid less their share of the promotions, the shipping
 * once, never more than the payments still hold, split over the payments as they paid, with the GST share the order had.
 */

/** A placed order as a refund reads it (the console's order detail is one). */
export interface RefundOrder {
  order: Pick<OrderRow, 'id' | 'number' | 'currency' | 'user_id' | 'email' | 'item_total_cents' | 'promo_total_cents' | 'ship_total_cents' | 'tax_total_cents' | 'total_cents'> & {
    canceled_at?: string | null
  }
  lines: RefundLine[]
  payments: RefundPayment[]
}

export interface RefundLine {
  id: number
  variant_id: number
  quantity: number
  price_cents: number | null
  gift_card_cents: number | null
  sku: string | null
  product_name: string | null
  options: string | null
}

/** A completed payment of the order and what was given back of it. */
export interface RefundPayment {
  id: number
  method: 'card' | 'gift_card' | 'store_credit'
  amount_cents: number | null
  refunded_cents: number
  gift_card_id: number | null
}

/** What one payment gives back of a refund. */
export interface RefundShare<P extends RefundPayment = RefundPayment> {
  payment: P
  cents: number
}

/** What can still be given back on a payment. */
export const refundable = (p: RefundPayment) => (p.amount_cents ?? 0) - p.refunded_cents

/** What `items` are worth before the payments' cap: what was paid for them, less their share of the order's promotions. */
export function goodsValueCents(detail: RefundOrder, items: ReadonlyArray<{ line_item_id: number; quantity: number }>): number {
  const { order } = detail
  const goods = items.reduce((sum, i) => sum + (detail.lines.find((l) => l.id === i.line_item_id)?.price_cents ?? 0) * i.quantity, 0)
  const itemTotal = order.item_total_cents ?? 0
  const discount = Math.abs(order.promo_total_cents ?? 0)
  return itemTotal > 0 ? Math.floor((goods * Math.max(0, itemTotal - discount)) / itemTotal) : 0
}

/** What the order's payments can still give back, together. */
export const refundableCents = (detail: RefundOrder) => detail.payments.reduce((sum, p) => sum + refundable(p), 0)

/** What the returned units are worth, never more than the order's payments still hold (shipping is separate). */
export function returnValueCents(detail: RefundOrder, items: ReadonlyArray<{ line_item_id: number; quantity: number }>): number {
  return Math.min(goodsValueCents(detail, items), refundableCents(detail))
}

/** The order's shipping not refunded yet (shipping_refunds: once per order). */
export async function shippingLeftCents(db: D1Database, detail: RefundOrder): Promise<number> {
  const done = await db.prepare('SELECT 1 FROM shipping_refunds WHERE order_id = ?').bind(detail.order.id).first()
  return done ? 0 : Math.max(0, detail.order.ship_total_cents ?? 0)
}

/** The GST within a refund: the same share of it as the order's GST is of the order's total (0 for a GST-free order). */
export function gstShareCents(detail: RefundOrder, cents: number): number {
  const total = detail.order.total_cents ?? 0
  const gst = detail.order.tax_total_cents ?? 0
  return total > 0 ? Math.round((cents * gst) / total) : 0
}

/**
 * Splits a refund across the order's payments in proportion to what each paid (largest remainder, so the cents add
 * up), then moves any part a payment can no longer take (refunded earlier) to the others. One share per source.
 */
export function splitRefund<P extends RefundPayment>(payments: P[], cents: number): Array<RefundShare<P>> {
  const paid = payments.filter((p) => (p.amount_cents ?? 0) > 0)
  const total = paid.reduce((sum, p) => sum + (p.amount_cents ?? 0), 0)
  if (total === 0 || cents <= 0) return []
  const exact = paid.map((p) => (cents * (p.amount_cents ?? 0)) / total)
  const shares = exact.map(Math.floor)
  let left = cents - shares.reduce((a, b) => a + b, 0)
  for (const i of exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0])
    .map(([, i]) => i)) {
    if (left-- <= 0) break
    shares[i]! += 1
  }
  let over = 0
  paid.forEach((p, i) => {
    const cap = refundable(p)
    if (shares[i]! > cap) ((over += shares[i]! - cap), (shares[i] = cap))
  })
  paid.forEach((p, i) => {
    const room = refundable(p) - shares[i]!
    const take = Math.min(room, over)
    shares[i]! += take
    over -= take
  })
  return paid.map((payment, i) => ({ payment, cents: shares[i]! })).filter((s) => s.cents > 0)
}

/** A line that still has units to refund, with what one unit gives back (before the payments' cap). */
export interface RefundableLine {
  id: number
  label: string
  units: number
  /** Units already refunded or asked back: part of the claim, so two refunds from the same view refund once. */
  settled: number
  unitCents: number
}

/** The lines of the order that still have units to refund (none of a cancelled order, nor a gift card's). */
export async function refundableLinesOf(db: D1Database, detail: RefundOrder): Promise<RefundableLine[]> {
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

/** The refund dialog's choice: units of lines (each back on the shelf or not) and the shipping. */
export interface UnitsChoice {
  lines: Array<{ id: number; quantity: number; restock: boolean }>
  shipping: boolean
}

export interface UnitsQuote<P extends RefundPayment = RefundPayment> {
  lines: Array<{ line: RefundableLine; quantity: number; restock: boolean; cents: number }>
  goodsCents: number
  shippingCents: number
  totalCents: number
  gstCents: number
  shares: Array<RefundShare<P>>
}

/** What the dialog's choice comes to; refuses (422) a quantity that is not there to refund. */
export async function quoteUnits<D extends RefundOrder>(db: D1Database, detail: D, input: UnitsChoice): Promise<UnitsQuote<D['payments'][number]>> {
  if (detail.order.canceled_at) throw new RefundRefused('This order was cancelled; everything it took was refunded then.')
  const offers = await refundableLinesOf(db, detail)
  const lines = input.lines
    .filter((l) => l.quantity > 0)
    .map((l) => {
      const line = offers.find((o) => o.id === l.id)
      if (!line)
        throw new RefundRefused('One of the lines has nothing left to refund (its units were refunded, returned or asked back already), or is a gift card: nothing was refunded. Reload the order.')
      if (l.quantity > line.units) throw new RefundRefused(`At most ${line.units} of ${line.label} can still be refunded: nothing was refunded.`)
      return { line, quantity: l.quantity, restock: l.restock, cents: 0 }
    })
  const shippingLeft = input.shipping ? await shippingLeftCents(db, detail) : 0
  if (input.shipping && shippingLeft === 0) throw new RefundRefused('This order’s shipping was free or is refunded already: untick it.')
  if (lines.length === 0 && !input.shipping) throw new RefundRefused('Choose how many units of at least one line to refund, or the shipping.')
  const goodsRaw = goodsValueCents(
    detail,
    lines.map((l) => ({ line_item_id: l.line.id, quantity: l.quantity })),
  )
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
  return { lines, goodsCents, shippingCents, totalCents, gstCents: gstShareCents(detail, totalCents), shares: splitRefund(detail.payments as Array<D['payments'][number]>, totalCents) }
}

export interface ReturnQuote<P extends RefundPayment = RefundPayment> {
  goodsCents: number
  shippingCents: number
  totalCents: number
  gstCents: number
  shares: Array<RefundShare<P>>
}

/** What refunding a return's received units (and the shipping, if asked) gives back, as the operator sees it before confirming. */
export async function quoteReturn<D extends RefundOrder>(
  db: D1Database,
  order: D,
  items: ReadonlyArray<{ line_item_id: number; quantity: number; received: number | null }>,
  withShipping: boolean,
): Promise<ReturnQuote<D['payments'][number]>> {
  const received = items.map((i) => ({ line_item_id: i.line_item_id, quantity: i.received ?? i.quantity }))
  const goodsCents = returnValueCents(order, received)
  const shippingCents = withShipping ? Math.min(await shippingLeftCents(db, order), refundableCents(order) - goodsCents) : 0
  const totalCents = goodsCents + shippingCents
  return { goodsCents, shippingCents, totalCents, gstCents: gstShareCents(order, totalCents), shares: splitRefund(order.payments as Array<D['payments'][number]>, totalCents) }
}
