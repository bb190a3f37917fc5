import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { notFound } from '../shared/errors.ts'
import { Included, jsonApi, pagination, sqlLiteral } from './jsonapi.ts'
import { forgetLexicon, lexiconStampRefused, lexiconStampStatement, readLexiconStamp, rememberedLexicon } from './search-lexicon.ts'
import { badParam, readListParams, type ListParams } from './params.ts'
import { pageOfIds, productDataStatement, readProductData, type PageSql } from './product-data.ts'
import { facetLabelStatements, facetStatements, readFacets, type FacetRow, type Facets } from './product-facets.ts'
import { forget, memoKey, ordersRemembered, readStamp, recall, remember, rememberOrder, stampRefused, stampStatements } from './listing-memo.ts'
import { precomputedPriceRangeStatements, precomputedScope, precomputedStatements } from './facet-counts.ts'
import { listingPage, listingStaleStatement } from './listing-page.ts'
import {
  catalogueNameStatements, featuredPage, filterNeedsNames, nameSearchPage, priceRangePage, PRODUCT_FILTERS, PRODUCT_SORTS, productFrom, productOrder, readCatalogueNames, resolveProductFilter,
  type CatalogueNames, type ProductFilter,
} from './product-filter.ts'
import { correctedSearch } from './search-correction.ts'
import { isSearchListing, searchListingStatements } from './search-listing.ts'
import { imageResource, optionValueResource, PRODUCT_INCLUDES, productResource, variantResource } from './product-serializer.ts'

/** GET /products and GET /products/{slug or id} of the Storefront API. */
export const productRoutes = new Hono<{ Bindings: Env }>()

/**
 * The names filters use (option types, properties, option values), as this isolate last read them. A listing that
 * needs them resolves its filter with these and reads them again in its own batch: unchanged (the usual case), the
 * answer stands and the filter cost no round trip; changed, the listing runs again with the new ones.
 */
let namesMemo: CatalogueNames | null = null

productRoutes.get('/products', async (c) => {
  const url = new URL(c.req.url)
  const params = readListParams(url, { includes: PRODUCT_INCLUDES, sorts: PRODUCT_SORTS, filters: PRODUCT_FILTERS })
  // Our extension: facets=false skips the facet counts (search suggestions and carousels do not show them).
  const facetsParam = url.searchParams.get('facets')
  if (facetsParam !== null && !['true', 'false'].includes(facetsParam)) throw badParam('facets', 'facets must be true or false')
  const db = c.env.DB
  const readNames = async () => (namesMemo = readCatalogueNames(await db.batch(catalogueNameStatements(db))))
  // A search plans its words with the isolate's lexicon and checks the lexicon's stamp in the listing's batch.
  const lexicon = params.filters.has('name') ? rememberedLexicon() : null
  let filter: ProductFilter
  let check: CatalogueNames | null = null
  if (!filterNeedsNames(params)) filter = await resolveProductFilter(db, params, null, lexicon?.lexicon)
  else if (!namesMemo) filter = await resolveProductFilter(db, params, await readNames(), lexicon?.lexicon)
  else {
    try {
      filter = await resolveProductFilter(db, params, namesMemo, lexicon?.lexicon)
      check = namesMemo
    } catch {
      // A name this isolate has not seen: read the names afresh before saying that it does not exist.
      filter = await resolveProductFilter(db, params, await readNames(), lexicon?.lexicon)
    }
  }
  const wantFacets = facetsParam !== 'false'
  const background = (work: Promise<unknown>) => c.executionCtx.waitUntil(work.catch((error) => console.warn('remembering a listing failed', error)))
  let answer: Listing | 'names changed'
  const checks = { names: check, lexiconStamp: lexicon?.stamp ?? null }
  try {
    answer = await listProducts(db, params, filter, wantFacets, checks, background)
  } catch (error) {
    // A database that refuses the stamp's read of the search index (listing-memo.ts): stop remembering, answer live.
    if (!stampRefused(error)) throw error
    lexiconStampRefused()
    answer = await listProducts(db, params, filter, wantFacets, { names: check, lexiconStamp: null }, background)
  }
  // The names or the search lexicon moved since this isolate read them: resolve the filter afresh and answer again.
  if (answer === 'names changed') answer = (await listProducts(db, params, (filter = await resolveProductFilter(db, params, namesMemo)), wantFacets, { names: null, lexiconStamp: null }, background)) as Listing
  const { data, total, facets } = answer
  // Nothing found: 'Did you mean …?' (meta.search.did_you_mean) when a corrected text finds something.
  const didYouMean = total === 0 && params.filters.has('name') ? await correctedSearch(db, params, namesMemo) : null
  const search = filter.inferred || didYouMean ? { ...(filter.inferred ?? { filters: [], term_without: {}, term_without_filters: '' }), ...(didYouMean ? { did_you_mean: didYouMean } : {}) } : undefined
  const included = new Included()
  const resources = data.products.map((p) => productResource(p, data, params.include, included, params, filter.now))
  const { meta, links } = pagination(url, params.page, params.perPage, total, resources.length)
  return jsonApi(c, {
    data: resources,
    ...(params.include.size ? { included: included.list() } : {}),
    meta: { ...meta, ...(facets ? { filters: facets } : {}), ...(search ? { search } : {}) },
    links,
  })
})

type Listing = { data: ReturnType<typeof readProductData>; total: number; facets: Facets | undefined }

/**
 * The page of products with its counts, in one round trip (more only while precomputed counts or listing rows are
 * stale, or when a remembered listing's stamp has moved). With `names`, the batch also reads the filter names again,
 * with `lexiconStamp` the search lexicon's stamp: if either changed since, 'names changed'. `background` runs work after the answer (the remembered order's read).
 */
async function listProducts(db: D1Database, params: ListParams, filter: ProductFilter, wantFacets: boolean, checks: { names: CatalogueNames | null; lexiconStamp: string | null }, background: (work: Promise<unknown>) => void): Promise<Listing | 'names changed'> {
  const { names, lexiconStamp } = checks
  const q = productFrom(filter)
  const order = productOrder(params.sort, filter)
  const offset = (params.page - 1) * params.perPage
  // One round trip: the page with everything its products need, and the counts (with facets, their pass over the
  // matching products counts them too; without, one count query does).
  // Every match in the listing's order; its page unless a walk finds the page sooner.
  const ordered = { sql: `SELECT p.id AS id ${q.from}${order.join} ${q.where} ${order.orderBy}`, binds: [...q.fromBinds, ...order.binds, ...q.whereBinds] }
  const page = nameSearchPage(filter, params.sort, params.perPage, offset) ?? priceRangePage(filter, params.sort, params.perPage, offset) ?? featuredPage(filter, params.sort, params.perPage, offset) ?? { sql: `${ordered.sql} LIMIT ${params.perPage} OFFSET ${offset}`, binds: ordered.binds }
  // `expand` turns the statements' results into one per facet group (the merged facet statement's rows split by
  // group), which `read` and the remembered listing take.
  const counts = () => {
    const facetQuery = wantFacets ? facetStatements(db, filter) : null
    return {
      statements: facetQuery ? facetQuery.statements : [db.prepare(`SELECT count(*) AS n ${q.from} ${q.where}`).bind(...q.fromBinds, ...q.whereBinds)],
      expand: (results: D1Result<Record<string, unknown>>[]) => (facetQuery ? facetQuery.expand(results) : results),
      read: (expanded: D1Result<Record<string, unknown>>[]) => (facetQuery ? readFacets(filter, expanded) : { totalCount: Number(expanded[0]!.results[0]?.n ?? 0), facets: undefined }),
    }
  }
  // A whole category as listed by default takes its counts from the precomputed table while it is fresh.
  const scope = precomputedScope(filter)
  const precomputed = scope === null ? precomputedPriceRangeStatements(db, filter, wantFacets) : precomputedStatements(db, scope, filter, wantFacets)
  // Counted live: remembered per isolate while the catalogue's stamp holds (listing-memo.ts).
  const key = precomputed ? null : memoKey(filter, params.sort, wantFacets)
  const pageData = (pageSql: typeof page) => productDataStatement(db, pageSql, params.locale, params.currency, { taxons: params.include.has('taxons') })
  const nameChecks = [...(lexiconStamp !== null ? [lexiconStampStatement(db)] : []), ...(names ? catalogueNameStatements(db) : [])]
  const namesMoved = (results: D1Result<Record<string, unknown>>[]) => {
    if (lexiconStamp !== null && readLexiconStamp(results.shift()!) !== lexiconStamp) {
      forgetLexicon()
      return true
    }
    if (!names) return false
    const now = readCatalogueNames(results.splice(0, nameChecks.length - (lexiconStamp !== null ? 1 : 0)))
    if (now.key === names.key) return false
    namesMemo = now
    return true
  }

  const known = key === null ? undefined : recall(key)
  if (known) {
    const labels = wantFacets ? facetLabelStatements(db, sqlLiteral(filter.locale, ['en', 'de'])) : []
    const remembered = known.ids ? pageOfIds(known.ids.subarray(offset, offset + params.perPage)) : page
    const results = await db.batch<Record<string, unknown>>([...nameChecks, pageData(remembered), ...stampStatements(db, filter), ...labels])
    if (namesMoved(results)) return 'names changed'
    const [pageResult, scopes, index, ...labelResults] = results
    if (readStamp(filter, [scopes!, index!]) === known.stamp) {
      const facets = known.facetRows ? readFacets(filter, [labelResults[0]!, labelResults[1]!, ...known.facetRows.map((rows) => ({ results: rows }) as unknown as D1Result<Record<string, unknown>>)]).facets : undefined
      return { data: readProductData(pageResult!), total: known.total, facets }
    }
    // The catalogue changed since: count again (a second round trip, once).
    forget(key!)
  }

  // A search by relevance: its page, counts and whole order from one matching set (search-listing.ts).
  if (!precomputed && isSearchListing(filter, params.sort, offset + params.perPage)) {
    const search = searchListingStatements(db, filter, { locale: params.locale, currency: params.currency, perPage: params.perPage, offset, taxons: params.include.has('taxons') }, wantFacets)
    const results = await db.batch<Record<string, unknown>>([...nameChecks, ...search.statements, ...(key === null ? [] : stampStatements(db, filter))])
    if (namesMoved(results)) return 'names changed'
    const read = search.read(results.splice(0, search.statements.length))
    // More matches than the order carries, without facets: counted apart (a second round trip), not remembered.
    const total = read.total >= 0 ? read.total : Number((await db.prepare(`SELECT count(*) AS n ${q.from} ${q.where}`).bind(...q.fromBinds, ...q.whereBinds).first<{ n: number }>())?.n ?? 0)
    const counted = read.facetResults ? readFacets(filter, read.facetResults) : { totalCount: total, facets: undefined }
    const stamp = key === null || read.truncated ? null : readStamp(filter, results)
    if (key !== null && stamp !== null) {
      remember(key, { stamp, total: counted.totalCount, facetRows: read.facetResults ? read.facetResults.slice(2).map((r) => r.results as unknown as FacetRow[]) : null })
      if (counted.totalCount > params.perPage) rememberOrder(key, stamp, read.ids)
    }
    return { data: read.data, total: counted.totalCount, facets: counted.facets }
  }

  // A category's page sorted as shoppers sort it walks listing_rows; its tree's state rides in the same batch.
  const listing = listingPage(filter, params.sort, params.perPage, offset)
  const live = precomputed ? null : counts()
  const liveStatements = (precomputed ?? live!).statements
  const results = await db.batch<Record<string, unknown>>([
    ...nameChecks,
    pageData(listing?.page ?? page),
    ...(listing ? [listingStaleStatement(db, listing.taxonId)] : []),
    ...liveStatements,
    ...(key === null ? [] : stampStatements(db, filter)),
  ])
  if (namesMoved(results)) return 'names changed'
  const [pageResult, ...otherResults] = results
  const stale = listing !== null && otherResults.shift()!.results.length > 0
  const spliced = otherResults.splice(0, liveStatements.length)
  const countResults = live ? live.expand(spliced) : spliced
  // The category tree moved and its rows are not rebuilt yet: the live query answers (a second round trip).
  const data = readProductData(stale ? await pageData(page).all() : pageResult!)
  let counted = precomputed ? precomputed.read(countResults) : live!.read(countResults)
  if (!counted) {
    // Stale or not yet counted: count live (a second round trip, until the next refresh).
    const fallback = counts()
    counted = fallback.read(fallback.expand(await db.batch<Record<string, unknown>>(fallback.statements)))
  }
  const stamp = key === null ? null : readStamp(filter, otherResults)
  if (key !== null && stamp !== null) {
    // Counted with every scope fresh: remember the counts, and read the whole order after answering.
    remember(key, { stamp, total: counted.totalCount, facetRows: wantFacets ? countResults.slice(2).map((r) => r.results as unknown as FacetRow[]) : null })
    if (ordersRemembered(params.sort) && counted.totalCount > params.perPage) {
      const whole = db.prepare(ordered.sql).bind(...ordered.binds)
      // After the answer has gone (a timer, so this request's Server-Timing counts only the trips it waited for).
      const afterAnswer = new Promise((done) => setTimeout(done, 0))
      background(
        afterAnswer.then(() => db.batch<Record<string, unknown>>([whole, ...stampStatements(db, filter)])).then(([ids, ...stampResults]) => {
          const again = readStamp(filter, stampResults)
          if (again !== null) rememberOrder(key, again, (ids!.results as Array<{ id: number }>).map((row) => row.id))
        }),
      )
    }
  }
  return { data, total: counted.totalCount, facets: counted.facets }
}

/** The product a slug (or id) names, if it is on sale now: the contract looks it up by slug first, then by id. */
function productBySlug(slug: string, now: string): PageSql {
  return {
    sql: `SELECT id FROM products WHERE (slug = ?1 OR (id = CAST(?1 AS INTEGER) AND ?1 GLOB '[0-9]*'))
            AND deleted_at IS NULL AND available_on IS NOT NULL AND available_on <= ?2
          ORDER BY slug = ?1 DESC LIMIT 1`,
    binds: [slug, now],
  }
}

/** The product and everything it shows, in one round trip; a product not yet available, or deleted, is not found. */
async function loadProduct(db: D1Database, slug: string, params: ListParams, now: string, options: { taxons?: boolean } = {}) {
  const data = readProductData(await productDataStatement(db, productBySlug(slug, now), params.locale, params.currency, options).all())
  const product = data.products[0]
  if (!product) throw notFound(`There is no product '${slug}'.`)
  return { data, product, id: product.id }
}

productRoutes.get('/products/:slug', async (c) => {
  const url = new URL(c.req.url)
  const params = readListParams(url, { includes: PRODUCT_INCLUDES })
  const slug = c.req.param('slug')
  const now = new Date().toISOString()
  const { data, product } = await loadProduct(c.env.DB, slug, params, now, { taxons: params.include.has('taxons') })
  const included = new Included()
  const resource = productResource(product, data, params.include, included, params, now)
  return jsonApi(c, { data: resource, ...(params.include.size ? { included: included.list() } : {}) })
})

/** A product's variants (the master only when it has no others), `filter[options][color]=red` by option value name. */
productRoutes.get('/products/:slug/variants', async (c) => {
  const url = new URL(c.req.url)
  const params = readListParams(url, { includes: ['option_values', 'images'], filters: ['options.*'] })
  const { data, id } = await loadProduct(c.env.DB, c.req.param('slug'), params, new Date().toISOString())
  const all = data.variants.get(id) ?? []
  const own = all.some((v) => !v.is_master) ? all.filter((v) => !v.is_master) : all
  const wanted = [...params.filters].filter(([key]) => key.startsWith('options.')).map(([key, value]) => [key.slice('options.'.length), value.toLowerCase()] as const)
  const matching = own.filter((v) =>
    wanted.every(([type, value]) =>
      (data.variantValues.get(v.id) ?? []).some((valueId) => {
        const option = data.optionValues.get(valueId)
        return option?.type_name === type && option.name.toLowerCase() === value
      }),
    ),
  )
  const shown = matching.slice((params.page - 1) * params.perPage, params.page * params.perPage)
  const included = new Included()
  for (const v of shown) {
    if (params.include.has('option_values')) for (const valueId of data.variantValues.get(v.id) ?? []) included.add(optionValueResource(data.optionValues.get(valueId)!))
    if (params.include.has('images')) {
      const resource = variantResource(v, data, params)
      const imageIds = new Set((resource.relationships?.images?.data as Array<{ id: string }>).map((r) => r.id))
      for (const image of data.images.get(id) ?? []) if (imageIds.has(String(image.id))) included.add(imageResource(image))
    }
  }
  return jsonApi(c, {
    data: shown.map((v) => variantResource(v, data, params)),
    ...(params.include.size ? { included: included.list() } : {}),
    ...pagination(url, params.page, params.perPage, matching.length, shown.length),
  })
})
