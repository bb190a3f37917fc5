import { Fragment } from 'react'
import type { LaunchItem } from '../launch-checklist.ts'
import { LaunchChecklist } from './launch-checklist-panel.tsx'
import { Notice, Panel, PageHeader, Table, TextLink, cell, money, type FieldErrors } from './parts.tsx'

interface Figure {
  currency: string
  orders: number
  revenue_cents: number
  refunded_cents: number
}

export interface DashboardView {
  today: Figure[]
  week: Figure[]
  awaitingFulfilment: number
  awaitingCollection: number
  lowStock: Array<{ id: number; sku: string; name: string; stock_on_hand: number; product_id: number }>
  lowStockCount: number
  failedPayments: number
  undeliveredMail: number
  returnsWaiting: number
  failedMail: number
  lowStockThreshold: number
  /** Start-up checks switched off by an opt-in (worker/env.ts optInsInForce): what each gives up. */
  optIns: string[]
  /** What the store still lacks before shoppers can buy (worker/admin/launch-checklist.ts). */
  launch: LaunchItem[]
}

function Sales({ title, figures }: { title: string; figures: Figure[] }) {
  return (
    <Panel title={title}>
      {figures.length === 0 ? (
        <p className="text-neutral-700">No orders yet.</p>
      ) : (
        <dl className="space-y-2">
          {figures.map((f) => (
            <Fragment key={f.currency}>
              <div className="flex justify-between gap-4">
                <dt className="font-semibold">
                  {f.orders} order{f.orders === 1 ? '' : 's'} in {f.currency}
                </dt>
                <dd className="tabular-nums">{money(f.revenue_cents, f.currency)}</dd>
              </div>
              {/* an order refunded the same day still counts above: say what went back and what is left */}
              {f.refunded_cents > 0 ? (
                <>
                  <div className="flex justify-between gap-4 text-sm">
                    <dt>Refunded on them</dt>
                    <dd className="tabular-nums">−{money(f.refunded_cents, f.currency)}</dd>
                  </div>
                  <div className="flex justify-between gap-4 text-sm">
                    <dt>After refunds</dt>
                    <dd className="tabular-nums">{money(f.revenue_cents - f.refunded_cents, f.currency)}</dd>
                  </div>
                </>
              ) : null}
            </Fragment>
          ))}
        </dl>
      )}
    </Panel>
  )
}

function Count({ label, value, href }: { label: string; value: number; href?: string }) {
  return (
    <div className="rounded-md border border-neutral-200 bg-white p-4">
      <p className="text-sm text-neutral-700">{label}</p>
      <p className="text-3xl font-bold tabular-nums">{href && value > 0 ? <TextLink href={href}>{value}</TextLink> : value}</p>
    </div>
  )
}

export function DashboardPage({ data }: { data: DashboardView; errors?: FieldErrors }) {
  return (
    <>
      <PageHeader title="Dashboard" />
      {data.optIns.length ? (
        <Notice tone="error">
          <p>This store runs with start-up checks switched off (docs/deploying.md, 'Deploying'):</p>
          <ul data-testid="opt-ins" className="mt-2 list-disc pl-5 font-normal">
            {data.optIns.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <LaunchChecklist items={data.launch} />
      <div className="grid gap-4 md:grid-cols-2">
        <Sales title="Today" figures={data.today} />
        <Sales title="This week" figures={data.week} />
      </div>
      <div className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        <Count label="Orders waiting to be shipped" value={data.awaitingFulfilment} href="/admin/orders?shipment=pending" />
        <Count label="Orders waiting to be collected" value={data.awaitingCollection} href="/admin/orders?shipment=collect" />
        <Count label={`Variants with ${data.lowStockThreshold} or fewer left`} value={data.lowStockCount} href="/admin/low-stock" />
        <Count label="Declined card payments (7 days)" value={data.failedPayments} />
        <Count label="Returns waiting (asked for, not yet refunded)" value={data.returnsWaiting} href="/admin/returns?stage=open" />
        <Count label="Emails that failed for good" value={data.failedMail} href="/admin/mail/failed" />
        <Count label="Emails not delivered" value={data.undeliveredMail} />
      </div>
      {data.lowStock.length ? (
        <Table caption="Low stock" head={['SKU', 'Product', 'In stock']}>
          {data.lowStock.map((v) => (
            <tr key={v.id}>
              <td className={cell}>{v.sku}</td>
              <td className={cell}>
                <TextLink href={`/admin/products/${v.product_id}`}>{v.name}</TextLink>
              </td>
              <td className={cell}>{v.stock_on_hand}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </>
  )
}
