import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Notice, PageHeader, Pager, Table, TextLink, cell, money, when } from './parts.tsx'

/** Shoppers' returns: the list with its filters (waiting first), and one return (return-page.tsx). */

export type ReturnStageName = 'requested' | 'approved' | 'received' | 'refunded' | 'declined'

export interface ReturnListItem {
  id: number
  number: string
  email: string
  currency: string
  stage: ReturnStageName
  reason: string
  units: number
  refund_cents: number | null
  created_at: string
}

export const RETURN_REASON_LABELS: Record<string, string> = {
  too_small: 'Too small',
  too_large: 'Too large',
  not_as_described: 'Not as described',
  faulty: 'Faulty or damaged',
  changed_mind: 'Changed their mind',
  other: 'Other',
}

/** Each stage as the console names it: what the shop does next. */
export const STAGE_LABELS: Record<ReturnStageName, string> = {
  requested: 'Waiting for an answer',
  approved: 'Approved: goods on their way',
  received: 'Received: to refund',
  refunded: 'Refunded (closed)',
  declined: 'Declined',
}

export function ReturnBadge({ state }: { state: ReturnStageName }) {
  const tone = state === 'refunded' ? 'club' : state === 'declined' ? 'soldOut' : 'sale'
  return <Badge tone={tone}>{STAGE_LABELS[state]}</Badge>
}

export interface ReturnFilter {
  stage: ReturnStageName | 'open' | ''
  reason: string
  q: string
}

const STAGES: Array<[ReturnFilter['stage'], string]> = [
  ['open', 'Open (all before the refund)'],
  ['requested', STAGE_LABELS.requested],
  ['approved', STAGE_LABELS.approved],
  ['received', STAGE_LABELS.received],
  ['refunded', STAGE_LABELS.refunded],
  ['declined', STAGE_LABELS.declined],
  ['', 'All'],
]

export function ReturnsPage({ returns, total, page, pageSize, filter, notice }: { returns: ReturnListItem[]; total: number; page: number; pageSize: number; filter: ReturnFilter; notice?: string }) {
  const query = new URLSearchParams({ stage: filter.stage, reason: filter.reason, q: filter.q }).toString()
  return (
    <>
      <PageHeader title="Returns" />
      {notice ? <Notice>{notice}</Notice> : null}
      <form method="get" action="/admin/returns" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end" aria-label="Filter returns">
        <Select id="return-stage" name="stage" label="Stage" defaultValue={filter.stage}>
          {STAGES.map(([value, label]) => (
            <option key={label} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Select id="return-reason" name="reason" label="Reason" defaultValue={filter.reason}>
          <option value="">Any reason</option>
          {Object.entries(RETURN_REASON_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <Input id="return-q" name="q" label="Order number or email" defaultValue={filter.q} />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </form>
      <p className="mb-2 text-sm" role="status">{`${total} return${total === 1 ? '' : 's'}`}</p>
      {returns.length === 0 ? (
        <p className="text-sm">No returns here.</p>
      ) : (
        <Table caption="Returns" head={['Return', 'Order', 'Customer', 'Units', 'Reason', 'Asked', 'Stage', 'Refunded']}>
          {returns.map((r) => (
            <tr key={r.id}>
              <td className={cell}>
                <TextLink href={`/admin/returns/${r.id}`}>#{r.id}</TextLink>
              </td>
              <td className={cell}>{r.number}</td>
              <td className={`${cell} break-all`}>{r.email}</td>
              <td className={cell}>{r.units}</td>
              <td className={cell}>{RETURN_REASON_LABELS[r.reason] ?? r.reason}</td>
              <td className={`${cell} whitespace-nowrap`}>{when(r.created_at)}</td>
              <td className={cell}>
                <ReturnBadge state={r.stage} />
              </td>
              <td className={`${cell} tabular-nums`}>{r.refund_cents === null || r.stage !== 'refunded' ? '–' : money(r.refund_cents, r.currency)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} total={total} pageSize={pageSize} href={(p) => `/admin/returns?${query}&page=${p}`} />
    </>
  )
}
