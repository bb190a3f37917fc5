import { BackendError } from '../shared/errors.ts'
import { userIdForAccessToken } from '../oauth/tokens.ts'
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
      const header = c.req.header('authorization')
      if (!header) return null
      const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/i.exec(header.trim())
      const userId = match ? await userIdForAccessToken(c.env.DB, match[1]!) : null
      if (userId === null) throw new BackendError(401, 'The access token is invalid or has expired.')
      return userId
    })()
    cache.set(c.req.raw, found)
  }
  return found
}

export async function requireUser(c: BackendContext): Promise<number> {
  const id = await currentUserId(c)
  if (id === null) throw new BackendError(401, 'You need to log in for this.')
  return id
}
