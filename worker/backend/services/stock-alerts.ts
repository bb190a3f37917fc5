import type { Env } from '#worker/env.ts'
import { LOCALE_PREFIX } from '#kernel/config.ts'
import { formatMoney } from '#kernel/format.ts'
import type { Locale } from '#kernel/models.ts'
import type { Mail } from '#worker/mail/types.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import { loadVariants, type VariantInfo } from '../commerce/variants.ts'
import { signForPurpose } from './passwords.ts'
import { storeUrl } from './store-url.ts'

export const STOCK_ALERT_UNSUBSCRIBE = 'stock-alert-unsubscribe'

/**
 * The one-click unsubscribe link of an address's alert emails (back in stock and price drops): the address and its
 * signature (no stored token). It ends the address's waiting back-in-stock requests and switches its account's
 * price-drop emails off (decision 0080).
 */
export async function stockAlertUnsubscribeLink(env: Env, store: string, email: string, locale: Locale): Promise<string> {
  const query = new URLSearchParams({ email, token: await signForPurpose(env, STOCK_ALERT_UNSUBSCRIBE, email) })
  return `${store}${LOCALE_PREFIX[locale]}/stock-alerts/unsubscribe?${query}`
}

/** The size an alert names, its page (the size chosen) and the address's unsubscribe link. */
async function alertedItem(env: Env, store: string, variant: VariantInfo, email: string, locale: Locale) {
  const query = new URLSearchParams(variant.options.map((o) => [o.type, String(o.valueId)]))
  return {
    productName: variant.name,
    options: variant.options.map((o) => o.value),
    productUrl: `${store}${LOCALE_PREFIX[locale]}/products/${variant.slug}${query.size > 0 ? `?${query}` : ''}`,
    unsubscribeUrl: await stockAlertUnsubscribeLink(env, store, email, locale),
  }
}

/** Both kinds of alert due now: after the console's writes, an import's chunk, a confirmation, and on the cron. */
export async function sendDueAlerts(env: Env, origin: string): Promise<number> {
  return (await sendDueStockAlerts(env, origin)) + (await sendDuePriceDrops(env, origin))
}

/** How many due alerts one call mails; the rest wait for the next call (the next console save or the cron sweep). */
const BATCH = 200

interface DueRow {
  id: number
  variant_id: number
  email: string
  locale: Locale
}

/**
 * Mails every due back-in-stock alert once (decision 0073). The trigger of migration 0430 marks a confirmed request
 * due when its size's stock goes from none to some, whoever wrote the stock; this writes each one's email (outbox
 * event key `stock-alert:<id>`, so two calls at once write it once) and marks it sent in the same batch. Called after
 * the console's writes, after a CSV import's chunk, after a confirmation of a size already back, and by the cron.
 */
export async function sendDueStockAlerts(env: Env, origin: string): Promise<number> {
  const db = env.DB
  const { results } = await db
    .prepare('SELECT id, variant_id, email, locale FROM stock_alerts WHERE due_at IS NOT NULL AND sent_at IS NULL AND unsubscribed_at IS NULL ORDER BY id LIMIT ?')
    .bind(BATCH)
    .all<DueRow>()
  if (results.length === 0) return 0
  const store = await storeUrl(env, origin)
  const mails: Mail[] = []
  for (const locale of ['en', 'de'] as const) {
    const rows = results.filter((r) => r.locale === locale)
    if (rows.length === 0) continue
    const variants = await loadVariants(db, rows.map((r) => r.variant_id), 'AUD', locale)
    for (const row of rows) {
      const variant = variants.get(row.variant_id)
      if (!variant) continue
      mails.push({
        kind: 'stock_alert',
        to: row.email,
        locale,
        ref: `stock-alert:${row.id}`,
        eventKey: `stock-alert:${row.id}`,
        payload: await alertedItem(env, store, variant, row.email, locale),
      })
    }
  }
  const ids = results.map((r) => r.id)
  const batch = await db.batch([
    await mailStatement(env, ...mails),
    db.prepare("UPDATE stock_alerts SET sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id IN (SELECT value FROM json_each(?)) AND sent_at IS NULL").bind(JSON.stringify(ids)),
  ])
  await dispatchWritten(env, batch)
  return mails.length
}

interface DropRow {
  id: number
  variant_id: number
  old_cents: number
  new_cents: number
  club: number
  user_id: number
  email: string
  locale: string | null
}

/**
 * Mails every recorded price drop of a wished size to each owner of a wishlist holding it (decision 0080): one email
 * per drop and owner (outbox event key `price-drop:<drop>:<user>`, so an owner with the size on two lists gets one),
 * in the account's language, with the old and new price in AUD; owners who switched price-drop emails off, blocked
 * accounts and sizes no longer sold get none. Each drop is marked sent in the same batch.
 */
export async function sendDuePriceDrops(env: Env, origin: string): Promise<number> {
  const db = env.DB
  const drops = await db.prepare('SELECT id FROM price_drops WHERE sent_at IS NULL ORDER BY id LIMIT ?').bind(BATCH).all<{ id: number }>()
  if (drops.results.length === 0) return 0
  const ids = JSON.stringify(drops.results.map((d) => d.id))
  const { results } = await db
    .prepare(
      `SELECT DISTINCT d.id, d.variant_id, d.old_cents, d.new_cents, d.club, u.id AS user_id, u.email, u.selected_locale AS locale
       FROM price_drops d JOIN wished_items i ON i.variant_id = d.variant_id JOIN wishlists w ON w.id = i.wishlist_id JOIN users u ON u.id = w.user_id
       WHERE d.id IN (SELECT value FROM json_each(?)) AND u.price_drop_emails = 1 AND u.blocked_at IS NULL ORDER BY d.id, u.id`,
    )
    .bind(ids)
    .all<DropRow>()
  const store = results.length > 0 ? await storeUrl(env, origin) : ''
  const mails: Mail[] = []
  for (const locale of ['en', 'de'] as const) {
    const rows = results.filter((r) => (r.locale === 'de' ? 'de' : 'en') === locale)
    if (rows.length === 0) continue
    const variants = await loadVariants(db, [...new Set(rows.map((r) => r.variant_id))], 'AUD', locale)
    const money = (cents: number) => formatMoney(cents / 100, 'AUD', locale)
    for (const row of rows) {
      const variant = variants.get(row.variant_id)
      if (!variant?.available) continue
      mails.push({
        kind: 'price_drop',
        to: row.email,
        locale,
        ref: `price-drop:${row.id}`,
        eventKey: `price-drop:${row.id}:${row.user_id}`,
        payload: { ...(await alertedItem(env, store, variant, row.email, locale)), oldPrice: money(row.old_cents), newPrice: money(row.new_cents), club: row.club === 1 },
      })
    }
  }
  const batch = await db.batch([
    ...(mails.length > 0 ? [await mailStatement(env, ...mails)] : []),
    db.prepare("UPDATE price_drops SET sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id IN (SELECT value FROM json_each(?)) AND sent_at IS NULL").bind(ids),
  ])
  if (mails.length > 0) await dispatchWritten(env, batch)
  return mails.length
}

/** The console's product page: how many confirmed requests wait per size, and how many still wait for confirmation. */
export async function waitingStockAlerts(db: D1Database, productId: number): Promise<Array<{ variantId: number; confirmed: number; unconfirmed: number }>> {
  const { results } = await db
    .prepare(
      `SELECT a.variant_id AS variantId, SUM(a.confirmed_at IS NOT NULL) AS confirmed, SUM(a.confirmed_at IS NULL) AS unconfirmed
       FROM stock_alerts a JOIN variants v ON v.id = a.variant_id
       WHERE v.product_id = ? AND a.sent_at IS NULL AND a.unsubscribed_at IS NULL GROUP BY a.variant_id`,
    )
    .bind(productId)
    .all<{ variantId: number; confirmed: number; unconfirmed: number }>()
  return results
}
