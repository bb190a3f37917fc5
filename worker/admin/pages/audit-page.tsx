import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { PageHeader, Pager, Table, cell, when } from './parts.tsx'

export interface AuditItem {
  id: number
  at: string
  admin_email: string
  action: string
  subject_type: string
  subject_id: string
  before_json: string | null
  after_json: string | null
}

/** Long JSON is cut for the table; the whole row stays in D1. */
const brief = (json: string | null) => (json === null ? '–' : json.length > 300 ? `${json.slice(0, 300)}…` : json)

export function AuditPage({ entries, total, page, pageSize, action, subject }: { entries: AuditItem[]; total: number; page: number; pageSize: number; action: string; subject: string }) {
  return (
    <>
      <PageHeader title="Audit log" />
      <form method="get" action="/admin/audit" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter the audit log">
        <Input id="action" name="action" label="Action, e.g. order.refund" defaultValue={action} frameClassName="w-64" />
        <Input id="subject" name="subject" label="Order number, id or operator email" defaultValue={subject} frameClassName="w-72" />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </form>
      <Table caption="Audit log" head={['When', 'Who', 'What', 'Which', 'Before', 'After']}>
        {entries.map((e) => (
          <tr key={e.id} data-testid="audit-row">
            <td className={`${cell} whitespace-nowrap`}>{when(e.at)}</td>
            <td className={cell}>{e.admin_email}</td>
            <td className={cell}>{e.action}</td>
            <td className={cell}>{`${e.subject_type} ${e.subject_id}`}</td>
            <td className={`${cell} max-w-xs break-words font-mono text-xs`}>{brief(e.before_json)}</td>
            <td className={`${cell} max-w-xs break-words font-mono text-xs`}>{brief(e.after_json)}</td>
          </tr>
        ))}
      </Table>
      <Pager page={page} total={total} pageSize={pageSize} href={(p) => `/admin/audit?${new URLSearchParams({ action, subject, page: String(p) })}`} />
    </>
  )
}
