import { atom } from 'jotai'
import { readBrowserCookie, writePreferenceCookie } from '../../lib/preference-cookie.ts'

/**
 * The shopper's answer to "may we measure your visit?" (analytics through the tag manager; the store itself needs
 * no tracking to work). Kept a year in a `consent` cookie the browser reads; the server never looks at it, so
 * catalogue HTML stays the same for everyone. No answer yet means no tag manager.
 */
export type Consent = 'granted' | 'denied'

const COOKIE = 'consent'

export function readConsent(): Consent | null {
  const value = readBrowserCookie(COOKIE)
  return value === 'granted' || value === 'denied' ? value : null
}

export function writeConsent(value: Consent) {
  writePreferenceCookie(COOKIE, value)
}

/** undefined until read in the browser (the server and the first render know nothing). */
export const consentAtom = atom<Consent | null | undefined>(undefined)
/** The banner: open when there is no answer yet, or when the shopper reopens it from the footer. */
export const consentBannerOpenAtom = atom(false)
