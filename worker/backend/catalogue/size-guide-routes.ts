import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { notFound } from '../shared/errors.ts'
import { jsonApi, type Resource } from './jsonapi.ts'
import { readListParams } from './params.ts'

/**
 * Size guides (our extension, issue 44 point 5; docs/commerce-api.md): one by slug, or the one a product's category
 * uses: the guide linked to the deepest of its categories or their parents (migration 0410). Texts in `locale`.
 */
export const sizeGuideRoutes = new Hono<{ Bindings: Env }>()

interface GuideRow {
  slug: string
  name_en: string
  name_de: string
  how_to_en: string
  how_to_de: string
  size_table: string
}

function guideResource(row: GuideRow, locale: 'en' | 'de'): Resource {
  const table = JSON.parse(row.size_table) as { columns: Record<'en' | 'de', string[]>; rows: string[][] }
  const howTo = locale === 'de' ? row.how_to_de : row.how_to_en
  return {
    id: row.slug,
    type: 'size_guide',
    attributes: {
      slug: row.slug,
      name: locale === 'de' ? row.name_de : row.name_en,
      how_to: howTo
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      columns: table.columns[locale],
      rows: table.rows,
    },
  }
}

const COLUMNS = 'g.slug, g.name_en, g.name_de, g.how_to_en, g.how_to_de, g.size_table'

// `filter[product]`: a product's slug or id; the answer is a list of one guide, or none when no category has one
sizeGuideRoutes.get('/size_guides', async (c) => {
  const params = readListParams(new URL(c.req.url), { filters: ['product'] })
  const product = params.filters.get('product') ?? ''
  const row = await c.env.DB.prepare(
    `SELECT ${COLUMNS} FROM products p
     JOIN classifications c ON c.product_id = p.id
     JOIN taxons own ON own.id = c.taxon_id
     JOIN taxons t ON t.taxonomy_id = own.taxonomy_id AND t.lft <= own.lft AND t.rgt >= own.rgt
     JOIN size_guide_taxons l ON l.taxon_id = t.id
     JOIN size_guides g ON g.id = l.guide_id
     WHERE (p.slug = ?1 OR (?1 GLOB '[0-9]*' AND p.id = CAST(?1 AS INTEGER))) AND p.deleted_at IS NULL
     ORDER BY t.depth DESC, c.position, t.id LIMIT 1`,
  )
    .bind(product)
    .first<GuideRow>()
  return jsonApi(c, { data: row ? [guideResource(row, params.locale)] : [] })
})

sizeGuideRoutes.get('/size_guides/:slug', async (c) => {
  const params = readListParams(new URL(c.req.url))
  const slug = c.req.param('slug')
  const row = await c.env.DB.prepare(`SELECT ${COLUMNS} FROM size_guides g WHERE g.slug = ?`).bind(slug).first<GuideRow>()
  if (!row) throw notFound(`There is no size guide '${slug}'.`)
  return jsonApi(c, { data: guideResource(row, params.locale) })
})
