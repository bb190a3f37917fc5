import { isProduction, type Env } from '#worker/env.ts'
import { splitLocalePath } from '#kernel/config.ts'
import { APP_VERSION } from '#worker/ssr/version.ts'
import { BUILD_ID } from '#worker/ssr/assets.ts'
import { WISH_NOTICE } from '#kernel/wish-notice.ts'
import { pageQuery } from '#web/lib/page-query.ts'

/**
 * Which pages the edge page cache may hold, and under which key. A page is shared when its HTML is the same for
 * every visitor of one locale, currency and country: the catalogue (home, categories, products, search results)
 * and content pages. Everything else (account, checkout, cart, login, admin, utilities) is never looked up.
 */

/** First path segments (lower case, after `/de`) that are personal or utility screens: never cached. */
const UNCACHED_SEGMENTS = new Set([
  'admin', 'account', 'myaccount', 'my-account', 'cart', 'checkout', 'login', 'logout', 'signup', 'register',
  'reset-password', 'resetpassword', 'wishlist', 'offline', 'latestversion',
  // the newsletter's confirm and unsubscribe pages read one shopper's signed link from their query
  'newsletter',
  // so do the back-in-stock alert's confirm and unsubscribe pages (decision 0073)
  'stock-alerts',
  // answered by other routes of worker/index.ts (the API, the embedded backend, the operator console, email previews)
  'api', 'spree_oauth', 'dev',
])

/**
 * Whether the address says something to one shopper only: the no-JavaScript wishlist heart returns to the listing
 * with `?wishlist=saved-{variant}` (kernel/wish-notice.ts), which the card shows under its prices.
 * Such a page is rendered for that request and never stored (one copy per heart pressed, each with the notice in it).
 */
export function isPersonalAddress(url: URL): boolean {
  return url.searchParams.has(WISH_NOTICE)
}

/** Whether a request may be answered from (and fill) the page cache: a GET or HEAD of a shared page. */
export function isCacheablePage(method: string, url: URL): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  if (isPersonalAddress(url)) return false
  const { path } = splitLocalePath(url.pathname)
  const first = path.split('/')[1]?.toLowerCase() ?? ''
  if (UNCACHED_SEGMENTS.has(first)) return false
  // a file (robots.txt, a missing asset) is not a page
  return !/\.[a-z0-9]+$/i.test(path)
}

/** The cache never runs on *.workers.dev, where the Cache API does nothing (docs/operations.md). */
export function pageCacheAvailable(url: URL): boolean {
  return !url.hostname.endsWith('.workers.dev')
}

/**
 * The page's query as the page reads it (`pageQuery`, web/lib/page-query.ts): tracking, affiliate and unknown
 * parameters left out, the rest in one order. The key and the shared render both use it (issue 38).
 */
export function normalisedSearch(url: URL): string {
  const search = pageQuery(url.pathname, url.searchParams).toString()
  return search ? `?${search}` : ''
}

/** The address a shared page is rendered from and stored under: what any visitor of the same page would get. */
export function normalisedUrl(url: URL): URL {
  const clean = new URL(url)
  clean.search = normalisedSearch(url)
  return clean
}

/**
 * The benchmark's forced miss (`MISS_PARAM` in bench/lib/load.mjs, a unique value each request): the key leaves
 * unknown parameters out, so only a development or test store keys it apart, as any unknown parameter was before.
 * Never in production, where it would let anyone force a render.
 */
export function benchMissKey(env: Env, url: URL, key: string): string {
  const miss = isProduction(env) ? null : url.searchParams.get('bench-miss')
  return miss === null ? key : `${key}${key.includes('?') ? '&' : '?'}bench-miss=${encodeURIComponent(miss)}`
}

export interface PageVariant {
  locale: string
  currency: string
  country: string
}

/**
 * The Cache API key of a page: its own origin (the Cache API keeps entries per zone), the release, the client build
 * (its pages name its stylesheet and scripts) and the content version, then what the HTML depends on. Paths are
 * matched case-insensitively by the router, but the key keeps the case: two spellings are two copies of the same
 * page, which is harmless.
 */
export function pageCacheKey(url: URL, variant: PageVariant, contentVersion: string): string {
  return `${url.origin}/__page/${APP_VERSION}/${BUILD_ID}/${contentVersion}/${variant.locale}/${variant.currency}/${variant.country}${url.pathname}${normalisedSearch(url)}`
}

/**
 * The KV key of a page's last good HTML: without the content version, so it outlives a purge (backend-down copy), but
 * with the client build, whose files the copy names.
 */
export async function lastGoodKey(url: URL, variant: PageVariant): Promise<string> {
  const prefix = `page:${APP_VERSION}:${BUILD_ID}:${variant.locale}:${variant.currency}:${variant.country}:`
  const address = `${url.pathname}${normalisedSearch(url)}`
  const key = prefix + address
  if (utf8.encode(key).length <= KV_KEY_MAX_BYTES) return key
  // a long search or filter address: KV refuses keys over 512 bytes, so the address is named by its SHA-256
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', utf8.encode(address)))
  return `${prefix}#${[...digest].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

const KV_KEY_MAX_BYTES = 512
const utf8 = new TextEncoder()

/** How long a copy is served without asking (fresh) and then served while it is refreshed (stale), in ms. */
export function freshness(env: Env): { freshMs: number; staleMs: number } {
  const seconds = (value: string | undefined, fallback: number) => {
    const n = Number(value)
    return Number.isFinite(n) && n >= 0 && value !== undefined && value !== '' ? n : fallback
  }
  // 30 s fresh + 30 s stale: a price, stock or content change shows within 60 s (issue 11).
  return { freshMs: seconds(env.PAGE_CACHE_FRESH_SECONDS, 30) * 1000, staleMs: seconds(env.PAGE_CACHE_STALE_SECONDS, 30) * 1000 }
}
