import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { ErrorSummary, Notice, PageHeader, Pager, Panel, Table, TextArea, TextLink, cell, money, when, type FieldErrors, type FormValues } from './parts.tsx'

/** Shoppers' return requests: the list (waiting first) and one request with approve and decline. */

export interface ReturnListItem {
  id: number
  number: string
  email: string
  currency: string
  state: 'requested' | 'approved' | 'declined'
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

export function ReturnBadge({ state }: { state: ReturnListItem['state'] }) {
  if (state === 'approved') return <Badge tone="club">Approved</Badge>
  if (state === 'declined') return <Badge tone="soldOut">Declined</Badge>
  return <Badge tone="sale">Waiting</Badge>
}

const STATES = [
  ['requested', 'Waiting'],
  ['approved', 'Approved'],
  ['declined', 'Declined'],
  ['', 'All'],
] as const

export function ReturnsPage({ returns, total, page, pageSize, state, notice }: { returns: ReturnListItem[]; total: number; page: number; pageSize: number; state: string; notice?: string }) {
  return (
    <>
      <PageHeader title="Returns" />
      {notice ? <Notice>{notice}</Notice> : null}
      <nav aria-label="Return states" className="mb-4 flex flex-wrap gap-4 text-sm">
        {STATES.map(([value, label]) =>
          value === state ? (
            <span key={label} aria-current="page" className="font-bold">
              {label}
            </span>
          ) : (
            <TextLink key={label} href={`/admin/returns?state=${value}`}>
              {label}
            </TextLink>
          ),
        )}
      </nav>
      {returns.length === 0 ? (
        <p className="text-sm">No return requests here.</p>
      ) : (
        <Table caption="Return requests" head={['Return', 'Order', 'Customer', 'Units', 'Reason', 'Asked', 'State', 'Refunded']}>
          {returns.map((r) => (
            <tr key={r.id}>
              <td className={cell}>
                <TextLink href={`/admin/returns/${r.id}`}>#{r.id}</TextLink>
              </td>
              <td className={cell}>{r.number}</td>
              <td className={cell}>{r.email}</td>
              <td className={cell}>{r.units}</td>
              <td className={cell}>{RETURN_REASON_LABELS[r.reason] ?? r.reason}</td>
              <td className={`${cell} whitespace-nowrap`}>{when(r.created_at)}</td>
              <td className={cell}>
                <ReturnBadge state={r.state} />
              </td>
              <td className={`${cell} tabular-nums`}>{r.refund_cents === null ? '–' : money(r.refund_cents, r.currency)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={page} total={total} pageSize={pageSize} href={(p) => `/admin/returns?state=${state}&page=${p}`} />
    </>
  )
}

export interface ReturnView {
  id: number
  state: ReturnListItem['state']
  reason: string
  comment: string | null
  locale: string
  created_at: string
  decided_at: string | null
  decision_note: string | null
  refund_cents: number | null
  order: { number: string; email: string; currency: string; shipped_at: string | null }
  items: Array<{ line_item_id: number; name: string; options: string | null; quantity: number; bought: number; unit_cents: number }>
  /** What approving would refund, per payment (or what it did refund). */
  split: Array<{ label: string; cents: number }>
  refundCents: number
}

export function ReturnPage({ view, notice, error, form, errors, values }: { view: ReturnView; notice?: string; error?: string; form?: string; errors?: FieldErrors; values?: FormValues }) {
  const cur = view.order.currency
  const errs = (name: string) => (form === name ? errors : undefined)
  const open = view.state === 'requested'
  return (
    <>
      <PageHeader title={`Return #${view.id}`}>
        <ReturnBadge state={view.state} />
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <p className="mb-4 text-sm">
        Order <TextLink href={`/admin/orders/${view.order.number}`}>{view.order.number}</TextLink> · {view.order.email} · asked {when(view.created_at)} · emails in {view.locale === 'de' ? 'German' : 'English'}
      </p>
      <Panel title="Items coming back">
        <Table caption="Items coming back" head={['Item', 'Returning', 'Bought', 'Paid each']}>
          {view.items.map((i) => (
            <tr key={i.line_item_id}>
              <td className={cell}>
                {i.name}
                {i.options ? <span className="block text-neutral-700">{i.options}</span> : null}
              </td>
              <td className={cell}>{i.quantity}</td>
              <td className={cell}>{i.bought}</td>
              <td className={`${cell} tabular-nums`}>{money(i.unit_cents, cur)}</td>
            </tr>
          ))}
        </Table>
        <dl className="mt-4 grid max-w-lg grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold">Reason</dt>
          <dd>{RETURN_REASON_LABELS[view.reason] ?? view.reason}</dd>
          {view.comment ? (
            <>
              <dt className="font-semibold">Their words</dt>
              <dd className="whitespace-pre-line">{view.comment}</dd>
            </>
          ) : null}
          {view.decision_note ? (
            <>
              <dt className="font-semibold">Our note</dt>
              <dd>{view.decision_note}</dd>
            </>
          ) : null}
        </dl>
      </Panel>
      <Panel title={open ? 'Refund on approval' : 'Refunded'}>
        <p className="mb-2 text-sm">What was paid for these units, less their share of the order’s promotions, back to each way the order was paid:</p>
        <ul className="mb-2 space-y-1 text-sm" aria-label="Refund split">
          {view.split.map((s) => (
            <li key={s.label}>
              {s.label}: <span className="tabular-nums">{money(s.cents, cur)}</span>
            </li>
          ))}
        </ul>
        <p className="text-sm font-semibold">Total {money(open ? view.refundCents : (view.refund_cents ?? 0), cur)}</p>
      </Panel>
      {open ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <Panel title="Approve">
            <p className="mb-3 text-sm">Puts the units back in stock, refunds the amount above and emails the customer.</p>
            <form method="post" action={`/admin/returns/${view.id}/approve`} className="space-y-3" aria-label="Approve the return">
              <Input id="approve-note" name="note" label="Note to the customer (optional)" defaultValue={form === 'approve' ? (values?.note ?? '') : ''} error={errs('approve')?.note} />
              <Input id="approve-password" name="password" type="password" label="Your password, to confirm" autoComplete="current-password" required error={errs('approve')?.password} />
              <Button type="submit">Approve and refund</Button>
            </form>
          </Panel>
          <Panel title="Decline">
            <form method="post" action={`/admin/returns/${view.id}/decline`} className="space-y-3" aria-label="Decline the return">
              <TextArea id="decline-note" name="note" label="Why (the customer reads this)" rows={3} defaultValue={form === 'decline' ? (values?.note ?? '') : ''} error={errs('decline')?.note} />
              <Button type="submit" variant="danger">
                Decline
              </Button>
            </form>
          </Panel>
        </div>
      ) : null}
    </>
  )
}
