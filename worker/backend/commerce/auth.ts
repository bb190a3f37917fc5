import { BackendError } from '../shared/errors.ts'
import { userIdForAccessToken } from '../oauth/tokens.ts'
import { sha256Hex } from '../../lib/crypto.ts'
import type { BackendContext } from './http.ts'

const cache = new WeakMap<Request, Promise<number | null>>()

/**
 * The customer the bearer token belongs to, or null without one. A bearer that is unknown, revoked or expired is
 * answered 401 rather than silently treated as a guest, so the client knows to refresh it.
 */
export function currentUserId(c: BackendContext): Promise<number | null> {
  let found = cache.get(c.req.raw)
  if (!found) {
    found = (async () => {
      if (!c.req.header('authorization')) return null
      const token = bearerOf(c)
      const userId = token ? await userIdForAccessToken(c.env.DB, token) : null
      if (userId === null) throw new BackendError(401, 'The access token is invalid or has expired.', undefined, undefined, 'session_expired')
      return userId
    })()
    cache.set(c.req.raw, found)
  }
  return found
}

function bearerOf(c: BackendContext): string | null {
  return /^Bearer\s+([A-Za-z0-9_-]{16,200})$/i.exec((c.req.header('authorization') ?? '').trim())?.[1] ?? null
}

/** The digest of this request's access token: the session that is kept when the password changes. */
export async function currentAccessHash(c: BackendContext): Promise<string | null> {
  const token = bearerOf(c)
  return token ? sha256Hex(token) : null
}

export async function requireUser(c: BackendContext): Promise<number> {
  const id = await currentUserId(c)
  if (id === null) throw new BackendError(401, 'You need to log in for this.', undefined, undefined, 'login_required')
  return id
}
