import type { Context } from 'hono'
import type { AppEnv } from '#worker/app-env.ts'
import type { StorefrontApi } from '#web/api/storefront-api.ts'
import type { CommerceContext } from './context.ts'
import { createServerApi } from './server-api.ts'

const apis = new WeakMap<Context, StorefrontApi>()

/** The commerce context of a Hono request, built from what the middleware resolved. */
export function commerceContext(c: Context<AppEnv>): CommerceContext {
  return {
    env: c.env,
    waitUntil: (promise) => {
      try {
        c.executionCtx.waitUntil(promise)
      } catch {
        // Outside a real fetch event (some tests) there is no execution context; the promise just runs.
      }
    },
    locale: c.var.locale,
    currency: c.var.currency,
    country: c.var.country,
    session: c.var.session,
    timing: c.var.timing,
    clientIp: c.req.header('cf-connecting-ip'),
    requestId: c.var.requestId,
  }
}

/** The server `StorefrontApi` for this request, made once and shared by SSR loaders and BFF handlers. */
export function serverApi(c: Context<AppEnv>): StorefrontApi {
  let api = apis.get(c)
  if (!api) {
    api = createServerApi(commerceContext(c))
    apis.set(c, api)
  }
  return api
}
