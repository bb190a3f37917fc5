import type { Operator } from './context.ts'
import { listingRowsRebuild } from '#worker/backend/catalogue/listing-rows-sql.mjs'
import { auditStatement } from './audit.ts'
import { ActionRefused, unlessTaken } from './action-refused.ts'
import { spendFormStatement } from './form-tokens.ts'
import type { CategoryItem } from '#worker/admin/pages/categories-page.tsx'

/**
 * Categories (taxons) from the console. Each top-level category is a taxonomy with one root taxon; the store orders
 * the top level by taxonomy position and the rest by the nested set (lft), so after a taxon is added or moved the
 * taxonomy's lft/rgt are renumbered from parent and position: the nested set always follows the console's order.
 * A rename keeps the permalink, so the category's address, links and search rankings stay.
 */

export async function listCategories(db: D1Database): Promise<CategoryItem[]> {
  const { results } = await db
    .prepare(
      `SELECT t.id, t.taxonomy_id, t.parent_id, t.name, tt.name AS name_de, t.permalink, t.depth, t.hide_from_nav, t.position, x.position AS taxonomy_position,
         (SELECT COUNT(*) FROM classifications c WHERE c.taxon_id = t.id) AS products
       FROM taxons t JOIN taxonomies x ON x.id = t.taxonomy_id LEFT JOIN taxon_translations tt ON tt.taxon_id = t.id AND tt.locale = 'de'
       ORDER BY x.position, x.id, t.lft`,
    )
    .all<CategoryItem>()
  return results
}

export interface CategoryInput {
  name: string
  nameDe: string | null
  hideFromNav: boolean
}

const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
const translation = (db: D1Database, id: number, nameDe: string | null) =>
  nameDe
    ? db.prepare("INSERT INTO taxon_translations (taxon_id, locale, name) VALUES (?, 'de', ?) ON CONFLICT (taxon_id, locale) DO UPDATE SET name = excluded.name").bind(id, nameDe)
    : db.prepare("DELETE FROM taxon_translations WHERE taxon_id = ? AND locale = 'de'").bind(id)

export async function saveCategory(db: D1Database, operator: Operator, category: CategoryItem, input: CategoryInput) {
  await db.batch([
    db.prepare(`UPDATE taxons SET name = ?, hide_from_nav = ?, updated_at = ${now} WHERE id = ?`).bind(input.name, input.hideFromNav ? 1 : 0, category.id),
    // the root's name is also the taxonomy's
    db.prepare('UPDATE taxonomies SET name = ? WHERE id = ? AND ? IS NULL').bind(input.name, category.taxonomy_id, category.parent_id),
    translation(db, category.id, input.nameDe),
    auditStatement(db, operator, 'taxon.update', { type: 'taxon', id: category.id }, { name: category.name, name_de: category.name_de, hide_from_nav: category.hide_from_nav === 1 }, { name: input.name, name_de: input.nameDe, hide_from_nav: input.hideFromNav }),
  ])
}

/**
 * Adds a category as ONE batch (a transaction): the taxonomy (a top-level category), the taxon, its German name, the
 * renumbered nested set with the listing rows, and the audit line; if any of them fails (the permalink taken a moment
 * ago by another operator: UNIQUE), nothing of it is written. The new taxon is found by its permalink within the batch.
 */
export async function createCategory(db: D1Database, operator: Operator, parent: CategoryItem | null, slug: string, input: CategoryInput, token?: string): Promise<number> {
  const permalink = parent ? `${parent.permalink}/${slug}` : slug
  const taken = `A category at ${permalink} exists already: choose another address.`
  if (await db.prepare('SELECT 1 FROM taxons WHERE permalink = ?').bind(permalink).first()) throw new ActionRefused(taken)
  const fresh = `(SELECT id FROM taxons WHERE permalink = '${permalink.replace(/'/g, "''")}')`
  const statements: D1PreparedStatement[] = parent
    ? [
        // placed last among its siblings, with provisional lft/rgt past the end; renumbered in the same batch
        db
          .prepare(
            `INSERT INTO taxons (taxonomy_id, parent_id, name, permalink, position, lft, rgt, depth, hide_from_nav, updated_at)
             VALUES (?1, ?2, ?3, ?4, (SELECT COALESCE(MAX(position), -1) + 1 FROM taxons WHERE taxonomy_id = ?1 AND parent_id IS ?2),
               (SELECT COALESCE(MAX(rgt), 0) + 1 FROM taxons WHERE taxonomy_id = ?1), (SELECT COALESCE(MAX(rgt), 0) + 2 FROM taxons WHERE taxonomy_id = ?1), ?5, ?6, ${now})`,
          )
          .bind(parent.taxonomy_id, parent.id, input.name, permalink, parent.depth + 1, input.hideFromNav ? 1 : 0),
        ...(await renumber(db, parent.taxonomy_id, { parentId: parent.id, permalink })),
      ]
    : [
        db.prepare('INSERT INTO taxonomies (name, position) VALUES (?, (SELECT COALESCE(MAX(position), -1) + 1 FROM taxonomies))').bind(input.name),
        // the new taxonomy's one taxon, its root: the nested set is 1..2 (no products, so no listing rows yet)
        db
          .prepare(`INSERT INTO taxons (taxonomy_id, parent_id, name, permalink, position, lft, rgt, depth, hide_from_nav, updated_at) VALUES (last_insert_rowid(), NULL, ?1, ?2, 0, 1, 2, 0, ?3, ${now})`)
          .bind(input.name, permalink, input.hideFromNav ? 1 : 0),
      ]
  statements.push(
    input.nameDe ? db.prepare(`INSERT INTO taxon_translations (taxon_id, locale, name) SELECT ${fresh}, 'de', ?`).bind(input.nameDe) : db.prepare('SELECT 1'),
    db
      .prepare(`INSERT INTO audit_log (admin_user_id, admin_email, action, subject_type, subject_id, before_json, after_json) SELECT ?, ?, 'taxon.create', 'taxon', CAST(${fresh} AS TEXT), NULL, ?`)
      .bind(operator.id, operator.email, JSON.stringify({ permalink, name: input.name, name_de: input.nameDe, hide_from_nav: input.hideFromNav })),
    ...(token ? [spendFormStatement(db, token, operator, { sql: "'/admin/categories'" })] : []),
    db.prepare(`SELECT ${fresh} AS id`),
  )
  const results = await unlessTaken(db.batch(statements), taken)
  return (results.at(-1)!.results[0] as { id: number }).id
}

/** One place earlier or later among its siblings (a top-level category among the top level). */
export async function moveCategory(db: D1Database, operator: Operator, all: CategoryItem[], category: CategoryItem, direction: 'up' | 'down') {
  const topLevel = category.parent_id === null
  const siblings = all.filter((c) => c.parent_id === category.parent_id && (topLevel || c.taxonomy_id === category.taxonomy_id))
  const at = siblings.findIndex((c) => c.id === category.id)
  const to = direction === 'up' ? at - 1 : at + 1
  if (to < 0 || to >= siblings.length) throw new ActionRefused(`${category.name} is already the ${direction === 'up' ? 'first' : 'last'} at its level.`)
  const order = siblings.map((c) => c.id)
  ;[order[at], order[to]] = [order[to]!, order[at]!]
  const before = siblings.map((c) => c.permalink)
  const after = order.map((id) => siblings.find((c) => c.id === id)!.permalink)
  const audit = auditStatement(db, operator, 'taxon.order', { type: 'taxon', id: category.id }, before, after)
  if (topLevel) {
    const taxonomies = order.map((id) => siblings.find((c) => c.id === id)!.taxonomy_id)
    await db.batch([db.prepare('UPDATE taxonomies SET position = (SELECT key FROM json_each(?1) WHERE value = taxonomies.id) WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(taxonomies)), audit])
    return
  }
  await db.prepare('UPDATE taxons SET position = (SELECT key FROM json_each(?1) WHERE value = taxons.id) WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(order)).run()
  await db.batch([...(await renumber(db, category.taxonomy_id)), audit])
}

/** lft/rgt of a taxonomy's taxons from parent and position (a depth-first walk), as one statement. */
async function renumber(db: D1Database, taxonomyId: number, fresh?: { parentId: number; permalink: string }): Promise<D1PreparedStatement[]> {
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
    db.prepare(`UPDATE taxons SET lft = -rgt, rgt = -lft, updated_at = ${now} WHERE taxonomy_id = ?`).bind(taxonomyId),
    // the tree moved: its categories' listing rows (migration 0172) are rebuilt in the same transaction
    ...listingRowsRebuild(taxonomyId).map((sql) => db.prepare(sql)),
  ]
}
