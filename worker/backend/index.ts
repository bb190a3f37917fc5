import { Hono } from 'hono'
import type { Env } from '#worker/env.ts'
import { BackendError, backendErrorResponse } from './shared/errors.ts'
import { catalogueRoutes } from './catalogue/routes.ts'
import { commerceRoutes } from './commerce/routes.ts'
import { oauthRoutes } from './oauth/routes.ts'

/**
 * The embedded Spree-compatible commerce backend (Storefront API v2 + OAuth), on D1.
 * Mounted at the site root by worker/index.ts, and called in-process by the commerce client
 * (worker/commerce), which hands it a Request exactly as it would send one to a remote Spree.
 */
export const backend = new Hono<{ Bindings: Env }>()

backend.route('/api/v2/storefront', catalogueRoutes)
backend.route('/api/v2/storefront', commerceRoutes)
backend.route('/spree_oauth', oauthRoutes)
backend.all('/api/v2/storefront/*', () => {
  throw new BackendError(404, 'The resource you were looking for could not be found.')
})
backend.onError(backendErrorResponse)
