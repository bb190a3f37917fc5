import { atom } from 'jotai'
import { PREFERENCE_COOKIE_MAX_AGE } from '../../config.ts'

/**
 * The shopper's answer to "may we measure your visit?" (analytics through the tag manager; the store itself needs
 * no tracking to work). Kept a year in a `consent` cookie the browser reads; the server never looks at it, so
 * catalogue HTML stays the same for everyone. No answer yet means no tag manager.
 */
export type Consent = 'granted' | 'denied'

const COOKIE = 'consent'

export function readConsent(): Consent | null {
  const value = document.cookie.split('; ').find((pair) => pair.startsWith(`${COOKIE}=`))?.slice(COOKIE.length + 1)
  return value === 'granted' || value === 'denied' ? value : null
}

export function writeConsent(value: Consent) {
  document.cookie = `${COOKIE}=${value}; path=/; max-age=${PREFERENCE_COOKIE_MAX_AGE}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`
}

/** undefined until read in the browser (the server and the first render know nothing). */
export const consentAtom = atom<Consent | null | undefined>(undefined)
/** The banner: open when there is no answer yet, or when the shopper reopens it from the footer. */
export const consentBannerOpenAtom = atom(false)
