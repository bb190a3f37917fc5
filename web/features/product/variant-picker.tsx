import { type ReactNode } from 'react'
import { useEnhanced } from '../../components/ui/use-enhanced.ts'
import { Form, useLocation, useSubmit } from 'react-router'
import type { Product } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Swatch } from '../../components/ui/swatch.tsx'
import { SizePill } from '../../components/ui/size-pill.tsx'
import { Button } from '../../components/ui/button.tsx'
import { optionGroups, valueInStock } from './variant-selection.ts'

const keepChoice = () => {}

/**
 * Colour swatches and size buttons as radio groups in a GET form, so the chosen variant is in the URL
 * (`?color=4&size=15`): it survives a reload and a shared link. Without JavaScript the 'Show' button submits the
 * choice; with it, each change replaces the URL at once (the route does not reload the product for it).
 */
export function VariantPicker({ product, chosen, sizeGuide }: { product: Product; chosen: Record<string, string>; sizeGuide?: ReactNode }) {
  const { t } = useT()
  // the form's action is the path only: its fields are the query (React Router's default repeats the whole address)
  const { pathname } = useLocation()
  const submit = useSubmit()
  const enhanced = useEnhanced()
  const groups = optionGroups(product)
  return (
    <Form method="get" action={pathname} preventScrollReset replace className="space-y-5" data-testid="variant-picker" onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}>
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
      {enhanced ? null : (
        <Button type="submit" variant="secondary" size="sm">
          {t('product.showChoice')}
        </Button>
      )}
    </Form>
  )
}
