import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { readListParams } from './params.ts'
import { firstTermFrom, hasPrefix, searchLexicon, type Lexicon } from './search-lexicon.ts'
import { nearSpellings, planSearch } from './search-query.ts'
import { phrase, queryWords } from './search-words.ts'

/**
 * Query completions for the search overlay (issue 39 point 7), our extension of the Storefront API:
 * `GET /search_suggestions?filter[name]=…&locale=…` answers up to five queries the shopper may mean, each one that
 * finds products in that language. The last word is completed from the catalogue's vocabulary (most products first)
 * or, when no term starts with it, corrected with search's own tolerance (search-query.ts `nearSpellings`); the words
 * before it are corrected when the vocabulary does not know them. The words are folded as the index holds them
 * ('rucksacke'); the storefront dresses them in the catalogue's spelling. Not personal: cacheable by anyone.
 */
export const searchSuggestRoutes = new Hono<{ Bindings: Env }>()

export const MAX_COMPLETIONS = 5
/** Candidates checked against the index (one batch): more than are shown, as some find nothing in this language. */
const CANDIDATES = 10
/** How many products a candidate must find at most to be counted (the count only says 'some'). */
const COUNT_CAP = 50

type Locale = 'en' | 'de'

/** The vocabulary's terms that start with `prefix`, most products first (terms of digits only left out). */
export function termsStarting(lexicon: Lexicon, prefix: string, limit: number): string[] {
  const sorted = lexicon.sorted
  const found: string[] = []
  for (let i = firstTermFrom(lexicon, prefix); i < sorted.length && sorted[i]!.startsWith(prefix); i++) if (!/^\d+$/.test(sorted[i]!)) found.push(sorted[i]!)
  return found.sort((a, b) => (lexicon.terms.get(b) ?? 0) - (lexicon.terms.get(a) ?? 0) || a.length - b.length).slice(0, limit)
}

/** The queries to offer for a typed text, before they are checked against the index: completed or corrected. */
export function completionCandidates(text: string, locale: Locale, lexicon: Lexicon): string[] {
  const words = queryWords(text)
  const last = words.at(-1)
  if (last === undefined) return []
  const head = words.slice(0, -1).map((w) => (hasPrefix(lexicon, w) ? w : (nearSpellings(w, locale, lexicon)[0] ?? w)))
  let tails = termsStarting(lexicon, last, CANDIDATES)
  if (tails.length === 0) tails = nearSpellings(last, locale, lexicon)
  const typed = words.join(' ')
  const queries = tails.map((tail) => [...head, tail].join(' ')).filter((q) => q !== typed)
  return [...new Set(queries)].slice(0, CANDIDATES)
}

/**
 * Up to MAX_COMPLETIONS of the candidates whose last word is a whole word of a product's name in the language, with
 * the words before it found too (one D1 round trip), those that find more first: a word only a description holds
 * ('Rückgabe'), the other language's word ('jacke' in English) or a form no name uses ('jackets') is not offered.
 */
export async function searchCompletions(db: D1Database, text: string, locale: Locale): Promise<string[]> {
  const lexicon = await searchLexicon(db)
  const checked = completionCandidates(text, locale, lexicon).map((query) => {
    const words = query.split(' ')
    const head = planSearch(words.slice(0, -1).join(' '), locale, lexicon).match
    return { query, match: [`name : ${phrase(words.at(-1)!, false)}`, ...(head ? [`(${head})`] : [])].join(' AND ') }
  })
  const counts = checked.length > 0
    ? await db.batch<{ n: number }>(checked.map((c) =>
        db
          .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM products_fts WHERE products_fts MATCH ?1 AND (rowid & 1) = ?2 LIMIT ${COUNT_CAP})`)
          .bind(c.match, locale === 'de' ? 1 : 0),
      ))
    : []
  return checked
    .map((c, order) => ({ query: c.query, order, n: counts[order]?.results[0]?.n ?? 0 }))
    .filter((c) => c.n > 0)
    .sort((a, b) => b.n - a.n || a.order - b.order)
    .slice(0, MAX_COMPLETIONS)
    .map((c) => c.query)
}

searchSuggestRoutes.get('/search_suggestions', async (c) => {
  const params = readListParams(new URL(c.req.url), { filters: ['name'] })
  const text = params.filters.get('name') ?? ''
  const completions = text.trim() ? await searchCompletions(c.env.DB, text, params.locale) : []
  c.header('Cache-Control', 'public, max-age=60')
  return c.json({
    data: completions.map((query, i) => ({ id: String(i + 1), type: 'search_suggestion', attributes: { kind: 'query', query } })),
    meta: { count: completions.length },
  })
})
