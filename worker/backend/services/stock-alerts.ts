import type { Env } from '#worker/env.ts'
import { LOCALE_PREFIX } from '#kernel/config.ts'
import type { Locale } from '#kernel/models.ts'
import type { Mail } from '#worker/mail/types.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import { loadVariants } from '../commerce/variants.ts'
import { signForPurpose } from './passwords.ts'
import { storeUrl } from './store-url.ts'

export const STOCK_ALERT_UNSUBSCRIBE = 'stock-alert-unsubscribe'

/** The one-click unsubscribe link of an address's alert emails: the address and its signature (no stored token). */
export async function stockAlertUnsubscribeLink(env: Env, store: string, email: string, locale: Locale): Promise<string> {
  const query = new URLSearchParams({ email, token: await signForPurpose(env, STOCK_ALERT_UNSUBSCRIBE, email) })
  return `${store}${LOCALE_PREFIX[locale]}/stock-alerts/unsubscribe?${query}`
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
      const query = new URLSearchParams(variant.options.map((o) => [o.type, String(o.valueId)]))
      mails.push({
        kind: 'stock_alert',
        to: row.email,
        locale,
        ref: `stock-alert:${row.id}`,
        eventKey: `stock-alert:${row.id}`,
        payload: {
          productName: variant.name,
          options: variant.options.map((o) => o.value),
          productUrl: `${store}${LOCALE_PREFIX[locale]}/products/${variant.slug}${query.size > 0 ? `?${query}` : ''}`,
          unsubscribeUrl: await stockAlertUnsubscribeLink(env, store, row.email, locale),
        },
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
