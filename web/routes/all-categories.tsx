import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { SEARCH_ITEMS_PER_PAGE, SEARCH_SORT, SORT_OPTIONS } from '#kernel/config.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { listedCard, ProductGrid } from '../components/product-card.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { cx, focusRing } from '../components/ui/cx.ts'
import { FilterPanel, FiltersButton } from '../features/catalogue/filter-panel.tsx'
import { AppliedFilterChips } from '../features/catalogue/listing-toolbar.tsx'
import { appliedFilters, filterEntries } from '../features/catalogue/listing-links.ts'
import { listedFacets } from '../features/catalogue/listed-facets.ts'
import { InferredFilterChips } from '../features/catalogue/inferred-filters.tsx'
import { pageQuery, usePageQuery } from '../lib/page-query.ts'
import { parseListingQuery } from './category-query.ts'
import { closestCategories } from '../lib/closest-categories.ts'
import { countResultClicks } from '../lib/search-clicks.ts'

/** /Category: every top category, or with ?term= the search results (the search form's no-JavaScript target). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  const search = new URL(request.url).searchParams
  const term = search.get('term')?.trim().slice(0, 100) ?? ''
  if (term) {
    // relevance unless the address chose one of the listing's sorts (page-query.ts keeps only those)
    const sort = (SORT_OPTIONS as readonly string[]).includes(search.get('sort') ?? '') ? search.get('sort')! : SEARCH_SORT
    // the facet panel's filters (spec §2's o., p. and price; a malformed one is left out, the search still answers)
    const filters = parseListingQuery(new URLSearchParams([...search].filter(([key]) => key !== 'page')))
    const { optionTypeFilters, productPropertyFilters, priceFilter } = filters ?? {}
    const results = await api.getProducts({ term, sort, itemsPerPage: SEARCH_ITEMS_PER_PAGE, page: 1, optionTypeFilters, productPropertyFilters, priceFilter })
    const inferred = results.meta.inferredFilters ?? []
    // only what the cards and the filter panel read goes into the page's hydration data
    const listed = listedFacets(results.meta.facets)
    // the colour, size, brand … the term's words set ('red jacket') ticked in the panel, which unticks them
    const panel = inferred.length > 0 ? (await import('../features/catalogue/inferred-panel.ts')).inferredPanel(listed, inferred, results.meta.termWithoutFilters, pageQuery(new URL(request.url).pathname, search), { termRequired: true }) : null
    const facets = { facets: listed, total: results.meta.totalCount, panel }
    if (results.data.length > 0) return { term, results: { data: results.data.map(listedCard) }, categories: [], inferred, facets, noHits: null }
    // no hits: never a dead end (docs/routes.md): the corrected term, the closest categories (else the top ones) and
    // popular products, labelled as not matching
    const didYouMean = results.meta.didYouMean ?? null
    const [tree, popular] = await Promise.all([
      api.getCategoryTree().catch(() => []),
      api.getProducts({ itemsPerPage: POPULAR_COUNT, page: 1, facets: false }).catch(() => null),
    ])
    const closest = closestCategories(tree, didYouMean ?? term)
    return { term, results: { data: [] }, categories: closest.categories, inferred, facets, noHits: { didYouMean, close: closest.close, popular: (popular?.data ?? []).map(listedCard) } }
  }
  return { term, results: null, categories: await api.getCategoryTree(), inferred: [], facets: null, noHits: null }
}

/** How many popular products a search without results offers. */
const POPULAR_COUNT = 8

export function Component() {
  const data = useLoaderData<typeof loader>()
  const { t } = useT()
  if (data.results) return <SearchResults />
  return (
    <section>
      <PageTitle title={t('pages.static.Category')} />
      <h1 className="mb-6 text-3xl font-bold">{t('pages.static.Category')}</h1>
      {data.categories.length === 0 ? (
        <p className="text-neutral-600" data-testid="empty-state">{t('pages.categoryEmpty')}</p>
      ) : (
        <CategoryLinks categories={data.categories} className="grid grid-cols-2 gap-4 lg:grid-cols-4" linkClassName="block rounded border border-neutral-200 p-4 font-semibold hover:border-primary-500" />
      )}
    </section>
  )
}

/** The search results: the facet panel beside the cards, or, with none, what the page offers instead. */
function SearchResults() {
  const { term, results, categories, inferred, facets, noHits } = useLoaderData<typeof loader>()
  const { t } = useT()
  const search = usePageQuery()
  const panel = facets ? (facets.panel ? { facets: facets.panel.facets, search: new URLSearchParams(facets.panel.search) } : { facets: facets.facets, search }) : null
  if (!results) return null
  // the panel shows with results, or when the shopper's own filters left none (to untick them)
  const showPanel = panel !== null && panel.facets.length > 0 && (results.data.length > 0 || filterEntries(search).length > 0)
  return (
    // break-words: a long term without spaces wraps rather than widening a phone's page
    <section className="break-words">
      <PageTitle title={term} noindex />
      <h1 className="text-2xl font-bold">{t('search.results', { term })}</h1>
      {panel && showPanel ? (
        <div className="mt-4 lg:hidden">
          <FiltersButton active={appliedFilters(panel.facets, panel.search).length} />
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <InferredFilterChips filters={inferred} path="/Category" />
        {facets ? <AppliedFilterChips facets={facets.facets} /> : null}
      </div>
      <div className={cx(showPanel && 'mt-6 grid gap-8 lg:grid-cols-[240px_minmax(0,1fr)]')}>
        {panel && showPanel ? <FilterPanel facets={panel.facets} search={panel.search} total={facets!.total} /> : null}
        {results.data.length === 0 ? (
          <div className="space-y-4 py-8 lg:col-start-2">
            <p className="text-lg" data-testid="search-no-results">
              {t('search.noResults')} {t('search.quoted', { term })}
            </p>
            {noHits?.didYouMean ? (
              <p className="text-lg" data-testid="search-did-you-mean">
                {t('search.didYouMean')}{' '}
                <LocalLink to={`/Category?term=${encodeURIComponent(noHits.didYouMean)}`} className={cx('font-bold text-primary-700 underline', focusRing)}>
                  {noHits.didYouMean}
                </LocalLink>
                ?
              </p>
            ) : null}
            <p className="text-neutral-700">{t('search.noResultsHint')}</p>
            {noHits?.close ? <h2 className="text-lg font-bold">{t('search.closestCategories')}</h2> : null}
            <CategoryLinks categories={categories} className="flex flex-wrap gap-2" linkClassName="chip-link" data-testid="search-no-results-categories" />
            {noHits && noHits.popular.length > 0 ? (
              <section aria-labelledby="search-popular-heading" className="pt-6" data-testid="search-popular">
                <h2 id="search-popular-heading" className="text-lg font-bold">{t('search.popular')}</h2>
                <p className="mb-4 text-neutral-700">{t('search.popularNote', { term })}</p>
                <ProductGrid products={noHits.popular} />
              </section>
            ) : null}
          </div>
        ) : (
          <div className={cx('lg:col-start-2', !showPanel && 'mt-6')} ref={countResultClicks}>
            <ProductGrid products={results.data} />
          </div>
        )}
      </div>
    </section>
  )
}

type Category = Awaited<ReturnType<typeof loader>>['categories'][number]

/** The categories shown in the navigation, each a link to its page: the no-hit search's chips and /Category's tiles. */
function CategoryLinks({ categories, className, linkClassName, 'data-testid': testId }: { categories: Category[]; className: string; linkClassName: string; 'data-testid'?: string }) {
  return (
    <ul className={className} data-testid={testId}>
      {categories
        .filter((c) => !c.hide_from_nav)
        .map((category) => (
          <li key={category.id}>
            <LocalLink to={`/t/${category.permalink}`} className={linkClassName}>
              {category.name}
            </LocalLink>
          </li>
        ))}
    </ul>
  )
}
