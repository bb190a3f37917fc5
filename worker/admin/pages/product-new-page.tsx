import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { AlreadySentNotice, ErrorSummary, FormToken, Notice, PageHeader, Panel, TextArea, type AlreadySent, type FieldErrors } from './parts.tsx'
import { GRID_COLUMNS, MAX_NEW_OPTIONS, STATUSES, gridField, labelOf, many, newOptionField, type Body, type GridColumn, type NewProduct, type ProductStore } from '../product-input.ts'

/**
 * 'New product' (worker/admin/routes/product-new.tsx): the whole product in one form and one Save. Without
 * JavaScript 'Generate variants' posts the form and it comes back with the grid; the console script does the same
 * in place as options are ticked, and fills a column from its 'Set all' field (web/admin/client/product-form.ts).
 */

const COLUMN_LABELS: Record<GridColumn, string> = {
  sku: 'SKU',
  stock: 'Stock',
  aud: 'AUD price',
  aud_sale: 'AUD sale price',
  aud_rrp: 'AUD RRP',
  aud_club: 'AUD Club Price',
  usd: 'USD price',
  usd_sale: 'USD sale price',
  usd_rrp: 'USD RRP',
  usd_club: 'USD Club Price',
}
const STATUS_TEXT = { draft: 'Draft: not shown to shoppers', active: 'Active: on sale in the store', archived: 'Archived: not shown, kept on past orders' }

export function ProductNewPage({ store, body, input, errors, error, already }: { store: ProductStore; body: Body; input: NewProduct; errors?: FieldErrors; error?: string; already?: AlreadySent }) {
  const v = (name: string) => {
    const value = body[name]
    return (Array.isArray(value) ? value[value.length - 1] : value) ?? ''
  }
  const checked = (name: string, value: string) => many(body, name).includes(value)
  const e = (name: string) => errors?.[name]
  return (
    <>
      <PageHeader title="New product" />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <AlreadySentNotice already={already} />
      <ErrorSummary errors={errors} />
      <form method="post" action="/admin/products/new" aria-label="New product" data-product-form="">
        <FormToken />
        <Panel title="Names and descriptions">
          <div className="grid gap-4 lg:grid-cols-2">
            <Input id="name" name="name" label="Name (English)" defaultValue={v('name')} error={e('name')} />
            <Input id="name_de" name="name_de" label="Name (German)" defaultValue={v('name_de')} hint="Empty: German shoppers see the English name." />
            <TextArea id="description" name="description" label="Description (English)" rows={5} defaultValue={v('description')} />
            <TextArea id="description_de" name="description_de" label="Description (German)" rows={5} defaultValue={v('description_de')} />
          </div>
        </Panel>

        <Panel title="Status">
          <fieldset>
            <legend className="sr-only">Status</legend>
            {STATUSES.map((s) => (
              <label key={s} className="flex min-h-11 items-center gap-2" htmlFor={`status-${s}`}>
                <input type="radio" id={`status-${s}`} name="status" value={s} defaultChecked={(v('status') || 'draft') === s} className="h-5 w-5" />
                {STATUS_TEXT[s]}
              </label>
            ))}
          </fieldset>
        </Panel>

        <Panel title="Categories">
          {e('taxon') ? <Notice tone="error">{e('taxon')}</Notice> : null}
          <fieldset className="min-w-0">
            <legend className="sr-only">Categories of the product</legend>
            <div className="grid max-h-72 grid-cols-1 gap-x-4 overflow-y-auto break-words sm:grid-cols-2 lg:grid-cols-3">
              {store.taxons.map((t) => (
                <Checkbox key={t.id} id={`taxon-${t.id}`} name="taxon" value={String(t.id)} label={t.pretty_name} defaultChecked={checked('taxon', String(t.id))} />
              ))}
            </div>
          </fieldset>
        </Panel>

        <Panel title="Properties">
          <div className="grid gap-3 md:grid-cols-2">
            {store.properties.map((p) => (
              <fieldset key={p.id} className="grid min-w-0 gap-3 sm:grid-cols-2 md:col-span-2">
                <legend className="sr-only">{p.presentation}</legend>
                <Input id={`property-${p.id}`} name={`property-${p.id}`} label={`${p.presentation} (English)`} defaultValue={v(`property-${p.id}`)} error={e(`property-${p.id}`)} />
                <Input id={`property-${p.id}-de`} name={`property-${p.id}-de`} label={`${p.presentation} (German)`} defaultValue={v(`property-${p.id}-de`)} />
              </fieldset>
            ))}
          </div>
        </Panel>

        <Panel title="Options">
          <p className="mb-3 text-sm">Tick the options the product comes in and their values, or type new values as “English / German #swatch” (e.g. “Red / Rot #c0392b”; the swatch is a colour&apos;s dot), separated by commas.</p>
          {e('options') ? <Notice tone="error">{e('options')}</Notice> : null}
          <div className="space-y-4" data-options="">
            {store.optionTypes.map((t) => (
              <fieldset key={t.id} className="min-w-0 rounded border border-neutral-200 p-3">
                <legend className="px-1">
                  <Checkbox id={`opt-${t.id}`} name="opt" value={String(t.id)} label={<strong>{t.presentation}</strong>} defaultChecked={checked('opt', String(t.id))} />
                </legend>
                {e(`opt_${t.id}`) ? <p className="text-sm text-danger-700">{e(`opt_${t.id}`)}</p> : null}
                <div className="flex flex-wrap gap-x-4">
                  {t.values.map((o) => (
                    <Checkbox key={o.id} id={`opt-${t.id}-${o.id}`} name={`opt_${t.id}`} value={String(o.id)} defaultChecked={checked(`opt_${t.id}`, String(o.id))} label={o.swatch ? <span className="inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block h-4 w-4 rounded-full border border-neutral-400" style={{ background: o.swatch }} />{o.presentation}</span> : o.presentation} />
                  ))}
                </div>
                <Input id={`opt_${t.id}_new`} name={`opt_${t.id}_new`} label={`New ${t.presentation.toLowerCase()} values`} defaultValue={v(`opt_${t.id}_new`)} error={e(`opt_${t.id}_new`)} frameClassName="mt-2" />
              </fieldset>
            ))}
            {/* the new options named so far and one empty slot more ('Generate variants' or the script's redraw adds the next) */}
            <div className="space-y-4" data-new-options="">
              {newOptionSlots(v).map((i) => {
                const f = newOptionField(i)
                return (
                  <fieldset key={f} className="grid min-w-0 gap-3 rounded border border-neutral-200 p-3 sm:grid-cols-2">
                    <legend className="px-1 font-semibold">{i === 0 ? 'A new option' : `New option ${i + 1}`}</legend>
                    <Input id={f} name={f} label={i === 0 ? 'Its name (English / German)' : `Name of new option ${i + 1} (English / German)`} hint="e.g. “Style / Stil”" defaultValue={v(f)} error={e(f)} />
                    <Input id={`${f}_values`} name={`${f}_values`} label={i === 0 ? 'Its values' : `Values of new option ${i + 1}`} hint="e.g. “Classic / Klassisch, Slim / Schmal”" defaultValue={v(`${f}_values`)} error={e(`${f}_values`)} />
                  </fieldset>
                )
              })}
            </div>
          </div>
          <Button type="submit" name="intent" value="generate" variant="secondary" className="mt-3" data-generate="">
            Generate variants
          </Button>
        </Panel>

        <div data-variant-grid="">
          <VariantGrid body={body} input={input} v={v} e={e} />
        </div>

        <Button type="submit" name="intent" value="save" className="mt-4">
          Save product
        </Button>
      </form>
    </>
  )
}

/** The slots of new options to draw: each up to the last one named, and one more (as many as the form reads). */
function newOptionSlots(v: (name: string) => string) {
  let named = 0
  for (let i = 0; i < MAX_NEW_OPTIONS; i++) if (v(newOptionField(i)) || v(`${newOptionField(i)}_values`)) named = i + 1
  return Array.from({ length: Math.min(named + 1, MAX_NEW_OPTIONS) }, (_, i) => i)
}

/** One row per combination with its SKU, stock and prices; above it the 'Set all' row, a button per column. */
function VariantGrid({ body, input, v, e }: { body: Body; input: NewProduct; v: (name: string) => string; e: (name: string) => string | undefined }) {
  const keys = many(body, 'row')
  return (
    <Panel title="Variants">
      <p className="mb-3 text-sm">Prices include GST. A sale price is what shoppers pay, with the price struck through; the Club Price must be below what shoppers pay. Empty: none.</p>
      {e('grid') ? <Notice tone="error">{e('grid')}</Notice> : null}
      {keys.length === 0 ? <p className="text-sm">No variants yet: choose the options above and press “Generate variants” (a product without options has one).</p> : null}
      {/* relative: the sr-only labels inside (absolutely placed) stay in this scroller, not past the phone's edge */}
      <div className="relative overflow-x-auto">
        <table className="text-sm">
          <caption className="sr-only">Variants of the product</caption>
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left">Variant</th>
              {GRID_COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-2 py-1 text-left">{COLUMN_LABELS[c]}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr className="bg-neutral-100">
              <th scope="row" className="px-2 py-1 text-left">Set all</th>
              {GRID_COLUMNS.map((c) => (
                <td key={c} className="px-1 py-1 align-top">
                  <Input id={`bulk_${c}`} name={`bulk_${c}`} label={`${COLUMN_LABELS[c]} of every variant${c === 'sku' ? ' (prefix)' : ''}`} hideLabel defaultValue={v(`bulk_${c}`)} frameClassName="w-28" inputMode={c === 'sku' ? undefined : 'decimal'} />
                  <Button type="submit" name="intent" value={`bulk:${c}`} variant="secondary" size="sm" className="mt-1" data-bulk={c}>
                    Set all <span className="sr-only">{COLUMN_LABELS[c]}</span>
                  </Button>
                </td>
              ))}
            </tr>
            {keys.map((key) => {
              const label = labelOf(input.options, key) || 'The product'
              return (
                <tr key={key}>
                  <th scope="row" className="px-2 py-1 text-left font-semibold">
                    <input type="hidden" name="row" value={key} />
                    {label}
                  </th>
                  {GRID_COLUMNS.map((c) => (
                    <td key={c} className="px-1 py-1 align-top">
                      <Input id={gridField(key, c)} name={gridField(key, c)} label={`${COLUMN_LABELS[c]} of ${label}`} hideLabel defaultValue={v(gridField(key, c))} error={e(gridField(key, c))} frameClassName={c === 'sku' ? 'w-40' : 'w-28'} inputMode={c === 'sku' ? undefined : c === 'stock' ? 'numeric' : 'decimal'} data-column={c} />
                    </td>
                  ))}
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </Panel>
  )
}
