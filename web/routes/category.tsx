import { Form, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router'
import { useAtom } from 'jotai'
import type { Facet } from '../api/models.ts'
import { loaderApi } from '../api/loader-api.ts'
import type { StorefrontApi } from '../api/storefront-api.ts'
import { ITEMS_PER_PAGE_OPTIONS, SORT_OPTIONS } from '../config.ts'
import { useT, type MessageKey } from '../i18n/index.tsx'
import { CategorySeo } from '../features/seo/page-seo.tsx'
import { useViewItemList } from '../features/analytics/use-track.ts'
import { ProductGrid } from '../components/product-card.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { gridViewAtom } from '../features/ui/atoms.ts'
import { notFound } from './route-helpers.ts'
import { parseListingQuery, withFilters } from './category-query.ts'

const SORT_LABELS: Record<(typeof SORT_OPTIONS)[number], MessageKey> = {
  '': 'listing.sortNone',
  member_price: 'listing.sortPriceAsc',
  '-member_price': 'listing.sortPriceDesc',
  name: 'listing.sortNameAsc',
  '-name': 'listing.sortNameDesc',
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
  const query = parseListingQuery(new URL(request.url).searchParams)
  if (!query) notFound('router')
  const category = await findCategory(api, [params.l1, params.l2, params.l3, params.l4, params.parentSlug, params.slug])
  if (!category) notFound('page')
  const products = await api.getProducts({ ...query, categoryId: category.id })
  return { category, products, page: query.page ?? 1 }
}

function Filters({ facets }: { facets: Facet[] }) {
  const { t } = useT()
  const [search] = useSearchParams()
  if (facets.length === 0) return null
  return (
    <Form method="get" className="space-y-6" data-testid="filters">
      {[...search].filter(([key]) => !key.startsWith('o.') && !key.startsWith('p.') && key !== 'price' && key !== 'page').map(([key, value]) => (
        <input key={`${key}=${value}`} type="hidden" name={key} value={value} />
      ))}
      {facets.map((facet) => (
        <fieldset key={facet.name}>
          <legend className="mb-2 font-semibold">{facet.label}</legend>
          {facet.options.map((option) => {
            const name = facet.kind === 'price' ? 'price' : option.type === 'option' ? `o.${facet.name}` : `p.${facet.name}`
            return (
              <label key={option.id} className="flex items-center gap-2 py-0.5 text-sm">
                <input type={facet.kind === 'price' ? 'radio' : 'checkbox'} name={name} value={option.value} defaultChecked={option.selected} />
                {facet.kind === 'color' ? <span className="h-4 w-4 rounded-full border border-gray-300" style={{ background: option.swatch ?? undefined }} aria-hidden="true" /> : null}
                {option.label} <span className="text-gray-500">({option.count})</span>
              </label>
            )
          })}
        </fieldset>
      ))}
      <button type="submit" className="w-full rounded bg-primary-600 py-2 font-semibold text-white">
        {t('listing.apply')}
      </button>
    </Form>
  )
}

export function Component() {
  const { category, products, page } = useLoaderData<typeof loader>()
  const [listSearch] = useSearchParams()
  useViewItemList(`category:${category.permalink}`, category.name, products.data, listSearch.toString())
  const { t } = useT()
  const [search] = useSearchParams()
  const [grid, setGrid] = useAtom(gridViewAtom)
  const pageLink = (n: number) => `?${withFilters(search, [...search].filter(([k]) => k.startsWith('o.') || k.startsWith('p.') || k === 'price') as Array<[string, string]>).toString()}&page=${n}`
  return (
    <div>
      <CategorySeo category={category} page={page} />
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-gray-600">
        <LocalLink to="/">{t('pages.home')}</LocalLink> / <span>{category.name}</span>
      </nav>
      <h1 className="text-3xl font-bold">{category.name}</h1>
      <p className="mt-1 text-sm text-gray-600" data-testid="product-count">
        {t('pages.products', { count: products.meta.totalCount })}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
        <Form method="get" className="flex items-center gap-2">
          {[...search].filter(([k]) => k !== 'sort' && k !== 'itemsPerPage' && k !== 'page').map(([k, v]) => (
            <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
          ))}
          <select name="sort" defaultValue={search.get('sort') ?? ''} aria-label={t('listing.sort')} className="rounded border border-gray-300 px-2 py-1">
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(SORT_LABELS[option])}
              </option>
            ))}
          </select>
          <select name="itemsPerPage" defaultValue={search.get('itemsPerPage') ?? '48'} aria-label={t('listing.itemsPerPage')} className="rounded border border-gray-300 px-2 py-1">
            {ITEMS_PER_PAGE_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <button type="submit" className="rounded border border-gray-300 px-2 py-1">
            {t('listing.apply')}
          </button>
        </Form>
        <button type="button" onClick={() => setGrid(!grid)} className="rounded border border-gray-300 px-2 py-1" aria-pressed={!grid}>
          {grid ? t('listing.list') : t('listing.grid')}
        </button>
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[240px_1fr]">
        <aside>
          <Filters facets={products.meta.facets} />
        </aside>
        <div>
          {products.data.length === 0 ? <p className="py-10 text-gray-600" data-testid="empty-state">{t('pages.categoryEmpty')}</p> : <ProductGrid products={products.data} view={grid ? 'grid' : 'list'} />}
          {products.meta.totalPages > 1 ? (
            <nav aria-label="Pagination" className="mt-8 flex justify-center gap-2">
              {page > 1 ? <LocalLink to={pageLink(page - 1)} className="rounded border px-3 py-1">‹</LocalLink> : null}
              <span className="px-3 py-1">
                {page} / {products.meta.totalPages}
              </span>
              {page < products.meta.totalPages ? <LocalLink to={pageLink(page + 1)} className="rounded border px-3 py-1">›</LocalLink> : null}
            </nav>
          ) : null}
        </div>
      </div>
    </div>
  )
}
