import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'
import { captchaEnabled, TURNSTILE_SCRIPT_URL } from '#worker/lib/captcha.ts'
import { isProduction } from '#worker/env.ts'
import { cardProviderSources } from '#worker/lib/card-provider.ts'

function makeNonce() {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
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
    const provider = cardProviderSources(c.env)
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' ${[...thirdParty, ...provider.script].join(' ')}`.trim(),
      `style-src 'self' 'unsafe-inline' ${fonts.join(' ')}`.trim(),
      "img-src 'self' data: blob:",
      `font-src 'self' ${fonts.join(' ')}`.trim(),
      `connect-src 'self' ${[...thirdParty, ...provider.connect].join(' ')}`.trim(),
      `frame-src 'self' ${[...captcha, ...provider.frame].join(' ')}`.trim(),
      "frame-ancestors 'none'",
      "base-uri 'self'",
      `form-action 'self' ${provider.form.join(' ')}`.trim(),
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
