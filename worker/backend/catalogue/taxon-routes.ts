import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { notFound } from '../shared/errors.ts'
import { Included, inList, jsonApi, pagination } from './jsonapi.ts'
import { booleanFilter, idList, readListParams, type ListParams } from './params.ts'
import { countTaxons, loadTaxonRows, taxonomyResource, taxonResource, type TaxonRow } from './taxon-data.ts'

/** GET /taxons and GET /taxons/{permalink or id}. */
export const taxonRoutes = new Hono<{ Bindings: Env }>()

const TAXON_INCLUDES = ['parent', 'children', 'taxonomy', 'image'] as const
const TAXON_FILTERS = ['ids', 'name', 'parent_id', 'parent_permalink', 'taxonomy_id', 'roots'] as const

async function withIncludes(db: D1Database, rows: TaxonRow[], params: ListParams) {
  const included = new Included()
  if (params.include.has('parent') || params.include.has('children')) {
    const ids = new Set<number>()
    for (const t of rows) {
      if (params.include.has('parent') && t.parent_id !== null) ids.add(t.parent_id)
      if (params.include.has('children')) t.children.forEach((id) => ids.add(id))
    }
    const related = await loadTaxonRows(db, params.locale, `t.id IN (${inList([...ids])})`)
    related.forEach((t) => included.add(taxonResource(t)))
  }
  if (params.include.has('taxonomy')) rows.forEach((t) => included.add(taxonomyResource(t)))
  return params.include.size ? { included: included.list() } : {}
}

taxonRoutes.get('/taxons', async (c) => {
  const url = new URL(c.req.url)
  const params = readListParams(url, { includes: TAXON_INCLUDES, filters: TAXON_FILTERS })
  const f = params.filters
  const where: string[] = []
  const binds: unknown[] = []
  if (f.has('ids')) where.push(`t.id IN (${inList(idList('filter[ids]', f.get('ids')!))})`)
  if (f.has('parent_id')) where.push(`t.parent_id IN (${inList(idList('filter[parent_id]', f.get('parent_id')!))})`)
  if (f.has('taxonomy_id')) where.push(`t.taxonomy_id IN (${inList(idList('filter[taxonomy_id]', f.get('taxonomy_id')!))})`)
  if (f.has('roots') && booleanFilter('filter[roots]', f.get('roots')!)) where.push('t.parent_id IS NULL')
  if (f.has('parent_permalink')) {
    where.push('t.parent_id = (SELECT id FROM taxons WHERE permalink = ?)')
    binds.push(f.get('parent_permalink'))
  }
  if (f.has('name')) {
    where.push(`(t.name LIKE ? ESCAPE '\\' OR t.id IN (SELECT taxon_id FROM taxon_translations WHERE name LIKE ? ESCAPE '\\'))`)
    const like = `%${f.get('name')!.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
    binds.push(like, like)
  }
  const condition = where.length ? where.join(' AND ') : '1'
  const db = c.env.DB
  const [total, rows] = await Promise.all([
    countTaxons(db, condition, binds),
    loadTaxonRows(db, params.locale, condition, binds, { limit: params.perPage, offset: (params.page - 1) * params.perPage }),
  ])
  const { meta, links } = pagination(url, params.page, params.perPage, total, rows.length)
  return jsonApi(c, { data: rows.map(taxonResource), ...(await withIncludes(db, rows, params)), meta, links })
})

/** A permalink's escapes decoded; one that is not valid percent-encoding ('%zz', cut UTF-8) stays as sent: a 404, not a 500. */
function decodeOnce(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

taxonRoutes.get('/taxons/:permalink{.+}', async (c) => {
  const url = new URL(c.req.url)
  const params = readListParams(url, { includes: TAXON_INCLUDES })
  const permalink = decodeOnce(c.req.param('permalink')).replace(/\/+$/, '')
  const db = c.env.DB
  let rows = await loadTaxonRows(db, params.locale, 't.permalink = ?', [permalink])
  if (rows.length === 0 && /^\d{1,12}$/.test(permalink)) rows = await loadTaxonRows(db, params.locale, `t.id = ${Number(permalink)}`)
  const taxon = rows[0]
  if (!taxon) throw notFound(`There is no category '${permalink}'.`)
  return jsonApi(c, { data: taxonResource(taxon), ...(await withIncludes(db, [taxon], params)) })
})
