import { listingRowsRebuild } from './listing-rows-sql.mjs'

/**
 * The one writer of categories (decision 0082): taxonomies (a top-level category each, with one root taxon), taxons,
 * their German names, their order and the nested set (lft/rgt) that follows it, with the listing rows rebuilt when the
 * tree changes. The console's category forms (worker/admin/taxon-actions.ts, category-moves.ts) check and audit; these
 * build the statements for their batch. The storefront reads them (taxon-data.ts).
 */

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

/** The taxon found by its permalink inside the batch that inserts it, as SQL. */
export const taxonByPermalink = (permalink: string) => `(SELECT id FROM taxons WHERE permalink = '${permalink.replace(/'/g, "''")}')`

/** A taxon's German name; none removes it (German shoppers then read the English one). */
export const taxonNameDeStatement = (db: D1Database, id: number, nameDe: string | null) =>
  nameDe
    ? db.prepare("INSERT INTO taxon_translations (taxon_id, locale, name) VALUES (?, 'de', ?) ON CONFLICT (taxon_id, locale) DO UPDATE SET name = excluded.name").bind(id, nameDe)
    : db.prepare("DELETE FROM taxon_translations WHERE taxon_id = ? AND locale = 'de'").bind(id)

/** A category's name and whether the menus show it; a root's name is also its taxonomy's. */
export const taxonWordsStatements = (db: D1Database, taxon: { id: number; taxonomy_id: number; parent_id: number | null }, name: string, hideFromNav: boolean) => [
  db.prepare(`UPDATE taxons SET name = ?, hide_from_nav = ?, updated_at = ${NOW} WHERE id = ?`).bind(name, hideFromNav ? 1 : 0, taxon.id),
  db.prepare('UPDATE taxonomies SET name = ? WHERE id = ? AND ? IS NULL').bind(name, taxon.taxonomy_id, taxon.parent_id),
]

/**
 * A new category: under `parent` last among its siblings (provisional lft/rgt past the end, renumbered by the caller's
 * `renumber` in the same batch), or a new top-level taxonomy with its root (nested set 1..2); its German name when given.
 */
export async function newTaxonStatements(db: D1Database, parent: { id: number; taxonomy_id: number; depth: number } | null, permalink: string, input: { name: string; nameDe: string | null; hideFromNav: boolean }): Promise<D1PreparedStatement[]> {
  const hide = input.hideFromNav ? 1 : 0
  return [
    ...(parent
      ? [
          db
            .prepare(
              `INSERT INTO taxons (taxonomy_id, parent_id, name, permalink, position, lft, rgt, depth, hide_from_nav, updated_at)
               VALUES (?1, ?2, ?3, ?4, (SELECT COALESCE(MAX(position), -1) + 1 FROM taxons WHERE taxonomy_id = ?1 AND parent_id IS ?2),
                 (SELECT COALESCE(MAX(rgt), 0) + 1 FROM taxons WHERE taxonomy_id = ?1), (SELECT COALESCE(MAX(rgt), 0) + 2 FROM taxons WHERE taxonomy_id = ?1), ?5, ?6, ${NOW})`,
            )
            .bind(parent.taxonomy_id, parent.id, input.name, permalink, parent.depth + 1, hide),
          ...(await renumber(db, parent.taxonomy_id, { parentId: parent.id, permalink })),
        ]
      : [
          db.prepare('INSERT INTO taxonomies (name, position) VALUES (?, (SELECT COALESCE(MAX(position), -1) + 1 FROM taxonomies))').bind(input.name),
          // no products, so no listing rows yet
          db
            .prepare(`INSERT INTO taxons (taxonomy_id, parent_id, name, permalink, position, lft, rgt, depth, hide_from_nav, updated_at) VALUES (last_insert_rowid(), NULL, ?1, ?2, 0, 1, 2, 0, ?3, ${NOW})`)
            .bind(input.name, permalink, hide),
        ]),
    input.nameDe ? db.prepare(`INSERT INTO taxon_translations (taxon_id, locale, name) SELECT ${taxonByPermalink(permalink)}, 'de', ?`).bind(input.nameDe) : db.prepare('SELECT 1'),
  ]
}

/** The top level in this order (taxonomy ids). */
export const taxonomyOrderStatement = (db: D1Database, taxonomyIds: readonly number[]) =>
  db.prepare('UPDATE taxonomies SET position = (SELECT key FROM json_each(?1) WHERE value = taxonomies.id) WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(taxonomyIds))

/** Siblings in this order (taxon ids). */
export const taxonOrderStatement = (db: D1Database, taxonIds: readonly number[]) =>
  db.prepare('UPDATE taxons SET position = (SELECT key FROM json_each(?1) WHERE value = taxons.id) WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(taxonIds))

/** A category with its sub-categories (`ids`) moved under `parent` (into its taxonomy, `shift` levels deeper). */
export const taxonMoveStatements = (db: D1Database, taxonId: number, ids: readonly number[], parent: { id: number; taxonomy_id: number }, shift: number) => [
  db.prepare(`UPDATE taxons SET taxonomy_id = ?1, depth = depth + ?2, updated_at = ${NOW} WHERE id IN (SELECT value FROM json_each(?3))`).bind(parent.taxonomy_id, shift, JSON.stringify(ids)),
  db.prepare('UPDATE taxons SET parent_id = ? WHERE id = ?').bind(parent.id, taxonId),
]

/**
 * A category deleted while it holds no product and no sub-category (a top-level one with its taxonomy); the gap it
 * leaves in the nested set changes no ancestry, so nothing is renumbered.
 */
export const taxonDeleteStatements = (db: D1Database, taxon: { id: number; taxonomy_id: number; parent_id: number | null }) => [
  db.prepare(`DELETE FROM taxons WHERE id = ?1 AND ${TAXON_EMPTY}`).bind(taxon.id),
  db.prepare('DELETE FROM taxonomies WHERE id = ?1 AND ?2 IS NULL AND NOT EXISTS (SELECT 1 FROM taxons WHERE taxonomy_id = ?1)').bind(taxon.taxonomy_id, taxon.parent_id),
]

/** SQL (binds the taxon id as ?1): the taxon holds no product and no sub-category. */
export const TAXON_EMPTY = 'NOT EXISTS (SELECT 1 FROM classifications WHERE taxon_id = ?1) AND NOT EXISTS (SELECT 1 FROM taxons c WHERE c.parent_id = ?1)'

/** The listing rows of a taxonomy's categories rebuilt (migration 0172): its tree or products changed. */
export const listingRowsStatements = (db: D1Database, taxonomyId: number) => listingRowsRebuild(taxonomyId).map((sql) => db.prepare(sql))

/** lft/rgt of a taxonomy's taxons from parent and position (a depth-first walk), as one statement. */
export async function renumber(db: D1Database, taxonomyId: number, fresh?: { parentId: number; permalink: string }): Promise<D1PreparedStatement[]> {
  const { results } = await db.prepare('SELECT id, parent_id FROM taxons WHERE taxonomy_id = ? ORDER BY position, lft').bind(taxonomyId).all<{ id: number; parent_id: number | null }>()
  return nestedSetStatements(db, taxonomyId, results, fresh)
}

/**
 * The same from a tree given in sibling order (a move computes the tree it makes, so the numbering goes into the
 * same batch as the move itself).
 */
export function nestedSetStatements(db: D1Database, taxonomyId: number, results: Array<{ id: number; parent_id: number | null }>, fresh?: { parentId: number; permalink: string }): D1PreparedStatement[] {
  const children = new Map<number | null, number[]>()
  for (const t of results) children.set(t.parent_id, [...(children.get(t.parent_id) ?? []), t.id])
  // a taxon inserted in the same batch (no id yet): the last child of its parent, named -1 and found by permalink
  if (fresh) children.set(fresh.parentId, [...(children.get(fresh.parentId) ?? []), -1])
  const idOf = fresh ? `(CASE WHEN taxons.permalink = '${fresh.permalink.replace(/'/g, "''")}' THEN -1 ELSE taxons.id END)` : 'taxons.id'
  const sets: Array<[number, number, number]> = []
  let counter = 0
  const walk = (id: number) => {
    const lft = ++counter
    for (const child of children.get(id) ?? []) walk(child)
    sets.push([id, lft, ++counter])
  }
  for (const root of children.get(null) ?? []) walk(root)
  // two steps through negatives, so no row is ever briefly out of CHECK (lft < rgt) order with itself
  return [
    db.prepare(`UPDATE taxons SET lft = -(SELECT value ->> '$[2]' FROM json_each(?1) WHERE value ->> '$[0]' = ${idOf}), rgt = -(SELECT value ->> '$[1]' FROM json_each(?1) WHERE value ->> '$[0]' = ${idOf}) WHERE taxonomy_id = ?2`).bind(JSON.stringify(sets), taxonomyId),
    db.prepare(`UPDATE taxons SET lft = -rgt, rgt = -lft, updated_at = ${NOW} WHERE taxonomy_id = ?`).bind(taxonomyId),
    // the tree moved: its categories' listing rows are rebuilt in the same transaction
    ...listingRowsStatements(db, taxonomyId),
  ]
}
