import { nowSeconds, randomToken, sha256Hex } from '../../lib/crypto.ts'

/** Spree's default: an access token lives two hours; the refresh token renews it for 30 days. */
export const ACCESS_TOKEN_TTL = 7200
export const REFRESH_TOKEN_TTL = 60 * 60 * 24 * 30

export interface TokenResponse {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
  refresh_token: string
  created_at: number
}

/** Issues a token pair for a user; only their SHA-256 digests are stored. */
export async function issueToken(db: D1Database, userId: number): Promise<TokenResponse> {
  const access = randomToken()
  const refresh = randomToken()
  const createdAt = nowSeconds()
  await db
    .prepare(
      'INSERT INTO oauth_tokens (user_id, access_hash, refresh_hash, created_at, expires_in, refresh_expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .bind(userId, await sha256Hex(access), await sha256Hex(refresh), createdAt, ACCESS_TOKEN_TTL, createdAt + REFRESH_TOKEN_TTL)
    .run()
  return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL, refresh_token: refresh, created_at: createdAt }
}

/** How long a rotated refresh token may still be traded (parallel requests of one browser refreshing at once). */
export const REFRESH_REUSE_WINDOW = 30

/**
 * Trades a refresh token for a new pair and rotates the old one out. Within REFRESH_REUSE_WINDOW seconds of its
 * rotation the old token may be traded again (each time for a new pair), so two requests of one browser that refresh
 * at once both keep the shopper logged in; after that, or once revoked (logout, password reset), it is dead.
 */
export async function refreshToken(db: D1Database, refresh: string): Promise<TokenResponse | null> {
  const hash = await sha256Hex(refresh)
  const now = nowSeconds()
  const row = await db
    .prepare(
      `UPDATE oauth_tokens SET revoked_at = COALESCE(revoked_at, ?1), rotated_at = COALESCE(rotated_at, ?1)
       WHERE refresh_hash = ?2 AND refresh_expires_at > ?1 AND (revoked_at IS NULL OR (rotated_at IS NOT NULL AND rotated_at > ?1 - ?3))
         AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = oauth_tokens.user_id AND u.blocked_at IS NOT NULL)
       RETURNING user_id`,
    )
    .bind(now, hash, REFRESH_REUSE_WINDOW)
    .first<{ user_id: number }>()
  if (!row) return null
  return issueToken(db, row.user_id)
}

/** Revokes the pair that `token` (access or refresh) belongs to. Unknown tokens are ignored, as RFC 7009 asks. */
export async function revokeToken(db: D1Database, token: string): Promise<void> {
  const hash = await sha256Hex(token)
  await db
    .prepare('UPDATE oauth_tokens SET revoked_at = COALESCE(revoked_at, ?), rotated_at = NULL WHERE access_hash = ? OR refresh_hash = ?')
    .bind(nowSeconds(), hash, hash)
    .run()
}

/** The user id a still-valid access token belongs to. */
export async function userIdForAccessToken(db: D1Database, access: string): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT t.user_id FROM oauth_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.access_hash = ? AND t.revoked_at IS NULL AND t.created_at + t.expires_in > ? AND u.blocked_at IS NULL`,
    )
    .bind(await sha256Hex(access), nowSeconds())
    .first<{ user_id: number }>()
  return row?.user_id ?? null
}

/**
 * Statements that end every session of a user except the one whose access token has digest `keepAccessHash` (null:
 * all of them), and void pending password-reset links. Revoking clears `rotated_at`, which also ends the refresh
 * reuse window of tokens rotated moments ago.
 */
export function endOtherSessions(db: D1Database, userId: number, keepAccessHash: string | null): D1PreparedStatement[] {
  const now = nowSeconds()
  return [
    db
      .prepare('UPDATE oauth_tokens SET revoked_at = COALESCE(revoked_at, ?), rotated_at = NULL WHERE user_id = ? AND access_hash IS NOT ?')
      .bind(now, userId, keepAccessHash),
    db.prepare('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL').bind(now, userId),
  ]
}
