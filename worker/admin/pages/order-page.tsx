import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Radio } from '#web/components/ui/radio.tsx'
import { ShipmentBadge } from './orders-page.tsx'
import { ParcelsPanel } from './parcels-panel.tsx'
import type { LineToShip } from '#worker/admin/fulfilment.ts'
import { paymentLabel, type Parcel } from '#worker/admin/order-detail.ts'
import { RefundDialog, type DialogLine, type DialogQuote } from './refund-dialog.tsx'
import { ReturnBadge } from './returns-page.tsx'
import { AlreadySentNotice, ErrorSummary, FormToken, Notice, PageHeader, Panel, Table, TextLink, cell, money, when, type AlreadySent, type FieldErrors, type FormValues } from './parts.tsx'

type Cents = number | null

export interface OrderView {
  order: { number: string | null; email: string | null; currency: string; completed_at: string | null; canceled_at: string | null; created_at: string; item_total_cents: Cents; promo_total_cents: Cents; ship_total_cents: Cents; tax_total_cents: Cents; total_cents: Cents; gift_card_total_cents: Cents; store_credit_total_cents: Cents; club_savings_cents: Cents; member_pricing: number | null; ship_address_id?: number | null; bill_address_id?: number | null }
  lines: Array<{ id: number; quantity: number; price_cents: Cents; rrp_cents: Cents; member_cents: Cents; gift_card_cents: Cents; recipient_email: string | null; sku: string | null; product_id: number | null; product_name: string | null; options: string | null }>
  promotions: Array<{ id: number; code: string; name: string; amount_cents: Cents }>
  payments: Array<{ id: number; method: string; amount_cents: Cents; refunded_cents: number; last4: string | null; cc_type: string | null; gift_card_code: string | null; kind?: string; kind_name?: string | null }>
  refunds: Array<{ id: number; payment_id: number; amount_cents: number; reason: string; created_at: string }>
  lineRefunds: Array<{ line_item_id: number; quantity: number; amount_cents: number; restocked: number }>
  addresses: Array<{ id: number; firstname: string; lastname: string; company: string | null; address1: string; address2: string | null; city: string; zipcode: string; state_name: string; country_iso: string; phone: string }>
  shipment: { number: string; state: string; tracking_id: string | null; carrier: string | null; shipped_at: string | null; method: string; method_code?: string; pickup?: number } | null
  pickupPlace?: { name: string; address: string; hours: string; ready_at: string | null } | null
  emails: Array<{ id: number; kind: string; subject: string; created_at: string; sent_at: string | null; dead_at?: string | null }>
  history: Array<{ id: number; at: string; admin_email: string; action: string; after_json?: string | null }>
}

const paymentName = paymentLabel

function Totals({ o }: { o: OrderView['order'] }) {
  const rows: Array<[string, Cents]> = [
    ['Items', o.item_total_cents],
    ['Promotions', o.promo_total_cents ? -o.promo_total_cents : 0],
    ['Shipping', o.ship_total_cents],
    ['Total', o.total_cents],
    ['of which GST', o.tax_total_cents],
    ['Paid by gift card', o.gift_card_total_cents],
    ['Paid by store credit', o.store_credit_total_cents],
    // a member's order: what Club Prices took off; a guest's: what they would have (the order stores either). Only when
    // it is more than nothing, as the confirmation email does: no line with a Club Price, nothing to say
    ...((o.club_savings_cents ?? 0) > 0 ? [[o.member_pricing ? 'Club Price savings' : 'Club membership would have saved', o.club_savings_cents] as [string, Cents]] : []),
  ]
  return (
    <dl className="grid max-w-sm grid-cols-2 gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, cents]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-right tabular-nums">{money(cents ?? 0, o.currency)}</dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * One of a few things to refund (a line, a payment) as radio buttons whose labels wrap: the amount each gives back ends
 * the label, and a drop-down cut it off at its edge (at 1440 px as at 390 px).
 */
function RefundChoice({ name, legend, options, value, error }: { name: string; legend: string; options: Array<{ value: string; label: string }>; value?: string; error?: string }) {
  const chosen = options.some((o) => o.value === value) ? value : options[0]?.value
  return (
    <fieldset className="space-y-1" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 block text-sm font-semibold text-neutral-800">{legend}</legend>
      {options.map((o) => (
        <Radio key={o.value} id={`${name}-${o.value}`} name={name} value={o.value} label={o.label} defaultChecked={o.value === chosen} aria-invalid={error ? true : undefined} />
      ))}
      {error ? (
        <p id={`${name}-error`} className="text-sm text-danger-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

type Address = OrderView['addresses'][number]

/** Two address rows that would put the parcel, or the invoice, in the same place. */
const sameAddress = (a: Address | undefined, b: Address | undefined) =>
  !!a && !!b && (['firstname', 'lastname', 'company', 'address1', 'address2', 'city', 'zipcode', 'state_name', 'country_iso', 'phone'] as const).every((k) => (a[k] ?? '') === (b[k] ?? ''))

/** 'Ship to' / 'Bill to' with its address, so the operator never has to guess which one the parcel goes to. */
function AddressBlock({ title, address, same = false }: { title: string; address: Address | undefined; same?: boolean }) {
  return (
    <div className="mb-3 text-sm">
      <h3 className="font-semibold">{title}</h3>
      {same ? (
        <p>Same as the shipping address</p>
      ) : address ? (
        <address className="not-italic">
          {address.firstname} {address.lastname}
          {address.company ? `, ${address.company}` : ''}
          <br />
          {address.address1} {address.address2 ?? ''}
          <br />
          {address.city} {address.state_name} {address.zipcode} {address.country_iso}
          <br />
          {address.phone}
        </address>
      ) : (
        <p>None given</p>
      )}
    </div>
  )
}

/** A return of the order as its page lists it. */
export interface OrderReturnItem {
  id: number
  stage: 'requested' | 'approved' | 'received' | 'refunded' | 'declined'
  units: number
  created_at: string
  refund_cents: number | null
}

export function OrderPage({ view, dialog, parcels, returns = [], notice, error, form, errors, values, already }: { view: OrderView; parcels?: { parcels: Parcel[]; lines: LineToShip[] }; dialog?: { lines: DialogLine[]; shippingLeftCents: number; quote?: DialogQuote }; returns?: OrderReturnItem[]; notice?: string; error?: string; form?: string; errors?: FieldErrors; values?: FormValues; already?: AlreadySent }) {
  const { order, shipment } = view
  const cur = order.currency
  const open = !order.canceled_at
  const shipped = shipment?.state === 'shipped'
  const collects = shipment?.pickup === 1
  const place = collects ? view.pickupPlace : null
  const errs = (name: string) => (form === name ? errors : undefined)
  const vals = (name: string) => (form === name ? values : undefined)
  const refundablePayments = view.payments.filter((p) => (p.amount_cents ?? 0) - p.refunded_cents > 0)
  const shipTo = view.addresses.find((a) => a.id === order.ship_address_id)
  const billTo = view.addresses.find((a) => a.id === order.bill_address_id)
  return (
    <>
      <PageHeader title={`Order ${order.number}`}>
        <ShipmentBadge canceled={!open} state={shipment?.state ?? null} collects={collects} />
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      <AlreadySentNotice already={already} />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <p className="mb-4 text-sm">
        Placed {when(order.completed_at)} by {order.email} · {order.member_pricing ? 'Club member' : 'Guest or non-member'} · {cur}
      </p>
      <Panel title="Lines">
        <Table caption="Lines" head={['Product', 'SKU', 'Qty', 'Paid each', 'RRP', 'Club Price', 'Line total']}>
          {view.lines.map((l) => (
            <tr key={l.id}>
              <td className={cell}>
                {l.gift_card_cents !== null ? `Gift card for ${l.recipient_email ?? ''}` : l.product_id ? <a className="underline" href={`/admin/products/${l.product_id}`}>{l.product_name}</a> : l.product_name}
                {l.options ? <span className="block text-neutral-700">{l.options}</span> : null}
                {view.lineRefunds
                  .filter((r) => r.line_item_id === l.id)
                  .map((r, i) => (
                    <span key={i} className="block text-neutral-700">
                      {`Refunded ${r.quantity} for ${money(r.amount_cents, cur)}${r.restocked ? ', back in stock' : ''}`}
                    </span>
                  ))}
              </td>
              <td className={cell}>{l.sku ?? '–'}</td>
              <td className={cell}>{l.quantity}</td>
              <td className={`${cell} tabular-nums`}>{money(l.price_cents, cur)}</td>
              <td className={`${cell} tabular-nums`}>{money(l.rrp_cents, cur)}</td>
              <td className={`${cell} tabular-nums`}>{money(l.member_cents, cur)}</td>
              <td className={`${cell} tabular-nums`}>{money((l.price_cents ?? 0) * l.quantity, cur)}</td>
            </tr>
          ))}
        </Table>
        <div className="mt-4">
          <Totals o={order} />
        </div>
        {view.promotions.length ? (
          <p className="mt-3 text-sm">
            Promotions: {view.promotions.map((p) => `${p.name} (${p.code}) −${money(Math.abs(p.amount_cents ?? 0), cur)}`).join(', ')}
          </p>
        ) : null}
        {open && dialog ? <RefundDialog number={order.number!} currency={cur} lines={dialog.lines} shippingLeftCents={dialog.shippingLeftCents} quote={dialog.quote} values={vals('refund-units')} errors={errs('refund-units')} /> : null}
      </Panel>

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Shipping">
          {collects ? (
            // picked up in store: nothing is posted, so no 'Ship to'; the customer is who the billing address names
            <>
              <p className="mb-3 text-sm">
                <span className="font-semibold">Picked up in store</span> ({shipment!.method}): nothing is posted to an address.
              </p>
              {place ? (
                <p className="mb-3 whitespace-pre-line text-sm" data-testid="pickup-place">
                  {`Collect from: ${place.name}\n${place.address}\nOpening hours: ${place.hours}\n${place.ready_at ? `Ready for pickup since ${when(place.ready_at)}` : 'Not ready yet'}`}
                </p>
              ) : null}
              <AddressBlock title="Customer (billing address)" address={billTo} />
            </>
          ) : (
            <>
              <AddressBlock title="Ship to" address={shipTo} />
              <AddressBlock title="Bill to" address={billTo} same={sameAddress(shipTo, billTo)} />
            </>
          )}
          {shipment ? (
            <p className="mb-3 text-sm">
              {shipment.method} · shipment {shipment.number}
              {shipped ? (collects ? ` · collected ${when(shipment.shipped_at)}` : ` · shipped ${when(shipment.shipped_at)}, all of it`) : shipment.state === 'partial' ? ' · partly shipped, the rest still to send' : ''}
            </p>
          ) : null}
          {open && !shipped && place && !place.ready_at ? (
            <form method="post" action={`/admin/orders/${order.number}/ready`} className="mb-3" aria-label="Mark ready for pickup">
              <Button type="submit">Mark ready for pickup</Button>
            </form>
          ) : null}
          {open && !shipped && collects ? (
            // picked up in store: no carrier, no tracking number (the shopper's order page shows none)
            <form method="post" action={`/admin/orders/${order.number}/collect`} className="space-y-3" aria-label="Mark as collected">
              <p className="text-sm">The customer picks this order up in store. Mark it when they have collected it{place ? ': they are emailed that they did.' : '; no email is sent.'}</p>
              <Button type="submit">Mark as collected</Button>
            </form>
          ) : null}
          {!collects && parcels ? <ParcelsPanel number={order.number!} parcels={parcels.parcels} lines={parcels.lines} canShip={open && !shipped} values={vals('fulfil')} errors={errs('fulfil')} /> : null}
        </Panel>

        <Panel title="Payments">
          <ul className="mb-3 space-y-1 text-sm">
            {view.payments.map((p) => (
              <li key={p.id}>
                {paymentName(p)}: {money(p.amount_cents, cur)}
                {p.refunded_cents ? `, refunded ${money(p.refunded_cents, cur)}` : ''}
              </li>
            ))}
          </ul>
          {view.refunds.length ? (
            <ul className="mb-3 space-y-1 text-sm" aria-label="Refunds">
              {view.refunds.map((r) => (
                <li key={r.id}>
                  Refund {money(r.amount_cents, cur)} on {when(r.created_at)}: {r.reason}
                </li>
              ))}
            </ul>
          ) : null}
          {refundablePayments.length ? (
            <form method="post" action={`/admin/orders/${order.number}/refund`} className="space-y-3" aria-label="Refund">
              <FormToken />
              <RefundChoice name="paymentId" legend="Refund to" options={refundablePayments.map((p) => ({ value: String(p.id), label: `${paymentName(p)} (up to ${money((p.amount_cents ?? 0) - p.refunded_cents, cur)})` }))} value={vals('refund')?.paymentId} error={errs('refund')?.paymentId} />
              <Input id="amount" name="amount" label={`Amount (${cur})`} inputMode="decimal" required defaultValue={vals('refund')?.amount ?? ''} error={errs('refund')?.amount} />
              <Input id="reason" name="reason" label="Reason" required defaultValue={vals('refund')?.reason ?? ''} error={errs('refund')?.reason} />
              <Input id="refund-password" name="password" type="password" label="Your password, to confirm" autoComplete="current-password" required error={errs('refund')?.password} />
              <Button type="submit" variant="danger">
                Refund
              </Button>
            </form>
          ) : null}
        </Panel>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        {open && !shipped ? (
          <Panel title="Cancel the order">
            <p className="mb-3 text-sm">Puts the stock back, returns what gift cards and store credit paid, refunds the card and emails the customer.</p>
            <form method="post" action={`/admin/orders/${order.number}/cancel`} className="space-y-3" aria-label="Cancel the order">
              <Input id="cancel-reason" name="reason" label="Reason" required defaultValue={vals('cancel')?.reason ?? ''} error={errs('cancel')?.reason} />
              <Input id="cancel-password" name="password" type="password" label="Your password, to confirm" autoComplete="current-password" required error={errs('cancel')?.password} />
              <Button type="submit" variant="danger">
                Cancel order
              </Button>
            </form>
          </Panel>
        ) : null}
        <Panel title="Emails to the customer">
          <ul className="mb-3 space-y-1 text-sm">
            {view.emails.map((e) => (
              <li key={e.id}>
                {when(e.created_at)}: {e.subject} {e.sent_at ? '(sent)' : e.dead_at ? <TextLink href="/admin/mail/failed">(failed for good: see Failed mail)</TextLink> : '(queued)'}
              </li>
            ))}
          </ul>
          {open ? (
            <form method="post" action={`/admin/orders/${order.number}/resend`}>
              <Button type="submit" variant="secondary" size="sm">
                Send the confirmation again
              </Button>
            </form>
          ) : null}
        </Panel>
      </div>

      {returns.length ? (
        <Panel title="Returns">
          <ul className="space-y-1 text-sm" aria-label="Returns of this order">
            {returns.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-2">
                <a className="underline" href={`/admin/returns/${r.id}`}>{`Return #${r.id}`}</a>
                <ReturnBadge state={r.stage} />
                <span>{`${r.units} unit${r.units === 1 ? '' : 's'}, asked ${when(r.created_at)}${r.refund_cents !== null && r.stage === 'refunded' ? `, refunded ${money(r.refund_cents, cur)}` : ''}`}</span>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <Panel title="Timeline">
        <ol className="space-y-1 text-sm">
          <li>{when(order.created_at)}: cart started</li>
          <li>{when(order.completed_at)}: order placed</li>
          {view.history.map((h) => (
            <li key={h.id}>
              {`${when(h.at)}: ${h.action.replace('order.', '').replace('_', ' ')} by ${h.admin_email}`}
              {/* a webhook event the store did not apply says why, for the operator to check in Stripe */}
              {h.action === 'payment.webhook_ignored' ? `: ${ignoredReason(h.after_json)}` : null}
            </li>
          ))}
        </ol>
      </Panel>
    </>
  )
}

const ignoredReason = (json: string | null | undefined) => {
  try {
    return String((JSON.parse(json ?? '{}') as { reason?: unknown }).reason ?? '')
  } catch {
    return ''
  }
}
