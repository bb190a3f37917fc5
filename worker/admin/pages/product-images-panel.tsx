import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { IMAGE_SIZES } from '#kernel/config.ts'
import { Panel, type FieldErrors, type FormValues } from './parts.tsx'
import { PictureFileFields } from './picture-file-fields.tsx'
import type { ProductView } from './product-page.tsx'


/**
 * The product's gallery in the order the store shows it, each picture with its English and German description, and
 * the upload form. Without JavaScript the operator picks the three §9 sizes; with it, one picture is resized in the
 * browser (web/admin/client/console.ts) into those fields.
 */
export function ProductImagesPanel({ view, form, errors, values }: { view: ProductView; form?: string; errors?: FieldErrors; values?: FormValues }) {
  const action = `/admin/products/${view.product.id}/images`
  const mine = (name: string) => form === name
  const v = (name: string, key: string, fallback: string) => (mine(name) ? (values?.[key] ?? '') : fallback)
  const e = (name: string, key: string) => (mine(name) ? errors?.[key] : undefined)
  const last = view.images.length - 1
  return (
    <Panel title="Pictures">
      {view.images.length === 0 ? <p className="mb-4 text-sm">No pictures yet: the store shows a placeholder.</p> : null}
      <ol className="mb-6 space-y-4">
        {view.images.map((image, index) => {
          const name = `image-${image.id}`
          const label = `picture ${index + 1}`
          return (
            <li key={image.id} className="flex flex-col gap-3 rounded border border-neutral-200 p-3 md:flex-row">
              <img src={image.mobile_url} alt={image.alt ?? ''} width={120} height={120} className="h-[120px] w-[120px] rounded bg-neutral-100 object-cover" />
              <div className="min-w-0 flex-1">
                <form method="post" action={`${action}/${image.id}/alt`} className="grid gap-3 lg:grid-cols-2" aria-label={`Description of ${label}`}>
                  <Input id={`${name}-alt`} name="alt" label={`Description of ${label} (English)`} defaultValue={v(name, 'alt', image.alt ?? '')} error={e(name, 'alt')} />
                  <Input id={`${name}-alt-de`} name="alt_de" label={`Description of ${label} (German)`} defaultValue={v(name, 'alt_de', image.alt_de ?? '')} error={e(name, 'alt_de')} hint="Empty: the English text." />
                  <ColourSelect id={`${name}-colour`} label={`Colour of ${label}`} colours={view.colours} value={v(name, 'colour', image.option_value_id ? String(image.option_value_id) : '')} error={e(name, 'colour')} />
                  <div>
                    <Button type="submit" variant="secondary" size="sm">
                      Save <span className="sr-only">{label}</span>
                    </Button>
                  </div>
                </form>
                <div className="mt-3 flex flex-wrap gap-2">
                  {index > 0 ? <SmallAction action={`${action}/${image.id}/up`} text="Move earlier" what={label} /> : null}
                  {index < last ? <SmallAction action={`${action}/${image.id}/down`} text="Move later" what={label} /> : null}
                  <SmallAction action={`${action}/${image.id}/remove`} text="Remove" what={label} danger />
                </div>
              </div>
            </li>
          )
        })}
      </ol>

      <form method="post" action={action} encType="multipart/form-data" data-image-upload="" aria-label="Add a picture" className="space-y-4 border-t border-neutral-200 pt-4">
        <h3 className="font-semibold">Add a picture</h3>
        <PictureFileFields sizes={IMAGE_SIZES} hint="resized for you to the three sizes" />
        <div className="grid gap-3 lg:grid-cols-2">
          <ColourSelect id="new-colour" label="Colour of the picture" colours={view.colours} value={v('images', 'colour', '')} error={e('images', 'colour')} />
          <Input id="new-alt" name="alt" label="Picture description (English)" required defaultValue={v('images', 'alt', '')} error={e('images', 'alt')} hint="What the picture shows, for shoppers who cannot see it." />
          <Input id="new-alt-de" name="alt_de" label="Picture description (German)" defaultValue={v('images', 'alt_de', '')} error={e('images', 'alt_de')} />
        </div>
        <Button type="submit">Upload picture</Button>
      </form>
    </Panel>
  )
}

/** Which colour a picture shows: the store's gallery shows a chosen colour's own pictures (else those of every colour). */
function ColourSelect({ id, label, colours, value, error }: { id: string; label: string; colours: ProductView['colours']; value: string; error?: string }) {
  if (colours.length === 0) return null
  return (
    <Select id={id} name="colour" label={label} defaultValue={value} error={error} frameClassName="max-w-xs lg:col-span-2">
      <option value="">Every colour</option>
      {colours.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.presentation}
        </option>
      ))}
    </Select>
  )
}

/** A one-button form; the button says which picture to screen readers after its visible words. */
function SmallAction({ action, text, what, danger }: { action: string; text: string; what: string; danger?: boolean }) {
  return (
    <form method="post" action={action}>
      <Button type="submit" variant={danger ? 'danger' : 'ghost'} size="sm">
        {text} <span className="sr-only">{what}</span>
      </Button>
    </form>
  )
}
