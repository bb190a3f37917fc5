import { Hono } from '#worker/lib/hono.ts'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '#worker/app-env.ts'
import type { ApiErrorBody } from '#kernel/models.ts'
import { ApiError } from '#web/api/storefront-api.ts'
import { catalogueBff } from './catalogue.ts'
import { shopperBff } from './shopper.ts'
import { allowedMethods, methodNotAllowed } from '#worker/middleware/allowed-methods.ts'
import { busyMessage, isTransientFault, RETRY_AFTER_SECONDS } from '#worker/lib/transient.ts'
import { refusalInBody } from './refusal-in-body.ts'

/**
 * The BFF at /api/*: thin, zod-validated adapters from HTTP to the server StorefrontApi.
 * JSON:API never leaves the worker; the browser sees the storefront models of spec §3.
 */
export const bff = new Hono<AppEnv>()

// First, so it sees every answer: the routes', the validators' 400s, onError's and the unknown address's.
bff.use('*', refusalInBody)
bff.route('/', catalogueBff)
bff.route('/', shopperBff)

// Last: an /api address no route answers. (A mounted app's notFound is never asked: the request would go on to the
// pages, whose answer, a redirect home, leads an API client into HTML.)
// An address that exists but not for this method is a 405 naming the methods it takes.
const methodsAt = allowedMethods(bff, '/api')
bff.all('*', (c) => {
  const allowed = methodsAt(c.req.path)
  if (allowed.length) return c.json({ error: methodNotAllowed(c.req.method, allowed) } satisfies ApiErrorBody, 405, { 'cache-control': 'no-store', allow: allowed.join(', ') })
  return c.json({ error: 'There is no such API endpoint.' } satisfies ApiErrorBody, 404, { 'cache-control': 'no-store' })
})

bff.onError((err, c) => {
  if (err instanceof ApiError) {
    const body: ApiErrorBody = { error: err.message }
    if (err.errors) body.errors = err.errors
    if (err.code) body.code = err.code
    if (err.params) body.params = err.params
    if (err.status === 429) c.header('Retry-After', String(err.retryAfter ?? 60))
    // a passing fault behind the API (503): the browser may send the same request again after this many seconds
    else if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter))
    return c.json(body, (err.status >= 400 && err.status < 600 ? err.status : 502) as 400)
  }
  if (err instanceof HTTPException) {
    return c.json({ error: err.message || 'The request could not be processed.' } satisfies ApiErrorBody, err.status)
  }
  if (isTransientFault(err)) {
    console.warn('bff: D1 fault passing', c.var.requestId, err.message)
    return c.json({ error: busyMessage(c.var.locale) } satisfies ApiErrorBody, 503, { 'Retry-After': String(RETRY_AFTER_SECONDS) })
  }
  console.error('bff error', c.var.requestId, err)
  return c.json({ error: 'Something went wrong on our side. Please try again.' } satisfies ApiErrorBody, 500)
})
