import type { Context } from 'hono'
import { Hono } from '#worker/lib/hono.ts'
import '#worker/lib/zod-messages.ts'
import type { AppEnv } from './app-env.ts'
import { isProduction, type Env } from './env.ts'
import { failClosed } from './middleware/fail-closed.ts'
import { requestId } from './middleware/request-id.ts'
import { d1RoundTrips } from './middleware/d1-round-trips.ts'
import { securityHeaders } from './middleware/security-headers.ts'
import { locale } from './middleware/locale.ts'
import { session } from './middleware/session.ts'
import { csrf } from './middleware/csrf.ts'
import { d1Session } from './middleware/d1-session.ts'
import { safePath } from './middleware/safe-path.ts'
import { bodyLimit } from './middleware/body-limit.ts'
import { unhandledError } from './middleware/unhandled-error.ts'
import { backend } from './backend/index.ts'
import { bff } from './bff/index.ts'
import { ssr } from './ssr/index.ts'
import { seo } from './seo/index.ts'
import { media } from './media/index.ts'
import type { MailMessage } from './mail/queue.ts'
import { handleImportBatch, type ImportChunk } from './admin/import-apply.ts'
import { adminApp } from './admin/app.tsx'
import { pageCache } from './edge-cache/page-cache.ts'
import { back } from './back.ts'
import { refreshFacetCounts } from './backend/catalogue/facet-counts.ts'
import { emailPreview } from './mail/preview.tsx'
import { handleMailBatch } from './mail/consumer.ts'
import { sweepOutbox } from './mail/sweep.ts'
import { sendDueAlerts } from './backend/services/stock-alerts.ts'
import { searchClick, searchStats } from './search-stats/middleware.ts'
import { purgeOldSearchStats } from './search-stats/retention.ts'
import { reconcileDeals } from './backend/commerce/deal-stock.ts'

// The Durable Object class of a deal variant's stock (wrangler.toml DEAL_STOCK; decision 0081).
export { DealStock } from './backend/commerce/deal-stock.ts'

/** The store's one entry point. Static assets are answered by Workers before this runs. */
const app = new Hono<AppEnv>()

app.use(failClosed())
app.use(requestId())
app.use(d1RoundTrips())
app.use(safePath())
app.use(bodyLimit())
app.use(securityHeaders())
// Crawler files answer before the locale and session middleware: the same for everyone, no cookies.
app.route('/', seo)
// Uploaded product images: the same for everyone, no cookies (worker/media).
app.route('/', media)
// The error page's 'Back' without JavaScript: one level up from the page it was on (no cookies, never cached).
app.get('/back', back)
app.use(locale())
app.use(session())
app.use(d1Session())
app.use(csrf())
// After the session (cookies are written after it answers), before every route: shared pages come from the edge cache.
// A route mounted below that answers GETs of pages other than the storefront's must be listed in edge-cache/page-key.ts.
// Search analytics wrap it, so a search page served from the cache is counted too (worker/search-stats).
app.use(searchStats())
app.use(pageCache())

// The operator console (worker/admin/app.tsx), like the queue consumers, the sweep and the email preview below, is
// imported, not loaded on first use: esbuild wraps a module imported with import() and all it imports in an
// initialiser each: 8.6 KB of the worker's gzip bundle, against ~25 ms more CPU when an isolate starts (decision 0065).
// It gets this request's CSP nonce in a header set here (any such header the client sent is overwritten).
const adminRequest = (c: Context<AppEnv>) => {
  const request = new Request(c.req.raw)
  request.headers.set('x-console-nonce', c.var.nonce)
  return adminApp.fetch(request, c.env, c.executionCtx)
}
app.all('/admin/*', adminRequest)
app.all('/admin', adminRequest)

// Development only: every email in both languages (worker/mail/preview.ts); production answers the store's 404.
const devEmails = async (c: Context<AppEnv>, next: () => Promise<void>) => (isProduction(c.env) ? next() : emailPreview(c))
app.get('/dev/emails/*', devEmails)

app.route('/', backend)
app.post('/api/search-click', searchClick)
app.route('/api', bff)
app.route('/', ssr)
app.onError(unhandledError)

/** Recounts the stale facet scopes of the embedded backend's catalogue (none when the catalogue is a remote Spree's). */
async function refreshStaleFacetCounts(env: Env) {
  try {
    await refreshFacetCounts(env.DB)
  } catch (error) {
    console.error('refreshing the facet counts failed', error)
  }
}

/**
 * The worker: pages and APIs (fetch), the mail and product-import queues' consumers (queue) and the outbox sweep (scheduled, every 5
 * minutes; wrangler.toml).
 */
export default {
  fetch: app.fetch,
  async queue(batch, env, _ctx) {
    // product CSV imports from the console have their own queue (storefront-import, storefront-staging-import)
    if (batch.queue.endsWith('-import')) {
      await handleImportBatch(batch as unknown as MessageBatch<ImportChunk>, env)
      // an imported count may bring sold-out sizes back: their alerts go now (decision 0073)
      await sendDueAlerts(env, '').catch((error) => console.error('sending alerts failed', error))
      return
    }
    await handleMailBatch(batch as MessageBatch<MailMessage>, env)
  },
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(sweepOutbox(env, new Date(controller.scheduledTime)))
    // alerts made due by a stock write that no console request followed (decision 0073)
    ctx.waitUntil(sendDueAlerts(env, '').catch((error) => console.error('sending alerts failed', error)))
    // Precomputed facet counts made stale by edits (or by a product going on sale) are recounted here, so listings
    // and remembered searches are counted live for at most one interval after a change (docs/performance-d1.md).
    ctx.waitUntil(refreshStaleFacetCounts(env))
    // search analytics are kept for 90 store days (worker/search-stats/retention.ts)
    // each deal variant's object made to agree with D1 (decision 0081)
    ctx.waitUntil(reconcileDeals(env).catch((error) => console.error('reconciling deal stock failed', error)))
    ctx.waitUntil(purgeOldSearchStats(env.DB, new Date(controller.scheduledTime)).catch((error) => console.error('purging old search analytics failed', error)))
  },
} satisfies ExportedHandler<Env, MailMessage | ImportChunk>
