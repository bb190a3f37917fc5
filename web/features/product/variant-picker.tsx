import { type ReactNode } from 'react'
import { useEnhanced } from '../../components/ui/use-enhanced.ts'
import { useLocation, useSubmit } from 'react-router'
import type { Product } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Swatch } from '../../components/ui/swatch.tsx'
import { SizePill } from '../../components/ui/size-pill.tsx'
import { Button } from '../../components/ui/button.tsx'
import { optionGroups, valueInStock } from './variant-selection.ts'

const keepChoice = () => {}

/** The 'Show' button's marker: a submit of the add-to-cart form that shows the choice instead of adding it. */
export const SHOW_CHOICE = 'show-choice'

/**
 * Puts the options chosen in `form` into the address (`?color=4&size=15`), replacing it: the chosen variant survives a
 * reload and a shared link, and the page shows its pictures, prices and stock. Only the option fields go into the
 * query, never the add-to-cart form's own fields (the page's cache key would read a `variantId=…` as an option).
 */
export function useShowChoice(product: Product) {
  // the path only: the fields are the query (React Router's default repeats the whole address)
  const { pathname } = useLocation()
  const submit = useSubmit()
  const names = new Set(optionGroups(product).map((group) => group.type.name))
  return (form: HTMLFormElement) => {
    const query = new URLSearchParams([...new FormData(form)].filter((pair): pair is [string, string] => names.has(pair[0]) && typeof pair[1] === 'string'))
    void submit(query, { method: 'get', action: pathname, replace: true, preventScrollReset: true })
  }
}

/**
 * Colour swatches and size (or style) buttons as radio groups inside the add-to-cart form (features/product/
 * product-summary.tsx), so without JavaScript 'Add to cart' posts the options the shopper picked, whether or not they
 * pressed 'Show' first (issue 42: Purple/L picked, Black/XS added). 'Show' submits the same form as a GET of the page
 * with the choice; with JavaScript each change replaces the URL at once and there is no 'Show'.
 */
export function VariantPicker({ product, chosen, sizeGuide }: { product: Product; chosen: Record<string, string>; sizeGuide?: ReactNode }) {
  const { t } = useT()
  const { pathname } = useLocation()
  const enhanced = useEnhanced()
  const groups = optionGroups(product)
  return (
    <div className="space-y-5" data-testid="variant-picker">
      {groups.map((group) => {
        const current = group.values.find((v) => v.id === chosen[group.type.id])
        return (
          <fieldset key={group.type.id} data-testid={`options-${group.type.name}`}>
            <div className="mb-2 flex items-baseline justify-between gap-4">
              <legend className="text-sm font-semibold text-neutral-900">
                {group.type.presentation}
                {current ? <span className="font-normal text-neutral-700">: {current.presentation}</span> : null}
              </legend>
              {!group.colour ? sizeGuide : null}
            </div>
            <div className="flex flex-wrap gap-2">
              {group.values.map((value) => {
                const inStock = valueInStock(product, chosen, group, value)
                const common = { id: `option-${value.id}`, name: group.type.name, value: value.id, checked: value.id === chosen[group.type.id], onChange: keepChoice }
                return group.colour ? (
                  <Swatch key={value.id} {...common} label={inStock ? value.presentation : `${value.presentation}, ${t('pages.soldOut')}`} colour={value.image_preview ?? 'transparent'} unavailable={!inStock} />
                ) : (
                  <SizePill key={value.id} {...common} label={value.presentation} unavailable={!inStock} unavailableLabel={t('pages.soldOut')} />
                )
              })}
            </div>
          </fieldset>
        )
      })}
      {enhanced || groups.length === 0 ? null : (
        <Button type="submit" variant="secondary" size="sm" formMethod="get" formAction={pathname} data-action={SHOW_CHOICE}>
          {t('product.showChoice')}
        </Button>
      )}
    </div>
  )
}
