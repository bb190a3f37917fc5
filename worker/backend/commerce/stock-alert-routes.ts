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
import { sendDueStockAlerts, STOCK_ALERT_UNSUBSCRIBE, stockAlertUnsubscribeLink } from '../services/stock-alerts.ts'
import { currentUserId } from './auth.ts'
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

const REFUSALS: Record<string, { code: ErrorCode; en: string; de: string; field: string }> = {
  email: {
    code: 'stock_alert_email_invalid',
    field: 'email',
    en: 'Please enter a valid email address, so we can tell you when this size is back.',
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein, damit wir Ihnen schreiben können, wenn diese Größe wieder da ist.',
  },
  variant: {
    code: 'stock_alert_variant_unknown',
    field: 'variant_id',
    en: 'This size is not sold in our shop. Please choose a size on the product page.',
    de: 'Diese Größe gibt es in unserem Shop nicht. Bitte wählen Sie eine Größe auf der Produktseite.',
  },
  inStock: { code: 'stock_alert_in_stock', field: 'variant_id', en: 'This size is in stock: you can order it now.', de: 'Diese Größe ist vorrätig: Sie können sie jetzt bestellen.' },
  link: {
    code: 'stock_alert_link_invalid',
    field: 'token',
    en: 'This alert link is not valid or was already used. Please ask again on the product page.',
    de: 'Dieser Link ist ungültig oder wurde schon benutzt. Bitte fragen Sie auf der Produktseite erneut an.',
  },
}

function refuse(locale: Locale, which: keyof typeof REFUSALS): BackendError {
  const r = REFUSALS[which]!
  return new BackendError(422, r[locale], { [r.field]: ['is not valid'] }, undefined, r.code)
}

const AskSchema = z.object({ variant_id: z.optional(z.union([z.string(), z.number()])), email: z.optional(z.string().check(z.maxLength(1000))) })
const TokenSchema = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/)) })

stockAlertRoutes.post('/stock_alerts', async (c) => {
  const locale = requestLocale(c)
  const body = AskSchema.safeParse(await requestParams(c))
  if (!body.success) throw refuse(locale, 'variant')
  const variantId = Number(body.data.variant_id)
  const typed = (body.data.email ?? '').trim()
  const email = typed === '' ? null : EmailSchema.safeParse(typed)
  if (email && !email.success) throw refuse(locale, 'email')
  const db = c.env.DB
  const userId = await currentUserId(c)
  const account = userId === null ? null : await db.prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<{ email: string }>()
  // a member asking without an address (or with their own) asks for their account's, confirmed by their login
  const member = account !== null && (email === null || email.data === account.email)
  if (!member && !email) throw refuse(locale, 'email')
  if (!Number.isSafeInteger(variantId) || variantId < 1) throw refuse(locale, 'variant')
  const variant = (await loadVariants(db, [variantId], 'AUD', locale)).get(variantId)
  if (!variant || !variant.available || variant.isGiftCard) throw refuse(locale, 'variant')
  // a product with sizes is asked for by size; its master stands for the product only when it has none
  const sized = await db.prepare('SELECT 1 FROM variants WHERE product_id = ? AND is_master = 0 AND deleted_at IS NULL LIMIT 1').bind(variant.productId).first()
  const isMaster = await db.prepare('SELECT is_master FROM variants WHERE id = ?').bind(variantId).first<number>('is_master')
  if (sized && isMaster === 1) throw refuse(locale, 'variant')
  if (variant.stockOnHand > 0 || variant.backorderable) throw refuse(locale, 'inStock')
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
  const locale = requestLocale(c)
  const body = TokenSchema.safeParse(await requestParams(c))
  if (!body.success) throw refuse(locale, 'link')
  const row = await c.env.DB.prepare(
    `UPDATE stock_alerts SET confirmed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), token_hash = NULL,
       due_at = CASE WHEN (SELECT stock_on_hand > 0 OR backorderable = 1 FROM variants WHERE id = stock_alerts.variant_id) THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
     WHERE token_hash = ? AND confirmed_at IS NULL AND sent_at IS NULL AND unsubscribed_at IS NULL RETURNING id, due_at`,
  )
    .bind(await sha256Hex(body.data.token))
    .first<{ id: number; due_at: string | null }>()
  if (!row) throw refuse(locale, 'link')
  if (row.due_at) await sendDueStockAlerts(c.env, new URL(c.req.url).origin)
  return c.json({ data: { confirmed: true, back: row.due_at !== null } })
})

/** Ends every waiting request of the address of a signed link (the alert emails' link and List-Unsubscribe). */
stockAlertRoutes.post('/stock_alerts/unsubscribe', async (c) => {
  const locale = requestLocale(c)
  const body = z.object({ email: z.string().check(z.maxLength(254)), token: z.string().check(z.maxLength(200)) }).safeParse(await requestParams(c))
  const email = body.success ? body.data.email.trim().toLowerCase() : ''
  if (!body.success || !(await signedForPurpose(c.env, STOCK_ALERT_UNSUBSCRIBE, email, body.data.token))) throw refuse(locale, 'link')
  await c.env.DB.prepare("UPDATE stock_alerts SET unsubscribed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), token_hash = NULL WHERE email = ? AND sent_at IS NULL AND unsubscribed_at IS NULL")
    .bind(email)
    .run()
  return c.json({ data: { email, unsubscribed: true } })
})
