import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'
import { commerceContext } from '#worker/commerce/for-request.ts'
import { createServerApi } from '#worker/commerce/server-api.ts'
import { SessionState } from '#worker/middleware/session.ts'
import { renderDocument } from '#worker/ssr/index.ts'
import { wholePage } from '#worker/ssr/render.tsx'
import { inlineBoundaries } from '#worker/ssr/inline-boundaries.ts'
import { ANONYMOUS } from '#web/state/session/personal-state.ts'
import { benchMissKey, freshness, isCacheablePage, isPersonalAddress, lastGoodKey, normalisedUrl, pageCacheAvailable, pageCacheKey, type PageVariant } from './page-key.ts'
import { pageCacheVersion } from './content-version.ts'
import { NONCE_PLACEHOLDER, personalise } from './personal-header.ts'
import { freshPersonalState, personalStateFor, type Personal } from './header-cookie.ts'
import { readLastGood, writeLastGood } from './last-good.ts'
import { hotHtml, hotPage, keepHot, type HotPage } from './hot-pages.ts'

/**
 * The full-page edge cache (docs/caching.md). Shared pages (page-key.ts) are rendered once per locale, currency,
 * country and content version with an anonymous session and a placeholder nonce, kept in the Cache API, and served
 * to everyone; every answer then gets its own nonce and the shopper's header (personal-header.ts) on the way out.
 * Cookies are written by the outer middleware after this, so the stored copy never holds one.
 *
 * - younger than the fresh bound: served as it is (`edge;desc=hit`);
 * - within the stale window: served, and rendered again in the background (`stale`);
 * - older, or absent: rendered now and stored (`miss`); if that render fails (backend down), the old copy is served
 *   however old, else the last good HTML kept in KV (`stale`).
 * Other HTML pages (account, checkout, …) are not cached but get the same header fill, so no member sees 'Login'.
 */

const STORED_AT = 'x-edge-stored-at'
const ORIGINAL_CACHE_CONTROL = 'x-edge-cache-control'
/** How long the Cache API keeps a good page: the backend-down horizon where the data centre does not evict it. */
const KEEP_SECONDS = 2 * 24 * 60 * 60
/** A not-found page is kept briefly: a product that appears is found within a minute. */
const NOT_FOUND_SECONDS = 60

type EdgeState = 'hit' | 'miss' | 'stale'

const isHtml = (response: Response) => (response.headers.get('content-type') ?? '').startsWith('text/html')

async function openCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default
  } catch {
    return null
  }
}

/**
 * The same page as a visitor without cookies asks for it at its clean address (`normalisedUrl`: no tracking or unknown
 * parameters): nothing personal, and nothing of one visitor's address, can reach the shared render.
 */
function anonymousRequest(c: Context<AppEnv>, url: URL): Request {
  const headers = new Headers(c.req.raw.headers)
  headers.delete('cookie')
  headers.delete('authorization')
  return new Request(url, { method: 'GET', headers })
}

function renderShared(c: Context<AppEnv>, url: URL): Promise<Response> {
  const api = createServerApi({ ...commerceContext(c), session: new SessionState(null, null) })
  return renderDocument(c, { request: anonymousRequest(c, url), api, nonce: NONCE_PLACEHOLDER })
}

/**
 * A redirect (a legacy /c/ address, an unknown path) is never shared, and the page it leads to is where the visitor
 * lands, whose address analytics reads (utm_*, gclid) and the browser takes the affiliate code from (`ac`): the
 * parameters the shared render left out go on to its target, as they did before the render used the clean address.
 */
function keepVisitorParams(response: Response, asked: URL, clean: URL): Response {
  const location = response.headers.get('location')
  if (!location || response.status < 300 || response.status > 399 || asked.search === clean.search) return response
  const target = new URL(location, asked)
  if (target.origin !== asked.origin) return response
  for (const [name, value] of asked.searchParams) if (!clean.searchParams.has(name)) target.searchParams.append(name, value)
  const out = new Response(response.body, response)
  out.headers.set('location', target.pathname + target.search + target.hash)
  return out
}

/** Whether a rendered page may be shared: a public 200, or a not-found page (briefly). */
function shareable(response: Response) {
  return (response.status === 200 && /\bpublic\b/.test(response.headers.get('cache-control') ?? '')) || response.status === 404
}

function storedCopy(html: string, rendered: Response, storedAt: number): Response {
  const headers = new Headers(rendered.headers)
  headers.delete('set-cookie')
  headers.delete('vary')
  headers.set(ORIGINAL_CACHE_CONTROL, rendered.headers.get('cache-control') ?? 'private, no-store')
  headers.set(STORED_AT, String(storedAt))
  headers.set('cache-control', `public, max-age=${rendered.status === 200 ? KEEP_SECONDS : NOT_FOUND_SECONDS}`)
  return new Response(html, { status: rendered.status, headers })
}

/**
 * Renders the page for everyone and stores it (and, for a good page, its last good copy in KV) in the background:
 * the shopper who waits gets the streamed page, the cache a whole copy. Where every part was ready when the shell
 * went out, the streamed page is whole already and is stored as it is; where a part came later (a placeholder, then
 * a swap), the swaps are done in the HTML (`inlineBoundaries`: what a render with every part ready writes), else (or
 * where a part failed) the page is rendered once more (`wholePage`: every part in place); a page with a failed part
 * is not stored. `stored` settles when the copy is stored (or not).
 */
async function renderAndStore(c: Context<AppEnv>, cache: Cache | null, key: string, variant: PageVariant, url: URL): Promise<{ rendered: Response; stored: Promise<void> }> {
  const rendered = await renderShared(c, url)
  if (!cache || !shareable(rendered) || !rendered.body) return { rendered, stored: Promise.resolve() }
  const [forShopper, forStore] = rendered.body.tee()
  const storedAt = Date.now()
  const stored = guarded(
    new Response(forStore).text().then(async (streamed) => {
      // React marks a boundary sent as its placeholder `<!--$?-->` and one that failed on the server `<!--$!-->`
      // (the first: the streamed page with React's swaps done in place, no second render, where it is in plain form)
      const html = /<!--\$[?!]-->/.test(streamed) ? (inlineBoundaries(streamed) ?? (await wholePage(rendered))) : streamed
      if (html === null) return
      const copy = storedCopy(html, rendered, storedAt)
      keepHot(key, html, copy.status, copy.headers, storedAt)
      await cache.put(key, copy)
      if (rendered.status === 200) await writeLastGood(c.env, await lastGoodKey(url, variant), html, rendered.headers)
    }),
  )
  waitUntil(c, stored)
  return { rendered: new Response(forShopper, rendered), stored }
}

const guarded = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => console.warn('page cache: could not store a page', error))

function waitUntil(c: Context<AppEnv>, promise: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(guarded(promise))
  } catch {
    // no execution context (some tests): the promise just runs
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Writes that never change the header's bits: no database read to re-sign it. */
const NO_HEADER_CHANGE = new Set(['/api/search-click'])

// Background refreshes running in this isolate, so a burst of stale hits renders a page once.
const refreshing = new Set<string>()

/** The headers a shopper's copy gets: the answer's own cache policy, no stored bookkeeping, the edge state. */
function shopperHeaders(c: Context<AppEnv>, stored: HeadersInit, edge: EdgeState, { state, setCookie }: Personal): Headers {
  const headers = new Headers(stored)
  const original = headers.get(ORIGINAL_CACHE_CONTROL)
  headers.delete(ORIGINAL_CACHE_CONTROL)
  headers.delete(STORED_AT)
  if (original) headers.set('cache-control', original)
  headers.set('vary', 'Cookie')
  // a page with someone's name or cart in it (or a cookie of theirs) is theirs alone
  if (state !== ANONYMOUS || setCookie) headers.set('cache-control', 'private, no-store')
  if (setCookie) headers.append('set-cookie', setCookie)
  c.var.timing.add('edge', undefined, edge)
  return headers
}

/** The copy a shopper gets: their own nonce and header, the answer's own cache policy, no stored bookkeeping. */
function answer(c: Context<AppEnv>, page: Response, edge: EdgeState, personal: Personal, nonce: string | null): Response {
  const body = c.req.method === 'HEAD' ? null : page.body
  const out = new Response(body, { status: page.status, headers: shopperHeaders(c, page.headers, edge, personal) })
  return body && isHtml(page) ? personalise(out, { nonce, state: personal.state, locale: c.var.locale }) : out
}

/**
 * A fresh hit from this isolate's memory: the nonce is joined in as the HTML is built, so a visitor without a
 * session (nothing personal to fill in) gets the joined string and the stored headers, with no HTML rewriter, no
 * session lookup and no second Response; a shopper with a session still gets their header filled in.
 */
function answerHot(c: Context<AppEnv>, hot: HotPage, personal: Personal, nonce: string): Response {
  const body = c.req.method === 'HEAD' ? null : hotHtml(hot, nonce)
  const out = new Response(body, { status: hot.status, headers: shopperHeaders(c, hot.headers, 'hit', personal) })
  return body !== null && personal.state !== ANONYMOUS ? personalise(out, { nonce: null, state: personal.state, locale: c.var.locale }) : out
}

export const pageCache = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url)
    const nonce = c.var.nonce
    if (!isCacheablePage(c.req.method, url)) {
      await next()
      // the operator console has its own chrome and sign-in: nothing of the shop's header to fill
      const storefront = !/^\/admin(\/|$)/.test(url.pathname)
      // a change that went through (cart, login, logout, wishlist, profile), or new session tokens (a refreshed bearer,
      // a cart left at a card provider's return), rewrite the header cookie in the same answer
      const { auth, cart } = c.var.session.changes
      const changed = storefront && ((!SAFE_METHODS.has(c.req.method) && c.res.status < 400 && !NO_HEADER_CHANGE.has(url.pathname)) || auth || cart)
      const page = storefront && isHtml(c.res) && c.res.body && (c.var.session.auth || c.var.session.cartToken)
      // pages outside the cache (cart, checkout, account) read the database anyway: their header is read and signed
      // again too, so a change the cookie did not see (an order paid on a card provider's page) is put right there
      if (changed || page) {
        const { state, setCookie } = await freshPersonalState(c)
        if (page) {
          c.res = personalise(c.res, { nonce: null, state, locale: c.var.locale })
          // a page public for visitors without a session (/Login, /offline) is theirs alone once it greets them
          if (state !== ANONYMOUS) c.res.headers.set('cache-control', 'private, no-store')
        }
        if (setCookie) c.header('set-cookie', setCookie, { append: true })
      }
      // a page with a wishlist notice is this shopper's answer to their heart: no shared cache may keep it either
      if (isPersonalAddress(url) && isHtml(c.res)) c.res.headers.set('cache-control', 'private, no-store')
      return
    }

    const variant: PageVariant = { locale: c.var.locale, currency: c.var.currency, country: c.var.country }
    // the page as any visitor of it gets it: the key, the render and its background refresh all use the clean address
    const clean = normalisedUrl(url)
    // a visitor without session cookies is ANONYMOUS at once; a shopper with a good header cookie costs no lookup
    const personal = personalStateFor(c)
    const cache = pageCacheAvailable(url) ? await openCache() : null
    const key = benchMissKey(c.env, url, pageCacheKey(clean, variant, await pageCacheVersion(c.env)))
    const { freshMs, staleMs } = freshness(c.env)
    const hot = cache ? hotPage(key, freshMs) : undefined
    if (hot) return answerHot(c, hot, await personal, nonce)
    const cached = cache ? await cache.match(key).catch(() => undefined) : undefined
    const age = cached ? Date.now() - Number(cached.headers.get(STORED_AT) ?? 0) : Infinity

    let page: Response
    let edge: EdgeState
    if (cached && age < freshMs) {
      // fresh in this data centre but not yet in this isolate: kept in memory for the hits that follow
      const copy = keepHot(key, await cached.text(), cached.status, cached.headers, Number(cached.headers.get(STORED_AT)))
      return answerHot(c, copy, await personal, nonce)
    } else if (cached && cached.status === 200 && age < freshMs + staleMs) {
      page = cached
      edge = 'stale'
      if (!refreshing.has(key)) {
        refreshing.add(key)
        // nobody reads this render's stream: it is dropped once the whole copy is stored
        waitUntil(
          c,
          renderAndStore(c, cache, key, variant, clean)
            .then(async ({ rendered, stored }) => {
              await stored
              await rendered.body?.cancel()
            })
            .finally(() => refreshing.delete(key)),
        )
      }
    } else {
      const { rendered } = await renderAndStore(c, cache, key, variant, clean)
      // the backend is down: the last good page, however old, beats an error page for browsing
      const fallback = rendered.status >= 500 ? ((cached?.status === 200 ? cached : undefined) ?? (await readLastGood(c.env, await lastGoodKey(clean, variant)))) : undefined
      if (fallback) {
        await rendered.body?.cancel()
        page = fallback
        edge = 'stale'
      } else {
        page = keepVisitorParams(rendered, url, clean)
        edge = 'miss'
      }
    }
    return answer(c, page, edge, await personal, nonce)
  })
