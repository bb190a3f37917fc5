import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import type { QueryRow, SearchPeriod, SearchReport, SynonymRow } from '#worker/admin/search-data.ts'
import { AlreadySentNotice, ErrorSummary, FormToken, Notice, PageHeader, Panel, Table, TextLink, cell, type AlreadySent, type FieldErrors, type FormValues } from './parts.tsx'

/** The filter as the operator chose it (shown again as chosen, even when it was refused). */
export interface PeriodChoice {
  period: '7' | '30' | '90' | 'dates'
  from: string
  to: string
  lang: '' | 'en' | 'de'
}

const LANGUAGE = { en: 'English', de: 'German' } as const
const language = (locale: 'en' | 'de' | null) => (locale ? LANGUAGE[locale] : 'Both')
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`

function PeriodForm({ choice, keptFrom }: { choice: PeriodChoice; keptFrom: string }) {
  return (
    <form method="get" action="/admin/search" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Choose the period">
      <Select id="period" name="period" label="Period" defaultValue={choice.period}>
        <option value="7">Last 7 days</option>
        <option value="30">Last 30 days</option>
        <option value="90">Last 90 days</option>
        <option value="dates">The days below</option>
      </Select>
      <Input id="from" name="from" type="date" label="From" min={keptFrom} defaultValue={choice.from} hint="With 'The days below'." />
      <Input id="to" name="to" type="date" label="To" min={keptFrom} defaultValue={choice.to} />
      <Select id="lang" name="lang" label="Language" defaultValue={choice.lang}>
        <option value="">Both languages</option>
        <option value="en">English</option>
        <option value="de">German</option>
      </Select>
      <div className="flex items-end">
        <Button type="submit">Show</Button>
      </div>
    </form>
  )
}

/** A list of queries; `action` adds a last column (the zero-result list's 'Add a synonym'). */
function QueryTable({ caption, rows, columns, action, empty }: { caption: string; rows: QueryRow[]; columns: Array<[string, (row: QueryRow) => string]>; action?: (row: QueryRow) => ReactNode; empty: string }) {
  return (
    <div className="mb-6">
      <h2 className="mb-2 text-lg font-bold">{caption}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-neutral-700">{empty}</p>
      ) : (
        <Table caption={caption} head={['Query', 'Language', ...columns.map(([title]) => title), ...(action ? [''] : [])]}>
          {rows.map((row) => (
            <tr key={`${row.locale} ${row.query}`}>
              <td className={`${cell} min-w-32 break-words font-semibold`}>{row.query}</td>
              <td className={cell}>{LANGUAGE[row.locale]}</td>
              {columns.map(([title, value]) => (
                <td key={title} className={`${cell} tabular-nums`}>
                  {value(row)}
                </td>
              ))}
              {action ? <td className={cell}>{action(row)}</td> : null}
            </tr>
          ))}
        </Table>
      )}
    </div>
  )
}

function SynonymForm({ values, errors, prefilledFrom }: { values: FormValues; errors?: FieldErrors; prefilledFrom?: string }) {
  return (
    <form method="post" action="/admin/search/synonyms" id="add-synonym" className="mb-4 grid gap-4 lg:grid-cols-4" aria-label="Add a synonym">
      <FormToken />
      <Input
        id="terms"
        name="terms"
        label="Words or phrases, separated by commas"
        required
        frameClassName="lg:col-span-2"
        autoFocus={prefilledFrom ? true : undefined}
        defaultValue={values.terms ?? ''}
        error={errors?.terms}
        hint={prefilledFrom ? `After '${prefilledFrom}', type the words of the products it should find.` : 'For example: thongs, flip flops, sandals'}
      />
      <Select id="direction" name="direction" label="Direction" defaultValue={values.direction ?? 'two-way'} error={errors?.direction} hint="One-way: only the first finds the rest.">
        <option value="two-way">Two-way</option>
        <option value="one-way">One-way</option>
      </Select>
      <Select id="locale" name="locale" label="Language" defaultValue={values.locale ?? 'en'} error={errors?.locale}>
        <option value="en">English</option>
        <option value="de">German</option>
        <option value="all">Both languages</option>
      </Select>
      <div>
        <Button type="submit">Add the synonym</Button>
      </div>
    </form>
  )
}

function SynonymTable({ synonyms }: { synonyms: SynonymRow[] }) {
  return (
    <Table caption="Synonyms in use" head={['Words', 'Direction', 'Language', '']}>
      {synonyms.map((row) => (
        <tr key={row.id}>
          <td className={`${cell} min-w-40`}>{row.terms}</td>
          <td className={`${cell} min-w-32`}>{row.one_way ? `One-way: '${row.terms.split(',')[0]!.trim()}' also finds the rest` : 'Two-way'}</td>
          <td className={cell}>{language(row.locale)}</td>
          <td className={cell}>
            <form method="post" action={`/admin/search/synonyms/${row.id}/remove`}>
              <Button type="submit" variant="danger" size="sm">
                Remove <span className="sr-only">{row.terms}</span>
              </Button>
            </form>
          </td>
        </tr>
      ))}
    </Table>
  )
}

export function SearchPage(props: {
  report: SearchReport
  period: SearchPeriod
  choice: PeriodChoice
  keptFrom: string
  synonyms: SynonymRow[]
  prefilledFrom?: string
  notice?: string
  error?: string
  errors?: FieldErrors
  values?: FormValues
  already?: AlreadySent
}) {
  const { report, period } = props
  const { totals } = report
  const addLink = (row: QueryRow) => `/admin/search?synonym=${encodeURIComponent(row.query)}&synonym_lang=${row.locale}#add-synonym`
  return (
    <>
      <PageHeader title="Search" />
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <AlreadySentNotice already={props.already} />
      <ErrorSummary errors={props.errors} />
      <Panel title="Period">
        <PeriodForm choice={props.choice} keptFrom={props.keptFrom} />
        <p className="mt-3 text-sm text-neutral-700">{`Days on Melbourne time. Searches are kept for 90 days (from ${props.keptFrom}); who searched is never stored.`}</p>
      </Panel>
      <p className="mb-6 text-sm" data-testid="search-totals">
        {`${period.from} to ${period.to}, ${period.locale ? LANGUAGE[period.locale] : 'both languages'}: ${count(totals.searches, 'search', 'searches')} of ${count(totals.queries, 'query', 'queries')}; ${count(totals.empty, 'search', 'searches')} found nothing; ${count(totals.clicks, 'product', 'products')} opened from the results.`}
      </p>
      <QueryTable caption="Top queries" rows={report.top} empty="No searches in this period." columns={[['Searches', (r) => String(r.searches)], ['Found (latest)', (r) => String(r.results)], ['Products opened', (r) => String(r.clicks)]]} />
      <QueryTable
        caption="Queries with no results"
        rows={report.noResults}
        empty="Every search in this period found something."
        columns={[['Searches with nothing found', (r) => String(r.empty)], ['Found (latest)', (r) => String(r.results)]]}
        action={(row) => (
          <TextLink href={addLink(row)} className="whitespace-nowrap">
            Add a synonym <span className="sr-only">{`for ${row.query}`}</span>
          </TextLink>
        )}
      />
      <QueryTable caption="Queries whose results nobody opened" rows={report.noClicks} empty="A product was opened from the results of every query that found something." columns={[['Searches', (r) => String(r.searches - r.empty)], ['Found (latest)', (r) => String(r.results)]]} />
      <Panel title="Synonyms">
        <div id="synonyms" />
        <p className="mb-4 text-sm text-neutral-700">Search finds products for any word of a synonym as for the others (two-way), or for the first word also the others (one-way). A change applies to the next search.</p>
        <SynonymForm values={props.values ?? {}} errors={props.errors} prefilledFrom={props.prefilledFrom} />
        <SynonymTable synonyms={props.synonyms} />
      </Panel>
    </>
  )
}
