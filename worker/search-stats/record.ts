import { splitLocalePath } from '#kernel/config.ts'
import type { Locale } from '#kernel/models.ts'
import { storeDayOf } from '#kernel/store-clock.ts'

/**
 * Search analytics for the console's Search page (issue 39 point 8, docs/decisions/0013-search-analytics.md): how
 * often each query was searched, how often it found nothing, and how often a product was opened from its results,
 * per store day (Australia/Melbourne) and language. Nothing about who searched is kept: no address, account, cookie,
 * session or time finer than the day; a query that looks like an email address or a phone or card number is not kept
 * at all.
 *
 * Nothing here writes to D1 while a shopper waits: events are added up in this isolate and written in one batch a
 * second later, in the background of the requests that brought them (waitUntil). A search page answered from the
 * edge cache is counted too (its stored copy carries the count, SEARCH_HEADER).
 */

/** How long an isolate adds events up before it writes them: one D1 batch per second at most, per isolate. */
export const FLUSH_DELAY_MS = 1_000
/** The longest query kept (the search page reads at most 100 characters of its term). */
const QUERY_MAX = 100

/**
 * The header a search's answer carries to the recorder (worker/search-stats/middleware.ts): the number of products it
 * found and the term, `<count> <term URI-encoded>`. Set by the rendered search page (so the edge cache's copy carries
 * it) and by the BFF's search listing; removed before the answer leaves the worker.
 */
export const SEARCH_HEADER = 'x-search-answer'

export const searchHeaderValue = (term: string, found: number) => `${Math.max(0, Math.floor(found))} ${encodeURIComponent(term)}`

export function readSearchHeader(value: string | null): { term: string; found: number } | null {
  const match = value ? /^(\d{1,9}) (\S+)$/.exec(value) : null
  if (!match) return null
  try {
    return { found: Number(match[1]), term: decodeURIComponent(match[2]!) }
  } catch {
    return null
  }
}

/** A query as it is counted: case and spacing folded, at most 100 characters; '' when there is nothing to count. */
export function normaliseQuery(term: string): string {
  return term.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim().slice(0, QUERY_MAX).trim()
}

/** A query that may be about a person rather than a product: an email address, or a phone, card or account number. */
export function looksPersonal(query: string): boolean {
  return /\S@\S/.test(query) || /\d{7,}/.test(query.replace(/[\s\-./()]/g, ''))
}

/** What the search page's address says was searched: its language and term, or null for any other address. */
export function searchOfAddress(address: URL): { locale: Locale; term: string } | null {
  const { locale, path } = splitLocalePath(address.pathname)
  if (path.replace(/\/+$/, '').toLowerCase() !== '/category') return null
  const term = address.searchParams.get('term')?.trim().slice(0, QUERY_MAX) ?? ''
  return term ? { locale, term } : null
}

interface Counts {
  day: string
  locale: Locale
  query: string
  searches: number
  empty: number
  /** The product count of the latest search in this batch. */
  results: number
  clicks: number
}

let pending = new Map<string, Counts>()
let flushing: Promise<void> | null = null

type Background = { waitUntil(promise: Promise<unknown>): void }

function add(ctx: Background, db: D1Database, locale: Locale, term: string, change: (counts: Counts) => void) {
  const query = normaliseQuery(term)
  if (!query || looksPersonal(query)) return
  const day = storeDayOf(new Date())
  const key = `${day}\n${locale}\n${query}`
  let counts = pending.get(key)
  if (!counts) pending.set(key, (counts = { day, locale, query, searches: 0, empty: 0, results: 0, clicks: 0 }))
  change(counts)
  flushing ??= new Promise<void>((resolve) => setTimeout(resolve, FLUSH_DELAY_MS)).then(() => {
    const rows = [...pending.values()]
    pending = new Map()
    flushing = null
    return write(db, rows)
  })
  // every request that added to the batch keeps the isolate until it is written
  ctx.waitUntil(flushing)
}

/** Counts one search that answered `found` products. */
export function recordSearch(ctx: Background, db: D1Database, locale: Locale, term: string, found: number) {
  add(ctx, db, locale, term, (counts) => {
    counts.searches += 1
    if (found === 0) counts.empty += 1
    counts.results = found
  })
}

/** Counts a product opened from the results of a search (counted only for a query searched the same day). */
export function recordClick(ctx: Background, db: D1Database, locale: Locale, term: string) {
  add(ctx, db, locale, term, (counts) => {
    counts.clicks += 1
  })
}

async function write(db: D1Database, rows: Counts[]) {
  const statements: D1PreparedStatement[] = []
  for (const row of rows) {
    if (row.searches === 0) continue
    statements.push(
      db
        .prepare(
          `INSERT INTO search_queries (day, locale, query, searches, empty_searches, results) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (day, locale, query) DO UPDATE SET searches = searches + excluded.searches,
             empty_searches = empty_searches + excluded.empty_searches, results = excluded.results`,
        )
        .bind(row.day, row.locale, row.query, row.searches, row.empty, row.results),
    )
  }
  // after the searches of the same batch, so a search and the click on its results may arrive together
  for (const row of rows) {
    if (row.clicks === 0) continue
    statements.push(db.prepare('UPDATE search_queries SET clicks = clicks + ? WHERE day = ? AND locale = ? AND query = ?').bind(row.clicks, row.day, row.locale, row.query))
  }
  try {
    for (let i = 0; i < statements.length; i += 100) await db.batch(statements.slice(i, i + 100))
  } catch (error) {
    // analytics never costs a shopper anything: a batch D1 refused is lost, and says so in the log
    console.warn('search analytics: could not write a batch', error)
  }
}
