import type { ErrorHandler } from 'hono'
import type { AppEnv } from '#worker/app-env.ts'
import type { ApiErrorBody } from '#kernel/models.ts'

/**
 * The last line: an error nothing else handled is a bug. It is logged with the request id (which the shopper also
 * sees, so a report can be matched to the log line) and answered with a plain 500 that never caches.
 */
export const unhandledError: ErrorHandler<AppEnv> = (err, c) => {
  const id = c.var.requestId ?? 'unknown'
  console.error('unhandled error', id, err)
  const message = `Something went wrong on our side. Please try again. (Reference: ${id})`
  const headers = { 'Cache-Control': 'private, no-store', 'X-Request-Id': id }
  if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/spree_oauth/')) return c.json({ error: message } satisfies ApiErrorBody, 500, headers)
  return c.text(message, 500, headers)
}
