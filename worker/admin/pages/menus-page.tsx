import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { cx, focusRing } from '#web/components/ui/cx.ts'
import { ErrorSummary, Notice, PageHeader, Panel, RowButtons, type FieldErrors } from './parts.tsx'

export type MenuLocation = 'header' | 'footer'
/** One row of a menu as the form posts it: level '1' (top) or '2' (under the row above), its link, its two labels. */
export interface MenuDraftItem {
  level: string
  link: string
  en: string
  de: string
}

export const MENU_TITLES: Record<MenuLocation, string> = { header: 'Header menu', footer: 'Footer menu' }
const HINTS: Record<MenuLocation, string> = {
  header: 'The store header shows the top-level items, each with the items under it as its drop-down. Every item needs a link.',
  footer: 'The footer shows each top-level item as a heading (a link is optional) with the items under it as links.',
}

function MenuRow({ index, count, item, errors }: { index: number; count: number; item: MenuDraftItem; errors?: FieldErrors }) {
  const at = `items.${index}`
  const e = (key: string) => errors?.[`${at}.${key}`]
  const title = `Item ${index + 1}${item.en ? `: ${item.en}` : ''}`
  return (
    <li className={cx('rounded-md border border-neutral-200 bg-white p-3', item.level === '2' && 'lg:ml-10')}>
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-bold">{title}</legend>
        <div className="grid gap-3 lg:grid-cols-5">
          <Input id={`items-${index}-en`} name={`${at}.en`} label="English label" required defaultValue={item.en} error={e('en')} />
          <Input id={`items-${index}-de`} name={`${at}.de`} label="German label" required defaultValue={item.de} error={e('de')} />
          <Input id={`items-${index}-link`} name={`${at}.link`} label="Link" defaultValue={item.link} error={e('link')} />
          <Select id={`items-${index}-level`} name={`${at}.level`} label="Place" defaultValue={item.level} error={e('level')}>
            <option value="1">Top level</option>
            <option value="2">Under the item above</option>
          </Select>
          <Select id={`items-${index}-position`} name={`${at}.position`} label="Position" defaultValue={String(index + 1)} hint="Pick a number and save: the item moves there.">
            {Array.from({ length: count }, (_, i) => (
              <option key={i} value={String(i + 1)}>
                {`${i + 1}${i === index ? ' (here)' : ''}`}
              </option>
            ))}
          </Select>
        </div>
        <RowButtons index={index} count={count} title={title} className="mt-3" />
      </fieldset>
    </li>
  )
}

/** A menu's rows in English and German with their links and order; Save writes both languages and refreshes the store. */
export function MenusPage({ location, items, unsaved, notice, error, errors }: { location: MenuLocation; items: MenuDraftItem[]; unsaved?: boolean; notice?: string; error?: string; errors?: FieldErrors }) {
  return (
    <>
      <PageHeader title="Menus" />
      <nav aria-label="Menus" className="mb-4 flex gap-2">
        {(['header', 'footer'] as const).map((l) => (
          <a key={l} href={`/admin/menus/${l}`} aria-current={l === location ? 'page' : undefined} className={cx('rounded px-3 py-2 text-sm font-semibold', l === location ? 'bg-neutral-900 text-white' : 'bg-white text-neutral-900 underline', focusRing)}>
            {MENU_TITLES[l]}
          </a>
        ))}
      </nav>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <p className="mb-4 text-sm">
        {HINTS[location]}
        {unsaved ? <strong> Not saved yet: save the menu to keep these changes.</strong> : null}
      </p>
      <form method="post" action={`/admin/menus/${location}`} aria-label={MENU_TITLES[location]} noValidate>
        <div className="mb-4">
          <Button type="submit" name="intent" value="save">
            Save the menu
          </Button>
        </div>
        <Panel title={MENU_TITLES[location]}>
          {items.length === 0 ? <p className="text-sm">This menu has no items yet: the store shows its categories instead.</p> : null}
          <ol className="space-y-3">
            {items.map((item, index) => (
              <MenuRow key={`${index}-${item.en}`} index={index} count={items.length} item={item} errors={errors} />
            ))}
          </ol>
          <div className="mt-4">
            <Button type="submit" name="intent" value="add" variant="secondary">
              Add an item
            </Button>
          </div>
        </Panel>
        <Button type="submit" name="intent" value="save">
          Save the menu
        </Button>
      </form>
    </>
  )
}
