import { createMiddleware } from 'hono/factory'
import { bodyLimit as honoBodyLimit } from 'hono/body-limit'
import type { AppEnv } from '#worker/app-env.ts'
import type { ApiErrorBody } from '#kernel/models.ts'
import { createTranslator } from '#web/i18n/index.tsx'
import { MAX_BODY_BYTES, splitLocalePath } from '#kernel/config.ts'

/**
 * The console's uploads (a product CSV of at most 5 MB, IMPORT_MAX_BYTES; pictures of at most 2 MB) with their multipart
 * framing. A number here, not an import: the console's code loads only on its first request (worker/index.ts).
 */
export const CONSOLE_MAX_BODY_BYTES = 6 * 1024 * 1024
/** A Stripe event is a few KB; Stripe keeps them well under this. */
export const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024

/** The console's forms whose text fields allow more than 64 KB once form-encoded (a product's two 20,000-character
 * descriptions, a menu of 100 items with 500-character links; at most 9 bytes a character when percent-encoded). */
export const CONSOLE_LONG_FORM_MAX_BODY_BYTES = 1024 * 1024

/** Console paths that upload files (a product's pictures, the CSV import) or post a whole CMS page (its 30 sections of
 * up to 50,000 characters a language): they keep CONSOLE_MAX_BODY_BYTES. */
const CONSOLE_LARGE = [/^\/admin\/products\/\d+\/images$/, /^\/admin\/products\/import$/, /^\/admin\/content\/\d+(\/preview)?$/]
const CONSOLE_LONG = [/^\/admin\/products\/\d+\/details$/, /^\/admin\/menus\/[a-z]+$/]

/**
 * The largest body a path accepts: the console's uploads and CMS page editor, a few long console forms, Stripe's
 * webhooks; every other form or JSON call (the rest of the console included: a refund, a price, a login) 64 KB.
 */
export function maxBodyBytes(pathname: string): number {
  if (CONSOLE_LARGE.some((path) => path.test(pathname))) return CONSOLE_MAX_BODY_BYTES
  if (CONSOLE_LONG.some((path) => path.test(pathname))) return CONSOLE_LONG_FORM_MAX_BODY_BYTES
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
