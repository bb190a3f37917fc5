import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { ErrorSummary, PageHeader, Panel, Table, TextLink, cell, money, type FieldErrors } from './parts.tsx'

/** The sales report (worker/admin/reports-data.ts): per period, per product, per category, on Melbourne days. */

export interface SalesLine {
  bucket: string
  currency: string
  orders: number
  items_cents: number
  discounts_cents: number
  shipping_cents: number
  total_cents: number
  gst_cents: number
  refunds_cents: number
  refund_gst_cents: number
}

export interface ItemLine {
  key: string
  name: string
  currency: string
  units: number
  sales_cents: number
}

export interface PeriodValues {
  from: string
  to: string
  grain?: string
}

/** Ready-made periods an accountant asks for, each a plain link. */
export interface PeriodLink {
  label: string
  from: string
  to: string
}

const GRAIN_HEAD = { day: 'Day', week: 'Week from (Monday)', month: 'Month' } as const

export function PeriodForm({ action, values, errors, presets, grain }: { action: string; values: PeriodValues; errors?: FieldErrors; presets: PeriodLink[]; grain?: boolean }) {
  return (
    <>
      <ErrorSummary errors={errors} />
      <form method="get" action={action} className="mb-3 grid gap-3 rounded-md border border-neutral-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Choose the period">
        <Input id="from" name="from" type="date" label="First day (Melbourne)" defaultValue={values.from} error={errors?.from} />
        <Input id="to" name="to" type="date" label="Last day (Melbourne)" defaultValue={values.to} error={errors?.to} />
        {grain ? (
          <Select id="grain" name="grain" label="Per" defaultValue={values.grain ?? 'day'} error={errors?.grain}>
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </Select>
        ) : null}
        <div className="flex items-end">
          <Button type="submit">Show</Button>
        </div>
      </form>
      <p className="mb-6 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {presets.map((p) => (
          <TextLink key={p.label} href={`${action}?${new URLSearchParams({ from: p.from, to: p.to, ...(grain ? { grain: values.grain ?? 'day' } : {}) })}`}>
            {p.label}
          </TextLink>
        ))}
      </p>
    </>
  )
}

/** The column totals of a currency's rows: the report's totals are the sum of the orders and refunds it lists. */
export function totalsOf<T extends { currency: string }>(rows: T[], keys: Array<keyof T>): T[] {
  const totals = new Map<string, Record<string, number>>()
  for (const row of rows) {
    const sum = totals.get(row.currency) ?? Object.fromEntries(keys.map((k) => [k, 0]))
    for (const k of keys) sum[k as string] = (sum[k as string] ?? 0) + Number(row[k])
    totals.set(row.currency, sum)
  }
  return [...totals].map(([currency, sum]) => ({ ...sum, currency }) as unknown as T)
}

const SALES_KEYS = ['orders', 'items_cents', 'discounts_cents', 'shipping_cents', 'total_cents', 'gst_cents', 'refunds_cents', 'refund_gst_cents'] as const

function SalesCells({ row }: { row: Omit<SalesLine, 'bucket'> }) {
  const m = (cents: number) => money(cents, row.currency)
  return (
    <>
      <td className={cell}>{row.currency}</td>
      <td className={`${cell} tabular-nums`}>{row.orders}</td>
      <td className={`${cell} tabular-nums`}>{m(row.items_cents)}</td>
      <td className={`${cell} tabular-nums`}>{m(row.discounts_cents)}</td>
      <td className={`${cell} tabular-nums`}>{m(row.shipping_cents)}</td>
      <td className={`${cell} tabular-nums`}>{m(row.total_cents)}</td>
      <td className={`${cell} tabular-nums`}>{m(row.gst_cents)}</td>
      <td className={`${cell} tabular-nums`}>{row.refunds_cents ? `−${m(row.refunds_cents)}` : m(0)}</td>
      <td className={`${cell} tabular-nums`}>{row.refund_gst_cents ? `−${m(row.refund_gst_cents)}` : m(0)}</td>
      <td className={`${cell} tabular-nums font-semibold`}>{m(row.total_cents - row.refunds_cents)}</td>
    </>
  )
}

function Items({ title, rows, first }: { title: string; rows: ItemLine[]; first: string }) {
  return (
    <Panel title={title}>
      {rows.length === 0 ? (
        <p>Nothing sold in these days.</p>
      ) : (
        <Table caption={title} head={[first, 'Currency', 'Units', 'Sales (GST incl.)']}>
          {rows.map((r) => (
            <tr key={`${r.key}-${r.currency}`} data-testid="item-row">
              <td className={cell}>{r.name}</td>
              <td className={cell}>{r.currency}</td>
              <td className={`${cell} tabular-nums`}>{r.units}</td>
              <td className={`${cell} tabular-nums`}>{money(r.sales_cents, r.currency)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Panel>
  )
}

export function ReportsPage(props: { values: PeriodValues; errors?: FieldErrors; presets: PeriodLink[]; grain: keyof typeof GRAIN_HEAD; sales: SalesLine[]; products: ItemLine[]; categories: ItemLine[] }) {
  const { values } = props
  const period = new URLSearchParams({ from: values.from, to: values.to })
  return (
    <>
      <PageHeader title="Sales report">
        <TextLink href={`/admin/reports/gst?${period}`}>GST summary</TextLink>
        <TextLink href={`/admin/orders.csv?${period}`}>Orders of these days (CSV)</TextLink>
      </PageHeader>
      <PeriodForm action="/admin/reports" values={values} errors={props.errors} presets={props.presets} grain />
      <p className="mb-4 text-sm text-neutral-700">
        Days run midnight to midnight in Melbourne, daylight saving included. A sale counts on the day its order was placed, a refund on the day it was made. Money is GST inclusive, in each order’s currency.
      </p>
      <Panel title="Sales by period">
        {props.sales.length === 0 ? (
          <p>No orders or refunds in these days.</p>
        ) : (
          <Table caption="Sales by period" head={[GRAIN_HEAD[props.grain], 'Currency', 'Orders', 'Items', 'Discounts', 'Shipping', 'Sales', 'GST', 'Refunds', 'GST on refunds', 'After refunds']}>
            {props.sales.map((row) => (
              <tr key={`${row.bucket}-${row.currency}`} data-testid="sales-row">
                <th scope="row" className={`${cell} whitespace-nowrap font-normal`}>
                  {row.bucket}
                </th>
                <SalesCells row={row} />
              </tr>
            ))}
            {totalsOf(props.sales, [...SALES_KEYS]).map((t) => (
              <tr key={`total-${t.currency}`} data-testid="sales-total" className="bg-neutral-50 font-semibold">
                <th scope="row" className={cell}>
                  Total
                </th>
                <SalesCells row={t} />
              </tr>
            ))}
          </Table>
        )}
      </Panel>
      <Items title="Sales by product" rows={props.products} first="Product" />
      <Items title="Sales by category" rows={props.categories} first="Category" />
      <p className="text-sm text-neutral-700">
        Product and category sales are line prices before order-wide discounts and shipping. A product in two categories counts in each, so categories need not add up to the
        total.
      </p>
    </>
  )
}
