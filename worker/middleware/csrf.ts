import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'
import type { ApiErrorBody } from '#kernel/models.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Rejects every cross-site request that could change something (any method but GET/HEAD/OPTIONS), whatever its
 * content type: Hono's csrf() lets JSON through, so we check `Sec-Fetch-Site` (sent by every current browser) and
 * fall back to comparing `Origin` with our own origin. A request with neither header comes from a non-browser
 * client (curl, a server) and cannot carry a victim's cookies by accident, so it passes.
 */
export const csrf = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const site = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    const ownOrigin = new URL(c.req.url).origin
    const crossSite = site ? site !== 'same-origin' && site !== 'none' : origin ? origin !== ownOrigin : false
    if (crossSite) {
      const message = 'This request came from another website and was refused.'
      if ((c.req.header('accept') ?? '').includes('text/html') && !(c.req.header('content-type') ?? '').includes('json')) {
        return c.text(message, 403)
      }
      return c.json({ error: message } satisfies ApiErrorBody, 403)
    }
    return next()
  })
