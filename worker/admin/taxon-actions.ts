import type { Operator } from './context.ts'
import { newTaxonStatements, renumber, taxonByPermalink, taxonNameDeStatement, taxonomyOrderStatement, taxonOrderStatement, taxonWordsStatements } from '#worker/backend/catalogue/taxon-write.ts'
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

export async function saveCategory(db: D1Database, operator: Operator, category: CategoryItem, input: CategoryInput) {
  await db.batch([
    ...taxonWordsStatements(db, category, input.name, input.hideFromNav),
    taxonNameDeStatement(db, category.id, input.nameDe),
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
  const fresh = taxonByPermalink(permalink)
  const statements: D1PreparedStatement[] = await newTaxonStatements(db, parent, permalink, input)
  statements.push(
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
    await db.batch([taxonomyOrderStatement(db, taxonomies), audit])
    return
  }
  await taxonOrderStatement(db, order).run()
  await db.batch([...(await renumber(db, category.taxonomy_id)), audit])
}
