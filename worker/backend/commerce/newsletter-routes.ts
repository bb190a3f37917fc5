import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { LOCALE_PREFIX } from '#kernel/config.ts'
import { newsletterConfirmMail } from '#worker/mail/mails.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import { BackendError } from '../shared/errors.ts'
import { randomToken, sha256Hex } from '../../lib/crypto.ts'
import { signForPurpose, signedForPurpose } from '../services/passwords.ts'
import { currentUserId } from './auth.ts'
import type { Locale } from '#kernel/models.ts'
import { storeUrl } from '../services/store-url.ts'
import { readParams } from './http.ts'
import { rateLimit } from '../services/rate-limit.ts'
import { requestLocale } from './respond.ts'
import { EmailSchema } from './schemas.ts'

/**
 * The newsletter with double opt-in (extension; docs/console.md 'Newsletter'). Subscribing sends a confirmation
 * link through the mail queue; only a confirmed address is subscribed. The answer is the same whether the address is
 * new, waiting or already subscribed, so the form tells nobody who reads the newsletter.
 */
export const newsletterRoutes = new Hono<{ Bindings: Env }>()

/** At most one confirmation mail per address in this many minutes, and so many a day (a form cannot mail-bomb anyone). */
export const CONFIRM_MAIL_GAP_MINUTES = 10
export const CONFIRM_MAILS_PER_DAY = 3

interface SubscriberRow {
  subscribed: number
  confirm_sent_at: string | null
  confirm_sends: number
}

newsletterRoutes.post('/newsletter/subscribe', async (c) => {
  const { email } = await readParams(c, z.object({ email: EmailSchema }))
  // per address too: the per-mailbox gap stops flooding one inbox, not a script signing up a list of strangers
  await rateLimit(c, 'newsletter')
  const db = c.env.DB
  const locale = requestLocale(c)
  const row = await db.prepare('SELECT subscribed, confirm_sent_at, confirm_sends FROM newsletter_subscribers WHERE email = ?').bind(email).first<SubscriberRow>()
  const answer = () => c.json({ data: { email, subscribed: false, pending: true } })
  if (row?.subscribed) return answer()
  const now = Date.now()
  const last = row?.confirm_sent_at ? new Date(row.confirm_sent_at).getTime() : 0
  const sameDay = now - last < 24 * 60 * 60_000
  if (now - last < CONFIRM_MAIL_GAP_MINUTES * 60_000 || (sameDay && (row?.confirm_sends ?? 0) >= CONFIRM_MAILS_PER_DAY)) return answer()
  const token = randomToken()
  const link = `${await storeUrl(c.env, new URL(c.req.url).origin)}${LOCALE_PREFIX[locale]}/newsletter/confirm?token=${token}`
  const results = await db.batch([
    db
      .prepare(
        `INSERT INTO newsletter_subscribers (email, subscribed, token_hash, locale, confirm_sent_at, confirm_sends) VALUES (?1, 0, ?2, ?3, ?4, 1)
         ON CONFLICT (email) DO UPDATE SET token_hash = ?2, locale = ?3, confirm_sent_at = ?4, confirm_sends = ?5, updated_at = ?4 WHERE subscribed = 0`,
      )
      .bind(email, await sha256Hex(token), locale, new Date(now).toISOString(), sameDay ? (row?.confirm_sends ?? 0) + 1 : 1),
    await mailStatement(c.env, newsletterConfirmMail(email, locale, link)),
  ])
  await dispatchWritten(c.env, results)
  return answer()
})

/** The confirm button's POST (never the link's GET: mail scanners open links, they do not press buttons). */
newsletterRoutes.post('/newsletter/confirm', async (c) => {
  const { token } = await readParams(c, z.object({ token: z.string({ message: 'is missing' }).check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not valid')) }))
  const row = await c.env.DB.prepare(
    "UPDATE newsletter_subscribers SET subscribed = 1, confirmed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), token_hash = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE token_hash = ? RETURNING email",
  )
    .bind(await sha256Hex(token))
    .first<{ email: string }>()
  if (!row) {
    const de = requestLocale(c) === 'de'
    throw new BackendError(422, de ? 'Dieser Bestätigungslink ist ungültig oder wurde schon benutzt.' : 'This confirmation link is not valid or was already used.', { token: ['is not valid'] }, undefined, 'newsletter_link_invalid')
  }
  return c.json({ data: { email: row.email, subscribed: true } })
})

const UNSUBSCRIBE = 'newsletter-unsubscribe'

/** The unsubscribe link of an address's newsletters: the address and its signature (docs/security.md 'Newsletter'). */
export async function newsletterUnsubscribeLink(env: Env, origin: string, email: string, locale: Locale): Promise<string> {
  const query = new URLSearchParams({ email, token: await signForPurpose(env, UNSUBSCRIBE, email) })
  return `${origin}${LOCALE_PREFIX[locale]}/newsletter/unsubscribe?${query}`
}

/**
 * Ends a subscription: a signed-in customer's own (the account page; the body's email is not needed), or the address of
 * a newsletter's signed unsubscribe link. An address alone is refused (before, anyone could unsubscribe anyone).
 */
newsletterRoutes.post('/newsletter/unsubscribe', async (c) => {
  const body = await readParams(c, z.object({ email: z.optional(EmailSchema), token: z.optional(z.string({ message: 'is not valid' }).check(z.maxLength(200, 'is not valid'))) }))
  const userId = await currentUserId(c)
  let email: string
  if (userId !== null) {
    const user = await c.env.DB.prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<{ email: string }>()
    if (!user) throw new BackendError(401, 'You need to log in for this.', undefined, undefined, 'login_required')
    email = user.email
  } else {
    if (!body.email || !body.token || !(await signedForPurpose(c.env, UNSUBSCRIBE, body.email, body.token))) {
      const de = requestLocale(c) === 'de'
      throw new BackendError(
        422,
        de
          ? 'Dieser Abmeldelink ist ungültig. Bitte nutzen Sie den Link aus Ihrem letzten Newsletter oder melden Sie sich an und bestellen Sie ihn in Ihrem Konto ab.'
          : 'This unsubscribe link is not valid. Please use the link in your latest newsletter, or log in and unsubscribe from your account.',
        { token: ['is not valid'] },
      undefined, 'newsletter_link_invalid')
    }
    email = body.email
  }
  await c.env.DB.prepare("UPDATE newsletter_subscribers SET subscribed = 0, token_hash = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE email = ?").bind(email).run()
  return c.json({ data: { email, subscribed: false } })
})
