import type { Context } from 'hono'
import { Hono } from '#worker/lib/hono.ts'
import { createMiddleware } from 'hono/factory'
import { testGatewayAllowed, type Env } from '#worker/env.ts'
import { allowedMethods, methodNotAllowed } from '#worker/middleware/allowed-methods.ts'
import { BackendError, backendErrorResponse } from './shared/errors.ts'
import { catalogueRoutes } from './catalogue/routes.ts'
import { commerceRoutes } from './commerce/routes.ts'
import { oauthRoutes } from './oauth/routes.ts'
import { jsonApiResponse } from './shared/jsonapi-response.ts'
import { testGatewayRoutes } from './test-gateway-routes.ts'
import { stripeWebhookRoutes } from './payments/stripe-webhook-routes.ts'

/**
 * The embedded Spree-compatible commerce backend (Storefront API v2 + OAuth), on D1.
 * Mounted at the site root by worker/index.ts, and called in-process by the commerce client
 * (worker/commerce), which hands it a Request exactly as it would send one to a remote Spree.
 */
export const backend = new Hono<{ Bindings: Env }>()

// Catalogue answers read anonymously are the same for everyone; every other answer (account, cart, checkout, orders,
// order status, wishlists, tokens, the outbox) is one shopper's, and a shared cache must never keep it.
const CATALOGUE = /^\/api\/v2\/storefront\/(products|taxons|menus|cms_pages|countries|banners|store|search_suggestions|size_guides)(\/|$)/
const personal = createMiddleware<{ Bindings: Env }>(async (c, next) => {
  await next()
  const anonymous = !c.req.header('authorization') && !c.req.header('x-spree-order-token')
  if (!(c.req.method === 'GET' && anonymous && CATALOGUE.test(c.req.path))) c.header('Cache-Control', 'private, no-store')
})
// Addresses that do not exist in this configuration answer 404: all of them on a store with a remote Spree
// (COMMERCE_URL), rather than serve a second store from the local D1 beside the real one; the test gateway's outside
// development and tests (unless ALLOW_TEST_GATEWAY=true), since it approves cards no provider saw.
const servedWhen = (served: (env: Env) => boolean) =>
  createMiddleware<{ Bindings: Env }>(async (c, next) => {
    if (!served(c.env)) throw new BackendError(404, 'There is no such API endpoint.', undefined, undefined, 'not_found')
    await next()
  })
const embedded = servedWhen((env) => !env.COMMERCE_URL)
// Registered by prefix: the backend is mounted at the site root, so a bare use() would wrap every page too.
for (const prefix of ['/api/v2/storefront/*', '/spree_oauth/*', '/test_gateway/*', '/webhooks/*']) backend.use(prefix, embedded)
backend.use('/test_gateway/*', servedWhen(testGatewayAllowed))
backend.use('/api/v2/storefront/*', personal)
backend.use('/spree_oauth/*', personal)
backend.use('/test_gateway/*', personal)
backend.use('/api/v2/storefront/*', jsonApiResponse)
backend.route('/api/v2/storefront', catalogueRoutes)
backend.route('/api/v2/storefront', commerceRoutes)
backend.route('/spree_oauth', oauthRoutes)
backend.route('/test_gateway', testGatewayRoutes)
backend.route('/webhooks', stripeWebhookRoutes)
// Last: an address no route answers is a 404, one that exists but not for this method a 405 naming the methods it takes.
const methodsAt = allowedMethods(backend)
const refuseMethod = (c: Context) => {
  const allowed = methodsAt(c.req.path)
  if (allowed.length === 0) return
  c.header('Allow', allowed.join(', '))
  throw new BackendError(405, methodNotAllowed(c.req.method, allowed), undefined, undefined, 'invalid_request')
}
backend.all('/api/v2/storefront/*', (c) => {
  refuseMethod(c)
  throw new BackendError(404, 'The resource you were looking for could not be found.', undefined, undefined, 'not_found')
})
backend.all('/spree_oauth/*', (c) => {
  refuseMethod(c)
  throw new BackendError(404, 'There is no such API endpoint.', undefined, undefined, 'not_found')
})
backend.onError(backendErrorResponse)
