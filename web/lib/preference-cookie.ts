import { PREFERENCE_COOKIE_MAX_AGE } from '#kernel/config.ts'

/**
 * A preference the browser keeps and the server may read (language, currency, consent, the newsletter prompt's
 * answer): path /, a year, SameSite=Lax, Secure on https (the worker's `setPreferenceCookie` sets the same).
 */
export function writePreferenceCookie(name: string, value: string) {
  document.cookie = `${name}=${value}; path=/; max-age=${PREFERENCE_COOKIE_MAX_AGE}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`
}

/** A cookie's value as the browser holds it; undefined when there is none. */
export function readBrowserCookie(name: string): string | undefined {
  return document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`))?.slice(name.length + 1)
}
