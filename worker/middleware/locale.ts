import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY, isCurrency, isLocale, splitLocalePath } from '#kernel/config.ts'
import { COOKIE, readCookie, setPreferenceCookie } from './cookies.ts'

const COUNTRY_PATTERN = /^[A-Z]{2}$/

/**
 * Resolves locale, currency and country. A page's locale comes from its path (`/de…` is German, anything else
 * English), so a URL always shows the same language and can be cached; the `locale` cookie remembers the last page
 * language for requests without a path prefix (the BFF). Currency and country come from their cookies.
 * Missing or stale cookies are (re)written: one year, path /, SameSite=Lax.
 */
export const locale = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url)
    const isPage = !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/spree_oauth/')
    const cookieLocale = readCookie(c, COOKIE.locale)
    const cookieCurrency = readCookie(c, COOKIE.currency)
    const cookieCountry = readCookie(c, COOKIE.country)

    const locale = isPage ? splitLocalePath(url.pathname).locale : isLocale(cookieLocale) ? cookieLocale : 'en'
    const currency = isCurrency(cookieCurrency) ? cookieCurrency : DEFAULT_CURRENCY
    const country = cookieCountry && COUNTRY_PATTERN.test(cookieCountry) ? cookieCountry : DEFAULT_COUNTRY
    c.set('locale', locale)
    c.set('currency', currency)
    c.set('country', country)

    await next()

    if (!isPage || c.req.method !== 'GET') return
    // Only a page the shopper opens says which language they chose; a background fetch of a page (the service
    // worker caching /offline, a prefetch) must not switch it back.
    const mode = c.req.header('sec-fetch-mode')
    if (cookieLocale !== locale && (!mode || mode === 'navigate')) setPreferenceCookie(c, COOKIE.locale, locale)
    if (cookieCurrency !== currency) setPreferenceCookie(c, COOKIE.currency, currency)
    if (cookieCountry !== country) setPreferenceCookie(c, COOKIE.country, country)
  })
