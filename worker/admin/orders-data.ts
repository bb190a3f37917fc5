import * as z from 'zod/mini'
import type { OrderListItem } from '#worker/admin/pages/orders-page.tsx'
import { isCalendarDay } from './forms.ts'
import { addDays, storeDayStart } from '#kernel/store-clock.ts'
import { PICKUP_SQL } from './order-detail.ts'

/** Reading placed orders for the console: the filtered, server-paged list (its CSV: orders-csv.ts). */

export const ORDERS_PAGE_SIZE = 25

const date = z.pipe(z.optional(z
  .string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Pick a date.'), z.refine((v) => !v || isCalendarDay(v), 'Pick a date.'))), z.transform((v) => v || undefined))

export const OrderFilterSchema = z.object({
  q: z.pipe(z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search for at most 100 characters.'))), z.transform((v) => v || undefined)),
  shipment: z.pipe(z.optional(z.enum(['', 'pending', 'collect', 'shipped', 'canceled'], { message: 'Choose a shipping state from the list.' })), z.transform((v) => v || undefined)),
  payment: z.pipe(z.optional(z.enum(['', 'paid', 'refunded'], { message: 'Choose a payment state from the list.' })), z.transform((v) => v || undefined)),
  currency: z.pipe(z.optional(z.enum(['', 'AUD', 'USD'], { message: 'Choose AUD or USD.' })), z.transform((v) => v || undefined)),
  from: date,
  to: date,
})
export type OrderFilter = z.output<typeof OrderFilterSchema>

/** A row of the orders list: what the page shows, and the id the actions use. */
export interface OrderListRow extends OrderListItem {
  id: number
}

/** The WHERE of a filter; dates are whole days on the store's clock, Australia/Melbourne, as the list shows times ('to' included). */
export function orderWhere(filter: OrderFilter): { sql: string; binds: unknown[] } {
  const parts = ["o.state = 'complete'"]
  const binds: unknown[] = []
  if (filter.q) {
    const like = `%${filter.q.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`
    parts.push("(o.number = upper(?) OR o.email LIKE ? ESCAPE '\\' OR (a.firstname || ' ' || a.lastname) LIKE ? ESCAPE '\\')")
    binds.push(filter.q, like.toLowerCase(), like)
  }
  // 'To ship' is what is posted; a Click & Collect order waiting for its customer is 'To collect'
  const collects = `EXISTS (SELECT 1 FROM shipping_methods m WHERE m.id = s.shipping_method_id AND ${PICKUP_SQL})`
  if (filter.shipment === 'pending') parts.push(`o.canceled_at IS NULL AND COALESCE(s.state, 'pending') != 'shipped' AND NOT ${collects}`)
  if (filter.shipment === 'collect') parts.push(`o.canceled_at IS NULL AND COALESCE(s.state, 'pending') != 'shipped' AND ${collects}`)
  if (filter.shipment === 'shipped') parts.push("s.state = 'shipped'")
  if (filter.shipment === 'canceled') parts.push('o.canceled_at IS NOT NULL')
  if (filter.payment === 'refunded') parts.push('EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id)')
  if (filter.payment === 'paid') parts.push('NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id) AND o.canceled_at IS NULL')
  if (filter.currency) parts.push('o.currency = ?') && binds.push(filter.currency)
  if (filter.from) parts.push('o.completed_at >= ?') && binds.push(storeDayStart(filter.from).toISOString())
  if (filter.to) parts.push('o.completed_at < ?') && binds.push(storeDayStart(addDays(filter.to, 1)).toISOString())
  return { sql: parts.join(' AND '), binds }
}

const LIST_SELECT = `SELECT o.id, o.number, o.email, a.firstname || ' ' || a.lastname AS name, o.currency, o.total_cents, o.completed_at, o.canceled_at,
  s.state AS shipment_state, s.tracking_id, (SELECT m.pickup FROM shipping_methods m WHERE m.id = s.shipping_method_id) AS pickup, (SELECT COALESCE(SUM(p.refunded_cents), 0) FROM payments p WHERE p.order_id = o.id) AS refunded_cents
  FROM orders o LEFT JOIN shipments s ON s.order_id = o.id LEFT JOIN addresses a ON a.id = o.bill_address_id`

export async function listOrders(db: D1Database, filter: OrderFilter, page: number) {
  const where = orderWhere(filter)
  const [rows, count] = await db.batch([
    db.prepare(`${LIST_SELECT} WHERE ${where.sql} ORDER BY o.completed_at DESC, o.id DESC LIMIT ? OFFSET ?`).bind(...where.binds, ORDERS_PAGE_SIZE, (page - 1) * ORDERS_PAGE_SIZE),
    db.prepare(`SELECT COUNT(*) AS n FROM orders o LEFT JOIN shipments s ON s.order_id = o.id LEFT JOIN addresses a ON a.id = o.bill_address_id WHERE ${where.sql}`).bind(...where.binds),
  ])
  return { orders: rows!.results as unknown as OrderListRow[], total: (count!.results[0] as { n: number }).n }
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value)
  // a leading = + - @ would be a formula in a spreadsheet
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`
