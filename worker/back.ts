import type { Context } from 'hono'

/**
 * The error page's 'Back' without JavaScript (with it, the page goes back in the history). The browser names the
 * page the link was on (Referer, same origin under the store's strict-origin-when-cross-origin policy); 'Back' goes
 * one level up from it: a missing category's parent category, a missing product's home page. Anything else, home.
 */
export function upOneLevel(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean)
  const prefix = parts[0] === 'de' ? ['de'] : []
  const rest = parts.slice(prefix.length, -1)
  // /products and /t are no pages of their own
  const up = rest.length === 1 && ['products', 't'].includes(rest[0]!) ? [] : rest
  return '/' + [...prefix, ...up].join('/')
}

export function back(c: Context) {
  const origin = new URL(c.req.url).origin
  let target = '/'
  try {
    const from = new URL(c.req.header('referer') ?? '')
    if (from.origin === origin) target = upOneLevel(from.pathname)
  } catch {
    // no or malformed Referer: home
  }
  c.header('cache-control', 'no-store')
  return c.redirect(target, 303)
}
