import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { describedBy, FieldFrame } from '#web/components/ui/field-frame.tsx'
import { ErrorSummary, Notice, PageHeader, Pager, Panel, Table, TextLink, cell, when, type FieldErrors } from './parts.tsx'

export interface ImportJobView {
  id: number
  admin_email: string
  filename: string
  status: 'checked' | 'applying' | 'done'
  total_rows: number
  new_rows: number
  changed_rows: number
  unchanged_rows: number
  error_rows: number
  applied_rows: number
  /** Why the last chunk could not be applied (null once one lands or on Resume). */
  failure: string | null
  created_at: string
  updated_at: string
}

export interface ImportRowView {
  line: number
  slug: string | null
  outcome: 'new' | 'changed' | 'unchanged' | 'error'
  message: string | null
  /** The same in German, for the lines of products with options (shown below the English) */
  message_de: string | null
  applied: number
  /** The product an applied row created or updated (null until the row is applied). */
  product_id: number | null
  product_name: string | null
}

const STATUS: Record<ImportJobView['status'], string> = { checked: 'Checked, not applied', applying: 'Being applied', done: 'Applied' }
const TONE: Record<ImportRowView['outcome'], BadgeTone> = { error: 'sale', new: 'new', changed: 'club', unchanged: 'neutral' }

/** The upload of a product CSV for a dry run, the export, and the latest imports. */
export function ImportPage({ jobs, error, errors, maxMegabytes }: { jobs: ImportJobView[]; error?: string; errors?: FieldErrors; maxMegabytes: number }) {
  return (
    <>
      <PageHeader title="Import products">
        <TextLink href="/admin/products.csv">Export all products (CSV)</TextLink>
      </PageHeader>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <Panel title="Check a file">
        <p className="mb-3 text-sm">
          One line per product, keyed by its slug, and below a product with sizes one line per size, keyed by its SKU, with that size's prices and stock; the columns are those of the export (docs/console.md, 'Product CSV'). A new product with options (colour, size …) is one line per variant, with option1_name, option1_value … (docs/console.md, 'Products with options'). Columns you leave out are kept as they are. First a dry run shows what would change; nothing changes until you apply it. At most {maxMegabytes} MB.
        </p>
        <form method="post" action="/admin/products/import" encType="multipart/form-data" className="flex flex-wrap items-end gap-3" aria-label="Check a product CSV">
          <FieldFrame id="file" label="CSV file" error={errors?.file}>
            <input id="file" name="file" type="file" accept=".csv,text/csv" required aria-invalid={errors?.file ? true : undefined} aria-describedby={describedBy('file', errors?.file)} className="block w-full max-w-xs text-sm" />
          </FieldFrame>
          <Button type="submit">Check the file</Button>
        </form>
      </Panel>
      {jobs.length === 0 ? <p className="text-sm">No imports yet.</p> : null}
      <Table caption="Latest imports" head={['File', 'Checked', 'By', 'Rows', 'Status']}>
        {jobs.map((job) => (
          <tr key={job.id}>
            <td className={cell}>
              <TextLink href={`/admin/products/import/${job.id}`}>{job.filename}</TextLink>
            </td>
            <td className={cell}>{when(job.created_at)}</td>
            <td className={cell}>{job.admin_email}</td>
            <td className={`${cell} tabular-nums`}>{job.total_rows}</td>
            <td className={cell}>{STATUS[job.status]}</td>
          </tr>
        ))}
      </Table>
    </>
  )
}

/** One import: the dry run's counts and rows (errors with their line), then apply, progress and resume. */
export function ImportJobPage(props: { job: ImportJobView; rows: ImportRowView[]; show?: string; page: number; pageSize: number; total: number; notice?: string; error?: string }) {
  const { job } = props
  const toApply = job.new_rows + job.changed_rows
  const action = `/admin/products/import/${job.id}`
  const counts: Array<[string, number, string]> = [
    ['new', job.new_rows, 'New products'],
    ['changed', job.changed_rows, 'Changed'],
    ['unchanged', job.unchanged_rows, 'Unchanged'],
    ['error', job.error_rows, 'Errors (not applied)'],
  ]
  return (
    <>
      {/* while it is applied, the page looks again every 5 seconds (no script needed) */}
      {job.status === 'applying' ? <meta httpEquiv="refresh" content="5" /> : null}
      <PageHeader title={`Import: ${job.filename}`}>
        <TextLink href="/admin/products/import">All imports</TextLink>
      </PageHeader>
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <Panel title={STATUS[job.status]}>
        <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {counts.map(([key, n, label]) => (
            <div key={key} className="rounded border border-neutral-200 p-3">
              <dt className="text-sm">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums">{n}</dd>
            </div>
          ))}
        </dl>
        {job.status === 'applying' && job.failure ? (
          <Notice tone="error">{job.failure}</Notice>
        ) : null}
        {job.status !== 'checked' ? (
          <div className="mb-4">
            <p id="import-progress-label" className="mb-1 text-sm font-semibold">
              {`${job.applied_rows} of ${toApply} rows applied`}
            </p>
            <progress aria-labelledby="import-progress-label" max={Math.max(toApply, 1)} value={job.applied_rows} className="h-3 w-full" />
          </div>
        ) : null}
        {job.status === 'checked' && toApply > 0 ? (
          <form method="post" action={`${action}/apply`}>
            <Button type="submit">
              Apply {toApply} {toApply === 1 ? 'row' : 'rows'}
            </Button>
            {job.error_rows ? <p className="mt-2 text-sm">Lines with errors are skipped; fix them and import them again.</p> : null}
          </form>
        ) : null}
        {job.status === 'checked' && toApply === 0 ? <p className="text-sm">Nothing to apply: every line is unchanged or has an error.</p> : null}
        {job.status === 'applying' ? (
          <form method="post" action={`${action}/resume`}>
            <p className="mb-2 text-sm">If the count stops moving for a minute, resume: only the rows not yet applied are sent again.</p>
            <Button type="submit" variant="secondary">
              Resume
            </Button>
          </form>
        ) : null}
      </Panel>
      <nav aria-label="Rows to show" className="mb-3 flex flex-wrap gap-3 text-sm">
        <TextLink href={action}>Needing attention</TextLink>
        {counts.map(([key, , label]) => (
          <TextLink key={key} href={`${action}?show=${key}`}>
            {label}
          </TextLink>
        ))}
      </nav>
      <Table caption="Rows of the file" head={['Line', 'Product', 'Outcome', 'What']}>
        {props.rows.map((row) => (
          <tr key={row.line} data-testid="import-row">
            <td className={`${cell} tabular-nums`}>{row.line}</td>
            <td className={cell}>
              {row.product_id !== null ? (
                <>
                  <TextLink href={`/admin/products/${row.product_id}`}>{row.product_name}</TextLink>
                  <span className="block text-neutral-700">{row.slug}</span>
                </>
              ) : (
                (row.slug ?? '–')
              )}
            </td>
            <td className={cell}>
              <Badge tone={TONE[row.outcome]}>{row.outcome}</Badge>
              {row.applied ? <span className="ml-2 text-sm">applied</span> : null}
            </td>
            <td className={`${cell} break-words`}>
              {row.message ?? (row.outcome === 'new' ? 'A new product.' : '')}
              {row.message_de ? (
                <span lang="de" className="mt-1 block text-neutral-700">
                  {row.message_de}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </Table>
      <Pager page={props.page} total={props.total} pageSize={props.pageSize} href={(p) => `${action}?${new URLSearchParams({ ...(props.show ? { show: props.show } : {}), page: String(p) })}`} />
    </>
  )
}
