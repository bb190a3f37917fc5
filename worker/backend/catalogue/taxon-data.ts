import type { Locale } from '#kernel/models.ts'
import { bool, jsonPart, ref, sqlLiteral, type Resource } from './jsonapi.ts'

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

const TAXON_COLUMNS: Record<string, string> = {
  id: 't.id', taxonomy_id: 't.taxonomy_id', parent_id: 't.parent_id', name: 'COALESCE(tt.name, t.name)', parent_name: 'COALESCE(ptt.name, par.name)',
  permalink: 't.permalink', position: 't.position', lft: 't.lft', rgt: 't.rgt', depth: 't.depth', hide_from_nav: 't.hide_from_nav',
  description: 'COALESCE(tt.description, t.description)', meta_title: 'COALESCE(tt.meta_title, t.meta_title)',
  meta_description: 'COALESCE(tt.meta_description, t.meta_description)', meta_keywords: 't.meta_keywords', updated_at: 't.updated_at',
  taxonomy_name: 'tx.name', taxonomy_position: 'tx.position',
  // json(): the children's array stays an array inside json_object, not a string
  children: 'json((SELECT json_group_array(ch.id) FROM (SELECT id FROM taxons WHERE parent_id = t.id ORDER BY position, lft) ch))',
}
const taxonFrom = (loc: string, where: string) => `FROM taxons t JOIN taxonomies tx ON tx.id = t.taxonomy_id
  LEFT JOIN taxon_translations tt ON tt.taxon_id = t.id AND tt.locale = ${loc}
  LEFT JOIN taxons par ON par.id = t.parent_id
  LEFT JOIN taxon_translations ptt ON ptt.taxon_id = par.id AND ptt.locale = ${loc}
  WHERE ${where}`

/** Taxon rows as a part of a multi-part statement (jsonPart), `loc` the locale as an SQL literal. */
export const taxonRowsPart = (loc: string, where: string) => jsonPart('taxons', TAXON_COLUMNS, taxonFrom(loc, where))

export type TaxonJson = TaxonRow

/** Taxon rows read from a part, in navigation order: taxonomy position, then the nested set. */
export const readTaxonRows = (rows: TaxonJson[]): TaxonRow[] => rows.sort((a, b) => a.taxonomy_position - b.taxonomy_position || a.lft - b.lft)

/**
 * Taxons matching `where` (SQL over alias `t`, with `binds`), in navigation order: taxonomy position, then the
 * nested set. Names are in `locale`, falling back to English. One round trip, children included.
 */
export async function loadTaxonRows(db: D1Database, locale: Locale, where: string, binds: unknown[] = [], limit?: { limit: number; offset: number }): Promise<TaxonRow[]> {
  const page = limit ? ` LIMIT ${Math.trunc(limit.limit)} OFFSET ${Math.trunc(limit.offset)}` : ''
  const columns = Object.entries(TAXON_COLUMNS).map(([key, expr]) => `${expr} AS ${key}`).join(', ')
  const { results } = await db
    .prepare(`SELECT ${columns} ${taxonFrom(sqlLiteral(locale, ['en', 'de']), where)} ORDER BY tx.position, t.lft${page}`)
    .bind(...binds)
    .all<Omit<TaxonRow, 'children'> & { children: string }>()
  return results.map((t) => ({ ...t, children: JSON.parse(t.children) as number[] }))
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
