import { NONCE_PLACEHOLDER } from './personal-header.ts'

/**
 * The pages this isolate served last, kept in memory in front of the Cache API (docs/caching.md, 'The hit path').
 * A fresh hit then costs no Cache API read and no HTML rewrite: the stored HTML is kept split at its placeholder
 * nonces, so an anonymous visitor's answer is the parts joined with that answer's own nonce. Only fresh copies are
 * served from here; anything older goes through the Cache API as before (stale refresh, backend-down fallbacks).
 * Same key as the Cache API, so a content version bump or a release misses here too.
 */

/** Bounded so a crawl through thousands of listings cannot grow the isolate (128 MB) much. */
const MAX_PAGES = 200
const MAX_CHARS = 24 * 1024 * 1024

const NONCE_ATTRIBUTE = `nonce="${NONCE_PLACEHOLDER}"`

export interface HotPage {
  status: number
  headers: Array<[string, string]>
  /** The HTML split at every `nonce="<placeholder>"`: React escapes `"` in text, so only real attributes match. */
  parts: string[]
  storedAt: number
  chars: number
}

const pages = new Map<string, HotPage>()
let chars = 0

function forget(key: string) {
  const page = pages.get(key)
  if (!page) return
  pages.delete(key)
  chars -= page.chars
}

/** The copy of `key` if it is younger than `freshMs` (and marks it recently used), else undefined. */
export function hotPage(key: string, freshMs: number, now = Date.now()): HotPage | undefined {
  const page = pages.get(key)
  if (!page) return undefined
  if (now - page.storedAt >= freshMs) {
    forget(key)
    return undefined
  }
  pages.delete(key)
  pages.set(key, page)
  return page
}

/**
 * Keeps the stored copy of a page (its HTML as stored, its stored headers) and returns it; the oldest go first past
 * the bounds, and a page too large to keep is only returned.
 */
export function keepHot(key: string, html: string, status: number, headers: Headers, storedAt: number): HotPage {
  forget(key)
  const page: HotPage = { status, headers: [...headers], parts: html.split(NONCE_ATTRIBUTE), storedAt, chars: html.length }
  if (html.length > MAX_CHARS / 8) return page
  pages.set(key, page)
  chars += page.chars
  for (const oldest of pages.keys()) {
    if (pages.size <= MAX_PAGES && chars <= MAX_CHARS) break
    forget(oldest)
  }
  return page
}

/** The page's HTML with `nonce` in every place the placeholder was. */
export const hotHtml = (page: HotPage, nonce: string) => page.parts.join(`nonce="${nonce}"`)
