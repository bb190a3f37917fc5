import type { Context } from 'hono'
import { loginGate, recordLoginFailure, recordLoginSuccess } from '#worker/backend/services/login-throttle.ts'
import { hashPassword, verifyAgainstDummy, verifyPassword } from '#worker/backend/services/passwords.ts'
import { nowSeconds, sha256Hex } from '#worker/lib/crypto.ts'
import { BackendError } from '#worker/backend/shared/errors.ts'
import type { AdminContext } from './context.ts'
import { endSession } from './session.ts'
import { passwordStatement } from '#worker/backend/commerce/account-write.ts'

interface AdminRow {
  id: number
  email: string
  password_hash: string
}

/**
 * Checks an operator's email and password under the same limits as shoppers' logins (per address; per account for
 * wrong passwords from addresses the account never logged in from: login-throttle.ts, docs/security.md). The console's
 * form shows no captcha, so there the back-off alone applies. A shopper's correct password does not open the console.
 * Returns the admin's id, null for a wrong pair, or throws the 429 BackendError of the limit.
 */
export async function checkAdminLogin(c: Context, email: string, password: string): Promise<number | null> {
  await loginGate(c, email, { captcha: false })
  const row = await (c.env.DB as D1Database)
    .prepare("SELECT id, email, password_hash FROM users WHERE email = ? AND role = 'admin' AND blocked_at IS NULL")
    .bind(email)
    .first<AdminRow>()
  const ok = row ? await verifyPassword(c.env, password, row.password_hash) : await verifyAgainstDummy(c.env, password)
  if (!row || !ok) {
    await recordLoginFailure(c.env.DB, email)
    return null
  }
  await recordLoginSuccess(c, row.id)
  return row.id
}

/** Wrong re-confirmations one console session may make; the next one ends it (docs/security.md). */
export const RECONFIRM_FAILURES = 5

/**
 * Refunds, role changes and balance adjustments ask for the operator's password again, so a console left open on a
 * shared screen cannot move money. Answers a field message, or null when the password is right.
 * Its budget is the session's own, not the account's login limits: strangers' guesses at the operator's email never
 * block it, and a right password never counts. RECONFIRM_FAILURES wrong ones end this session (not the account).
 */
export async function reconfirm(c: AdminContext, password: string | undefined): Promise<string | null> {
  if (!password) return 'Enter your password to confirm this.'
  const db = c.env.DB as D1Database
  const row = await db.prepare("SELECT password_hash FROM users WHERE id = ? AND role = 'admin' AND blocked_at IS NULL").bind(c.var.operator.id).first<{ password_hash: string }>()
  if (row && (await verifyPassword(c.env, password, row.password_hash))) return null
  const counted = await db
    .prepare('UPDATE admin_sessions SET reconfirm_failures = reconfirm_failures + 1 WHERE token_hash = ? RETURNING reconfirm_failures')
    .bind(c.var.operator.sessionHash)
    .first<{ reconfirm_failures: number }>()
  const failures = counted?.reconfirm_failures ?? RECONFIRM_FAILURES
  if (failures < RECONFIRM_FAILURES) return `That is not your password. ${RECONFIRM_FAILURES - failures} more wrong ${RECONFIRM_FAILURES - failures === 1 ? 'try ends' : 'tries end'} this session.`
  await endSession(c, c.var.operator)
  return 'That is not your password. After several wrong passwords this session has ended: log in again to go on. Nothing was changed.'
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
    passwordStatement(db, userId, await hashPassword(c.env, password), { sql: "role = 'admin' AND EXISTS (SELECT 1 FROM admin_setup_tokens WHERE token_hash = ? AND used_at = ?)", binds: [hash, mark] }),
    db.prepare('UPDATE admin_setup_tokens SET used_at = ? WHERE token_hash = ? AND used_at = ?').bind(now, hash, mark),
  ])
  return (spent!.meta.changes ?? 0) === 1
}
