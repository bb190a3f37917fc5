import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { ProductImagesPanel } from './product-images-panel.tsx'
import { LifecyclePanel } from './product-lifecycle-panel.tsx'
import { AlreadySentNotice, ErrorSummary, FormToken, Notice, PageHeader, Panel, TextArea, TextLink, type AlreadySent, type FieldErrors, type FormValues } from './parts.tsx'

export interface ProductView {
  product: { id: number; slug: string; name: string; description: string | null; available_on: string | null; discontinue_on: string | null; deleted_at?: string | null; name_de: string | null; description_de: string | null }
  prices: Array<{ currency: 'AUD' | 'USD'; amount_cents: number; compare_at_cents: number | null; member_cents: number | null }>
  variants: Array<{ id: number; alerts_confirmed?: number; alerts_unconfirmed?: number; sku: string; is_master: number; stock_on_hand: number; backorderable: number; deal?: number; options: string | null; prices: ProductView['prices']; deleted_at?: string | null }>
  taxons: Array<{ id: number; pretty_name: string; checked: number }>
  images: Array<{ id: number; alt: string | null; alt_de: string | null; option_value_id: number | null; mobile_url: string; desktop_url: string; large_url: string }>
  colours: Array<{ id: number; presentation: string }>
  properties: Array<{ id: number; name: string; presentation: string; value: string | null; value_de: string | null }>
  optionTypes: Array<{ id: number; name: string; presentation: string; values: Array<{ id: number; name: string; presentation: string }> }>
}

/** A colour option type, as the sample names it ('color') or as a shop's 'New product' form makes it from 'Colour'. */
const isColourType = (name: string) => name === 'color' || name === 'colour'
const decimal = (cents: number | null | undefined) => (cents === null || cents === undefined ? '' : (cents / 100).toFixed(2))
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '')

export function ProductPage({ view, notice, error, form, errors, values, already }: { view: ProductView; notice?: string; error?: string; form?: string; errors?: FieldErrors; values?: FormValues; already?: AlreadySent }) {
  const { product } = view
  const mine = (name: string) => form === name
  const v = (name: string, key: string, fallback: string) => (mine(name) ? (values?.[key] ?? '') : fallback)
  const e = (name: string, key: string) => (mine(name) ? errors?.[key] : undefined)
  const live = view.variants.filter((x) => !x.deleted_at)
  const sellable = live.filter((x) => x.is_master === 0).length ? live.filter((x) => x.is_master === 0) : live
  const action = `/admin/products/${product.id}`
  return (
    <>
      <PageHeader title={product.name}>
        <TextLink href={`/products/${product.slug}`}>View in the store</TextLink>
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <AlreadySentNotice already={already} />
      <ErrorSummary errors={errors} />

      <Panel title="Stock">
        <ul className="space-y-3">
          {sellable.map((variant) => {
            const name = `variant-${variant.id}`
            return (
              <li key={variant.id}>
                <form method="post" action={`${action}/variants/${variant.id}`} className="flex flex-wrap items-end gap-3" aria-label={`Variant ${variant.options ?? variant.sku}`}>
                  <p className="w-32 pb-3 font-semibold">{variant.options ?? 'One size'}</p>
                  <Input id={`${name}-sku`} name="sku" label="SKU" defaultValue={v(name, 'sku', variant.sku)} error={e(name, 'sku')} frameClassName="w-44" />
                  {/* the count as loaded: the save is refused if it moved since (a refusal shows the new count) */}
                  <input type="hidden" name="stock_seen" value={(mine(name) && values?.stock_seen) || String(variant.stock_on_hand)} />
                  <Input id={`${name}-stock`} name="stock" label="In stock" inputMode="numeric" defaultValue={mine(name) && values?.stock !== undefined ? values.stock : String(variant.stock_on_hand)} error={e(name, 'stock')} frameClassName="w-28" />
                  <Checkbox id={`${name}-backorderable`} name="backorderable" label="Backorderable" defaultChecked={mine(name) ? values?.backorderable === 'on' : variant.backorderable === 1} />
                  <Button type="submit" variant="secondary">
                    Save <span className="sr-only">{variant.options ?? variant.sku}</span>
                  </Button>
                  {variant.alerts_confirmed || variant.alerts_unconfirmed ? (
                    <p className="pb-3 text-sm text-neutral-700" data-testid="stock-alert-count">
                      <TextLink href="/admin/stock-alerts">{`${variant.alerts_confirmed ?? 0} waiting for it`}</TextLink>
                      {variant.alerts_unconfirmed ? ` (${variant.alerts_unconfirmed} not yet confirmed)` : ''}
                    </p>
                  ) : null}
                </form>
                {/* a deal's stock is held by its own object, which reserves units for carts (decision 0081) */}
                <form method="post" action={`${action}/variants/${variant.id}/deal`} className="mt-2 flex items-center gap-3" aria-label={`Deal ${variant.options ?? variant.sku}`}>
                  <input type="hidden" name="deal" value={variant.deal ? 'off' : 'on'} />
                  <p className="text-sm">{variant.deal ? 'Deal: units are reserved for carts for 10 minutes.' : 'Not a deal.'}</p>
                  <Button type="submit" variant="secondary">
                    {variant.deal ? 'End the deal' : 'Make it a deal'} <span className="sr-only">{variant.options ?? variant.sku}</span>
                  </Button>
                </form>
              </li>
            )
          })}
        </ul>
      </Panel>

      <AddSizePanel view={view} v={v} e={e} />

      <Panel title="Prices">
        <p className="mb-3 text-sm">Prices include GST. A price below the RRP shows as a sale; the Club Price must be below the price. This form sets every size; a size can then get its own price below.</p>
        <PriceForm name="prices" action={`${action}/prices`} label="Prices" submit="Save prices" prices={view.prices} v={v} e={e} />
        {sellable.length > 1 ? (
          <ul className="mt-6 space-y-2" aria-label="Prices per size">
            {sellable.map((variant) => {
              const name = `variant-prices-${variant.id}`
              const label = variant.options ?? variant.sku
              const aud = variant.prices.find((p) => p.currency === 'AUD')
              return (
                <li key={variant.id}>
                  <details open={mine(name) || undefined} className="rounded border border-neutral-200 p-3">
                    <summary className="cursor-pointer font-semibold">
                      {label} <span className="font-normal text-neutral-700">AUD {decimal(aud?.amount_cents)}{aud?.compare_at_cents ? ` (RRP ${decimal(aud.compare_at_cents)})` : ''}{aud?.member_cents ? `, Club ${decimal(aud.member_cents)}` : ''}</span>
                    </summary>
                    <PriceForm name={name} action={`${action}/variants/${variant.id}/prices`} label={`Prices of ${label}`} submit={`Save prices of ${label}`} prices={variant.prices} v={v} e={e} />
                  </details>
                </li>
              )
            })}
          </ul>
        ) : null}
      </Panel>

      <Panel title="Names, descriptions and dates">
        <form method="post" action={`${action}/details`} className="grid gap-4 lg:grid-cols-2" aria-label="Names, descriptions and dates">
          <Input id="name" name="name" label="Name (English)" required defaultValue={v('details', 'name', product.name)} error={e('details', 'name')} />
          <Input id="name_de" name="name_de" label="Name (German)" defaultValue={v('details', 'name_de', product.name_de ?? '')} error={e('details', 'name_de')} hint="Empty: German shoppers see the English name." />
          <TextArea id="description" name="description" label="Description (English)" rows={6} defaultValue={v('details', 'description', product.description ?? '')} error={e('details', 'description')} />
          <TextArea id="description_de" name="description_de" label="Description (German)" rows={6} defaultValue={v('details', 'description_de', product.description_de ?? '')} error={e('details', 'description_de')} />
          <Input id="available_on" name="available_on" type="date" label="On sale from" hint="Empty: not on sale." defaultValue={v('details', 'available_on', day(product.available_on))} error={e('details', 'available_on')} />
          <Input id="discontinue_on" name="discontinue_on" type="date" label="Discontinued from" defaultValue={v('details', 'discontinue_on', day(product.discontinue_on))} error={e('details', 'discontinue_on')} />
          <div>
            <Button type="submit">Save names and dates</Button>
          </div>
        </form>
      </Panel>

      <ProductImagesPanel view={view} form={form} errors={errors} values={values} />

      <Panel title="Properties">
        <p className="mb-3 text-sm">Shown on the product page; brand and material are also searched, and filterable properties are filters of the listings. Empty: the product does not have it.</p>
        <form method="post" action={`${action}/properties`} aria-label="Properties">
          <div className="grid gap-x-4 gap-y-2 md:grid-cols-2">
            {view.properties.map((p) => (
              <fieldset key={p.id} className="grid gap-3 sm:grid-cols-2 md:col-span-2">
                <legend className="sr-only">{p.presentation}</legend>
                <Input id={`property-${p.id}`} name={`property-${p.id}`} label={`${p.presentation} (English)`} defaultValue={v('properties', `property-${p.id}`, p.value ?? '')} error={e('properties', `property-${p.id}`)} />
                <Input id={`property-${p.id}-de`} name={`property-${p.id}-de`} label={`${p.presentation} (German)`} defaultValue={v('properties', `property-${p.id}-de`, p.value_de ?? '')} error={e('properties', `property-${p.id}-de`)} />
              </fieldset>
            ))}
          </div>
          <Button type="submit" className="mt-3">
            Save properties
          </Button>
        </form>
      </Panel>

      <LifecyclePanel view={view} />

      <Panel title="Categories">
        <form method="post" action={`${action}/taxons`} aria-label="Categories">
          <fieldset>
            <legend className="sr-only">Categories of this product</legend>
            <div className="grid max-h-96 gap-x-4 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
              {view.taxons.map((t) => (
                <Checkbox key={t.id} id={`taxon-${t.id}`} name="taxon" value={String(t.id)} label={t.pretty_name} defaultChecked={t.checked === 1} />
              ))}
            </div>
          </fieldset>
          <Button type="submit" className="mt-3">
            Save categories
          </Button>
        </form>
      </Panel>
    </>
  )
}

type Prices = ProductView['prices']

/** Price, RRP and Club Price per currency, for every size (name 'prices') or for one ('variant-prices-ID'). */
function PriceForm({ name, action, label, submit, prices, v, e }: { name: string; action: string; label: string; submit: string; prices: Prices; v: (name: string, key: string, fallback: string) => string; e: (name: string, key: string) => string | undefined }) {
  const price = (currency: 'AUD' | 'USD') => prices.find((p) => p.currency === currency)
  const id = name === 'prices' ? '' : `${name}-`
  return (
    <form method="post" action={action} className="mt-3 space-y-4" aria-label={label}>
      {(['AUD', 'USD'] as const).map((currency) => (
        <fieldset key={currency} className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 font-semibold">{currency}</legend>
          <Input id={`${id}${currency}-amount`} name={`${currency}_amount`} label="Price" inputMode="decimal" defaultValue={v(name, `${currency}_amount`, decimal(price(currency)?.amount_cents))} error={e(name, `${currency}_amount`)} />
          <Input id={`${id}${currency}-rrp`} name={`${currency}_rrp`} label="RRP" inputMode="decimal" defaultValue={v(name, `${currency}_rrp`, decimal(price(currency)?.compare_at_cents))} error={e(name, `${currency}_rrp`)} />
          <Input id={`${id}${currency}-member`} name={`${currency}_member`} label="Club Price" inputMode="decimal" defaultValue={v(name, `${currency}_member`, decimal(price(currency)?.member_cents))} error={e(name, `${currency}_member`)} />
        </fieldset>
      ))}
      <Button type="submit">{submit}</Button>
    </form>
  )
}

/**
 * 'Add a size' (worker/admin/size-add.ts): one value of each of the product's option types, chosen from the store's
 * values or typed as a new one, with its SKU, stock and prices (filled in with the product's).
 */
function AddSizePanel({ view, v, e }: { view: ProductView; v: (name: string, key: string, fallback: string) => string; e: (name: string, key: string) => string | undefined }) {
  const name = 'add-size'
  const types = view.optionTypes
  const kinds = types.map((t) => t.presentation.toLowerCase())
  const price = (currency: 'AUD' | 'USD') => view.prices.find((p) => p.currency === currency)
  const club = view.prices.some((p) => p.member_cents !== null)
  return (
    <Panel title="Add a size">
      {types.length ? (
        <form method="post" action={`/admin/products/${view.product.id}/variants`} className="space-y-4" aria-label="Add a size">
          <FormToken />
          <p className="text-sm">
            A size of this product is one {kinds.join(' and one ')}. Choose from the list, or type a new one: it is created under its kind and offered in the store at once. The prices start as the product&apos;s.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {types.map((t) => (
              <fieldset key={t.id} className={isColourType(t.name) ? 'grid gap-3 sm:col-span-2 sm:grid-cols-3' : 'grid gap-3 sm:col-span-2 sm:grid-cols-2'}>
                <legend className="sr-only">{t.presentation}</legend>
                <Select id={`${name}-option-${t.id}`} name={`option_${t.id}`} label={t.presentation} defaultValue={v(name, `option_${t.id}`, '')} error={e(name, `option_${t.id}`)}>
                  <option value="">Choose, or type a new one</option>
                  {t.values.map((o) => (
                    <option key={o.id} value={String(o.id)}>
                      {o.presentation}
                    </option>
                  ))}
                </Select>
                <Input id={`${name}-new-option-${t.id}`} name={`new_option_${t.id}`} label={`Or a new ${t.presentation.toLowerCase()}`} hint="As shoppers will see it." defaultValue={v(name, `new_option_${t.id}`, '')} error={e(name, `new_option_${t.id}`)} />
                {isColourType(t.name) ? (
                  <Input id={`${name}-new-swatch-${t.id}`} name={`new_swatch_${t.id}`} label="Its swatch" hint="A new colour's dot in the store, e.g. #556b2f." defaultValue={v(name, `new_swatch_${t.id}`, '')} error={e(name, `new_swatch_${t.id}`)} />
                ) : null}
              </fieldset>
            ))}
            <Input id={`${name}-sku`} name="sku" label="SKU" defaultValue={v(name, 'sku', '')} error={e(name, 'sku')} hint="Unique in the store." />
            <Input id={`${name}-stock`} name="stock" label="In stock" inputMode="numeric" defaultValue={v(name, 'stock', '0')} error={e(name, 'stock')} />
          </div>
          {(['AUD', 'USD'] as const).map((currency) => (
            <fieldset key={currency} className={club ? 'grid gap-3 sm:grid-cols-3' : 'grid gap-3 sm:grid-cols-2'}>
              <legend className="mb-2 font-semibold">{currency}</legend>
              <Input id={`${name}-${currency}-amount`} name={`${currency}_amount`} label="Price" inputMode="decimal" defaultValue={v(name, `${currency}_amount`, decimal(price(currency)?.amount_cents))} error={e(name, `${currency}_amount`)} />
              <Input id={`${name}-${currency}-rrp`} name={`${currency}_rrp`} label="RRP" inputMode="decimal" defaultValue={v(name, `${currency}_rrp`, decimal(price(currency)?.compare_at_cents))} error={e(name, `${currency}_rrp`)} />
              {club ? (
                <Input id={`${name}-${currency}-member`} name={`${currency}_member`} label="Club Price" inputMode="decimal" defaultValue={v(name, `${currency}_member`, decimal(price(currency)?.member_cents))} error={e(name, `${currency}_member`)} />
              ) : null}
            </fieldset>
          ))}
          <Button type="submit">Add size</Button>
        </form>
      ) : (
        <p className="text-sm">This product has no sizes or colours (no option types), so a size cannot be added to it here.</p>
      )}
    </Panel>
  )
}
