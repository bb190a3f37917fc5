import { createMiddleware } from 'hono/factory'
import { bodyLimit as honoBodyLimit } from 'hono/body-limit'
import type { AppEnv } from '#worker/app-env.ts'
import type { ApiErrorBody } from '#web/api/models.ts'
import { createTranslator } from '#web/i18n/index.tsx'
import { splitLocalePath } from '#web/config.ts'
import { MAX_BODY_BYTES } from '#worker/backend/commerce/http.ts'

/**
 * The console's uploads (a product CSV of at most 5 MB, IMPORT_MAX_BYTES; pictures of at most 2 MB) with their multipart
 * framing. A number here, not an import: the console's code loads only on its first request (worker/index.ts).
 */
export const CONSOLE_MAX_BODY_BYTES = 6 * 1024 * 1024
/** A Stripe event is a few KB; Stripe keeps them well under this. */
export const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024

/** The largest body a path accepts: the console's signed-in pages upload files, everything else sends a form or JSON. */
export function maxBodyBytes(pathname: string): number {
  if ((pathname === '/admin' || pathname.startsWith('/admin/')) && pathname !== '/admin/login' && pathname !== '/admin/setup') return CONSOLE_MAX_BODY_BYTES
  if (pathname.startsWith('/webhooks/')) return WEBHOOK_MAX_BODY_BYTES
  return MAX_BODY_BYTES
}

const isApi = (pathname: string) => pathname.startsWith('/api/') || pathname.startsWith('/spree_oauth/') || pathname.startsWith('/webhooks/')

/**
 * Refuses a request body larger than its path accepts with 413 before anything reads it (by `Content-Length`, or by
 * counting a chunked body): no storefront form or API call comes near 64 KB, and a page form that echoes what was
 * typed must never be handed megabytes (the HTML rewriter then ran out of memory mid-answer). JSON for the APIs, a
 * sentence in the page's language for pages.
 */
export const bodyLimit = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const pathname = new URL(c.req.url).pathname
    return honoBodyLimit({
      maxSize: maxBodyBytes(pathname),
      onError: (c) => {
        c.header('Cache-Control', 'no-store')
        if (isApi(pathname)) return c.json({ error: 'The request body is too large.', errors: { base: ['is too large'] } } satisfies ApiErrorBody, 413)
        return c.text(createTranslator(splitLocalePath(pathname).locale)('shop.bodyTooLarge'), 413)
      },
    })(c, next)
  })
