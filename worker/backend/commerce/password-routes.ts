import { Hono } from 'hono'
import * as z from 'zod'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { nowSeconds, randomToken, sha256Hex } from '../services/crypto.ts'
import { outboxStatement } from '../services/outbox.ts'
import { hashPassword } from '../services/passwords.ts'
import { clearAccountLimit, rateLimit } from '../services/rate-limit.ts'
import { readParams } from './http.ts'
import { endOtherSessions } from '../oauth/tokens.ts'
import { EmailSchema, MESSAGES, PasswordSchema } from './schemas.ts'
import { BRAND } from '#web/brand.ts'

/**
 * Extension (Spree's auth devise): `POST /passwords` sends a reset link, `PATCH /passwords/{token}` sets a new password.
 * The token is single-use, lives 30 minutes and is stored only as its SHA-256 digest.
 */
export const passwordRoutes = new Hono<{ Bindings: Env }>()

export const RESET_TOKEN_TTL = 30 * 60

const ForgotSchema = z.object({ user: z.object({ email: EmailSchema }) })
const ResetSchema = z.object({
  user: z
    .object({ password: PasswordSchema, password_confirmation: z.string({ message: MESSAGES.required }) })
    .refine((u) => u.password === u.password_confirmation, { path: ['password_confirmation'], message: MESSAGES.confirmation }),
})

/**
 * The store's own address for links in emails: the `store.url` setting (Spree keeps it without a scheme, e.g.
 * 'localhost:8787'), else this request's origin. Never a header the client chose: a reset link pointing at
 * someone else's host would hand them the token.
 */
export async function storeUrl(db: D1Database, requestOrigin: string): Promise<string> {
  const row = await db.prepare('SELECT url FROM store WHERE id = 1').first<{ url: string | null }>().catch(() => null)
  const url = row?.url?.trim()
  if (!url) return requestOrigin
  if (/^https?:\/\//.test(url)) return url.replace(/\/+$/, '')
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(url)
  return `${local ? 'http' : 'https'}://${url.replace(/\/+$/, '')}`
}

passwordRoutes.post('/passwords', async (c) => {
  const { user } = await readParams(c, ForgotSchema)
  await rateLimit(c, 'forgotPassword')
  const found = await c.env.DB.prepare('SELECT id, first_name FROM users WHERE email = ?').bind(user.email).first<{ id: number; first_name: string }>()
  // The storefront shows its own sentence for a 404 here (spec §8), as Spree's auth extension answers.
  if (!found) throw new BackendError(404, 'No user is registered with this email address.', { email: ['not found'] })
  const token = randomToken()
  const link = `${await storeUrl(c.env.DB, new URL(c.req.url).origin)}/reset-password?token=${token}`
  await c.env.DB.batch([
    c.env.DB.prepare('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)').bind(await sha256Hex(token), found.id, nowSeconds() + RESET_TOKEN_TTL),
    outboxStatement(c.env.DB, {
      to: user.email,
      kind: 'password_reset',
      subject: `Reset your ${BRAND.name} password`,
      body: `Hi ${found.first_name},\n\nUse this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this email.\n\n${BRAND.name}`,
    }),
  ])
  return c.json({})
})

passwordRoutes.patch('/passwords/:token', async (c) => {
  const token = c.req.param('token')
  const { user } = await readParams(c, ResetSchema)
  await rateLimit(c, 'resetPassword')
  const hash = await sha256Hex(token)
  const now = nowSeconds()
  const invalid = () => new BackendError(422, 'This password reset link is invalid or has expired. Please ask for a new one.', { reset_password_token: ['is invalid or expired'] })
  // A link that cannot work is refused before the PBKDF2 below: a guessed token costs a lookup, not a hash.
  const usable = await c.env.DB.prepare('SELECT 1 FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?').bind(hash, now).first()
  if (!usable) throw invalid()
  const newHash = await hashPassword(c.env, user.password)
  // Claim the token (guarded, so a parallel second use changes nothing), then use what was claimed.
  const claimed = await c.env.DB.prepare('UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id')
    .bind(now, hash, now)
    .first<{ user_id: number }>()
  if (!claimed) throw invalid()
  await c.env.DB.batch([
    // the owner proved themselves: a login lockout someone else caused on this account ends here
    clearAccountLimit(c.env.DB, claimed.user_id),
    c.env.DB.prepare("UPDATE users SET password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(newHash, claimed.user_id),
    // a reset ends every session: whoever knew the old password is logged out
    ...endOtherSessions(c.env.DB, claimed.user_id, null),
  ])
  return c.json({})
})
