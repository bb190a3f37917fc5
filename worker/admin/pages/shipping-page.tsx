import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { countryName } from '#kernel/destinations.ts'
import type { RateRow, ZoneRow } from '#worker/admin/shipping-data.ts'
import { AU_STATES } from '#kernel/au-holidays.ts'
import { STATE_NAMES, cutoffText, type DispatchRow } from '#worker/admin/dispatch-data.ts'
import { AlreadySentNotice, ErrorSummary, FormToken, Notice, PageHeader, Panel, Table, TextArea, TextLink, cell, money, when, type AlreadySent, type FieldErrors, type FormValues } from './parts.tsx'

/**
 * Shipping zones, their rates and the GST rule per destination (issue 40 point 4): plain forms that post and answer
 * 303, each with a one-time key; English and German names side by side. Used by the checkout at once.
 */

export interface Outcome {
  notice?: string
  error?: string
  errors?: FieldErrors
  values?: FormValues
  already?: AlreadySent
}

export function Outcomes({ notice, error, errors, already }: Outcome) {
  return (
    <>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <AlreadySentNotice already={already} />
      <ErrorSummary errors={errors} />
    </>
  )
}

const gstText = (z: Pick<ZoneRow, 'gst_included'>) => (z.gst_included ? 'GST 10 % included in prices' : 'GST-free export (prices without GST)')
const countriesText = (z: Pick<ZoneRow, 'countries' | 'rest_of_world'>) =>
  [z.countries ? z.countries.split(', ').map((iso) => `${countryName(iso)} (${iso})`).join(', ') : '', z.rest_of_world ? 'every other country' : ''].filter(Boolean).join('; ') || '–'

export const zoneValues = (z: ZoneRow | null): FormValues =>
  z ? { name: z.name, name_de: z.name_de, countries: z.countries ?? '', rest_of_world: z.rest_of_world ? 'on' : '', gst: z.gst_included ? 'included' : 'export' } : { gst: 'export' }

function ZoneForm({ action, values, errors, submit }: { action: string; values: FormValues; errors?: FieldErrors; submit: string }) {
  return (
    <form method="post" action={action} aria-label={submit} noValidate>
      <FormToken />
      <div className="grid gap-4 md:grid-cols-2">
        <Input id="name" name="name" label="Name (English)" required defaultValue={values.name ?? ''} error={errors?.name} />
        <Input id="name_de" name="name_de" label="Name (Deutsch)" lang="de" required defaultValue={values.name_de ?? ''} error={errors?.name_de} />
        <TextArea id="countries" name="countries" label="Countries (ISO codes)" defaultValue={values.countries ?? ''} error={errors?.countries} rows={3} hint="Two-letter codes separated by commas, like NZ or AT, BE, DE. A country belongs to one zone." />
        <div className="grid content-start gap-2">
          <Select id="gst" name="gst" label="GST on deliveries here" defaultValue={values.gst ?? 'export'} error={errors?.gst}>
            <option value="included">GST 10 % included in prices (Australia)</option>
            <option value="export">GST-free export: prices without GST</option>
          </Select>
          <Checkbox id="rest_of_world" name="rest_of_world" label="Every other country (the rest of the world)" defaultChecked={values.rest_of_world === 'on'} />
        </div>
      </div>
      <Button type="submit" className="mt-4">
        {submit}
      </Button>
    </form>
  )
}

/** The store's one cut-off and dispatch state (issue 44 point 3, decision 0061): what the delivery dates count from. */
function DispatchPanel({ dispatch, values, errors }: { dispatch: DispatchRow | null; values?: FormValues; errors?: FieldErrors }) {
  const v = values ?? (dispatch ? { cutoff: cutoffText(dispatch.cutoff_minutes), state: dispatch.state } : { cutoff: '14:00', state: 'VIC' })
  return (
    <Panel title="Dispatch" className="mb-6">
      <p className="mb-4 text-sm">
        An order placed on a business day before the cut-off leaves that day, a later one the next business day. Business days are Monday to Friday without the public holidays of
        the state below. The product page and the checkout add each rate&apos;s business days: &ldquo;Order within 3 h 12 min, arrives Wed 11 Dec – Fri 13 Dec&rdquo;.
      </p>
      <form method="post" action="/admin/shipping/dispatch" aria-label="Save the dispatch settings" noValidate>
        <FormToken />
        <div className="grid gap-4 md:grid-cols-2">
          <Input id="cutoff" name="cutoff" type="time" label="Cut-off (Melbourne time)" required defaultValue={v.cutoff ?? ''} error={errors?.cutoff} hint="Like 14:00: when the day's last parcels are packed for the courier." />
          <Select id="state" name="state" label="Dispatched from" defaultValue={v.state ?? 'VIC'} error={errors?.state} hint="Its public holidays are no business days.">
            {AU_STATES.map((code) => (
              <option key={code} value={code}>
                {STATE_NAMES[code]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" className="mt-4">
          Save the dispatch settings
        </Button>
      </form>
    </Panel>
  )
}

export function ShippingPage(props: Outcome & { zones: ZoneRow[]; dispatch: DispatchRow | null; dispatchErrors?: FieldErrors; dispatchValues?: FormValues }) {
  return (
    <>
      <PageHeader title="Shipping and tax">
        <TextLink href="/admin/shipping/locations">Click & Collect places</TextLink>
      </PageHeader>
      <Outcomes {...props} errors={props.errors ?? props.dispatchErrors} />
      <DispatchPanel dispatch={props.dispatch} values={props.dispatchValues} errors={props.dispatchErrors} />
      <p className="mb-4 text-sm">Shoppers are offered the rates of the zone their shipping address is in; the zone also decides whether prices include GST. A change applies to the next checkout page.</p>
      <Table caption="Shipping zones" head={['Zone', 'Countries', 'GST', 'Rates']}>
        {props.zones.map((z) => (
          <tr key={z.id}>
            <td className={cell}>
              <TextLink href={`/admin/shipping/zones/${z.id}`}>{z.name}</TextLink>
              <span className="block text-neutral-700" lang="de">
                {z.name_de}
              </span>
            </td>
            <td className={cell}>{countriesText(z)}</td>
            <td className={cell}>{gstText(z)}</td>
            <td className={cell}>{z.rates}</td>
          </tr>
        ))}
      </Table>
      <Panel title="New zone" className="mt-6">
        <ZoneForm action="/admin/shipping/zones" values={props.values ?? zoneValues(null)} errors={props.errors} submit="Add the zone" />
      </Panel>
    </>
  )
}

const amount = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2))
export const rateValues = (r: RateRow | null): FormValues =>
  r
    ? {
        name: r.name,
        name_de: r.name_de,
        cost_aud: amount(r.cost_aud_cents),
        cost_usd: amount(r.cost_usd_cents),
        free_over_aud: amount(r.free_over_aud_cents),
        free_over_usd: amount(r.free_over_usd_cents),
        days_min: r.delivery_days_min === null ? '' : String(r.delivery_days_min),
        days_max: r.delivery_days_max === null ? '' : String(r.delivery_days_max),
        pickup: r.pickup ? 'on' : '',
      }
    : {}

function RateForm({ action, values, errors, submit }: { action: string; values: FormValues; errors?: FieldErrors; submit: string }) {
  const input = (name: string, label: string, extra: { hint?: string; lang?: string; required?: boolean; inputMode?: 'decimal' | 'numeric' } = {}) => (
    // ids of their own: the zone's page holds the zone's form too, whose 'Name (English)' is #name
    <Input id={`rate-${name}`} name={name} label={label} defaultValue={values[name] ?? ''} error={errors?.[name]} {...extra} />
  )
  return (
    <form method="post" action={action} aria-label={submit} noValidate>
      <FormToken />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {input('name', 'Name (English)', { required: true })}
        {input('name_de', 'Name (Deutsch)', { required: true, lang: 'de' })}
        {input('cost_aud', 'Cost (AUD)', { required: true, inputMode: 'decimal' })}
        {input('cost_usd', 'Cost (USD)', { required: true, inputMode: 'decimal' })}
        {input('free_over_aud', 'Free from (AUD)', { inputMode: 'decimal', hint: 'Items after discounts; empty: never free.' })}
        {input('free_over_usd', 'Free from (USD)', { inputMode: 'decimal' })}
        {input('days_min', 'Business days, fewest', { inputMode: 'numeric' })}
        {input('days_max', 'Business days, most', { inputMode: 'numeric', hint: 'Shown as "usually arrives in 2–5 business days".' })}
      </div>
      <Checkbox id="rate-pickup" name="pickup" className="mt-2" label="Click & Collect: the shopper picks it up (never chosen for them)" defaultChecked={values.pickup === 'on'} />
      <Button type="submit" className="mt-4">
        {submit}
      </Button>
    </form>
  )
}

const daysText = (r: RateRow) => (r.delivery_days_min === null ? '–' : `${r.delivery_days_min}–${r.delivery_days_max} days`)
const freeText = (r: RateRow) => (r.free_over_aud_cents === null ? 'never' : `${money(r.free_over_aud_cents, 'AUD')} / ${money(r.free_over_usd_cents, 'USD')}`)

export function ZonePage(props: Outcome & { zone: ZoneRow; rates: RateRow[]; rateErrors?: FieldErrors; rateValues?: FormValues }) {
  const { zone } = props
  return (
    <>
      <PageHeader title={`Zone: ${zone.name}`}>
        <TextLink href="/admin/shipping">All zones</TextLink>
      </PageHeader>
      <Outcomes {...props} errors={props.errors ?? props.rateErrors} />
      <Panel title="The zone">
        <ZoneForm action={`/admin/shipping/zones/${zone.id}`} values={props.values ?? zoneValues(zone)} errors={props.errors} submit="Save the zone" />
      </Panel>
      <Table caption="Rates" head={['Rate', 'Cost', 'Free from', 'Delivery', 'State']}>
        {props.rates.map((r) => (
          <tr key={r.id}>
            <td className={cell}>
              {r.retired_at ? r.name : <TextLink href={`/admin/shipping/rates/${r.id}`}>{r.name}</TextLink>}
              <span className="block text-neutral-700" lang="de">
                {r.name_de}
              </span>
            </td>
            <td className={cell}>{`${money(r.cost_aud_cents, 'AUD')} / ${money(r.cost_usd_cents, 'USD')}`}</td>
            <td className={cell}>{freeText(r)}</td>
            <td className={cell}>{r.pickup ? `Click & Collect, ready in ${daysText(r)}` : daysText(r)}</td>
            <td className={cell}>{r.retired_at ? `Retired ${when(r.retired_at)} (kept for ${r.orders} orders)` : 'Offered'}</td>
          </tr>
        ))}
      </Table>
      <Panel title="New rate in this zone" className="mt-6">
        <RateForm action={`/admin/shipping/zones/${zone.id}/rates`} values={props.rateValues ?? {}} errors={props.rateErrors} submit="Add the rate" />
      </Panel>
    </>
  )
}

export function RatePage(props: Outcome & { rate: RateRow; zone: ZoneRow }) {
  const { rate, zone } = props
  return (
    <>
      <PageHeader title={`Rate: ${rate.name}`}>
        <TextLink href={`/admin/shipping/zones/${zone.id}`}>{`Zone ${zone.name}`}</TextLink>
      </PageHeader>
      <Outcomes {...props} />
      <Panel>
        <RateForm action={`/admin/shipping/rates/${rate.id}`} values={props.values ?? rateValues(rate)} errors={props.errors} submit="Save the rate" />
      </Panel>
      <Panel title="Retire this rate">
        <p className="mb-3 text-sm">
          {rate.orders > 0
            ? `${rate.orders} placed orders used it: it is kept for them (invoices, refunds, reports) and no longer offered.`
            : 'No placed order used it: it is deleted.'}{' '}
          Carts that had chosen it ask the shopper to choose again.
        </p>
        <form method="post" action={`/admin/shipping/rates/${rate.id}/retire`} aria-label="Retire this rate">
          <FormToken />
          <Button type="submit" variant="danger">
            Retire the rate
          </Button>
        </form>
      </Panel>
    </>
  )
}
