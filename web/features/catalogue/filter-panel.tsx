import { useEffect, useRef } from 'react'
import { useEnhanced } from '../../components/ui/use-enhanced.ts'
import { Form, useLocation, useSubmit } from 'react-router'
import { useAtom } from '../../state/use-atom.ts'
import type { ListedFacet } from './listed-facets.ts'
import { useT } from '../../i18n/index.tsx'
import { Icon } from '../../components/icons.tsx'
import { Button, buttonClass } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { filterSidebarOpenAtom } from '../../state/ui.ts'
import { usePageQuery } from '../../lib/page-query.ts'

/** The 'Filters' button of phones, with the number of filters applied. Without JavaScript it jumps to the panel. */
export function FiltersButton({ active }: { active: number }) {
  const { t } = useT()
  const [open, setOpen] = useAtom(filterSidebarOpenAtom)
  return (
    <a
      href="#filters"
      role="button"
      aria-expanded={open}
      aria-controls="filters"
      onClick={(event) => {
        event.preventDefault()
        setOpen(true)
      }}
      className={cx(buttonClass('secondary', 'sm'), 'lg:hidden')}
      data-testid="filters-button"
    >
      <Icon name="filter" className="h-4 w-4" />
      {t('listing.filters')}
      {active > 0 ? (
        <span className="rounded-full bg-neutral-900 px-2 text-xs text-white" aria-label={t('listing.activeFilters', { count: active })} data-testid="filters-count">
          {active}
        </span>
      ) : null}
    </a>
  )
}

/**
 * The filter form (spec §2 facets: colour swatches, price buckets, checkboxes). On desktop it is the sidebar; on
 * phones it is a drawer (the filter-sidebar UI flag of spec §4) so the products start at the top of the page. Without
 * JavaScript the drawer opens as the `#filters` target and the Apply button submits; with it, every change applies at
 * once and the button just shows the results.
 */
export function FilterPanel({ facets, total, search: given }: { facets: ListedFacet[]; total: number; search?: URLSearchParams }) {
  const { t } = useT()
  // only what the listing reads (web/lib/page-query.ts): no heart's notice, tracking or unknown parameter is repeated;
  // or the query `given` (with a search's inferred filters as chosen ones, inferred-filters.tsx)
  const pageSearch = usePageQuery()
  const search = given ?? pageSearch
  const { pathname } = useLocation()
  const submit = useSubmit()
  const [open, setOpen] = useAtom(filterSidebarOpenAtom)
  const enhanced = useEnhanced()
  const panel = useRef<HTMLDivElement>(null)
  const form = useRef<HTMLFormElement>(null)
  // The inputs are uncontrolled (the form must work before hydration); when the listing changes by another way (a
  // chip, 'Clear all', the back button), tick them as the new facets say.
  useEffect(() => {
    const chosen = new Set(facets.flatMap((f) => f.options.filter((o) => o.selected).map((o) => `${f.param}=${o.value}`)))
    for (const input of form.current?.querySelectorAll<HTMLInputElement>('input[type=checkbox], input[type=radio]') ?? []) input.checked = chosen.has(`${input.name}=${input.value}`)
  }, [facets])
  useEffect(() => {
    // opened before the client started (the browser followed 'Filters' to #filters): the flag takes the drawer over
    // (once enhanced, the drawer follows the flag only, not the address's target), and the address drops the target
    if (window.location.hash === '#filters') {
      setOpen(true)
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
    }
    return () => setOpen(false)
  }, [setOpen])
  useEffect(() => {
    if (!open) return
    panel.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, setOpen])
  if (facets.length === 0) return null
  const kept = [...search].filter(([key]) => !key.startsWith('o.') && !key.startsWith('p.') && key !== 'price' && key !== 'page')
  return (
    <aside
      id="filters"
      className={cx(open ? 'fixed inset-0 z-50 block' : 'hidden', !enhanced && 'target:fixed target:inset-0 target:z-50 target:block', 'lg:static lg:z-auto lg:block')}
      aria-label={t('listing.filters')}
      data-testid="filter-panel"
    >
      <a href="#" onClick={(e) => (e.preventDefault(), setOpen(false))} className="absolute inset-0 bg-neutral-900/50 lg:hidden" aria-hidden="true" tabIndex={-1} />
      <div
        ref={panel}
        tabIndex={-1}
        {...(open ? { role: 'dialog', 'aria-modal': true, 'aria-label': t('listing.filters') } : {})}
        className="absolute inset-y-0 left-0 flex w-full max-w-sm flex-col bg-white shadow-xl outline-none lg:static lg:max-w-none lg:shadow-none"
      >
        <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-4 lg:hidden">
          <h2 className="text-lg font-semibold">{t('listing.filters')}</h2>
          <a href="#" onClick={(e) => (e.preventDefault(), setOpen(false))} role="button" className="rounded p-1 hover:bg-neutral-100" aria-label={t('listing.closeFilters')}>
            <Icon name="close" />
          </a>
        </div>
        <Form
          ref={form}
          method="get"
          // the path only: the fields are the query (React Router's default action repeats the whole address)
          action={pathname}
          preventScrollReset
          className="flex flex-1 flex-col overflow-y-auto lg:overflow-visible"
          data-testid="filters"
          onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
        >
          <div className="flex-1 space-y-6 px-5 py-4 lg:p-0">
            {kept.map(([key, value]) => (
              <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
            ))}
            {facets.map((facet) => (
              <fieldset key={facet.name} data-facet={facet.name}>
                <legend className="mb-2 font-semibold">{facet.label}</legend>
                <div className={facet.kind === 'color' ? 'grid grid-cols-2 gap-x-2 lg:grid-cols-1' : ''}>
                  {facet.options.map((option) => (
                    <label key={option.value} className="facet-row">
                      <input type={facet.kind === 'price' ? 'radio' : 'checkbox'} name={facet.param} value={option.value} defaultChecked={option.selected} className="facet-input" />
                      {facet.kind === 'color' ? <span className="facet-swatch" style={{ background: option.swatch }} aria-hidden="true" /> : null}
                      {option.label} <span className="text-neutral-700">({option.count})</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
          <div className={cx('border-t border-neutral-200 px-5 py-4 lg:mt-6 lg:border-0 lg:p-0', enhanced && 'lg:hidden')}>
            {enhanced ? (
              <Button block onClick={() => setOpen(false)} data-testid="show-results">
                {t('listing.showResults')} ({total})
              </Button>
            ) : (
              <Button type="submit" block data-testid="apply-filters">
                {t('listing.apply')}
              </Button>
            )}
          </div>
        </Form>
      </div>
    </aside>
  )
}
