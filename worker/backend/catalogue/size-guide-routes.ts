import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { jsonApi } from './jsonapi.ts'
import { readListParams } from './params.ts'

/**
 * Size guides (our extension, issue 44 point 5; docs/commerce-api.md): the one a product's category uses, the guide
 * linked to the deepest of its categories or their parents (migration 0410), with its texts in `locale`.
 */
export const sizeGuideRoutes = new Hono<{ Bindings: Env }>()

// `filter[product]`: a product's slug or id; the answer is a list of one guide, or none when no category has one
sizeGuideRoutes.get('/size_guides', async (c) => {
  const params = readListParams(new URL(c.req.url), { filters: ['product'] })
  const de = params.locale === 'de'
  const row = await c.env.DB.prepare(
    `SELECT g.slug, ${de ? 'g.name_de' : 'g.name_en'} AS name, ${de ? 'g.how_to_de' : 'g.how_to_en'} AS how_to, g.size_table FROM products p
     JOIN classifications c ON c.product_id = p.id
     JOIN taxons own ON own.id = c.taxon_id
     JOIN taxons t ON t.taxonomy_id = own.taxonomy_id AND t.lft <= own.lft AND t.rgt >= own.rgt
     JOIN size_guide_taxons l ON l.taxon_id = t.id
     JOIN size_guides g ON g.id = l.guide_id
     WHERE (p.slug = ?1 OR (?1 GLOB '[0-9]*' AND p.id = CAST(?1 AS INTEGER))) AND p.deleted_at IS NULL
     ORDER BY t.depth DESC, c.position, t.id LIMIT 1`,
  )
    .bind(params.filters.get('product') ?? '')
    .first<{ slug: string; name: string; how_to: string; size_table: string }>()
  if (!row) return jsonApi(c, { data: [] })
  const table = JSON.parse(row.size_table) as { columns: Record<'en' | 'de', string[]>; rows: string[][] }
  // 'how to measure' is kept as typed, one step a line
  const howTo = row.how_to.split('\n').map((line) => line.trim()).filter(Boolean)
  return jsonApi(c, { data: [{ id: row.slug, type: 'size_guide', attributes: { slug: row.slug, name: row.name, how_to: howTo, columns: table.columns[params.locale], rows: table.rows } }] })
})
