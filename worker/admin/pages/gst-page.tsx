import { PageHeader, Panel, TextLink, money, type FieldErrors } from './parts.tsx'
import { PeriodForm, type PeriodLink, type PeriodValues } from './reports-page.tsx'

/** The GST summary of a period (worker/admin/reports-data.ts gstSummary), per currency, to file a BAS from. */

export interface GstFigures {
  currency: string
  orders: number
  total_sales_cents: number
  taxable_sales_cents: number
  gst_cents: number
  export_sales_cents: number
  gift_cards_cents: number
  refunds_taxable_cents: number
  refund_gst_cents: number
  refunds_export_cents: number
}

function Row({ label, hint, cents, currency, strong, testId }: { label: string; hint?: string; cents: number; currency: string; strong?: boolean; testId: string }) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 border-b border-neutral-200 py-2 ${strong ? 'font-bold' : ''}`}>
      <dt>
        {label}
        {hint ? <span className="block text-sm font-normal text-neutral-700">{hint}</span> : null}
      </dt>
      <dd className="tabular-nums" data-testid={testId}>
        {money(cents, currency)}
      </dd>
    </div>
  )
}

function Currency({ f }: { f: GstFigures }) {
  const c = f.currency
  return (
    <Panel title={`In ${c}`}>
      <p className="mb-2 text-sm">{`${f.orders} order${f.orders === 1 ? '' : 's'} placed in these days.`}</p>
      <dl>
        <Row testId="taxable" label="Taxable sales (delivered in Australia, GST included)" cents={f.taxable_sales_cents} currency={c} />
        <Row testId="gst" label="GST collected" hint="BAS 1A: the GST on each order’s tax invoice, added up" cents={f.gst_cents} currency={c} />
        <Row testId="exports" label="GST-free exports (delivered abroad)" hint="BAS G2" cents={f.export_sales_cents} currency={c} />
        <Row testId="g1" label="Total sales" hint="BAS G1: taxable sales and exports (gift cards sold are not a sale for GST)" cents={f.taxable_sales_cents + f.export_sales_cents} currency={c} />
        <Row testId="gift-cards" label="Gift cards sold" hint="No GST when sold: it is in the order that spends the card" cents={f.gift_cards_cents} currency={c} />
        <Row testId="refunds-taxable" label="Refunds on taxable sales" hint="Made in these days, whenever the order was placed" cents={f.refunds_taxable_cents} currency={c} />
        <Row testId="refund-gst" label="GST on refunds" hint="Decreasing adjustments" cents={f.refund_gst_cents} currency={c} />
        <Row testId="refunds-export" label="Refunds on exports (no GST)" cents={f.refunds_export_cents} currency={c} />
        <Row testId="net-gst" label="GST collected less GST on refunds" cents={f.gst_cents - f.refund_gst_cents} currency={c} strong />
      </dl>
      <p className="mt-2 text-sm text-neutral-700">{`All takings placed: ${money(f.total_sales_cents, c)} (taxable sales, exports and gift cards).`}</p>
    </Panel>
  )
}

export function GstPage({ values, errors, presets, figures }: { values: PeriodValues; errors?: FieldErrors; presets: PeriodLink[]; figures: GstFigures[] }) {
  const period = new URLSearchParams({ from: values.from, to: values.to })
  return (
    <>
      <PageHeader title="GST summary">
        <TextLink href={`/admin/reports?${period}`}>Sales report</TextLink>
        <TextLink href={`/admin/orders.csv?${period}`}>Orders of these days (CSV)</TextLink>
      </PageHeader>
      <PeriodForm action="/admin/reports/gst" values={values} errors={errors} presets={presets} />
      {figures.length === 0 ? <p className="mb-4">No orders or refunds in these days.</p> : figures.map((f) => <Currency key={f.currency} f={f} />)}
      <div className="space-y-2 text-sm text-neutral-700">
        <p>
          Sales count on the Melbourne day the order was placed, refunds on the day they were made. GST is rounded to the cent once per order, as on its tax invoice, never per
          line, so these figures match the invoices the customers hold.
        </p>
        <p>
          GST on a refund is 1/11 of it, up to the GST the order’s invoice showed; an order refunded in full gives back exactly its invoice’s GST. Figures in USD are in USD:
          convert them to AUD at the rate of each sale before filing.
        </p>
      </div>
    </>
  )
}
