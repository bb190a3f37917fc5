import type { ErrorHandler } from 'hono'
import type { AppEnv } from '#worker/app-env.ts'
import type { ApiErrorBody } from '#kernel/models.ts'
import { busyMessage, isTransientFault, RETRY_AFTER_SECONDS } from '#worker/lib/transient.ts'

/**
 * The last line: an error nothing else handled is a bug. It is logged with the request id (which the shopper also
 * sees, so a report can be matched to the log line) and answered with a plain 500 that never caches.
 */
export const unhandledError: ErrorHandler<AppEnv> = (err, c) => {
  const id = c.var.requestId ?? 'unknown'
  const api = c.req.path.startsWith('/api/') || c.req.path.startsWith('/spree_oauth/')
  if (isTransientFault(err)) {
    // D1 locked, reset or out of reach for a moment (worker/backend/shared/transient.ts): a 503 to retry, not a bug
    console.warn('D1 fault passing', id, err.message)
    const message = busyMessage(c.var.locale ?? 'en')
    const headers = { 'Cache-Control': 'private, no-store', 'X-Request-Id': id, 'Retry-After': String(RETRY_AFTER_SECONDS) }
    return api ? c.json({ error: message } satisfies ApiErrorBody, 503, headers) : c.text(message, 503, headers)
  }
  console.error('unhandled error', id, err)
  const message = `Something went wrong on our side. Please try again. (Reference: ${id})`
  const headers = { 'Cache-Control': 'private, no-store', 'X-Request-Id': id }
  if (api) return c.json({ error: message } satisfies ApiErrorBody, 500, headers)
  return c.text(message, 500, headers)
}
