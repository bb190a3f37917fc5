import type { Context } from 'hono'
import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
import { PREFERENCE_COOKIE_MAX_AGE } from '#kernel/config.ts'

/** Cookie names and lifetimes in one place (spec §9: locale, currency and country live a year). */
export const COOKIE = {
  locale: 'locale',
  currency: 'currency',
  country: 'country',
  auth: 'auth',
  cartToken: 'cart_token',
  /** The D1 session bookmark of the shopper's last write (middleware/d1-session.ts). */
  d1Bookmark: 'd1_bookmark',
} as const

export const PREFERENCE_MAX_AGE = PREFERENCE_COOKIE_MAX_AGE
/** The bearer cookie outlives the access token so the refresh token can renew it. */
export const AUTH_MAX_AGE = 60 * 60 * 24 * 30
export const CART_TOKEN_MAX_AGE = 60 * 60 * 24 * 30

/** Preferences the browser may read (the locale selector shows them): path /, SameSite=Lax, one year. */
export function setPreferenceCookie(c: Context, name: string, value: string) {
  setCookie(c, name, value, { path: '/', sameSite: 'Lax', maxAge: PREFERENCE_MAX_AGE, secure: isSecure(c) })
}

/** Tokens the browser's JavaScript never reads: HttpOnly, Secure, SameSite=Lax. */
export function setSecretCookie(c: Context, name: string, value: string, maxAge: number) {
  setCookie(c, name, value, { path: '/', sameSite: 'Lax', httpOnly: true, secure: true, maxAge })
}

export function clearCookie(c: Context, name: string) {
  deleteCookie(c, name, { path: '/', secure: true })
}

export function readCookie(c: Context, name: string): string | undefined {
  return getCookie(c, name)
}

// Browsers drop Secure cookies set over plain http://localhost only in some versions; preferences stay readable either way.
function isSecure(c: Context) {
  return new URL(c.req.url).protocol === 'https:'
}
