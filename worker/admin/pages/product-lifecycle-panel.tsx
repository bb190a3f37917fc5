import { Button } from '#web/components/ui/button.tsx'
import { Panel } from './parts.tsx'
import type { ProductView } from './product-page.tsx'

/**
 * Status, archive and delete of a product and its variants (worker/admin/product-lifecycle.ts). Each is its own small
 * form: they change what shoppers see at once, not fields of the other forms on the page.
 */
const STATUS_TEXT = { draft: 'Draft: not shown to shoppers', active: 'Active: on sale in the store', archived: 'Archived: not shown, kept on past orders' } as const

export function LifecyclePanel({ view }: { view: ProductView }) {
  const { product } = view
  const status = product.deleted_at ? 'archived' : product.available_on ? 'active' : 'draft'
  const action = `/admin/products/${product.id}`
  const variants = view.variants.filter((v) => v.is_master === 0)
  return (
    <Panel title="Status, archive and delete">
      <form method="post" action={`${action}/status`} aria-label="Status" className="space-y-2">
        <fieldset>
          <legend className="mb-1 font-semibold">Status</legend>
          {(['draft', 'active', 'archived'] as const).map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-2" htmlFor={`status-${s}`}>
              <input type="radio" id={`status-${s}`} name="status" value={s} defaultChecked={status === s} className="h-5 w-5" />
              {STATUS_TEXT[s]}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary">Save status</Button>
      </form>
      {variants.length ? (
        <ul className="mt-4 space-y-2" aria-label="Archive or delete a variant">
          {variants.map((v) => {
            const label = v.options ?? v.sku
            return (
              <li key={v.id} className="flex flex-wrap items-center gap-2">
                <span className="w-40 font-semibold">{label}</span>
                <span className="text-sm text-neutral-700">{v.deleted_at ? 'Archived' : 'On sale with the product'}</span>
                <form method="post" action={`${action}/variants/${v.id}/${v.deleted_at ? 'restore' : 'archive'}`}>
                  <Button type="submit" variant="secondary" size="sm">
                    {v.deleted_at ? 'Restore' : 'Archive'} <span className="sr-only">{label}</span>
                  </Button>
                </form>
                <form method="post" action={`${action}/variants/${v.id}/delete`}>
                  <Button type="submit" variant="danger" size="sm">
                    Delete <span className="sr-only">{label}</span>
                  </Button>
                </form>
              </li>
            )
          })}
        </ul>
      ) : null}
      <form method="post" action={`${action}/delete`} aria-label="Delete the product" className="mt-4">
        <p className="mb-2 text-sm">Deleting removes the product for good; only a product nobody ever ordered can be deleted. Archive one that was sold.</p>
        <Button type="submit" variant="danger">Delete product</Button>
      </form>
    </Panel>
  )
}
