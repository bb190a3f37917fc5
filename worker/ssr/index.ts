import type { Context } from 'hono'
import { Hono } from '#worker/lib/hono.ts'
import type { StorefrontApi } from '#web/api/storefront-api.ts'
import type { AppEnv } from '#worker/app-env.ts'
import { commerceContext, serverApi } from '#worker/commerce/for-request.ts'
import { publicOrigin, storeSettings } from '#worker/lib/store-settings.ts'
import { captchaEnabled, TURNSTILE_SCRIPT_URL } from '#worker/lib/captcha.ts'
import { cardProviderClient } from '#worker/lib/card-provider.ts'
import { renderPage } from './render.tsx'
import { APP_VERSION } from './version.ts'
import { SEARCH_HEADER, searchHeaderValue } from '#worker/search-stats/record.ts'

/** Every page: React Router's static handler, streamed. */
export const ssr = new Hono<AppEnv>()

/**
 * Renders one page through React Router. `api` and `nonce` default to the request's own; the edge page cache
 * renders shared pages with an anonymous api and a placeholder nonce (worker/edge-cache/page-cache.ts).
 */
export function renderDocument(c: Context<AppEnv>, { request = c.req.raw, api = serverApi(c), nonce = c.var.nonce }: { request?: Request; api?: StorefrontApi; nonce?: string } = {}) {
  const search = noteSearch(api)
  return c.var.timing.measure('ssr', async () => {
    // the shop's settings (name, address, logo …), from KV while fresh; the console's Save drops the copy
    const store = await storeSettings(c.env, commerceContext(c).waitUntil)
    return search.mark(await renderPage({
      request,
      api: search.api,
      nonce,
      info: {
        locale: c.var.locale,
        currency: c.var.currency,
        country: c.var.country,
        version: APP_VERSION,
        // absolute URLs (canonical, hreflang, Open Graph, JSON-LD): STORE_URL, else the store URL setting, else this origin
        origin: publicOrigin(c.env, store, c.req.url),
        store,
        thirdParty: {
          gtmId: c.env.GTM_ID || undefined,
          chatWidgetUrl: c.env.CHAT_WIDGET_URL || undefined,
          emailVerificationUrl: c.env.EMAIL_VERIFICATION_URL || undefined,
          emailVerificationKey: c.env.EMAIL_VERIFICATION_URL ? c.env.EMAIL_VERIFICATION_KEY || undefined : undefined,
          captcha: captchaEnabled(c.env) ? { scriptUrl: c.env.CAPTCHA_SCRIPT_URL || TURNSTILE_SCRIPT_URL, siteKey: c.env.CAPTCHA_SITE_KEY! } : undefined,
          fontsCssUrl: c.env.FONTS_CSS_URL || undefined,
          ...cardProviderClient(c.env),
        },
      },
      onError: (error) => {
        if (request.signal.aborted) return
        console.error('render error', c.var.requestId, error)
      },
    }))
  })
}

/**
 * The search a page's loaders ran (the search page's: a term, no category, no chosen filter, its first page), so its
 * answer carries what it found to the search analytics (SEARCH_HEADER, worker/search-stats); the edge cache stores
 * the header with the page, so a cached copy is counted with the same figure.
 */
function noteSearch(api: StorefrontApi) {
  let noted: string | null = null
  return {
    api: {
      ...api,
      getProducts: async (query) => {
        const list = await api.getProducts(query)
        // a filter the shopper chose in the panel narrows a search already counted: not another one
        const filtered = Boolean(query.optionTypeFilters?.length || query.productPropertyFilters?.length || query.priceFilter)
        if (query.term && !query.categoryId && !filtered && (query.page ?? 1) === 1) noted = searchHeaderValue(query.term, list.meta.totalCount)
        return list
      },
    } satisfies StorefrontApi,
    mark(response: Response): Response {
      // in place: the page cache asks render.tsx for this very Response's whole copy (`wholePage`)
      if (noted !== null && response.status === 200) response.headers.set(SEARCH_HEADER, noted)
      return response
    },
  }
}

ssr.on(['GET', 'HEAD', 'POST'], '*', (c) => renderDocument(c))
