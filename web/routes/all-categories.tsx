import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { SEARCH_ITEMS_PER_PAGE, SEARCH_SORT, SORT_OPTIONS } from '#kernel/config.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { listedCard, ProductGrid } from '../components/product-card.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { Icon } from '../components/icons.tsx'
import { cx, focusRing } from '../components/ui/cx.ts'
import type { InferredFilter } from '#kernel/models.ts'
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
    const results = await api.getProducts({ term, sort, itemsPerPage: SEARCH_ITEMS_PER_PAGE, page: 1 })
    const inferred = results.meta.inferredFilters ?? []
    if (results.data.length > 0) return { term, results: { data: results.data.map(listedCard) }, categories: [], inferred, noHits: null }
    // no hits: never a dead end (docs/routes.md): the corrected term, the closest categories (else the top ones) and
    // popular products, labelled as not matching
    const didYouMean = results.meta.didYouMean ?? null
    const [tree, popular] = await Promise.all([
      api.getCategoryTree().catch(() => []),
      api.getProducts({ itemsPerPage: POPULAR_COUNT, page: 1, facets: false }).catch(() => null),
    ])
    const closest = closestCategories(tree, didYouMean ?? term)
    return { term, results: { data: [] }, categories: closest.categories, inferred, noHits: { didYouMean, close: closest.close, popular: (popular?.data ?? []).map(listedCard) } }
  }
  return { term, results: null, categories: await api.getCategoryTree(), inferred: [], noHits: null }
}

/** How many popular products a search without results offers. */
const POPULAR_COUNT = 8

export function Component() {
  const { term, results, categories, inferred, noHits } = useLoaderData<typeof loader>()
  const { t } = useT()
  if (results) {
    return (
      // break-words: a long term without spaces wraps rather than widening a phone's page
      <section className="break-words">
        <PageTitle title={term} noindex />
        <h1 className="text-2xl font-bold">{t('search.results', { term })}</h1>
        <InferredFilterChips filters={inferred} />
        {results.data.length === 0 ? (
          <div className="space-y-4 py-8">
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
          <div className="mt-6" ref={countResultClicks}>
            <ProductGrid products={results.data} />
          </div>
        )}
      </section>
    )
  }
  return (
    <section>
      <PageTitle title={t('pages.static.Category')} />
      <h1 className="mb-6 text-3xl font-bold">{t('pages.static.Category')}</h1>
      {categories.length === 0 ? (
        <p className="text-neutral-600" data-testid="empty-state">{t('pages.categoryEmpty')}</p>
      ) : (
        <CategoryLinks categories={categories} className="grid grid-cols-2 gap-4 lg:grid-cols-4" linkClassName="block rounded border border-neutral-200 p-4 font-semibold hover:border-primary-500" />
      )}
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

/**
 * The facet filters the search read from the term ('red' in 'red jacket', issue 39), each a chip that removes it: a
 * plain link to the search for the term without those words, so it works without JavaScript.
 */
function InferredFilterChips({ filters }: { filters: InferredFilter[] }) {
  const { t } = useT()
  if (filters.length === 0) return null
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" data-testid="inferred-filters">
      <h2 className="sr-only">{t('search.inferredFilters')}</h2>
      <ul className="flex flex-wrap gap-2">
        {filters.map((filter) => {
          const label = t(`search.inferred.${filter.kind}`, { words: filter.words.join(' ') })
          return (
            <li key={filter.kind}>
              <LocalLink
                to={filter.termWithout ? `/Category?term=${encodeURIComponent(filter.termWithout)}` : '/Category'}
                className={cx('inline-flex min-h-9 items-center gap-1 rounded-full border border-neutral-400 bg-neutral-100 py-1 pl-3 pr-2 text-sm text-neutral-900 hover:border-neutral-900', focusRing)}
                aria-label={t('listing.removeFilter', { label })}
                data-testid="inferred-filter"
                data-kind={filter.kind}
              >
                <span aria-hidden="true" className="font-bold">✓</span>
                {label}
                <Icon name="close" className="h-4 w-4" />
              </LocalLink>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
