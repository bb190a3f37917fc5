import { Button, buttonClass } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { BulkCells, BulkForm, BulkOutcomes, canShip, type BulkView } from './bulk-fulfil-parts.tsx'
import { Notice, PageHeader, Pager, Table, TextLink, cell, money, when, type FieldErrors, type FormValues } from './parts.tsx'

export interface OrderListItem {
  number: string
  email: string
  name: string | null
  currency: string
  total_cents: number
  completed_at: string
  canceled_at: string | null
  shipment_state: string | null
  tracking_id: string | null
  /** 1: its rate is Click & Collect (shipping_methods.pickup), picked up in store */
  pickup?: number | null
  refunded_cents: number
}

/** `collects`: a Click & Collect order, picked up in store rather than shipped. */
export function ShipmentBadge({ canceled, state, collects = false }: { canceled: boolean; state: string | null; collects?: boolean }) {
  if (canceled) return <Badge tone="soldOut">Cancelled</Badge>
  if (state === 'shipped') return <Badge tone="club">{collects ? 'Collected' : 'Shipped'}</Badge>
  if (state === 'partial') return <Badge tone="sale">Partly shipped</Badge>
  return <Badge tone="sale">{collects ? 'To collect' : 'To ship'}</Badge>
}

/** The order list: search and filters as a GET form, so a filtered list is a link an operator can share. */
export function OrdersPage(props: { orders: OrderListItem[]; total: number; page: number; pageSize: number; filter: FormValues; errors?: FieldErrors; query: string; notice?: string; bulk?: BulkView }) {
  const { filter, errors } = props
  // the bulk fulfil columns only when an order on this page can still be shipped whole
  const shippable = props.orders.some(canShip)
  return (
    <>
      <PageHeader title="Orders">
        <a className={buttonClass('secondary', 'sm')} href={`/admin/orders.csv${props.query ? `?${props.query}` : ''}`}>
          Export these orders (CSV)
        </a>
      </PageHeader>
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      <form method="get" action="/admin/orders" className="mb-6 grid gap-3 rounded-md border border-neutral-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Search orders">
        <Input id="q" name="q" label="Number, email or name" defaultValue={filter.q ?? ''} error={errors?.q} frameClassName="lg:col-span-2" />
        <Select id="shipment" name="shipment" label="Shipping" defaultValue={filter.shipment ?? ''} error={errors?.shipment}>
          <option value="">Any</option>
          <option value="pending">To ship</option>
          <option value="collect">To collect (Click &amp; Collect)</option>
          <option value="shipped">Shipped</option>
          <option value="canceled">Cancelled</option>
        </Select>
        <Select id="payment" name="payment" label="Payment" defaultValue={filter.payment ?? ''} error={errors?.payment}>
          <option value="">Any</option>
          <option value="paid">Paid, nothing refunded</option>
          <option value="refunded">Refunded in part or whole</option>
        </Select>
        <Select id="currency" name="currency" label="Currency" defaultValue={filter.currency ?? ''} error={errors?.currency}>
          <option value="">Any</option>
          <option value="AUD">AUD</option>
          <option value="USD">USD</option>
        </Select>
        <Input id="from" name="from" type="date" label="Placed from (Melbourne)" defaultValue={filter.from ?? ''} error={errors?.from} />
        <Input id="to" name="to" type="date" label="Placed until (Melbourne)" defaultValue={filter.to ?? ''} error={errors?.to} />
        <div className="flex items-end">
          <Button type="submit">Search</Button>
        </div>
      </form>
      <BulkOutcomes outcomes={props.bulk?.outcomes} />
      {props.bulk?.error ? <Notice tone="error">{props.bulk.error}</Notice> : null}
      {props.orders.length === 0 ? (
        <p>No orders match.</p>
      ) : (
        <BulkForm show={shippable} query={props.query} values={props.bulk?.values} errors={props.bulk?.errors}>
          <Table caption="Orders" head={[...(shippable ? ['Ship', 'Tracking number'] : []), 'Order', 'Placed', 'Customer', 'Total', 'Shipping', 'Refunded']}>
          {props.orders.map((o) => (
            <tr key={o.number} data-testid="order-row">
              {shippable ? <BulkCells order={o} values={props.bulk?.values} /> : null}
              <td className={cell}>
                <TextLink href={`/admin/orders/${o.number}`}>{o.number}</TextLink>
              </td>
              <td className={cell}>{when(o.completed_at)}</td>
              <td className={cell}>
                {o.name ?? ''}
                <br />
                <span className="text-neutral-700">{o.email}</span>
              </td>
              <td className={`${cell} tabular-nums`}>{money(o.total_cents, o.currency)}</td>
              <td className={cell}>
                <ShipmentBadge canceled={Boolean(o.canceled_at)} state={o.shipment_state} collects={o.pickup === 1} />
              </td>
              <td className={`${cell} tabular-nums`}>{o.refunded_cents ? money(o.refunded_cents, o.currency) : '–'}</td>
            </tr>
          ))}
          </Table>
        </BulkForm>
      )}
      <Pager page={props.page} total={props.total} pageSize={props.pageSize} href={(p) => `/admin/orders?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(props.query)), page: String(p) })}`} />
    </>
  )
}
