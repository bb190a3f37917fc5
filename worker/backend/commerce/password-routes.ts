import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { nowSeconds, randomToken, sha256Hex } from '../../lib/crypto.ts'
import { storeUrl } from '../services/store-url.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import { hashPassword } from '../services/passwords.ts'
import { rateLimit } from '../services/rate-limit.ts'
import { clearLoginFailures } from '../services/login-throttle.ts'
import { refuseGuessablePassword } from '../services/common-passwords.ts'
import { readParams } from './http.ts'
import { endOtherSessions } from '../oauth/tokens.ts'
import { EmailSchema, MESSAGES, PasswordSchema } from './schemas.ts'
import { requestLocale } from './respond.ts'
import { passwordStatement } from './account-write.ts'

/**
 * Extension (Spree's auth devise): `POST /passwords` sends a reset link, `PATCH /passwords/{token}` sets a new password.
 * The token is single-use, lives 30 minutes and is stored only as its SHA-256 digest.
 */
export const passwordRoutes = new Hono<{ Bindings: Env }>()

export const RESET_TOKEN_TTL = 30 * 60

const ForgotSchema = z.object({ user: z.object({ email: EmailSchema }) })
const ResetSchema = z.object({
  user: z
    .object({ password: PasswordSchema, password_confirmation: z.string({ message: MESSAGES.required }) }).check(z.refine((u) => u.password === u.password_confirmation, { path: ['password_confirmation'], message: MESSAGES.confirmation })),
})

passwordRoutes.post('/passwords', async (c) => {
  const { user } = await readParams(c, ForgotSchema)
  await rateLimit(c, 'forgotPassword')
  const found = await c.env.DB.prepare('SELECT id, first_name, selected_locale FROM users WHERE email = ?').bind(user.email).first<{ id: number; first_name: string; selected_locale: string | null }>()
  // The storefront shows its own sentence for a 404 here (spec §8), as Spree's auth extension answers.
  if (!found) throw new BackendError(404, 'No user is registered with this email address.', { email: ['not found'] }, undefined, 'email_unknown')
  const token = randomToken()
  const link = `${await storeUrl(c.env, new URL(c.req.url).origin)}/reset-password?token=${token}`
  // the language of the page that asked, else the one the customer chose
  const locale = c.req.query('locale') ? requestLocale(c) : found.selected_locale === 'de' ? 'de' : 'en'
  const results = await c.env.DB.batch([
    c.env.DB.prepare('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)').bind(await sha256Hex(token), found.id, nowSeconds() + RESET_TOKEN_TTL),
    await mailStatement(c.env, { kind: 'password_reset', to: user.email, locale, payload: { name: found.first_name, link, validMinutes: RESET_TOKEN_TTL / 60 } }),
  ])
  await dispatchWritten(c.env, results)
  return c.json({})
})

passwordRoutes.patch('/passwords/:token', async (c) => {
  const token = c.req.param('token')
  const { user } = await readParams(c, ResetSchema)
  await rateLimit(c, 'resetPassword')
  const hash = await sha256Hex(token)
  const now = nowSeconds()
  const invalid = () => new BackendError(422, 'This password reset link is invalid or has expired. Please ask for a new one.', { reset_password_token: ['is invalid or expired'] }, undefined, 'reset_link_invalid')
  // A link that cannot work is refused before the PBKDF2 below: a guessed token costs a lookup, not a hash.
  const usable = await c.env.DB.prepare('SELECT u.email FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = ? AND r.used_at IS NULL AND r.expires_at > ?')
    .bind(hash, now)
    .first<{ email: string }>()
  if (!usable) throw invalid()
  await refuseGuessablePassword(c.env.DB, user.password, usable.email, requestLocale(c))
  const newHash = await hashPassword(c.env, user.password)
  // Claim the token (guarded, so a parallel second use changes nothing), then use what was claimed.
  const claimed = await c.env.DB.prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id')
    .bind(now, hash, now)
    .first<{ user_id: number }>()
  if (!claimed) throw invalid()
  await c.env.DB.batch([
    // the owner proved themselves: the back-off someone else's guesses caused on this account ends here
    clearLoginFailures(c.env.DB, claimed.user_id),
    passwordStatement(c.env.DB, claimed.user_id, newHash),
    // a reset ends every session: whoever knew the old password is logged out
    ...endOtherSessions(c.env.DB, claimed.user_id, null),
  ])
  return c.json({})
})
