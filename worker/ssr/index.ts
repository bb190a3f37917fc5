import { Hono, type Context } from 'hono'
import type { StorefrontApi } from '#web/api/storefront-api.ts'
import type { AppEnv } from '#worker/app-env.ts'
import { serverApi } from '#worker/commerce/for-request.ts'
import { captchaEnabled, TURNSTILE_SCRIPT_URL } from '#worker/lib/captcha.ts'
import { stripeEnabled } from '#worker/lib/stripe-enabled.ts'
import { renderPage } from './render.tsx'
import { APP_VERSION } from './version.ts'

/** Every page: React Router's static handler, streamed. */
export const ssr = new Hono<AppEnv>()

/**
 * Renders one page through React Router. `api` and `nonce` default to the request's own; the edge page cache
 * renders shared pages with an anonymous api and a placeholder nonce (worker/edge-cache/page-cache.ts).
 */
export function renderDocument(c: Context<AppEnv>, { request = c.req.raw, api = serverApi(c), nonce = c.var.nonce }: { request?: Request; api?: StorefrontApi; nonce?: string } = {}) {
  return c.var.timing.measure('ssr', () =>
    renderPage({
      request,
      api,
      nonce,
      info: {
        locale: c.var.locale,
        currency: c.var.currency,
        country: c.var.country,
        version: APP_VERSION,
        origin: new URL(c.req.url).origin,
        thirdParty: {
          gtmId: c.env.GTM_ID || undefined,
          chatWidgetUrl: c.env.CHAT_WIDGET_URL || undefined,
          emailVerificationUrl: c.env.EMAIL_VERIFICATION_URL || undefined,
          emailVerificationKey: c.env.EMAIL_VERIFICATION_URL ? c.env.EMAIL_VERIFICATION_KEY || undefined : undefined,
          captcha: captchaEnabled(c.env) ? { scriptUrl: c.env.CAPTCHA_SCRIPT_URL || TURNSTILE_SCRIPT_URL, siteKey: c.env.CAPTCHA_SITE_KEY! } : undefined,
          fontsCssUrl: c.env.FONTS_CSS_URL || undefined,
          stripe: stripeEnabled(c.env) ? { publishableKey: c.env.STRIPE_PUBLISHABLE_KEY!, ...(c.env.STRIPE_JS_URL ? { jsUrl: c.env.STRIPE_JS_URL } : {}) } : undefined,
        },
      },
      onError: (error) => {
        if (request.signal.aborted) return
        console.error('render error', c.var.requestId, error)
      },
    }),
  )
}

ssr.on(['GET', 'HEAD', 'POST'], '*', (c) => renderDocument(c))
