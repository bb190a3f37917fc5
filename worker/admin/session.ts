import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Context } from 'hono'
import { nowSeconds, randomToken, sha256Hex } from '#worker/lib/crypto.ts'
import type { Operator } from './context.ts'

/**
 * The console's own session, separate from the shopper's bearer cookie: a random token in an HttpOnly, Secure,
 * SameSite=Strict cookie scoped to /admin (so no shopper page ever sends it), stored only as its SHA-256. It lasts
 * ADMIN_SESSION_SECONDS from login and is not extended: an operator logs in again at the start of each shift.
 */
export const ADMIN_COOKIE = 'admin_session'
export const ADMIN_SESSION_SECONDS = 8 * 60 * 60

export async function startSession(c: Context, userId: number): Promise<void> {
  const token = randomToken()
  const db = c.env.DB as D1Database
  await db.batch([
    db.prepare('DELETE FROM admin_sessions WHERE expires_at < ?').bind(nowSeconds()),
    db.prepare('INSERT INTO admin_sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)').bind(await sha256Hex(token), userId, nowSeconds() + ADMIN_SESSION_SECONDS),
  ])
  setCookie(c, ADMIN_COOKIE, token, { path: '/admin', httpOnly: true, secure: true, sameSite: 'Strict', maxAge: ADMIN_SESSION_SECONDS })
}

/** The operator of this request's console cookie, or null (no cookie, expired, no longer an admin, blocked). */
export async function currentOperator(c: Context): Promise<Operator | null> {
  const token = getCookie(c, ADMIN_COOKIE)
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const hash = await sha256Hex(token)
  const row = await (c.env.DB as D1Database)
    .prepare(
      `SELECT u.id, u.email, u.first_name FROM admin_sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.expires_at > ? AND u.role = 'admin' AND u.blocked_at IS NULL`,
    )
    .bind(hash, nowSeconds())
    .first<{ id: number; email: string; first_name: string }>()
  return row ? { id: row.id, email: row.email, firstName: row.first_name, sessionHash: hash } : null
}

export async function endSession(c: Context, operator: Operator): Promise<void> {
  await (c.env.DB as D1Database).prepare('DELETE FROM admin_sessions WHERE token_hash = ?').bind(operator.sessionHash).run()
  deleteCookie(c, ADMIN_COOKIE, { path: '/admin', secure: true })
}
