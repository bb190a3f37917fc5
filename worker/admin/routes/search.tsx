import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { SearchPage, type PeriodChoice } from '#worker/admin/pages/search-page.tsx'
import type { FieldErrors, FormValues } from '#worker/admin/pages/parts.tsx'
import { firstKeptDay, SEARCH_STATS_KEEP_DAYS } from '#worker/search-stats/retention.ts'
import { queryWords } from '#worker/backend/catalogue/search-words.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { isCalendarDay, parseForm } from '../forms.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent, formTokenOf } from '../form-tokens.ts'
import { noticeText } from '../notices.ts'
import { storefrontChanged } from '../freshness.ts'
import { addDays, storeDayOf } from '#kernel/store-clock.ts'
import { addSynonym, listSynonyms, loadSynonym, removeSynonym, searchReport, type SearchLanguage, type SearchPeriod } from '../search-data.ts'
import { renderPage, seeOther } from '../render.tsx'

/** The console's Search page: what shoppers searched, and the synonyms search uses (issue 39 points 3 and 8). */
export const search = new Hono<AdminEnv>()

const TITLE = 'Search'
const PERIODS = ['7', '30', '90', 'dates'] as const

/** The period and language the page's filter asks for, in store days; an impossible choice says why. */
function periodOf(c: AdminContext): { period: SearchPeriod; choice: PeriodChoice; error?: string } {
  const today = storeDayOf(new Date())
  const kept = firstKeptDay(new Date())
  const asked = c.req.query('period') ?? '7'
  const lang = c.req.query('lang') ?? ''
  const locale: SearchLanguage | null = lang === 'en' || lang === 'de' ? lang : null
  const choice: PeriodChoice = { period: (PERIODS as readonly string[]).includes(asked) ? (asked as PeriodChoice['period']) : '7', from: c.req.query('from') ?? '', to: c.req.query('to') ?? '', lang: locale ?? '' }
  const lastDays = (n: number) => ({ from: addDays(today, -(n - 1)), to: today, locale })
  if (choice.period !== 'dates') return { period: lastDays(Number(choice.period)), choice }
  const { from, to } = choice
  let error: string | undefined
  if (!isCalendarDay(from) || !isCalendarDay(to)) error = 'Pick both days of the period (from and to).'
  else if (from > to) error = 'The first day must be on or before the last day.'
  else if (to < kept) error = `Searches are kept for ${SEARCH_STATS_KEEP_DAYS} days: pick days from ${kept} on.`
  if (error) return { period: lastDays(7), choice, error }
  return { period: { from: from < kept ? kept : from, to, locale }, choice }
}

async function showPage(c: AdminContext, extra: { notice?: string; error?: string; errors?: FieldErrors; values?: FormValues; already?: FormAlreadySent['already'] } = {}, status = 200) {
  const { period, choice, error } = periodOf(c)
  const [report, synonyms] = await Promise.all([searchReport(c.env.DB, period), listSynonyms(c.env.DB)])
  // a zero-result row's 'Add a synonym' opens the form with its query and language in it
  const prefill = c.req.query('synonym')?.slice(0, 100)
  const values = extra.values ?? (prefill ? { terms: `${prefill}, `, locale: c.req.query('synonym_lang') === 'de' ? 'de' : 'en', direction: 'one-way' } : undefined)
  return renderPage(
    c,
    TITLE,
    <SearchPage report={report} period={period} choice={choice} keptFrom={firstKeptDay(new Date())} synonyms={synonyms} prefilledFrom={extra.values ? undefined : prefill} {...extra} values={values} error={extra.error ?? error} />,
    error && status === 200 ? 400 : status,
  )
}

search.get('/search', (c) => showPage(c, { notice: noticeText(c.req.query('notice')) }))

/** A list of two to ten words or phrases, each with a letter or digit; the first is what one-way rows map from. */
const SynonymSchema = z.object({
  terms: z.pipe(z
    .string().check(z.maxLength(500, 'At most 500 characters in all.')), z.transform((value) => {
      const seen = new Set<string>()
      return value
        .split(',')
        .map((term) => term.replace(/\s+/g, ' ').trim())
        .filter((term) => term && queryWords(term).length > 0 && !seen.has(term.toLowerCase()) && seen.add(term.toLowerCase()))
    })).check(z.refine((terms) => terms.length >= 2, 'Enter at least two words or phrases, separated by commas (for example: kayak, canoe).'), z.refine((terms) => terms.length <= 10, 'At most 10 words or phrases in one synonym.'), z.refine((terms) => terms.every((term) => term.length <= 60), 'Each word or phrase has at most 60 characters.')),
  direction: z.enum(['two-way', 'one-way'], { message: 'Choose whether the words find each other or only the first finds the rest.' }),
  locale: z.enum(['en', 'de', 'all'], { message: 'Choose English, German or both.' }),
})

search.post('/search/synonyms', async (c) => {
  const form = await parseForm(c, SynonymSchema)
  if (!form.ok) return showPage(c, { errors: form.errors, values: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return showPage(c, { error: FORM_TOKEN_MISSING, values: form.values }, 422)
  const { terms, direction, locale } = form.data
  try {
    await addSynonym(c.env.DB, c.var.operator, { terms, oneWay: direction === 'one-way', locale: locale === 'all' ? null : locale }, token)
  } catch (error) {
    if (error instanceof FormAlreadySent) return showPage(c, { already: error.already }, 409)
    throw error
  }
  // search pages already in the edge cache were answered without it: every page renders afresh
  await storefrontChanged(c.env, {})
  return seeOther(c, '/admin/search', 'synonym-added')
})

search.post('/search/synonyms/:id{[0-9]+}/remove', async (c) => {
  const row = await loadSynonym(c.env.DB, Number(c.req.param('id')))
  if (!row || !(await removeSynonym(c.env.DB, c.var.operator, row))) return showPage(c, { error: 'That synonym was removed already: nothing was changed.' }, 409)
  await storefrontChanged(c.env, {})
  return seeOther(c, '/admin/search', 'synonym-removed')
})
