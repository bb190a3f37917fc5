import { storeLocalTime, storeToday } from '#kernel/store-clock.ts'
import { csvLine, orderWhere, type OrderFilter } from './orders-data.ts'

/**
 * The orders list as a spreadsheet (issue 41 point 6; docs/console.md 'Reports'): one row per order line, times on
 * the store's clock (Australia/Melbourne), money in the order's currency. The order's own figures (subtotal,
 * discounts, shipping, GST, total, how it was paid, refunded) stand on its first row only and are blank on the rest,
 * so each money column adds up to the orders' totals in a spreadsheet (as Shopify's export does). Discounts are the
 * amount taken off, written positive: a cell starting with '-' is written as text (csvLine's guard against formulas),
 * which a spreadsheet would not add up.
 */

export const ORDERS_CSV_COLUMNS = [
  'order',
  'placed_at',
  'state',
  'shipped_at',
  'canceled_at',
  'email',
  'name',
  'country',
  'currency',
  'sku',
  'product',
  'options',
  'quantity',
  'unit_price',
  'line_total',
  'subtotal',
  'discounts',
  'shipping',
  'gst',
  'total',
  'payments',
  'refunded',
  'shipping_method',
  'tracking',
] as const

/** Orders per D1 read: each read is one query (the page of orders joined to their lines and payments). */
const CSV_CHUNK = 200

interface CsvRow {
  id: number
  number: string
  completed_at: string
  canceled_at: string | null
  shipment_state: string | null
  shipped_at: string | null
  email: string | null
  name: string | null
  country: string | null
  currency: string
  item_total_cents: number | null
  promo_total_cents: number | null
  ship_total_cents: number | null
  tax_total_cents: number | null
  total_cents: number | null
  payments: string | null
  refunded_cents: number
  method: string | null
  tracking_id: string | null
  line_id: number | null
  sku: string | null
  product: string | null
  options: string | null
  quantity: number | null
  price_cents: number | null
}

const amount = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : (cents / 100).toFixed(2))
const localTime = (iso: string | null) => (iso ? storeLocalTime(iso) : '')

/** The download's name: the store day (or days) it covers, never a UTC date. */
export function ordersCsvName(filter: OrderFilter, now = new Date()): string {
  if (filter.from && filter.to) return filter.from === filter.to ? `orders-${filter.from}.csv` : `orders-${filter.from}-to-${filter.to}.csv`
  if (filter.from) return `orders-${filter.from}-to-${storeToday(now)}.csv`
  return `orders-to-${filter.to ?? storeToday(now)}.csv`
}

/** The filtered orders as CSV, streamed a page at a time (keyset on completed_at, id) so a year never sits in memory. */
export function ordersCsv(db: D1Database, filter: OrderFilter): ReadableStream<Uint8Array> {
  const where = orderWhere(filter)
  const encoder = new TextEncoder()
  let after: { at: string; id: number } | null = null
  let headerSent = false
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true
        controller.enqueue(encoder.encode(csvLine([...ORDERS_CSV_COLUMNS])))
        return
      }
      const keyset = after ? ' AND (o.completed_at < ? OR (o.completed_at = ? AND o.id < ?))' : ''
      const binds = after ? [...where.binds, after.at, after.at, after.id] : where.binds
      const { results } = await db
        .prepare(
          `WITH page AS (
             SELECT o.id FROM orders o LEFT JOIN shipments s ON s.order_id = o.id LEFT JOIN addresses a ON a.id = o.bill_address_id
             WHERE ${where.sql}${keyset} ORDER BY o.completed_at DESC, o.id DESC LIMIT ?
           )
           SELECT o.id, o.number, o.completed_at, o.canceled_at, s.state AS shipment_state, s.shipped_at, o.email, a.firstname || ' ' || a.lastname AS name,
             (SELECT sa.country_iso FROM addresses sa WHERE sa.id = o.ship_address_id) AS country, o.currency,
             o.item_total_cents, o.promo_total_cents, o.ship_total_cents, o.tax_total_cents, o.total_cents,
             (SELECT group_concat(CASE p.method WHEN 'card' THEN 'card ' || COALESCE(p.cc_type || ' ', '') || COALESCE(p.last4, '') WHEN 'gift_card' THEN 'gift card' ELSE 'store credit' END
                || ' ' || printf('%.2f', p.amount_cents / 100.0), '; ') FROM payments p WHERE p.order_id = o.id AND p.state = 'completed') AS payments,
             (SELECT COALESCE(SUM(p.refunded_cents), 0) FROM payments p WHERE p.order_id = o.id) AS refunded_cents,
             (SELECT m.name FROM shipping_methods m WHERE m.id = s.shipping_method_id) AS method, s.tracking_id,
             li.id AS line_id, v.sku, pr.name AS product, li.quantity, li.price_cents,
             (SELECT group_concat(ov.presentation, ' / ') FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id WHERE vov.variant_id = li.variant_id) AS options
           FROM page JOIN orders o ON o.id = page.id LEFT JOIN shipments s ON s.order_id = o.id LEFT JOIN addresses a ON a.id = o.bill_address_id
             LEFT JOIN line_items li ON li.order_id = o.id LEFT JOIN variants v ON v.id = li.variant_id LEFT JOIN products pr ON pr.id = v.product_id
           ORDER BY o.completed_at DESC, o.id DESC, li.id`,
        )
        .bind(...binds, CSV_CHUNK)
        .all<CsvRow>()
      let last: CsvRow | undefined
      const text = results
        .map((r) => {
          const first = r.id !== last?.id
          last = r
          const state = r.canceled_at ? 'canceled' : (r.shipment_state ?? 'pending')
          const order = first
            ? [amount(r.item_total_cents), amount(r.promo_total_cents === null ? null : -r.promo_total_cents), amount(r.ship_total_cents), amount(r.tax_total_cents), amount(r.total_cents), r.payments, amount(r.refunded_cents)]
            : ['', '', '', '', '', '', '']
          const line = [r.sku, r.product, r.options, r.quantity, amount(r.price_cents), amount(r.price_cents === null || r.quantity === null ? null : r.price_cents * r.quantity)]
          return csvLine([r.number, localTime(r.completed_at), state, localTime(r.shipped_at), localTime(r.canceled_at), r.email, r.name, r.country, r.currency, ...line, ...order, r.method, r.tracking_id])
        })
        .join('')
      if (text) controller.enqueue(encoder.encode(text))
      const orders = new Set(results.map((r) => r.id)).size
      if (orders < CSV_CHUNK || !last) controller.close()
      else after = { at: last.completed_at, id: last.id }
    },
  })
}
