import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Radio } from '#web/components/ui/radio.tsx'
import { ErrorSummary, FormToken, Notice, PageHeader, Panel, Table, TextArea, TextLink, cell, money, when, type FieldErrors, type FormValues } from './parts.tsx'
import { RETURN_REASON_LABELS, ReturnBadge, type ReturnStageName } from './returns-page.tsx'

/**
 * One return and the next step on it (worker/admin/return-actions.ts): approve or decline; record the goods received
 * line by line with the restock choice; refund (to the payments, store credit or a new gift card, with or without the
 * shipping) with the figures it comes to; decline before the refund. Works without JavaScript.
 */

export interface ReturnView {
  id: number
  stage: ReturnStageName
  reason: string
  comment: string | null
  locale: string
  created_at: string
  decided_at: string | null
  received_at: string | null
  refunded_at: string | null
  declined_at: string | null
  decision_note: string | null
  decline_note: string | null
  refund_to: 'original' | 'store_credit' | 'gift_card' | null
  member: boolean
  returnAddress: string[]
  order: { number: string; email: string; currency: string; shipped_at: string | null }
  items: Array<{ line_item_id: number; name: string; options: string | null; quantity: number; bought: number; unit_cents: number; received: number | null; restock: number | null }>
  /** What refunding would give back (received), or what it gave (refunded). */
  quote: { goodsCents: number; shippingLeftCents: number; gstCents: number; split: Array<{ label: string; cents: number }> }
  refundCents: number | null
}

const REFUND_TO = { original: 'Back to the payments the order was paid with', store_credit: 'As store credit on the customer’s account', gift_card: 'On a new gift card, emailed to the customer' } as const

function Facts({ view }: { view: ReturnView }) {
  const rows: Array<[string, string | null]> = [
    ['Reason', RETURN_REASON_LABELS[view.reason] ?? view.reason],
    ['Their words', view.comment],
    ['Asked', when(view.created_at)],
    ['Answered', view.decided_at ? when(view.decided_at) : null],
    ['Received', view.received_at ? when(view.received_at) : null],
    ['Refunded', view.refunded_at ? `${when(view.refunded_at)}, ${view.refund_to ? REFUND_TO[view.refund_to].toLowerCase() : ''}` : null],
    ['Declined', view.declined_at ? when(view.declined_at) : null],
    ['Our note', view.decline_note ?? view.decision_note],
  ]
  return (
    <dl className="mt-4 grid max-w-2xl grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold">{k}</dt>
            <dd className="whitespace-pre-line">{v}</dd>
          </div>
        ))}
    </dl>
  )
}

export function ReturnPage({ view, notice, error, form, errors, values }: { view: ReturnView; notice?: string; error?: string; form?: string; errors?: FieldErrors; values?: FormValues }) {
  const cur = view.order.currency
  const errs = (name: string) => (form === name ? errors : undefined)
  const vals = (name: string) => (form === name ? values : undefined)
  const canDecline = view.stage === 'requested' || view.stage === 'approved' || view.stage === 'received'
  const received = view.stage === 'received' || view.stage === 'refunded'
  return (
    <>
      <PageHeader title={`Return #${view.id}`}>
        <ReturnBadge state={view.stage} />
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <p className="mb-4 text-sm">
        Order <TextLink href={`/admin/orders/${view.order.number}`}>{view.order.number}</TextLink> · <span className="break-all">{view.order.email}</span> · emails in {view.locale === 'de' ? 'German' : 'English'}
      </p>
      <Panel title="Items">
        <Table caption="Items of this return" head={['Item', 'Asked back', 'Bought', 'Paid each', ...(received ? ['Came back', 'Back in stock'] : [])]}>
          {view.items.map((i) => (
            <tr key={i.line_item_id}>
              <td className={cell}>
                {i.name}
                {i.options ? <span className="block text-neutral-700">{i.options}</span> : null}
              </td>
              <td className={cell}>{i.quantity}</td>
              <td className={cell}>{i.bought}</td>
              <td className={`${cell} tabular-nums`}>{money(i.unit_cents, cur)}</td>
              {received ? <td className={cell}>{i.received ?? 0}</td> : null}
              {received ? <td className={cell}>{i.restock ? 'Yes' : 'No (damaged)'}</td> : null}
            </tr>
          ))}
        </Table>
        <Facts view={view} />
      </Panel>

      {view.stage === 'requested' ? (
        <Panel title="Approve">
          <p className="mb-3 text-sm">The customer is emailed where to send the goods and how. Nothing is refunded or restocked until they arrive.</p>
          <p className="mb-3 text-sm">
            <span className="font-semibold">Return address: </span>
            {view.returnAddress.length ? view.returnAddress.join(', ') : 'none set (approving is refused until the store has an address)'}
          </p>
          <form method="post" action={`/admin/returns/${view.id}/approve`} className="space-y-3" aria-label="Approve the return">
            <Input id="approve-note" name="note" label="Note to the customer (optional)" defaultValue={vals('approve')?.note ?? ''} error={errs('approve')?.note} />
            <Button type="submit">Approve and email the return address</Button>
          </form>
        </Panel>
      ) : null}

      {view.stage === 'approved' ? (
        <Panel title="Goods received">
          <form method="post" action={`/admin/returns/${view.id}/receive`} className="space-y-3" aria-label="Record the goods received">
            <p className="text-sm">How many units of each line came back, and whether they can be sold again. Stock moves when the return is refunded.</p>
            {view.items.map((i) => (
              <fieldset key={i.line_item_id} className="space-y-1 border-t border-neutral-200 pt-2">
                <legend className="text-sm font-semibold">{`${i.name}${i.options ? ` (${i.options})` : ''}: ${i.quantity} asked back`}</legend>
                <Input id={`received-${i.line_item_id}`} name={`received-${i.line_item_id}`} label="Units that came back" type="number" inputMode="numeric" min={0} max={i.quantity} defaultValue={vals('receive')?.[`received-${i.line_item_id}`] ?? String(i.quantity)} error={errs('receive')?.[`received-${i.line_item_id}`]} className="w-24" />
                <Checkbox id={`restock-${i.line_item_id}`} name={`restock-${i.line_item_id}`} label="Back in stock (untick if damaged)" defaultChecked={vals('receive') ? vals('receive')?.[`restock-${i.line_item_id}`] === 'on' : true} />
              </fieldset>
            ))}
            <Button type="submit">Record as received and email the customer</Button>
          </form>
        </Panel>
      ) : null}

      {view.stage === 'received' || view.stage === 'refunded' ? (
        <Panel title={view.stage === 'refunded' ? 'Refunded' : 'Refund'}>
          <p className="mb-2 text-sm">{`Units that came back: ${money(view.quote.goodsCents, cur)} (paid less their share of promotions, never more than the payments still hold).`}</p>
          {view.stage === 'refunded' ? (
            <p className="mb-2 text-sm font-semibold">{`Total ${money(view.refundCents ?? 0, cur)}, GST ${money(view.quote.gstCents, cur)}`}</p>
          ) : (
            <p className="mb-2 text-sm">{`GST in it: ${money(view.quote.gstCents, cur)}. Shipping not yet refunded: ${money(view.quote.shippingLeftCents, cur)}.`}</p>
          )}
          <ul className="mb-3 space-y-1 text-sm" aria-label="Refund split">
            {view.quote.split.map((s) => (
              <li key={s.label}>{`${s.label}: ${money(s.cents, cur)}`}</li>
            ))}
          </ul>
          {view.stage === 'received' ? (
            <form method="post" action={`/admin/returns/${view.id}/refund`} className="space-y-3" aria-label="Refund the return">
              <FormToken />
              <fieldset className="space-y-1">
                <legend className="mb-1 text-sm font-semibold">Refund to</legend>
                {(Object.keys(REFUND_TO) as Array<keyof typeof REFUND_TO>)
                  .filter((k) => k !== 'store_credit' || view.member)
                  .map((k) => (
                    <Radio key={k} id={`refund-to-${k}`} name="to" value={k} label={REFUND_TO[k]} defaultChecked={(vals('refund')?.to ?? 'original') === k} />
                  ))}
              </fieldset>
              {view.quote.shippingLeftCents > 0 ? <Checkbox id="refund-shipping" name="shipping" label={`Refund the shipping too (${money(view.quote.shippingLeftCents, cur)})`} defaultChecked={vals('refund')?.shipping === 'on'} /> : null}
              <Input id="refund-password" name="password" type="password" label="Your password, to confirm" autoComplete="current-password" required error={errs('refund')?.password} />
              <Button type="submit" variant="danger">
                Refund and close the return
              </Button>
            </form>
          ) : null}
        </Panel>
      ) : null}

      {canDecline ? (
        <Panel title="Decline">
          <form method="post" action={`/admin/returns/${view.id}/decline`} className="space-y-3" aria-label="Decline the return">
            <TextArea id="decline-note" name="note" label="Why (the customer reads this)" rows={3} defaultValue={vals('decline')?.note ?? ''} error={errs('decline')?.note} />
            <Button type="submit" variant="danger">
              Decline
            </Button>
          </form>
        </Panel>
      ) : null}
    </>
  )
}
