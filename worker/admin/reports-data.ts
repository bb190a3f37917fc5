import * as z from 'zod/mini'
import { addDays, offsetSpans, storeDayStart } from '#kernel/store-clock.ts'
import { isCalendarDay } from './forms.ts'

/**
 * The console's reports (issue 41 point 6; docs/console.md 'Reports'): sales by day, week or month, by product and by
 * category, and the GST summary, over store days (Australia/Melbourne) chosen by the operator. Each is one set-based
 * query: D1 stores UTC ISO text, so the query is given the period's offset spans (kernel/store-clock.ts: two or three
 * a year, split where daylight saving changes) and turns each timestamp into Melbourne time with one range look-up.
 *
 * A sale counts on the store day its order was placed, a refund on the day it was made (refunds, one row per payment
 * given back). GST is the order's own figure, as on its tax invoice (orders.tax_total_cents: 1/11 of the order's
 * taxable total, rounded once per order); GST given back is worked out per refund (refundGstSql).
 */

/** The longest period a report covers: a year (a financial year has 365 or 366 days). */
export const REPORT_MAX_DAYS = 366

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date.'), z.refine(isCalendarDay, 'Pick a date.'))

export const ReportPeriodSchema = z
  .object({ from: day, to: day, grain: z._default(z.enum(['day', 'week', 'month'], { message: 'Choose days, weeks or months.' }), 'day') }).check(z.superRefine((v, ctx) => {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day must be on or after the first.' })
    else if (addDays(v.from, REPORT_MAX_DAYS - 1) < v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: `Choose at most ${REPORT_MAX_DAYS} days.` })
  }))
export type ReportPeriod = z.output<typeof ReportPeriodSchema>
export type Grain = ReportPeriod['grain']

/** The UTC bounds [start, end) of a period of store days, and its offset spans as one JSON bind. */
export function periodBounds(period: { from: string; to: string }) {
  const start = storeDayStart(period.from)
  const end = storeDayStart(addDays(period.to, 1))
  const spans = JSON.stringify(offsetSpans(start, end).map((s) => [s.from, s.to, s.minutes]))
  return { start: start.toISOString(), end: end.toISOString(), spans }
}

/** The spans as a table (bind ?1); `local(col)` is a UTC column as Melbourne wall-clock text. */
const SPANS = `spans AS (SELECT json_extract(value, '$[0]') AS f, json_extract(value, '$[1]') AS t, json_extract(value, '$[2]') AS m FROM json_each(?1))`
const local = (col: string) => `strftime('%Y-%m-%d %H:%M:%S', ${col}, (SELECT m FROM spans WHERE ${col} >= f AND ${col} < t) || ' minutes')`
/** The bucket a UTC column falls in: its store day, the Monday of its store week, or its month. */
const bucket = (grain: Grain, col: string) =>
  grain === 'day' ? `substr(${local(col)}, 1, 10)` : grain === 'week' ? `date(substr(${local(col)}, 1, 10), '-6 days', 'weekday 1')` : `substr(${local(col)}, 1, 7)`

/** The gift-card lines of an order: sold, not a taxable supply (GST is due when a card is spent). */
const GIFT_CARDS = '(SELECT COALESCE(SUM(li.gift_card_cents * li.quantity), 0) FROM line_items li WHERE li.order_id = o.id AND li.gift_card_cents IS NOT NULL)'
/** Delivered abroad: an export, GST-free (docs/checkout.md 'Delivery abroad'). */
const EXPORT = "(COALESCE((SELECT a.country_iso FROM addresses a WHERE a.id = o.ship_address_id), 'AU') != 'AU')"
const PLACED = "o.state = 'complete' AND o.completed_at >= ?2 AND o.completed_at < ?3"

/**
 * Every refund of the orders that had one in the period, with the GST it gives back: 1/11 of what the order has had
 * back so far (half-up to the cent, as the invoice rounded), capped at the order's invoice GST, less the same figure
 * before this refund. So an order refunded in full gives back exactly the GST its invoice showed, however many refunds
 * it took, and a refund of an export gives back none. Goods and shipping both carry 1/11; only gift-card lines carry
 * none, and the cap keeps those from being counted.
 */
const REFUNDS = `refunded AS (
  SELECT r.id, r.order_id, r.created_at, r.amount_cents,
    SUM(r.amount_cents) OVER (PARTITION BY r.order_id ORDER BY r.created_at, r.id ROWS UNBOUNDED PRECEDING) AS so_far
  FROM refunds r WHERE r.order_id IN (SELECT order_id FROM refunds WHERE created_at >= ?2 AND created_at < ?3)
), refund_rows AS (
  SELECT x.created_at, o.currency, x.amount_cents, ${EXPORT} AS export,
    MIN((2 * x.so_far + 11) / 22, COALESCE(o.tax_total_cents, 0)) - MIN((2 * (x.so_far - x.amount_cents) + 11) / 22, COALESCE(o.tax_total_cents, 0)) AS gst_cents
  FROM refunded x JOIN orders o ON o.id = x.order_id WHERE x.created_at >= ?2 AND x.created_at < ?3
)`

export interface SalesRow {
  bucket: string
  currency: string
  orders: number
  items_cents: number
  discounts_cents: number
  shipping_cents: number
  total_cents: number
  gst_cents: number
  refunds_cents: number
  refund_gst_cents: number
}

/** Sales per day, week or month and currency: what was placed that day, and what was refunded that day. */
export async function salesByPeriod(db: D1Database, period: ReportPeriod): Promise<SalesRow[]> {
  const b = periodBounds(period)
  const { results } = await db
    .prepare(
      `WITH ${SPANS}, ${REFUNDS}
       SELECT bucket, currency, SUM(orders) AS orders, SUM(items) AS items_cents, SUM(discounts) AS discounts_cents, SUM(shipping) AS shipping_cents,
         SUM(total) AS total_cents, SUM(gst) AS gst_cents, SUM(refunds) AS refunds_cents, SUM(refund_gst) AS refund_gst_cents
       FROM (
         SELECT ${bucket(period.grain, 'o.completed_at')} AS bucket, o.currency, 1 AS orders, COALESCE(o.item_total_cents, 0) AS items, COALESCE(o.promo_total_cents, 0) AS discounts,
           COALESCE(o.ship_total_cents, 0) AS shipping, COALESCE(o.total_cents, 0) AS total, COALESCE(o.tax_total_cents, 0) AS gst, 0 AS refunds, 0 AS refund_gst
         FROM orders o WHERE ${PLACED}
         UNION ALL
         SELECT ${bucket(period.grain, 'created_at')}, currency, 0, 0, 0, 0, 0, 0, amount_cents, gst_cents FROM refund_rows
       ) GROUP BY bucket, currency ORDER BY bucket, currency`,
    )
    .bind(b.spans, b.start, b.end)
    .all<SalesRow>()
  return results
}

export interface ProductSalesRow {
  product_id: number | null
  name: string
  currency: string
  units: number
  sales_cents: number
}

/** Units and line totals (GST included, before order-wide discounts) per product, of the orders placed in the period. */
export async function salesByProduct(db: D1Database, period: ReportPeriod): Promise<ProductSalesRow[]> {
  const b = periodBounds(period)
  const { results } = await db
    .prepare(
      `SELECT p.id AS product_id, COALESCE(p.name, 'Unknown product') AS name, o.currency, SUM(li.quantity) AS units, SUM(COALESCE(li.price_cents, 0) * li.quantity) AS sales_cents
       FROM orders o JOIN line_items li ON li.order_id = o.id LEFT JOIN variants v ON v.id = li.variant_id LEFT JOIN products p ON p.id = v.product_id
       WHERE o.state = 'complete' AND o.completed_at >= ?1 AND o.completed_at < ?2
       GROUP BY p.id, o.currency ORDER BY sales_cents DESC, name`,
    )
    .bind(b.start, b.end)
    .all<ProductSalesRow>()
  return results
}

export interface CategorySalesRow {
  taxon_id: number | null
  name: string
  currency: string
  units: number
  sales_cents: number
}

/**
 * The same per category a product is in (a product in two categories counts in both, so categories need not add up
 * to the whole); products in none are 'No category'.
 */
export async function salesByCategory(db: D1Database, period: ReportPeriod): Promise<CategorySalesRow[]> {
  const b = periodBounds(period)
  const { results } = await db
    .prepare(
      `WITH sold AS (
         SELECT v.product_id, o.currency, SUM(li.quantity) AS units, SUM(COALESCE(li.price_cents, 0) * li.quantity) AS sales_cents
         FROM orders o JOIN line_items li ON li.order_id = o.id LEFT JOIN variants v ON v.id = li.variant_id
         WHERE o.state = 'complete' AND o.completed_at >= ?1 AND o.completed_at < ?2 GROUP BY v.product_id, o.currency
       )
       SELECT t.id AS taxon_id, COALESCE(t.permalink, 'No category') AS name, s.currency, SUM(s.units) AS units, SUM(s.sales_cents) AS sales_cents
       FROM sold s LEFT JOIN classifications c ON c.product_id = s.product_id LEFT JOIN taxons t ON t.id = c.taxon_id
       GROUP BY t.id, s.currency ORDER BY sales_cents DESC, name`,
    )
    .bind(b.start, b.end)
    .all<CategorySalesRow>()
  return results
}

export interface GstSummary {
  currency: string
  orders: number
  /** Everything placed, GST-free exports and gift cards included. */
  total_sales_cents: number
  /** Sales delivered in Australia, GST included (gift cards apart). */
  taxable_sales_cents: number
  gst_cents: number
  /** Sales delivered abroad: GST-free exports (gift cards apart). */
  export_sales_cents: number
  /** Gift cards sold: no GST at sale (it is due when a card is spent, in the order that spends it). */
  gift_cards_cents: number
  refunds_taxable_cents: number
  refund_gst_cents: number
  refunds_export_cents: number
}

/** The GST summary per currency: sales placed in the period, and refunds made in it. */
export async function gstSummary(db: D1Database, period: { from: string; to: string }): Promise<GstSummary[]> {
  const b = periodBounds(period)
  const { results } = await db
    .prepare(
      `WITH ${SPANS}, ${REFUNDS}, placed AS (
         SELECT o.currency, COALESCE(o.total_cents, 0) AS total, COALESCE(o.tax_total_cents, 0) AS gst, ${GIFT_CARDS} AS gift_cards, ${EXPORT} AS export
         FROM orders o WHERE ${PLACED}
       )
       SELECT currency, SUM(orders) AS orders, SUM(total) AS total_sales_cents, SUM(taxable) AS taxable_sales_cents, SUM(gst) AS gst_cents, SUM(exports) AS export_sales_cents,
         SUM(gift_cards) AS gift_cards_cents, SUM(refunds_taxable) AS refunds_taxable_cents, SUM(refund_gst) AS refund_gst_cents, SUM(refunds_export) AS refunds_export_cents
       FROM (
         SELECT currency, 1 AS orders, total, CASE WHEN export THEN 0 ELSE total - gift_cards END AS taxable, gst, CASE WHEN export THEN total - gift_cards ELSE 0 END AS exports,
           gift_cards, 0 AS refunds_taxable, 0 AS refund_gst, 0 AS refunds_export FROM placed
         UNION ALL
         SELECT currency, 0, 0, 0, 0, 0, 0, CASE WHEN export THEN 0 ELSE amount_cents END, gst_cents, CASE WHEN export THEN amount_cents ELSE 0 END FROM refund_rows
       ) GROUP BY currency ORDER BY currency`,
    )
    .bind(b.spans, b.start, b.end)
    .all<GstSummary>()
  return results
}
