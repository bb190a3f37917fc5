import { lazy, Suspense, useRef } from 'react'
import { useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import type { StorefrontApi } from '../api/storefront-api.ts'
import { useT } from '../i18n/index.tsx'
import { CategorySeo } from '../features/seo/page-seo.tsx'
import { useViewItemList } from '../features/analytics/use-track.ts'
import { listedCard, ProductGrid } from '../components/product-card.tsx'
import { LocalLink } from '../components/local-link.tsx'
// not lazy: lazy, the panel left the server's render of an empty store's search unfinished (tests/worker/empty-store)
import { FilterPanel, FiltersButton } from '../features/catalogue/filter-panel.tsx'
import { AppliedFilterChips, ListingToolbar } from '../features/catalogue/listing-toolbar.tsx'
import { appliedFilters, categoryTrail, pageHref } from '../features/catalogue/listing-links.ts'
import { Breadcrumb } from '../components/ui/breadcrumb.tsx'
import { cx } from '../components/ui/cx.ts'
import { notFound } from './route-helpers.ts'
import { parseListingQuery } from './category-query.ts'
import { listedFacets } from '../features/catalogue/listed-facets.ts'
import { useListTopOnPageChange } from '../features/catalogue/use-list-top.ts'
import type { Category } from '#kernel/models.ts'
import { pageQuery, usePageQuery } from '../lib/page-query.ts'

/** The page links below the cards: links that work without JavaScript, hydrated (and the next page prefetched) when their code arrives. */
const loadPagination = () => import('../components/ui/pagination.tsx')
const Pagination = lazy(() => loadPagination().then((m) => ({ default: m.Pagination })))

// A category with ?term= whose words set filters ('red' in 'red jacket') only: its chips load with such a listing
const InferredFilterChips = lazy(() => import('../features/catalogue/inferred-filters.tsx').then((m) => ({ default: m.InferredFilterChips })))

/**
 * The category cut to what the page reads (its name, address and description, the sub-categories shown as chips):
 * the loader's answer is written into the page for hydration.
 */
function listedCategory({ id, name, permalink, description, items }: Category) {
  return { id, name, permalink, description, items: items.filter((c) => !c.hide_from_nav).map((c) => ({ id: c.id, name: c.name, permalink: c.permalink })) }
}

/**
 * The category of a path's slugs. Deep legacy /c/ paths may carry leading levels the store no longer has, so the
 * longest permalink that exists wins: a/b/c, then b/c, then c.
 */
async function findCategory(api: StorefrontApi, slugs: Array<string | undefined>) {
  const levels = slugs.filter((slug): slug is string => Boolean(slug))
  for (let start = 0; start < levels.length; start++) {
    const category = await api.getCategory(levels.slice(start).join('/'))
    if (category) return category
  }
  return null
}

/** /t/{slug}, /t/{parent}/{slug} and the deep /c/ paths: the category is critical (404 if unknown). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  const url = new URL(request.url)
  const query = parseListingQuery(url.searchParams)
  if (!query) notFound('router')
  void loadPagination()
  const category = await findCategory(api, [params.l1, params.l2, params.l3, params.l4, params.parentSlug, params.slug])
  if (!category) notFound('page')
  const [products, tree] = await Promise.all([api.getProducts({ ...query, categoryId: category.id }), api.getCategoryTree().catch(() => [])])
  // a page past the last one is not there (it used to say '83 products' above 'This category has no products yet');
  // page 1 of an empty listing stays, with its empty state
  if ((query.page ?? 1) > Math.max(1, products.meta.totalPages)) notFound('router')
  const trail = categoryTrail(tree, category.permalink)
  // only what the cards, the filters and the pagination read goes into the page's hydration data
  const { inferredFilters = [], termWithoutFilters } = products.meta
  const facets = listedFacets(products.meta.facets)
  // a term's colour, size, brand … ('red jacket' in a category) shown ticked in the panel, which unticks them: worked
  // out here, so its code loads only with such a listing (inferred-panel.ts)
  const panel = inferredFilters.length > 0 ? (await import('../features/catalogue/inferred-panel.ts')).inferredPanel(facets, inferredFilters, termWithoutFilters, pageQuery(url.pathname, url.searchParams), { termRequired: false }) : null
  const meta = { facets, totalCount: products.meta.totalCount, totalPages: products.meta.totalPages, inferredFilters, panel }
  return { category: listedCategory(category), products: { data: products.data.map(listedCard), meta }, page: query.page ?? 1, trail: trail.length > 0 ? trail : [{ text: category.name, link: `/t/${category.permalink}` }] }
}

export function Component() {
  const { category, products, page, trail } = useLoaderData<typeof loader>()
  const { t } = useT()
  // only what the listing reads (web/lib/page-query.ts): no heart's notice, tracking or unknown parameter is repeated
  const search = usePageQuery()
  const { pathname } = useLocation()
  const navigation = useNavigation()
  // A filter, sort, view or page change of this listing is loading: the cards shown are the old ones until it lands,
  // so they are marked busy (and dimmed) rather than looking like the answer to the new choice.
  const busy = navigation.state === 'loading' && navigation.location.pathname === pathname
  useViewItemList(`category:${category.permalink}`, category.name, products.data, search.toString())
  const view = search.get('view') === 'list' ? 'list' : 'grid'
  const facets = products.meta.facets
  const { inferredFilters } = products.meta
  const panel = products.meta.panel ? { facets: products.meta.panel.facets, search: new URLSearchParams(products.meta.panel.search) } : { facets, search }
  const active = appliedFilters(panel.facets, panel.search).length
  const list = useRef<HTMLElement>(null)
  const listHeading = useRef<HTMLHeadingElement>(null)
  useListTopOnPageChange(page, list, listHeading)
  return (
    <div data-testid="category-page">
      <CategorySeo category={category} page={page} />
      <Breadcrumb className="mb-3" items={[{ label: t('pages.home'), to: '/' }, ...trail.map((crumb) => ({ label: crumb.text, to: crumb.link }))]} />
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold">{category.name}</h1>
        <p className="text-sm text-neutral-700" data-testid="product-count">
          {t('pages.products', { count: products.meta.totalCount })}
        </p>
      </div>
      {category.items.length > 0 ? (
        <ul className="mt-4 flex gap-2 overflow-x-auto pb-1" aria-label={t('nav.label')}>
          {category.items.map((child) => (
            <li key={child.id} className="shrink-0">
              <LocalLink to={`/t/${child.permalink}`} className="chip-link">
                {child.name}
              </LocalLink>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <FiltersButton active={active} />
        <ListingToolbar />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {inferredFilters.length > 0 ? (
          <Suspense fallback={null}>
            <InferredFilterChips filters={inferredFilters} path="" />
          </Suspense>
        ) : null}
        <AppliedFilterChips facets={facets} />
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[240px_minmax(0,1fr)]">
        <FilterPanel facets={panel.facets} search={panel.search} total={products.meta.totalCount} />
        <section
          ref={list}
          aria-labelledby="products-heading"
          aria-busy={busy || undefined}
          className={cx('scroll-mt-4 lg:col-start-2 motion-safe:transition-opacity', busy && 'opacity-60')}
          data-testid="listing-results"
        >
          <h2 id="products-heading" ref={listHeading} tabIndex={-1} className="sr-only">
            {t('listing.productsHeading')}
          </h2>
          {products.data.length === 0 ? (
            <p className="py-10 text-neutral-700" data-testid="empty-state">
              {t('pages.categoryEmpty')}
            </p>
          ) : (
            <ProductGrid products={products.data} view={view} />
          )}
          <Suspense fallback={null}>
            <Pagination className="mt-10" page={page} totalPages={products.meta.totalPages} href={(n) => pageHref(search, n)} />
          </Suspense>
        </section>
      </div>
    </div>
  )
}
