import type { Locale } from '#web/api/models.ts'
import { bool, inList, ref, type Resource } from './jsonapi.ts'

export interface TaxonRow {
  id: number
  taxonomy_id: number
  parent_id: number | null
  name: string
  parent_name: string | null
  permalink: string
  position: number
  lft: number
  rgt: number
  depth: number
  hide_from_nav: number
  description: string | null
  meta_title: string | null
  meta_description: string | null
  meta_keywords: string | null
  updated_at: string
  taxonomy_name: string
  taxonomy_position: number
  children: number[]
}

/**
 * Taxons matching `where` (SQL over alias `t`, with `binds`), in navigation order: taxonomy position, then the
 * nested set. Names are in `locale`, falling back to English.
 */
export async function loadTaxonRows(db: D1Database, locale: Locale, where: string, binds: unknown[] = [], limit?: { limit: number; offset: number }): Promise<TaxonRow[]> {
  const page = limit ? ` LIMIT ${Math.trunc(limit.limit)} OFFSET ${Math.trunc(limit.offset)}` : ''
  const { results } = await db
    .prepare(
      `SELECT t.id, t.taxonomy_id, t.parent_id, COALESCE(tt.name, t.name) AS name, COALESCE(ptt.name, par.name) AS parent_name, t.permalink,
              t.position, t.lft, t.rgt, t.depth, t.hide_from_nav, COALESCE(tt.description, t.description) AS description,
              COALESCE(tt.meta_title, t.meta_title) AS meta_title, COALESCE(tt.meta_description, t.meta_description) AS meta_description,
              t.meta_keywords, t.updated_at, tx.name AS taxonomy_name, tx.position AS taxonomy_position
       FROM taxons t JOIN taxonomies tx ON tx.id = t.taxonomy_id
       LEFT JOIN taxon_translations tt ON tt.taxon_id = t.id AND tt.locale = ?
       LEFT JOIN taxons par ON par.id = t.parent_id
       LEFT JOIN taxon_translations ptt ON ptt.taxon_id = par.id AND ptt.locale = tt.locale
       WHERE ${where} ORDER BY tx.position, t.lft${page}`,
    )
    .bind(locale, ...binds)
    .all<Omit<TaxonRow, 'children'>>()
  if (results.length === 0) return []
  const children = await db
    .prepare(`SELECT id, parent_id FROM taxons WHERE parent_id IN (${inList(results.map((t) => t.id))}) ORDER BY parent_id, position, lft`)
    .all<{ id: number; parent_id: number }>()
  return results.map((t) => ({ ...t, children: children.results.filter((c) => c.parent_id === t.id).map((c) => c.id) }))
}

export function countTaxons(db: D1Database, where: string, binds: unknown[] = []) {
  return db.prepare(`SELECT count(*) AS n FROM taxons t WHERE ${where}`).bind(...binds).first<{ n: number }>().then((r) => r?.n ?? 0)
}

/** A taxon as the contract's Taxon resource, plus our `hide_from_nav` and `description` (docs/catalogue-api.md). */
export function taxonResource(t: TaxonRow): Resource {
  return {
    id: String(t.id),
    type: 'taxon',
    attributes: {
      name: t.name,
      pretty_name: t.parent_name ? `${t.parent_name} -> ${t.name}` : t.name,
      permalink: t.permalink,
      seo_title: t.meta_title || t.name,
      description: t.description,
      meta_title: t.meta_title,
      meta_description: t.meta_description,
      meta_keywords: t.meta_keywords,
      left: t.lft,
      right: t.rgt,
      position: t.position,
      depth: t.depth,
      is_root: t.parent_id === null,
      is_child: t.parent_id !== null,
      is_leaf: t.rgt - t.lft === 1,
      hide_from_nav: bool(t.hide_from_nav),
      updated_at: t.updated_at,
      localized_slugs: { en: t.permalink, de: t.permalink },
    },
    relationships: {
      parent: { data: t.parent_id === null ? null : ref('taxon', t.parent_id) },
      children: { data: t.children.map((id) => ref('taxon', id)) },
      taxonomy: { data: ref('taxonomy', t.taxonomy_id) },
      image: { data: null },
    },
  }
}

export function taxonomyResource(t: TaxonRow): Resource {
  return { id: String(t.taxonomy_id), type: 'taxonomy', attributes: { name: t.taxonomy_name, position: t.taxonomy_position } }
}
