import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { ErrorSummary, PageHeader, Pager, Table, cell, when, type FieldErrors } from './parts.tsx'

export interface AuditItem {
  id: number
  at: string
  admin_email: string
  action: string
  subject_type: string
  subject_id: string
  before_json: string | null
  after_json: string | null
  /** What the subject is called today (worker/admin/audit.ts): a product's name and SKU, an order's number … */
  label?: string | null
}

const parse = (json: string | null): unknown => {
  if (json === null) return undefined
  try {
    return JSON.parse(json)
  } catch {
    return json
  }
}
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** A value as a person reads it: text as is, a list or record as short JSON, nothing as '–'. */
function shown(v: unknown): string {
  if (v === undefined || v === null || v === '') return '–'
  const text = typeof v === 'string' ? v : JSON.stringify(v)
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

/**
 * What changed, field by field: `price: 100.00 → 90.00`. Fields that did not change are left out (the SKU or id that
 * names the row stays, said once); an entry with only an 'after' (an action, not an edit) lists what it recorded.
 */
export function changesOf(beforeJson: string | null, afterJson: string | null): Array<{ field: string; before?: string; after: string }> {
  const before = parse(beforeJson)
  const after = parse(afterJson)
  if (isRecord(after) && (before === undefined || isRecord(before))) {
    const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])]
    return keys.flatMap((field) => {
      const b = before?.[field]
      const a = after[field]
      if (before === undefined) return [{ field, after: shown(a) }]
      if (JSON.stringify(a) === JSON.stringify(b)) return /^(sku|variant_id|line_item_id)$/.test(field) ? [{ field, after: shown(a) }] : []
      return [{ field, before: shown(b), after: shown(a) }]
    })
  }
  if (before === undefined && after === undefined) return []
  return [{ field: 'value', before: before === undefined ? undefined : shown(before), after: shown(after) }]
}

const subjectName = (e: AuditItem) => e.label ?? `${e.subject_type.replace(/_/g, ' ')} ${e.subject_id}`

export interface AuditFilterValues {
  q?: string
  operator?: string
  action?: string
  from?: string
  to?: string
}

export function AuditPage(props: { entries: AuditItem[]; total: number; page: number; pageSize: number; filter: AuditFilterValues; errors?: FieldErrors; operators: string[]; actions: string[] }) {
  const { filter, errors } = props
  return (
    <>
      <PageHeader title="Audit log" />
      <ErrorSummary errors={errors} />
      <form method="get" action="/admin/audit" className="mb-4 grid gap-3 rounded-md border border-neutral-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Filter the audit log">
        <Input id="q" name="q" label="Words" hint="A product, SKU, order number, value …" defaultValue={filter.q ?? ''} error={errors?.q} />
        <Select id="operator" name="operator" label="Operator" defaultValue={filter.operator ?? ''} error={errors?.operator}>
          <option value="">Anyone</option>
          {props.operators.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
        <Select id="action" name="action" label="Action" defaultValue={filter.action ?? ''} error={errors?.action}>
          <option value="">Any</option>
          {props.actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </Select>
        <Input id="from" name="from" type="date" label="From (Melbourne)" defaultValue={filter.from ?? ''} error={errors?.from} />
        <Input id="to" name="to" type="date" label="Until (Melbourne)" defaultValue={filter.to ?? ''} error={errors?.to} />
        <div className="flex items-end">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </div>
      </form>
      {props.entries.length === 0 ? (
        <p>No entries match.</p>
      ) : (
        <Table caption="Audit log" head={['When', 'Who', 'What', 'Which', 'Changes']}>
          {props.entries.map((e) => (
            <tr key={e.id} data-testid="audit-row">
              <td className={`${cell} whitespace-nowrap`}>{when(e.at)}</td>
              <td className={cell}>{e.admin_email}</td>
              <td className={cell}>{e.action}</td>
              <td className={cell}>
                {subjectName(e)}
                {e.label && e.subject_type !== 'order' && e.subject_type !== 'user' ? <span className="block text-xs text-neutral-700">{`${e.subject_type.replace(/_/g, ' ')} ${e.subject_id}`}</span> : null}
              </td>
              <td className={`${cell} min-w-64`}>
                <ul className="space-y-1" data-testid="audit-changes">
                  {changesOf(e.before_json, e.after_json).map((c) => (
                    <li key={c.field} className="break-words">
                      <span className="font-semibold">{c.field.replace(/_/g, ' ')}</span>
                      {': '}
                      {c.before === undefined ? c.after : `${c.before} → ${c.after}`}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={props.page} total={props.total} pageSize={props.pageSize} href={(p) => `/admin/audit?${new URLSearchParams({ ...(Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as Record<string, string>), page: String(p) })}`} />
    </>
  )
}
