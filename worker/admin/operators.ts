import type { Context } from 'hono'
import { rateLimit } from '#worker/backend/services/rate-limit.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '#worker/backend/services/passwords.ts'
import { nowSeconds, sha256Hex } from '#worker/lib/crypto.ts'
import { BackendError } from '#worker/backend/shared/errors.ts'
import type { AdminContext } from './context.ts'

interface AdminRow {
  id: number
  email: string
  password_hash: string
}

/**
 * Checks an operator's email and password, counting the attempt against the same login limits as shoppers' logins
 * (per address and per account, docs/security.md). A shopper's correct password does not open the console.
 * Returns the admin's id, null for a wrong pair, or throws the 429 BackendError of the rate limit.
 */
export async function checkAdminLogin(c: Context, email: string, password: string): Promise<number | null> {
  await rateLimit(c, 'login', { account: email })
  const row = await (c.env.DB as D1Database)
    .prepare("SELECT id, email, password_hash FROM users WHERE email = ? AND role = 'admin' AND blocked_at IS NULL")
    .bind(email)
    .first<AdminRow>()
  if (!row) return verifyAgainstDummy(c.env, password).then(() => null)
  return (await verifyPassword(c.env, password, row.password_hash)) ? row.id : null
}

/**
 * Refunds, role changes and balance adjustments ask for the operator's password again, so a console left open on a
 * shared screen cannot move money. Answers a field message, or null when the password is right.
 */
export async function reconfirm(c: AdminContext, password: string | undefined): Promise<string | null> {
  if (!password) return 'Enter your password to confirm this.'
  try {
    const id = await checkAdminLogin(c, c.var.operator.email, password)
    return id === c.var.operator.id ? null : 'That is not your password.'
  } catch (error) {
    if (error instanceof BackendError) return error.message
    throw error
  }
}

/** The user a one-time setup token names, if it is unused and unexpired. */
export async function setupTokenUser(db: D1Database, token: string): Promise<number | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const row = await db
    .prepare('SELECT user_id FROM admin_setup_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?')
    .bind(await sha256Hex(token), nowSeconds())
    .first<{ user_id: number }>()
  return row?.user_id ?? null
}

/** Sets the password and spends the token in one batch; false when the token was spent meanwhile. */
export async function completeSetup(c: Context, token: string, userId: number, password: string): Promise<boolean> {
  const db = c.env.DB as D1Database
  const hash = await sha256Hex(token)
  const now = nowSeconds()
  // a nonce marks this use, so the password is set only by the request that spent the token
  const mark = -Math.floor(Math.random() * 1e9) - 1
  const [spent] = await db.batch([
    db.prepare('UPDATE admin_setup_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?').bind(mark, hash, now),
    db
      .prepare("UPDATE users SET password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND role = 'admin' AND EXISTS (SELECT 1 FROM admin_setup_tokens WHERE token_hash = ? AND used_at = ?)")
      .bind(await hashPassword(c.env, password), userId, hash, mark),
    db.prepare('UPDATE admin_setup_tokens SET used_at = ? WHERE token_hash = ? AND used_at = ?').bind(now, hash, mark),
  ])
  return (spent!.meta.changes ?? 0) === 1
}
