import { useEnhanced } from '../../components/ui/use-enhanced.ts'
import { Form, Link, useLocation, useSubmit } from 'react-router'
import { ITEMS_PER_PAGE_OPTIONS, SORT_OPTIONS } from '#kernel/config.ts'
import { useT, type MessageKey } from '../../i18n/index.tsx'
import { Icon } from '../../components/icons.tsx'
import { Button } from '../../components/ui/button.tsx'
import { controlBase, controlEdge, cx, focusRing } from '../../components/ui/cx.ts'
import { itemsPerPageOf, sortOf } from '../../routes/category-query.ts'
import { appliedFilters, viewHref } from './listing-links.ts'
import type { ListedFacet } from './listed-facets.ts'
import { usePageQuery } from '../../lib/page-query.ts'

const SORT_LABELS: Record<(typeof SORT_OPTIONS)[number], MessageKey> = {
  '': 'listing.sortNone',
  member_price: 'listing.sortPriceAsc',
  '-member_price': 'listing.sortPriceDesc',
  name: 'listing.sortNameAsc',
  '-name': 'listing.sortNameDesc',
}

/** Sort and items per page (a GET form: Apply without JavaScript, at once with it) and the grid/list view links. */
export function ListingToolbar() {
  const { t } = useT()
  // only what the listing reads (web/lib/page-query.ts): no heart's notice, tracking or unknown parameter is repeated
  const search = usePageQuery()
  // the form's action is the path only: its fields are the query (React Router's default repeats the whole address)
  const { pathname } = useLocation()
  const submit = useSubmit()
  const enhanced = useEnhanced()
  const view = search.get('view') === 'list' ? 'list' : 'grid'
  const select = cx(controlBase.replace('w-full', 'w-auto'), controlEdge(false), 'min-h-11 py-2 text-sm lg:min-h-0')
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Form method="get" action={pathname} preventScrollReset className="flex flex-wrap items-center gap-2" onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })} data-testid="listing-options">
        {[...search].filter(([k]) => k !== 'sort' && k !== 'itemsPerPage' && k !== 'page').map(([k, v]) => (
          <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
        ))}
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only lg:not-sr-only">{t('listing.sort')}</span>
          <select name="sort" key={`sort-${sortOf(search)}`} defaultValue={sortOf(search)} className={select} aria-label={t('listing.sort')}>
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(SORT_LABELS[option])}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only lg:not-sr-only">{t('listing.itemsPerPage')}</span>
          <select name="itemsPerPage" key={`ipp-${itemsPerPageOf(search)}`} defaultValue={itemsPerPageOf(search)} className={select} aria-label={t('listing.itemsPerPage')}>
            {ITEMS_PER_PAGE_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {enhanced ? null : (
          <Button type="submit" variant="secondary" size="sm">
            {t('listing.apply')}
          </Button>
        )}
      </Form>
      <div className="flex items-center rounded border border-neutral-400" role="group" aria-label={t('listing.view')}>
        {(['grid', 'list'] as const).map((option) => (
          <Link
            key={option}
            to={viewHref(search, option)}
            preventScrollReset
            aria-current={view === option ? 'true' : undefined}
            className={cx('inline-flex min-h-11 items-center px-3 py-2 text-sm font-semibold first:rounded-l lg:min-h-0 last:rounded-r', view === option ? 'bg-neutral-900 text-white' : 'text-neutral-800 hover:bg-neutral-100', focusRing)}
            data-testid={`view-${option}`}
          >
            {t(option === 'grid' ? 'listing.grid' : 'listing.list')}
          </Link>
        ))}
      </div>
    </div>
  )
}

/** The applied filters as removable chips, and 'Clear all'. */
export function AppliedFilterChips({ facets }: { facets: ListedFacet[] }) {
  const { t } = useT()
  // only what the listing reads (web/lib/page-query.ts): no heart's notice, tracking or unknown parameter is repeated
  const search = usePageQuery()
  const chips = appliedFilters(facets, search)
  if (chips.length === 0) return null
  const clearAll = new URLSearchParams([...search].filter(([k]) => !k.startsWith('o.') && !k.startsWith('p.') && k !== 'price' && k !== 'page'))
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="applied-filters">
      <h2 className="sr-only">{t('listing.appliedFilters')}</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={`${chip.key}=${chip.value}`}>
            <Link to={chip.removeHref} preventScrollReset className={cx('inline-flex min-h-9 items-center gap-1 rounded-full border border-neutral-400 bg-neutral-100 py-1 pl-3 pr-2 text-sm text-neutral-900 hover:border-neutral-900', focusRing)} aria-label={t('listing.removeFilter', { label: chip.label })} data-testid="filter-chip">
              {chip.label}
              <Icon name="close" className="h-4 w-4" />
            </Link>
          </li>
        ))}
      </ul>
      <Link to={`?${clearAll.toString()}`} preventScrollReset className={cx('rounded-sm text-sm font-semibold text-primary-700 underline underline-offset-2 hover:text-primary-800', focusRing)} data-testid="clear-filters">
        {t('listing.clearAll')}
      </Link>
    </div>
  )
}
