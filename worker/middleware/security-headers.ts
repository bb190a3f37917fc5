import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'
import { captchaEnabled, TURNSTILE_SCRIPT_URL } from '#worker/lib/captcha.ts'
import { isProduction, type Env } from '#worker/env.ts'
import { stripeEnabled } from '#worker/lib/stripe-enabled.ts'

function makeNonce() {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}

/**
 * Stripe's origins, only when its keys are set: Stripe.js (script), its card element and 3-D Secure frames (frame),
 * its API (connect), and the pages a form post may be redirected to (the hosted payment page, the bank's page).
 * `STRIPE_JS_URL`/`STRIPE_API_BASE` (tests: a local fake) replace Stripe's own origins.
 */
function stripeSources(env: Env) {
  if (!stripeEnabled(env)) return { script: [], frame: [], connect: [], form: [] }
  const js = env.STRIPE_JS_URL ? new URL(env.STRIPE_JS_URL).origin : 'https://js.stripe.com'
  const api = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE).origin : null
  return {
    script: [js],
    frame: api ? [js] : [js, 'https://hooks.stripe.com'],
    connect: api ? [api] : ['https://api.stripe.com'],
    form: api ? [api] : ['https://checkout.stripe.com', 'https://hooks.stripe.com'],
  }
}

/**
 * Security headers on every response, and a fresh nonce per request for the CSP: every inline script the SSR
 * writes carries it, so scripts need no 'unsafe-inline'. Third-party origins are added only when their variable is set.
 */
export const securityHeaders = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const nonce = makeNonce()
    c.set('nonce', nonce)
    await next()
    const origins = (...urls: Array<string | undefined>) => urls.filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin)
    const emailCheck = c.env.EMAIL_VERIFICATION_URL ? [c.env.EMAIL_VERIFICATION_URL, c.env.EMAIL_VERIFICATION_API_ORIGIN] : []
    // Turnstile runs its challenge in an iframe of its own origin: frame-src too, and only when the captcha is on
    const captcha = origins(captchaEnabled(c.env) ? c.env.CAPTCHA_SCRIPT_URL || TURNSTILE_SCRIPT_URL : undefined)
    const thirdParty = [...new Set([...origins(c.env.GTM_ID ? 'https://www.googletagmanager.com' : '', c.env.CHAT_WIDGET_URL, ...emailCheck, c.env.PAYMENT_SCRIPT_URL), ...captcha])]
    const fonts = origins(c.env.FONTS_CSS_URL, c.env.FONTS_CSS_URL ? c.env.FONTS_FILES_ORIGIN : undefined)
    const stripe = stripeSources(c.env)
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${[...thirdParty, ...stripe.script].join(' ')}`.trim(),
      `style-src 'self' 'unsafe-inline' ${fonts.join(' ')}`.trim(),
      "img-src 'self' data: blob:",
      `font-src 'self' ${fonts.join(' ')}`.trim(),
      `connect-src 'self' ${[...thirdParty, ...stripe.connect].join(' ')}`.trim(),
      `frame-src 'self' ${[...captcha, ...stripe.frame].join(' ')}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'self'",
      `form-action 'self' ${stripe.form.join(' ')}`.trim(),
      "object-src 'none'",
      "worker-src 'self'",
      "manifest-src 'self'",
    ].join('; ')
    const headers = c.res.headers
    headers.set('Content-Security-Policy', csp)
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)')
    // Two years, subdomains included, no `preload`: preloading is a commitment for the whole registrable domain, hard to
    // undo, and the operator's to make (docs/security.md). Never in development: it would pin localhost to https.
    if (isProduction(c.env) && new URL(c.req.url).protocol === 'https:') {
      headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    }
  })
