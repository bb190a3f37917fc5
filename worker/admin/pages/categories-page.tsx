import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { ErrorSummary, FormToken, Notice, PageHeader, Panel, type FieldErrors, type FormValues } from './parts.tsx'

export interface CategoryItem {
  id: number
  taxonomy_id: number
  parent_id: number | null
  name: string
  name_de: string | null
  permalink: string
  depth: number
  hide_from_nav: number
  position: number
  taxonomy_position: number
  products: number
}

/**
 * Categories as the store's navigation orders them, each with its German name, whether it is hidden from the menus,
 * a form to rename it, buttons to move it among its siblings, a form to move it to a place in one step and, when it
 * is empty, to delete it; below, a form to add one.
 */
export function CategoriesPage(props: { categories: CategoryItem[]; notice?: string; error?: string; form?: string; errors?: FieldErrors; values?: FormValues }) {
  const { categories } = props
  const mine = (name: string) => props.form === name
  const v = (name: string, key: string, fallback: string) => (mine(name) ? (props.values?.[key] ?? '') : fallback)
  const e = (name: string, key: string) => (mine(name) ? props.errors?.[key] : undefined)
  const siblingsOf = (c: CategoryItem) => categories.filter((o) => o.parent_id === c.parent_id && (c.parent_id === null || o.taxonomy_id === c.taxonomy_id))
  return (
    <>
      <PageHeader title="Categories" />
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <ErrorSummary errors={props.errors} />
      <Panel title="Categories in menu order">
        <ul className="space-y-2">
          {categories.map((c) => {
            const name = `category-${c.id}`
            const siblings = siblingsOf(c)
            const index = siblings.findIndex((o) => o.id === c.id)
            return (
              <li key={c.id} className="rounded border border-neutral-200 p-3" style={{ marginLeft: `${Math.min(c.depth, 4) * 1.25}rem` }}>
                <p className="mb-2 flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{c.name}</span>
                  <code className="text-sm text-neutral-700">{c.permalink}</code>
                  <span className="text-sm text-neutral-700">{c.products} products</span>
                  {c.hide_from_nav ? <Badge tone="neutral">Hidden from menus</Badge> : null}
                </p>
                <div className="flex flex-wrap items-end gap-3">
                  <form method="post" action={`/admin/categories/${c.id}`} className="flex flex-wrap items-end gap-3" aria-label={`Edit ${c.name}`}>
                    <Input id={`${name}-name`} name="name" label="Name (English)" defaultValue={v(name, 'name', c.name)} error={e(name, 'name')} frameClassName="w-48" />
                    <Input id={`${name}-name-de`} name="name_de" label="Name (German)" defaultValue={v(name, 'name_de', c.name_de ?? '')} error={e(name, 'name_de')} frameClassName="w-48" />
                    <Checkbox id={`${name}-hide`} name="hide_from_nav" label="Hide from menus" defaultChecked={mine(name) ? props.values?.hide_from_nav === 'on' : c.hide_from_nav === 1} />
                    <Button type="submit" variant="secondary" size="sm">
                      Save <span className="sr-only">{c.name}</span>
                    </Button>
                  </form>
                  {index > 0 ? <MoveButton id={c.id} direction="up" what={c.name} /> : null}
                  {index < siblings.length - 1 ? <MoveButton id={c.id} direction="down" what={c.name} /> : null}
                </div>
                <div className="mt-2 flex flex-wrap items-end gap-3">
                  {c.products === 0 && !categories.some((o) => o.parent_id === c.id) ? (
                    <form method="post" action={`/admin/categories/${c.id}/delete`}>
                      <FormToken />
                      <Button type="submit" variant="ghost" size="sm">
                        Delete <span className="sr-only">{c.name}</span>
                      </Button>
                    </form>
                  ) : null}
                </div>
              </li>
            )
          })}
        </ul>
      </Panel>
      <Panel title="Move a category">
        <form method="post" action="/admin/categories/move" className="grid gap-3 md:grid-cols-3" aria-label="Move a category">
          <FormToken />
          <CategorySelect id="move-category" name="category" label="Category" categories={categories} value={v('move', 'category', '')} />
          <CategorySelect id="move-parent" name="parent" label="Inside" categories={categories} value={v('move', 'parent', '')} empty="(the top level)" />
          <Input id="move-position" name="position" label="Position" hint="1 for the first." inputMode="numeric" defaultValue={v('move', 'position', '1')} error={e('move', 'position')} />
          <div>
            <Button type="submit" variant="secondary">
              Move category
            </Button>
          </div>
        </form>
      </Panel>
      <Panel title="Add a category">
        <form method="post" action="/admin/categories" className="grid gap-3 md:grid-cols-2" aria-label="Add a category">
          <FormToken />
          <div>
            <label htmlFor="parent" className="mb-1 block text-sm font-semibold">
              Inside
            </label>
            <select id="parent" name="parent" defaultValue={v('create', 'parent', '')} className="min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3">
              <option value="">(a new top-level category)</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.permalink}
                </option>
              ))}
            </select>
          </div>
          <Input id="new-slug" name="slug" label="Address" hint="Lower-case letters, digits and dashes; empty: made from the name." defaultValue={v('create', 'slug', '')} error={e('create', 'slug')} />
          <Input id="new-name" name="name" label="Name (English)" required defaultValue={v('create', 'name', '')} error={e('create', 'name')} />
          <Input id="new-name-de" name="name_de" label="Name (German)" defaultValue={v('create', 'name_de', '')} error={e('create', 'name_de')} />
          <Checkbox id="new-hide" name="hide_from_nav" label="Hide from menus" defaultChecked={mine('create') && props.values?.hide_from_nav === 'on'} />
          <div>
            <Button type="submit">Add category</Button>
          </div>
        </form>
      </Panel>
    </>
  )
}

function MoveButton({ id, direction, what }: { id: number; direction: 'up' | 'down'; what: string }) {
  return (
    <form method="post" action={`/admin/categories/${id}/${direction}`}>
      <Button type="submit" variant="ghost" size="sm">
        {direction === 'up' ? 'Move earlier' : 'Move later'} <span className="sr-only">{what}</span>
      </Button>
    </form>
  )
}

function CategorySelect(props: { id: string; name: string; label: string; categories: CategoryItem[]; value: string; empty?: string }) {
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block text-sm font-semibold">
        {props.label}
      </label>
      <select id={props.id} name={props.name} defaultValue={props.value} className="min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3">
        {props.empty !== undefined ? <option value="">{props.empty}</option> : null}
        {props.categories.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.permalink}
          </option>
        ))}
      </select>
    </div>
  )
}
