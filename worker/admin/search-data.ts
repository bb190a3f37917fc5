import type { Operator } from './context.ts'
import { auditStatement, auditStatementWhen } from './audit.ts'
import { once, spendFormStatement } from './form-tokens.ts'
import { synonymDeleteStatement, synonymInsertStatement } from '#worker/backend/catalogue/search-lexicon.ts'

/**
 * The console's Search page (issue 39 point 8): what shoppers searched, from the counts of worker/search-stats (one
 * row per store day, language and query), and the synonyms search expands queries with (`search_synonyms`,
 * docs/decisions/0008-search.md), which take effect on the next search: the search lexicon's stamp moves with them.
 */

export type SearchLanguage = 'en' | 'de'

export interface SearchPeriod {
  /** First and last store day (Australia/Melbourne), both included. */
  from: string
  to: string
  /** One language, or both (null). */
  locale: SearchLanguage | null
}

export interface QueryRow {
  locale: SearchLanguage
  query: string
  searches: number
  /** Searches that found nothing. */
  empty: number
  /** Products opened from its results. */
  clicks: number
  /** What the latest search of it in the period found. */
  results: number
}

export interface SearchReport {
  totals: { searches: number; empty: number; clicks: number; queries: number }
  top: QueryRow[]
  noResults: QueryRow[]
  noClicks: QueryRow[]
}

/** How many queries each list shows. */
export const REPORT_ROWS = 50

const GROUPED = `SELECT locale, query, sum(searches) AS searches, sum(empty_searches) AS empty, sum(clicks) AS clicks,
  -- SQLite: with a single max(), the bare column comes from the row holding it (the latest day's count)
  results, max(day) AS last_day
  FROM search_queries WHERE day BETWEEN ?1 AND ?2 AND (?3 IS NULL OR locale = ?3) GROUP BY locale, query`

export async function searchReport(db: D1Database, period: SearchPeriod): Promise<SearchReport> {
  const binds = [period.from, period.to, period.locale]
  const list = (having: string, order: string) => db.prepare(`${GROUPED} ${having} ORDER BY ${order}, query LIMIT ${REPORT_ROWS}`).bind(...binds)
  const [totals, top, noResults, noClicks] = await db.batch([
    db
      .prepare('SELECT COALESCE(sum(searches), 0) AS searches, COALESCE(sum(empty_searches), 0) AS empty, COALESCE(sum(clicks), 0) AS clicks, count(DISTINCT locale || ? || query) AS queries FROM search_queries WHERE day BETWEEN ? AND ? AND (? IS NULL OR locale = ?)')
      .bind('\n', period.from, period.to, period.locale, period.locale),
    list('', 'searches DESC'),
    list('HAVING sum(empty_searches) > 0', 'empty DESC'),
    list('HAVING sum(searches) > sum(empty_searches) AND sum(clicks) = 0', 'searches - empty DESC'),
  ])
  const rows = (result: D1Result | undefined) => (result!.results as Array<QueryRow & { last_day: string }>).map(({ last_day: _, ...row }) => row)
  return { totals: totals!.results[0] as SearchReport['totals'], top: rows(top), noResults: rows(noResults), noClicks: rows(noClicks) }
}

export interface SynonymRow {
  id: number
  locale: SearchLanguage | null
  terms: string
  one_way: number
}

export const listSynonyms = async (db: D1Database) =>
  (await db.prepare("SELECT id, locale, terms, one_way FROM search_synonyms ORDER BY COALESCE(locale, ''), id").all<SynonymRow>()).results

export const loadSynonym = (db: D1Database, id: number) => db.prepare('SELECT id, locale, terms, one_way FROM search_synonyms WHERE id = ?').bind(id).first<SynonymRow>()

export interface SynonymInput {
  locale: SearchLanguage | null
  terms: string[]
  oneWay: boolean
}

/** The audit's picture of a row: the words as the search reads them. */
const described = (row: { locale: SearchLanguage | null; terms: string; one_way: number }) => ({ locale: row.locale ?? 'all', terms: row.terms, direction: row.one_way ? 'one-way' : 'two-way' })

/** Adds a synonym row, audited, once per form (worker/admin/form-tokens.ts). */
export async function addSynonym(db: D1Database, operator: Operator, input: SynonymInput, token: string): Promise<void> {
  const row = { locale: input.locale, terms: input.terms.join(', '), one_way: input.oneWay ? 1 : 0 }
  await once(db, token, { done: 'the synonym was added.', label: 'See the synonyms' }, () =>
    db.batch([
      spendFormStatement(db, token, operator, { sql: "'/admin/search#synonyms'" }),
      synonymInsertStatement(db, row),
      auditStatement(db, operator, 'search.synonym_add', { type: 'search_synonym', id: row.terms }, null, described(row)),
    ]),
  )
}

/** Removes a synonym row, audited; false when it was gone already (nothing done, nothing recorded). */
export async function removeSynonym(db: D1Database, operator: Operator, row: SynonymRow): Promise<boolean> {
  const [, removed] = await db.batch([
    auditStatementWhen(db, 'EXISTS (SELECT 1 FROM search_synonyms WHERE id = ?)', operator, 'search.synonym_remove', { type: 'search_synonym', id: row.terms }, described(row), null, [row.id]),
    synonymDeleteStatement(db, row.id),
  ])
  return (removed!.meta.changes ?? 0) === 1
}
