import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { AppEnv } from '#worker/app-env.ts'
import type { ApiErrorBody, ProductQuery } from '#kernel/models.ts'
import { serverApi } from '#worker/commerce/for-request.ts'
import { valid } from './validation.ts'
import { SEARCH_HEADER, searchHeaderValue } from '#worker/search-stats/record.ts'

/**
 * Catalogue reads for the hydrated client: each route is one StorefrontApi call, so the browser gets exactly what
 * SSR loaders get. A missing thing answers 200 with `null`, as the server implementation returns null.
 */
export const catalogueBff = new Hono<AppEnv>()

const MenuQuerySchema = z.object({ type: z.enum(['header', 'footer'], { message: 'type must be header or footer' }) })
const SlugSchema = z.string().check(z.trim(), z.minLength(1, 'A slug is required.'), z.maxLength(200, 'That slug is too long.'))
const PageSchema = z.coerce.number({ message: 'page must be a whole number' }).check(z.int('page must be a whole number'), z.gte(1, 'page must be 1 or more'), z.lte(10_000, 'page is too large'))
const PerPageSchema = z.coerce.number({ message: 'itemsPerPage must be a whole number' }).check(z.int('itemsPerPage must be a whole number'), z.gte(1, 'itemsPerPage must be 1 or more'), z.lte(100, 'itemsPerPage must be at most 100'))

const CategoryQuerySchema = z.object({ slug: SlugSchema, disableFilterNav: z.optional(z.enum(['true', 'false'])) })
const ProductsQuerySchema = z.object({
  categoryId: z.optional(z.string().check(z.regex(/^\d{1,12}$/, 'categoryId must be a category id'))),
  term: z.optional(z.string().check(z.maxLength(200, 'The search is too long.'))),
  price: z.optional(z.string().check(z.regex(/^\d+(\.\d+)?,\d+(\.\d+)?$/, "price must be a range 'min,max'"))),
  page: z.optional(PageSchema),
  itemsPerPage: z.optional(PerPageSchema),
  sort: z.optional(z.string().check(z.maxLength(40))),
  facets: z.optional(z.enum(['true', 'false'], { message: 'facets must be true or false' })),
})
const ProductQuerySchema = z.object({ categoryId: z.optional(z.string().check(z.regex(/^\d{1,12}$/, 'categoryId must be a category id'))) })
const SearchQuerySchema = z.object({ term: z.string().check(z.maxLength(200, 'The search is too long.')), page: z.optional(PageSchema), itemsPerPage: z.optional(PerPageSchema) })

catalogueBff.get('/menus', valid('query', MenuQuerySchema), async (c) => {
  return c.json(await serverApi(c).getMenus(c.req.valid('query').type))
})

catalogueBff.get('/categories/tree', async (c) => c.json(await serverApi(c).getCategoryTree()))

catalogueBff.get('/categories', valid('query', CategoryQuerySchema), async (c) => {
  const { slug, disableFilterNav } = c.req.valid('query')
  return c.json(await serverApi(c).getCategory(slug, { disableFilterNav: disableFilterNav === 'true' }))
})

/** Repeated `o.{optionType}=id` and `p.{property}=value`, as in the category URL of spec §2. */
catalogueBff.get('/products', valid('query', ProductsQuerySchema), async (c) => {
  const q = c.req.valid('query')
  const optionTypeFilters: NonNullable<ProductQuery['optionTypeFilters']> = []
  const productPropertyFilters: NonNullable<ProductQuery['productPropertyFilters']> = []
  const errors: Record<string, string[]> = {}
  for (const [key, values] of Object.entries(c.req.queries())) {
    const name = key.slice(2)
    if (key.startsWith('o.')) {
      if (!/^[\w-]{1,60}$/.test(name) || values.some((v) => !/^\d{1,12}$/.test(v))) errors[key] = ['Option filters take option value ids.']
      else values.forEach((v) => optionTypeFilters.push({ optionTypeName: name, optionValueId: v }))
    } else if (key.startsWith('p.')) {
      if (!/^[\w-]{1,60}$/.test(name) || values.some((v) => v.length === 0 || v.length > 120)) errors[key] = ['Property filters take a value.']
      else values.forEach((v) => productPropertyFilters.push({ productPropertyName: name, productPropertyValue: v }))
    }
  }
  if (Object.keys(errors).length > 0) return c.json({ error: 'Some of the details are not valid.', errors } satisfies ApiErrorBody, 400)
  const query: ProductQuery = {
    categoryId: q.categoryId,
    term: q.term,
    optionTypeFilters,
    productPropertyFilters,
    priceFilter: q.price,
    page: q.page,
    itemsPerPage: q.itemsPerPage,
    sort: q.sort,
    facets: q.facets === 'false' ? false : undefined,
  }
  const list = await serverApi(c).getProducts(query)
  // the search page's listing, as the app loads it: counted by the search analytics (worker/search-stats)
  if (q.term?.trim() && !q.categoryId && (q.page ?? 1) === 1) c.header(SEARCH_HEADER, searchHeaderValue(q.term.trim(), list.meta.totalCount))
  return c.json(list)
})

catalogueBff.get('/products/by-id/:id{[0-9]{1,12}}', async (c) => c.json(await serverApi(c).getProductById(c.req.param('id'))))

catalogueBff.get('/products/:slug', valid('query', ProductQuerySchema), async (c) => {
  const slug = SlugSchema.safeParse(c.req.param('slug'))
  if (!slug.success) return c.json(null)
  return c.json(await serverApi(c).getProduct(slug.data, { categoryId: c.req.valid('query').categoryId }))
})

catalogueBff.get('/cms-pages/:slug', async (c) => c.json(await serverApi(c).getCMSPage(c.req.param('slug'))))

// the guide a product uses (`?product=<slug or id>`); null when there is none
catalogueBff.get('/size-guides', valid('query', z.object({ product: SlugSchema })), async (c) => c.json(await serverApi(c).getSizeGuide(c.req.valid('query').product)))

catalogueBff.get('/banners', async (c) => c.json(await serverApi(c).getBanners()))

catalogueBff.get('/banners/category', valid('query', z.object({ slug: SlugSchema })), async (c) => {
  return c.json(await serverApi(c).getCategoryBanners(c.req.valid('query').slug))
})

catalogueBff.get('/search', valid('query', SearchQuerySchema), async (c) => {
  const { term, page, itemsPerPage } = c.req.valid('query')
  return c.json(await serverApi(c).search(term, { page, itemsPerPage }))
})

catalogueBff.get('/countries', async (c) => c.json(await serverApi(c).getAvailableCountries()))

catalogueBff.get('/countries/:iso', async (c) => c.json(await serverApi(c).getCountryDetails(c.req.param('iso'))))
