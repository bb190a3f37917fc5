/**
 * The one writer of an account's password, role and block (decision 0082): the shopper's password reset
 * (password-routes.ts), the console's operator set-up (worker/admin/operators.ts), roles (roles.ts) and blocking
 * (customers-data.ts). Each keeps the store with at least one admin who can log in, in the same statement as the change.
 */

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

/** A new password hash; `only` an SQL condition (with its binds) the change also needs. */
export const passwordStatement = (db: D1Database, userId: number, hash: string, only: { sql: string; binds: unknown[] } | null = null) =>
  db.prepare(`UPDATE users SET password_hash = ?, updated_at = ${NOW} WHERE id = ?${only ? ` AND ${only.sql}` : ''}`).bind(hash, userId, ...(only?.binds ?? []))

/** The console role given, or taken unless that would leave no admin who can log in (its changes say which). */
export const roleStatement = (db: D1Database, userId: number, role: 'admin' | 'customer') =>
  role === 'admin'
    ? db.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(userId)
    : db.prepare("UPDATE users SET role = 'customer' WHERE id = ?1 AND role = 'admin' AND (SELECT COUNT(*) FROM users WHERE role = 'admin' AND blocked_at IS NULL AND id != ?1) >= 1").bind(userId)

/**
 * The account blocked (or unblocked) by the operator `operatorId`, only while that operator is an active admin, and
 * an admin never blocked when that would leave no active admin (its changes say whether it was).
 */
export function blockStatement(db: D1Database, userId: number, operatorId: number, blocked: boolean): D1PreparedStatement {
  const operatorActive = "EXISTS (SELECT 1 FROM users WHERE id = ?2 AND role = 'admin' AND blocked_at IS NULL)"
  return blocked
    ? db
        .prepare(
          `UPDATE users SET blocked_at = ${NOW} WHERE id = ?1 AND blocked_at IS NULL AND ${operatorActive}
           AND (role != 'admin' OR (SELECT COUNT(*) FROM users WHERE role = 'admin' AND blocked_at IS NULL AND id != ?1) >= 1)`,
        )
        .bind(userId, operatorId)
    : db.prepare(`UPDATE users SET blocked_at = NULL WHERE id = ?1 AND blocked_at IS NOT NULL AND ${operatorActive}`).bind(userId, operatorId)
}

/** A blocked account's API tokens revoked (rotated_at = NULL also ends the 30 s reuse window of a refresh token traded just before, oauth/tokens.ts). */
export const revokeBlockedTokensStatement = (db: D1Database, userId: number) =>
  db.prepare('UPDATE oauth_tokens SET revoked_at = COALESCE(revoked_at, ?), rotated_at = NULL WHERE user_id = ? AND EXISTS (SELECT 1 FROM users WHERE id = ? AND blocked_at IS NOT NULL)').bind(Math.floor(Date.now() / 1000), userId, userId)
