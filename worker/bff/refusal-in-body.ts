import type { MiddlewareHandler } from 'hono'
import { REFUSAL_ASK_HEADER, REFUSAL_STATUS_HEADER } from '#kernel/refusal-wire.ts'

/**
 * A refusal the storefront's browser expects, answered so Chromium does not log it (kernel/refusal-wire.ts, decision
 * 0017): for a request that changes something and asks with `x-refusal-in-body: 1`, a 4xx answer becomes 200 with the
 * same body and the real status in `x-refused-status`. GETs keep their status (a 200 must never be cacheable for a
 * refusal), and so does every 5xx: a real failure still shows in the console and in monitoring.
 */
export const refusalInBody: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.header(REFUSAL_ASK_HEADER) !== '1') return
  const { status } = c.res
  if (status < 400 || status >= 500) return
  const headers = new Headers(c.res.headers)
  headers.set(REFUSAL_STATUS_HEADER, String(status))
  headers.set('cache-control', 'private, no-store')
  const body = c.res.body
  // unset first: Hono's setter would otherwise copy the old answer's headers (its cache-control) over these
  c.res = undefined
  c.res = new Response(body, { status: 200, headers })
}
