import type { Category, CmsPage, ProductList, ProductQuery, SearchResult } from '#kernel/models.ts'
import type { CatalogueOperations } from '#web/api/storefront-api.ts'
import { ITEMS_PER_PAGE_DEFAULT, SEARCH_ITEMS_PER_PAGE, SEARCH_SORT } from '#kernel/config.ts'
import { cacheKeys, cached } from './cache.ts'
import { didYouMean, inferredFilters, mapFacets, priceFilterParam, termWithoutFilters } from './catalogue-facets.ts'
import { mapBanner, mapCard, mapCategoryTree, mapCountry, mapProduct } from './catalogue-mappers.ts'
import { mapCmsPage, mapMenu } from './content-mappers.ts'
import { searchExtras } from './search-extras.ts'
import type { CommerceContext } from './context.ts'
import { Deserialized, getDocument, storefrontPath, type JsonApiResource } from './jsonapi.ts'
import { createTransport } from './transport.ts'

/** What a product page needs in one request. */
const PRODUCT_INCLUDE = 'images,variants.option_values,option_types,product_properties,taxons,default_variant'
const CAROUSEL_SIZE = 12
const MAX_TAXON_PAGES = 20

/** The catalogue reads of spec §7 through the Storefront API: prices in ctx.currency, texts in ctx.locale. */
export function catalogueOperations(ctx: CommerceContext): CatalogueOperations {
  const transport = createTransport(ctx.env, ctx.waitUntil, ctx.requestId)
  const common = { locale: ctx.locale, currency: ctx.currency }
  const get = <D = JsonApiResource[]>(path: string, params: Record<string, string | number | undefined> = {}) =>
    getDocument<D>(transport, storefrontPath(path, { ...common, ...params }))

  async function listProducts(params: Record<string, string | number | undefined>, query: ProductQuery = {}): Promise<ProductList> {
    const doc = await get('/products', { include: 'images', ...params })
    const data = (doc?.data ?? []).map((p) => mapCard(p, doc!))
    const meta = doc?.meta ?? {}
    return {
      data,
      meta: {
        facets: params.facets === 'false' ? [] : mapFacets(meta.filters, query, ctx.locale),
        totalPages: Number(meta.total_pages ?? 0),
        totalCount: Number(meta.total_count ?? 0),
        count: Number(meta.count ?? data.length),
        inferredFilters: inferredFilters(meta.search),
        ...(termWithoutFilters(meta.search) !== undefined ? { termWithoutFilters: termWithoutFilters(meta.search) } : {}),
        ...(didYouMean(meta.search) ? { didYouMean: didYouMean(meta.search) } : {}),
      },
    }
  }

  const categoryTree = () =>
    cached<Category[]>(ctx, 'taxons', cacheKeys.taxons(ctx.locale), async () => {
      const data: JsonApiResource[] = []
      const included: JsonApiResource[] = []
      for (let page = 1; page <= MAX_TAXON_PAGES; page++) {
        const doc = await get('/taxons', { include: 'taxonomy', per_page: 100, page })
        if (!doc) break
        data.push(...doc.data)
        included.push(...doc.all('taxonomy'))
        if (page >= Number(doc.meta.total_pages ?? 1)) break
      }
      return mapCategoryTree(data, new Deserialized({ data, included }))
    })

  const findCategory = (list: Category[], permalink: string): Category | null => {
    for (const category of list) {
      if (category.permalink === permalink) return category
      const found = findCategory(category.items, permalink)
      if (found) return found
    }
    return null
  }

  async function productBy(slugOrId: string, categoryId?: string) {
    if (!slugOrId || slugOrId.length > 200) return null
    const doc = await get<JsonApiResource>(`/products/${encodeURIComponent(slugOrId)}`, { include: PRODUCT_INCLUDE })
    return doc ? mapProduct(doc.data, doc, ctx.currency, ctx.locale, categoryId) : null
  }

  return {
    async getCategory(categorySlug) {
      const permalink = categorySlug.replace(/^\/+|\/+$/g, '')
      if (!permalink) return null
      const found = findCategory(await categoryTree(), permalink)
      if (found) return found
      // Not in the cached tree (unknown, or added since it was cached): ask the backend directly.
      const doc = await get<JsonApiResource>(`/taxons/${permalink.split('/').map(encodeURIComponent).join('/')}`, { include: 'children,taxonomy' })
      if (!doc) return null
      const [category] = mapCategoryTree([doc.data], doc)
      if (category) category.items = mapCategoryTree(doc.all('taxon').filter((t) => t.id !== doc.data.id), doc)
      return category ?? null
    },

    getCategoryTree: categoryTree,

    async getProducts(query) {
      const properties = new Map<string, string[]>()
      for (const f of query.productPropertyFilters ?? []) properties.set(f.productPropertyName, [...(properties.get(f.productPropertyName) ?? []), f.productPropertyValue])
      const params: Record<string, string | number | undefined> = {
        'filter[taxons]': query.categoryId,
        'filter[name]': query.term?.trim() || undefined,
        'filter[option_value_ids]': (query.optionTypeFilters ?? []).map((f) => f.optionValueId).join(',') || undefined,
        'filter[price]': query.priceFilter ? priceFilterParam(query.priceFilter) : undefined,
        page: query.page ?? 1,
        per_page: Math.min(100, Math.max(1, query.itemsPerPage ?? ITEMS_PER_PAGE_DEFAULT)),
        sort: query.sort || undefined,
        facets: query.facets === false ? 'false' : undefined,
      }
      for (const [name, values] of properties) params[`filter[properties][${name}]`] = values.join(',')
      return listProducts(params, query)
    },

    getProduct: (slug, opts) => productBy(slug, opts?.categoryId),

    getProductById: (id) => (/^\d{1,12}$/.test(id) ? productBy(id) : Promise.resolve(null)),

    async getCMSPage(contentPageSlug) {
      const slug = contentPageSlug.trim().toLowerCase()
      if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)) return null
      const entry = await cached(ctx, 'cms', cacheKeys.cms(ctx.locale, slug), async () => {
        const doc = await get<JsonApiResource>(`/cms_pages/${slug}`, { include: 'cms_sections.linked_resource' })
        return doc ? mapCmsPage(doc) : null
      })
      if (!entry) return null
      // Carousel products follow the shopper's currency, so they are read per request, not cached with the page.
      const page: CmsPage = { ...entry.page, cmsSections: [...entry.page.cmsSections] }
      await Promise.all(
        entry.carouselTaxons.map(async (taxonId, i) => {
          if (taxonId === null) return
          const list = await listProducts({ 'filter[taxons]': taxonId, per_page: CAROUSEL_SIZE, facets: 'false', 'filter[in_stock]': 'true' }).catch(() => null)
          page.cmsSections[i] = { ...page.cmsSections[i]!, products: list?.data ?? [] }
        }),
      )
      return page
    },

    async getSizeGuide(product) {
      // the guide a product's category uses (our extension; a remote Spree answers 404: none)
      const doc = await get('/size_guides', { 'filter[product]': product })
      const resource = doc?.data[0]
      if (!resource) return null
      const a = resource.attributes as { slug: string; name: string; how_to: string[]; columns: string[]; rows: string[][] }
      return { slug: a.slug, name: a.name, howTo: a.how_to, columns: a.columns, rows: a.rows }
    },

    getMenus: (menuType) =>
      cached(ctx, 'menu', cacheKeys.menu(ctx.locale, menuType), async () => {
        const doc = await get('/menus', { 'filter[location]': menuType, include: 'menu_items', currency: undefined })
        return doc ? mapMenu(doc, menuType) : { items: [], isDisabled: true }
      }),

    getBanners: () =>
      cached(ctx, 'banners', cacheKeys.banners(ctx.locale, ''), async () => {
        // Banners are our extension; a real Spree has no /banners and answers 404, which means none.
        const doc = await get('/banners', { 'filter[kind]': 'home', currency: undefined })
        return (doc?.data ?? []).map(mapBanner)
      }),

    async getCategoryBanners(categorySlug) {
      const permalink = categorySlug.replace(/^\/+|\/+$/g, '')
      if (!permalink || permalink.length > 200) return []
      return cached(ctx, 'banners', cacheKeys.banners(ctx.locale, permalink), async () => {
        const doc = await get('/banners', { 'filter[kind]': 'category', 'filter[taxon]': permalink, currency: undefined })
        return (doc?.data ?? []).map(mapBanner)
      })
    },

    async search(term, opts): Promise<SearchResult> {
      // SEARCH_SORT '' sends no sort (storefrontPath leaves empty values out): the API's relevance order
      const text = term.trim()
      if (!text) return { products: [], categories: [], productsMeta: { totalCount: 0, count: 0 }, suggestions: [] }
      const [list, tree, completions] = await Promise.all([
        listProducts({ 'filter[name]': text, sort: SEARCH_SORT, per_page: opts?.itemsPerPage ?? SEARCH_ITEMS_PER_PAGE, page: opts?.page ?? 1, facets: 'false' }),
        categoryTree().catch(() => [] as Category[]),
        // Our backend's completions (search-suggest.ts); a Spree without them answers 404 (null): none, never a failure.
        get('/search_suggestions', { 'filter[name]': text, currency: undefined }).then(
          (doc) => (doc?.data ?? []).map((r) => String(r.attributes.query ?? '')).filter(Boolean),
          () => [] as string[],
        ),
      ])
      return { products: list.data, ...searchExtras(text, tree, list.data, completions, ctx.locale), productsMeta: { totalCount: list.meta.totalCount, count: list.meta.count } }
    },

    async getAvailableCountries() {
      const doc = await get('/countries', { currency: undefined })
      return (doc?.data ?? []).map((c) => mapCountry(c, doc!))
    },

    async getCountryDetails(iso) {
      if (!/^[A-Za-z]{2,3}$/.test(iso)) return null
      const doc = await get<JsonApiResource>(`/countries/${iso.toUpperCase()}`, { include: 'states', currency: undefined })
      return doc ? mapCountry(doc.data, doc) : null
    },
  }
}
