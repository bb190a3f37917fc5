import { Hono } from 'hono'
import type { Env } from '#worker/env.ts'
import { notFound } from '../shared/errors.ts'
import { Included, jsonApi, pagination } from './jsonapi.ts'
import { badParam, readListParams } from './params.ts'
import { loadProducts } from './product-data.ts'
import { productFacets } from './product-facets.ts'
import { PRODUCT_FILTERS, PRODUCT_SORTS, productFrom, productOrder, resolveProductFilter } from './product-filter.ts'
import { PRODUCT_INCLUDES, productResource } from './product-serializer.ts'

/** GET /products and GET /products/{slug or id} of the Storefront API. */
export const productRoutes = new Hono<{ Bindings: Env }>()

productRoutes.get('/products', async (c) => {
  const url = new URL(c.req.url)
  const params = readListParams(url, { includes: PRODUCT_INCLUDES, sorts: PRODUCT_SORTS, filters: PRODUCT_FILTERS })
  // Our extension: facets=false skips the facet counts (search suggestions and carousels do not show them).
  const facetsParam = url.searchParams.get('facets')
  if (facetsParam !== null && !['true', 'false'].includes(facetsParam)) throw badParam('facets', 'facets must be true or false')
  const db = c.env.DB
  const filter = await resolveProductFilter(db, params)
  const q = productFrom(filter)
  const order = productOrder(params.sort, filter)
  const offset = (params.page - 1) * params.perPage
  const wantFacets = facetsParam !== 'false'
  // With facets, their pass over the matching products also counts them; without, one count query does.
  const [ids, counted] = await Promise.all([
    db
      .prepare(`SELECT p.id ${q.from}${order.join} ${q.where} ${order.orderBy} LIMIT ${params.perPage} OFFSET ${offset}`)
      .bind(...q.fromBinds, ...order.binds, ...q.whereBinds)
      .all<{ id: number }>()
      .then((r) => r.results.map((row) => row.id)),
    wantFacets
      ? productFacets(db, filter)
      : db.prepare(`SELECT count(*) AS n ${q.from} ${q.where}`).bind(...q.fromBinds, ...q.whereBinds).first<{ n: number }>().then((r) => ({ totalCount: r?.n ?? 0, facets: undefined })),
  ])
  const data = await loadProducts(db, ids, params.locale, params.currency, { taxons: params.include.has('taxons') })
  const { totalCount: total, facets } = counted
  const included = new Included()
  const resources = data.products.map((p) => productResource(p, data, params.include, included, params, filter.now))
  const { meta, links } = pagination(url, params.page, params.perPage, total, resources.length)
  return jsonApi(c, {
    data: resources,
    ...(params.include.size ? { included: included.list() } : {}),
    meta: facets ? { ...meta, filters: facets } : meta,
    links,
  })
})

productRoutes.get('/products/:slug', async (c) => {
  const url = new URL(c.req.url)
  const params = readListParams(url, { includes: PRODUCT_INCLUDES })
  const slug = c.req.param('slug')
  const now = new Date().toISOString()
  // The contract looks a product up by slug first, then by id. A product not yet available, or deleted, is not found.
  const row = await c.env.DB.prepare(
    `SELECT id FROM products WHERE (slug = ?1 OR (id = CAST(?1 AS INTEGER) AND ?1 GLOB '[0-9]*'))
       AND deleted_at IS NULL AND available_on IS NOT NULL AND available_on <= ?2
     ORDER BY slug = ?1 DESC LIMIT 1`,
  )
    .bind(slug, now)
    .first<{ id: number }>()
  if (!row) throw notFound(`There is no product '${slug}'.`)
  const data = await loadProducts(c.env.DB, [row.id], params.locale, params.currency, { taxons: params.include.has('taxons') })
  const product = data.products[0]
  if (!product) throw notFound(`There is no product '${slug}'.`)
  const included = new Included()
  const resource = productResource(product, data, params.include, included, params, now)
  return jsonApi(c, { data: resource, ...(params.include.size ? { included: included.list() } : {}) })
})
