import { addDays, storeDayOf, storeDayStart } from '#kernel/store-clock.ts'
import { PICKUP_SQL } from './order-detail.ts'
import { FAILED_MAIL_WHERE } from './failed-mail.ts'

/** What the dashboard shows: sales today and this week per currency, and what needs an operator's attention. */

/** A variant with this many or fewer left shows on the dashboard as low stock. */
export const LOW_STOCK_THRESHOLD = 3
/** Mail still unsent after this long counts as undelivered. */
export const UNDELIVERED_AFTER_MINUTES = 15

/** The UTC instant of midnight in the store's time zone, `daysAgo` store days back (each day's own offset, so daylight saving is right). */
export function storeMidnight(now: Date, daysAgo = 0): Date {
  return storeDayStart(addDays(storeDayOf(now), -daysAgo))
}

/** The UTC instant this store week began (Monday, local midnight). */
export function startOfWeek(now: Date): Date {
  const today = storeDayOf(now)
  const daysSinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7
  return storeMidnight(now, daysSinceMonday)
}

export interface SalesFigure {
  currency: string
  orders: number
  revenue_cents: number
  /** What has been refunded so far on these orders (payments, line refunds and returns alike). */
  refunded_cents: number
}

export interface Dashboard {
  today: SalesFigure[]
  week: SalesFigure[]
  /** Orders to post (not Click & Collect), not yet shipped. */
  awaitingFulfilment: number
  /** Click & Collect orders the customer has not picked up yet. */
  awaitingCollection: number
  lowStock: Array<{ id: number; sku: string; name: string; stock_on_hand: number; product_id: number }>
  lowStockCount: number
  failedPayments: number
  undeliveredMail: number
  /** Returns asked for and not yet refunded or declined (the returns list's 'open' filter). */
  returnsWaiting: number
  /** Mail that failed for good: dead letters (outbox.dead_at), not sent since. */
  failedMail: number
}

/** The rows each tile counts, the same WHERE its list uses (a test checks count = rows). */
export const RETURNS_WAITING_WHERE = "s.stage IN ('requested', 'approved', 'received')"

// option variants carry the stock; a master counts only for a product without them
const lowStockWhere = `v.deleted_at IS NULL AND v.backorderable = 0 AND v.stock_on_hand <= ${LOW_STOCK_THRESHOLD} AND p.deleted_at IS NULL AND p.kind = 'standard'
    AND (v.is_master = 0 OR NOT EXISTS (SELECT 1 FROM variants o WHERE o.product_id = v.product_id AND o.is_master = 0 AND o.deleted_at IS NULL))`

export const LOW_STOCK_PAGE_SIZE = 50

/** Every variant the dashboard counts as low on stock (its tile links here), fewest left first, a page at a time. */
export async function lowStockPage(db: D1Database, page: number) {
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT v.id, v.sku, p.name, v.stock_on_hand, p.id AS product_id,
           (SELECT group_concat(ov.presentation, ' / ') FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id WHERE vov.variant_id = v.id) AS options
         FROM variants v JOIN products p ON p.id = v.product_id WHERE ${lowStockWhere} ORDER BY v.stock_on_hand, p.name, v.id LIMIT ? OFFSET ?`,
      )
      .bind(LOW_STOCK_PAGE_SIZE, (page - 1) * LOW_STOCK_PAGE_SIZE),
    db.prepare(`SELECT COUNT(*) AS n FROM variants v JOIN products p ON p.id = v.product_id WHERE ${lowStockWhere}`),
  ])
  return { variants: rows!.results as Array<Dashboard['lowStock'][number] & { options: string | null }>, total: (count!.results[0] as { n: number }).n }
}

export async function loadDashboard(db: D1Database, now = new Date()): Promise<Dashboard> {
  const sales = (since: Date) =>
    db
      .prepare(
        `SELECT currency, COUNT(*) AS orders, COALESCE(SUM(total_cents), 0) AS revenue_cents,
           COALESCE(SUM((SELECT SUM(p.refunded_cents) FROM payments p WHERE p.order_id = o.id AND p.state = 'completed')), 0) AS refunded_cents
         FROM orders o WHERE state = 'complete' AND canceled_at IS NULL AND completed_at >= ? GROUP BY currency ORDER BY currency`,
      )
      .bind(since.toISOString())
  const [today, week, waiting, low, lowCount, failed, mail, returnsWaiting, failedMail] = await db.batch([
    sales(storeMidnight(now)),
    sales(startOfWeek(now)),
    // one row: orders to post and Click & Collect orders to hand over, counted apart (a collection is not shipped)
    db.prepare(
      `SELECT COALESCE(SUM(m.pickup IS NOT 1), 0) AS ship, COALESCE(SUM(${PICKUP_SQL}), 0) AS collect
       FROM orders o JOIN shipments s ON s.order_id = o.id LEFT JOIN shipping_methods m ON m.id = s.shipping_method_id
       WHERE o.state = 'complete' AND o.canceled_at IS NULL AND s.state != 'shipped'`,
    ),
    db.prepare(`SELECT v.id, v.sku, p.name, v.stock_on_hand, p.id AS product_id FROM variants v JOIN products p ON p.id = v.product_id WHERE ${lowStockWhere} ORDER BY v.stock_on_hand, v.id LIMIT 10`),
    db.prepare(`SELECT COUNT(*) AS n FROM variants v JOIN products p ON p.id = v.product_id WHERE ${lowStockWhere}`),
    db.prepare('SELECT COUNT(*) AS n FROM payment_failures WHERE created_at >= ?').bind(storeMidnight(now, 7).toISOString()),
    db.prepare('SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL AND created_at < ?').bind(new Date(now.getTime() - UNDELIVERED_AFTER_MINUTES * 60_000).toISOString()),
    db.prepare(`SELECT COUNT(*) AS n FROM return_requests r JOIN return_stages s ON s.return_id = r.id WHERE ${RETURNS_WAITING_WHERE}`),
    db.prepare(`SELECT COUNT(*) AS n FROM outbox o WHERE ${FAILED_MAIL_WHERE}`),
  ])
  const n = (r: D1Result | undefined) => (r!.results[0] as { n: number }).n
  return {
    today: today!.results as unknown as SalesFigure[],
    week: week!.results as unknown as SalesFigure[],
    awaitingFulfilment: (waiting!.results[0] as { ship: number }).ship,
    awaitingCollection: (waiting!.results[0] as { collect: number }).collect,
    lowStock: low!.results as Dashboard['lowStock'],
    lowStockCount: n(lowCount),
    failedPayments: n(failed),
    undeliveredMail: n(mail),
    returnsWaiting: n(returnsWaiting),
    failedMail: n(failedMail),
  }
}
