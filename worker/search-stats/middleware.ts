import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { splitLocalePath } from '#kernel/config.ts'
import type { ApiErrorBody } from '#kernel/models.ts'
import type { AppEnv } from '#worker/app-env.ts'
import { readSearchHeader, recordClick, recordSearch, SEARCH_HEADER, searchOfAddress } from './record.ts'

/**
 * Counts the searches and the products opened from their results (worker/search-stats/record.ts). It wraps the edge
 * page cache, so a search page served from a stored copy counts as well as a rendered one:
 *
 * - a search: an answer carrying SEARCH_HEADER (the rendered search page, stored copies included, and the BFF's
 *   search listing the app loads the page with); the header is removed here;
 * - a product opened from the results without the app (no JavaScript, a new tab): a page navigation to a product
 *   whose Referer is this store's search page; in the app, its beacon (`searchClick`).
 *
 * A store on a remote Spree has no console to show them: nothing is counted there.
 */
export const searchStats = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next()
    const answer = c.res.headers.get(SEARCH_HEADER)
    if (answer !== null) c.res.headers.delete(SEARCH_HEADER)
    if (c.req.method !== 'GET' || c.env.COMMERCE_URL) return
    const search = readSearchHeader(answer)
    if (search && c.res.status === 200) return recordSearch(background(c), c.env.DB, c.var.locale, search.term, search.found)
    const from = openedFromSearch(c)
    if (from && c.res.status === 200) recordClick(background(c), c.env.DB, from.locale, from.term)
  })

/** The search a product page was opened from: a navigation to a product whose Referer is our search page. */
function openedFromSearch(c: Context<AppEnv>) {
  const mode = c.req.header('sec-fetch-mode')
  if (mode && mode !== 'navigate') return null
  const path = splitLocalePath(new URL(c.req.url).pathname).path.toLowerCase()
  if (!path.startsWith('/products/') && !path.startsWith('/p/')) return null
  return searchOf(c.req.header('referer'), c.req.url)
}

function searchOf(address: string | undefined | null, own: string) {
  if (!address) return null
  try {
    const url = new URL(address, own)
    return url.origin === new URL(own).origin ? searchOfAddress(url) : null
  } catch {
    return null
  }
}

const background = (c: Context<AppEnv>) => c.executionCtx

/**
 * POST /api/search-click, the app's beacon: a product was opened in the app from the search page named by `from`
 * (its path and query). Answers 204; a `from` that is not a search page, 400.
 */
export async function searchClick(c: Context<AppEnv>) {
  const body: Record<string, unknown> = await c.req.parseBody().catch(() => ({}))
  const from = searchOf(typeof body.from === 'string' ? body.from : null, c.req.url)
  if (!from) return c.json({ error: 'from must be the address of a search results page.' } satisfies ApiErrorBody, 400, { 'cache-control': 'no-store' })
  if (!c.env.COMMERCE_URL) recordClick(background(c), c.env.DB, from.locale, from.term)
  return c.body(null, 204, { 'cache-control': 'no-store' })
}
