import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { LOCALE_PREFIX } from '#kernel/config.ts'
import type { ErrorCode } from '#kernel/error-codes.ts'
import type { Locale } from '#kernel/models.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import { BackendError } from '../shared/errors.ts'
import { randomToken, sha256Hex } from '../../lib/crypto.ts'
import { signedForPurpose } from '../services/passwords.ts'
import { storeUrl } from '../services/store-url.ts'
import { rateLimit } from '../services/rate-limit.ts'
import { sendDueAlerts, STOCK_ALERT_UNSUBSCRIBE, stockAlertUnsubscribeLink } from '../services/stock-alerts.ts'
import { currentUserId, requireUser } from './auth.ts'
import { requestParams } from './http.ts'
import { requestLocale } from './respond.ts'
import { EmailSchema } from './schemas.ts'
import { loadVariants } from './variants.ts'

/**
 * Back-in-stock alerts (issue 44 point 4, decision 0073, migration 0430). A guest asks with an address and confirms it
 * through the emailed link (double opt-in); a signed-in member asks for their account's address and is confirmed at
 * once. Only a sold-out size of a product on sale can be asked for. When it comes back, each confirmed request gets one
 * email (services/stock-alerts.ts). A guest's answer is the same whether the address asked before or not.
 */
export const stockAlertRoutes = new Hono<{ Bindings: Env }>()

/** At most one confirmation mail per open request in this many minutes (asking again does not flood an inbox). */
export const ALERT_CONFIRM_GAP_MINUTES = 10

/**
 * The refusals in the backend's words (English) with their codes; the storefront says them in the shopper's language
 * from its dictionaries (web/i18n/api-errors.ts), so the German sentences live in one place.
 */
const REFUSALS: Record<string, { code: ErrorCode; en: string; field: string }> = {
  email: { code: 'stock_alert_email_invalid', field: 'email', en: 'Please enter a valid email address, so we can tell you when this size is back.' },
  variant: { code: 'stock_alert_variant_unknown', field: 'variant_id', en: 'This size is not sold in our shop. Please choose a size on the product page.' },
  inStock: { code: 'stock_alert_in_stock', field: 'variant_id', en: 'This size is in stock: you can order it now.' },
  link: { code: 'stock_alert_link_invalid', field: 'token', en: 'This alert link is not valid or was already used. Please ask again on the product page.' },
}

function refuse(which: keyof typeof REFUSALS): BackendError {
  const r = REFUSALS[which]!
  return new BackendError(422, r.en, { [r.field]: ['is not valid'] }, undefined, r.code)
}

const AskSchema = z.object({ variant_id: z.optional(z.union([z.string(), z.number()])), email: z.optional(z.string().check(z.maxLength(1000))) })
const TokenSchema = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/)) })

stockAlertRoutes.post('/stock_alerts', async (c) => {
  const locale = requestLocale(c)
  const body = AskSchema.safeParse(await requestParams(c))
  if (!body.success) throw refuse('variant')
  const variantId = Number(body.data.variant_id)
  const typed = (body.data.email ?? '').trim()
  const email = typed === '' ? null : EmailSchema.safeParse(typed)
  if (email && !email.success) throw refuse('email')
  const db = c.env.DB
  const userId = await currentUserId(c)
  const account = userId === null ? null : await db.prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<{ email: string }>()
  // a member asking without an address (or with their own) asks for their account's, confirmed by their login
  const member = account !== null && (email === null || email.data === account.email)
  if (!member && !email) throw refuse('email')
  if (!Number.isSafeInteger(variantId) || variantId < 1) throw refuse('variant')
  const variant = (await loadVariants(db, [variantId], 'AUD', locale)).get(variantId)
  if (!variant || !variant.available || variant.isGiftCard) throw refuse('variant')
  // a product with sizes is asked for by size; its master stands for the product only when it has none
  const sized = await db.prepare('SELECT 1 FROM variants WHERE product_id = ? AND is_master = 0 AND deleted_at IS NULL LIMIT 1').bind(variant.productId).first()
  const isMaster = await db.prepare('SELECT is_master FROM variants WHERE id = ?').bind(variantId).first<number>('is_master')
  if (sized && isMaster === 1) throw refuse('variant')
  if (variant.stockOnHand > 0 || variant.backorderable) throw refuse('inStock')
  if (member) {
    await db
      .prepare(
        `INSERT INTO stock_alerts (variant_id, email, user_id, locale, confirmed_at) VALUES (?1, ?2, ?3, ?4, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
         ON CONFLICT (variant_id, email) WHERE sent_at IS NULL AND unsubscribed_at IS NULL
         DO UPDATE SET user_id = ?3, locale = ?4, token_hash = NULL, confirmed_at = COALESCE(confirmed_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
      )
      .bind(variantId, account!.email, userId, locale)
      .run()
    return c.json({ data: { confirmed: true } })
  }
  // a form that mails a link to any address: limited per client as the newsletter's is
  await rateLimit(c, 'newsletter')
  const address = email!.data
  const open = await db
    .prepare('SELECT confirmed_at, confirm_sent_at FROM stock_alerts WHERE variant_id = ? AND email = ? AND sent_at IS NULL AND unsubscribed_at IS NULL')
    .bind(variantId, address)
    .first<{ confirmed_at: string | null; confirm_sent_at: string | null }>()
  const answer = () => c.json({ data: { confirmed: false, pending: true } })
  if (open?.confirmed_at) return answer()
  if (open?.confirm_sent_at && Date.now() - new Date(open.confirm_sent_at).getTime() < ALERT_CONFIRM_GAP_MINUTES * 60_000) return answer()
  const token = randomToken()
  const store = await storeUrl(c.env, new URL(c.req.url).origin)
  const link = `${store}${LOCALE_PREFIX[locale]}/stock-alerts/confirm?token=${token}`
  const unsubscribe = await stockAlertUnsubscribeLink(c.env, store, address, locale)
  const results = await db.batch([
    db
      .prepare(
        `INSERT INTO stock_alerts (variant_id, email, locale, token_hash, confirm_sent_at) VALUES (?1, ?2, ?3, ?4, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
         ON CONFLICT (variant_id, email) WHERE sent_at IS NULL AND unsubscribed_at IS NULL
         DO UPDATE SET locale = ?3, token_hash = ?4, confirm_sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(variantId, address, locale, await sha256Hex(token)),
    await mailStatement(c.env, {
      kind: 'stock_alert_confirm',
      to: address,
      locale,
      payload: { link, productName: variant.name, options: variant.options.map((o) => o.value), unsubscribeUrl: unsubscribe },
    }),
  ])
  await dispatchWritten(c.env, results)
  return answer()
})

/** The confirm page's button (never the link's GET: mail scanners open links). A size already back is mailed at once. */
stockAlertRoutes.post('/stock_alerts/confirm', async (c) => {
  const body = TokenSchema.safeParse(await requestParams(c))
  if (!body.success) throw refuse('link')
  const row = await c.env.DB.prepare(
    `UPDATE stock_alerts SET confirmed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), token_hash = NULL,
       due_at = CASE WHEN (SELECT stock_on_hand > 0 OR backorderable = 1 FROM variants WHERE id = stock_alerts.variant_id) THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
     WHERE token_hash = ? AND confirmed_at IS NULL AND sent_at IS NULL AND unsubscribed_at IS NULL RETURNING id, due_at`,
  )
    .bind(await sha256Hex(body.data.token))
    .first<{ id: number; due_at: string | null }>()
  if (!row) throw refuse('link')
  if (row.due_at) await sendDueAlerts(c.env, new URL(c.req.url).origin)
  return c.json({ data: { confirmed: true, back: row.due_at !== null } })
})

/** Ends every waiting request of the address of a signed link (the alert emails' link and List-Unsubscribe). */
stockAlertRoutes.post('/stock_alerts/unsubscribe', async (c) => {
  const body = z.object({ email: z.string().check(z.maxLength(254)), token: z.string().check(z.maxLength(200)) }).safeParse(await requestParams(c))
  const email = body.success ? body.data.email.trim().toLowerCase() : ''
  if (!body.success || !(await signedForPurpose(c.env, STOCK_ALERT_UNSUBSCRIBE, email, body.data.token))) throw refuse('link')
  const db = c.env.DB
  await db.batch([
    db.prepare("UPDATE stock_alerts SET unsubscribed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), token_hash = NULL WHERE email = ? AND sent_at IS NULL AND unsubscribed_at IS NULL").bind(email),
    // and the account's price-drop emails (decision 0080): the account's preferences switch them on again
    db.prepare('UPDATE users SET price_drop_emails = 0 WHERE email = ?').bind(email),
  ])
  return c.json({ data: { email, unsubscribed: true } })
})

/** The account's switch for price-drop emails of wished items (decision 0080); a signed-in member's own. */
stockAlertRoutes.post('/stock_alerts/price_drops', async (c) => {
  const userId = await requireUser(c)
  const on = ((await requestParams(c)) as { on?: unknown } | null)?.on
  const value = on === true || on === 'true' || on === '1' ? 1 : on === false || on === 'false' || on === '0' ? 0 : null
  if (value === null) throw new BackendError(422, 'Please choose whether we email you price drops.', { on: ['is not valid'] }, undefined, 'invalid_details')
  await c.env.DB.prepare('UPDATE users SET price_drop_emails = ? WHERE id = ?').bind(value, userId).run()
  return c.json({ data: { priceDropEmails: value === 1 } })
})
