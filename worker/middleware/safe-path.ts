import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'
import type { ApiErrorBody } from '#kernel/models.ts'

// C0 controls and DEL, raw or percent-encoded: no page or API path has them, and echoed into a header (a redirect's
// Location) a CR/LF would make the runtime throw.
const CONTROL = /[\u0000-\u001f\u007f]|%[01][0-9a-f]|%7f/i

/** A path that does not decode (`%zz`, a cut-off UTF-8 sequence): no route could read it, and React Router would log a warning for it. */
function undecodable(pathname: string): boolean {
  if (!pathname.includes('%')) return false
  try {
    decodeURIComponent(pathname)
    return false
  } catch {
    return true
  }
}

/**
 * The longest address (path and query) answered. No page or API address of the store comes near it (a listing with
 * every filter set is under 1,000 characters); a longer one would be rendered, keyed into the caches and, past 512
 * bytes, refused by KV as a key.
 */
export const MAX_ADDRESS_LENGTH = 4096

/**
 * Refuses an address longer than MAX_ADDRESS_LENGTH with 414, and a path that carries a control character or a broken
 * percent-encoding with 400 (JSON for the APIs, a line of text for pages), before any router sees it.
 */
export const safePath = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const url = c.req.url
    const address = url.slice(url.indexOf('/', url.indexOf('//') + 2))
    const pathname = address.split(/[?#]/)[0]!
    if (address.length > MAX_ADDRESS_LENGTH) {
      const message = 'This address is too long. Please check the link.'
      c.header('Cache-Control', 'no-store')
      if (pathname.startsWith('/api/') || pathname.startsWith('/spree_oauth/')) return c.json({ error: message } satisfies ApiErrorBody, 414)
      return c.text(message, 414)
    }
    const message = CONTROL.test(pathname)
      ? 'This address contains characters that are not allowed. Please check the link.'
      : undecodable(pathname)
        ? 'This address is not valid (it has a broken %-encoding). Please check the link.'
        : null
    if (!message) return next()
    c.header('Cache-Control', 'no-store')
    if (pathname.startsWith('/api/') || pathname.startsWith('/spree_oauth/')) return c.json({ error: message } satisfies ApiErrorBody, 400)
    return c.text(message, 400)
  })
