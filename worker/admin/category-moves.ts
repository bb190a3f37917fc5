import type { Operator } from './context.ts'
import { auditStatement, auditStatementWhen } from './audit.ts'
import { CategoryRefused } from './category-refusals.ts'
import { spendFormStatement } from './form-tokens.ts'
import { listingRowsStatements, nestedSetStatements, TAXON_EMPTY, taxonDeleteStatements, taxonMoveStatements, taxonomyOrderStatement, taxonOrderStatement } from '#worker/backend/catalogue/taxon-write.ts'
import type { CategoryItem } from '#worker/admin/pages/categories-page.tsx'

/**
 * Moving a category to a place in one step (under any other category, at a position among its new siblings) and
 * deleting an empty one (docs/console.md 'Categories'). A move keeps the permalink, as a rename does, so the category's
 * address, menu links and search rankings stay. Each is one D1 batch: the tree, the nested set of every taxonomy it
 * touches, their listing rows, the audit entry and the form's one-time token, so a refused or repeated form changes
 * nothing.
 */

const DONE = { sql: "'/admin/categories'" }

/** The category and everything under it, in tree order. */
function subtreeOf(all: CategoryItem[], root: CategoryItem): CategoryItem[] {
  const ids = new Set([root.id])
  // `all` is in nested-set order, so a child always comes after its parent
  for (const c of all) if (c.parent_id !== null && ids.has(c.parent_id) && c.taxonomy_id === root.taxonomy_id) ids.add(c.id)
  return all.filter((c) => ids.has(c.id))
}

const siblingsAt = (all: CategoryItem[], parent: CategoryItem | null) => all.filter((c) => (parent ? c.parent_id === parent.id : c.parent_id === null))

/** `position` counts from 1 among the siblings at the destination, the category itself left out. */
export async function moveCategoryTo(db: D1Database, operator: Operator, all: CategoryItem[], category: CategoryItem, to: { parentId: number | null; position: number }, token: string) {
  const parent = to.parentId === null ? null : all.find((c) => c.id === to.parentId)
  if (parent === undefined) throw new CategoryRefused('category_parent_unknown')
  // a top level category is a taxonomy of its own: it is ordered among the top level, never put inside another
  if ((parent === null) !== (category.parent_id === null)) throw new CategoryRefused('category_level', { name: category.name })
  const moved = subtreeOf(all, category)
  if (parent && moved.some((c) => c.id === parent.id)) throw new CategoryRefused('category_into_itself', { name: category.name })
  const others = siblingsAt(all, parent).filter((c) => c.id !== category.id)
  if (!Number.isInteger(to.position) || to.position < 1 || to.position > others.length + 1) throw new CategoryRefused('category_position_invalid', { max: others.length + 1 })
  const order = others.map((c) => c.id)
  order.splice(to.position - 1, 0, category.id)
  const where = (p: CategoryItem | null, ids: number[]) => ({ parent: p ? p.permalink : null, position: ids.indexOf(category.id) + 1 })
  const oldParent = all.find((c) => c.id === category.parent_id) ?? null
  const before = where(oldParent, siblingsAt(all, oldParent).map((c) => c.id))
  const statements: D1PreparedStatement[] = []
  if (parent === null) {
    const taxonomies = order.map((id) => all.find((c) => c.id === id)!.taxonomy_id)
    statements.push(taxonomyOrderStatement(db, taxonomies))
  } else {
    const shift = parent.depth + 1 - category.depth
    statements.push(...taxonMoveStatements(db, category.id, moved.map((c) => c.id), parent, shift), taxonOrderStatement(db, order))
    // the tree after the move, each parent's children in their new order, numbered in the same batch
    const after = all.map((c) => (c.id === category.id ? { ...c, parent_id: parent.id, taxonomy_id: parent.taxonomy_id } : moved.includes(c) ? { ...c, taxonomy_id: parent.taxonomy_id } : c))
    const rank = (c: CategoryItem) => (c.parent_id === parent.id ? order.indexOf(c.id) : c.position)
    for (const taxonomyId of new Set([parent.taxonomy_id, category.taxonomy_id])) {
      const members = after.filter((c) => c.taxonomy_id === taxonomyId)
      const rows: Array<{ id: number; parent_id: number | null }> = []
      const walk = (p: number | null) => {
        for (const c of members.filter((m) => m.parent_id === p).sort((a, b) => rank(a) - rank(b) || members.indexOf(a) - members.indexOf(b))) {
          rows.push({ id: c.id, parent_id: c.parent_id })
          walk(c.id)
        }
      }
      walk(null)
      statements.push(...nestedSetStatements(db, taxonomyId, rows))
    }
    // the old taxonomy's ancestors lost the moved products from their listings
    if (parent.taxonomy_id !== category.taxonomy_id) statements.push(...listingRowsStatements(db, category.taxonomy_id))
  }
  statements.push(
    auditStatement(db, operator, 'taxon.move', { type: 'taxon', id: category.id }, { permalink: category.permalink, ...before }, { permalink: category.permalink, ...where(parent, order) }),
    spendFormStatement(db, token, operator, DONE),
  )
  await db.batch(statements)
}

/**
 * Deletes a category holding no product and no sub-category (a top-level one with its taxonomy). The checks are said
 * first, with the counts; the statements repeat them, so a product put into it meanwhile keeps it (nothing deleted).
 */
export async function deleteCategory(db: D1Database, operator: Operator, all: CategoryItem[], category: CategoryItem, token: string) {
  const children = all.filter((c) => c.parent_id === category.id).length
  if (category.products > 0) throw new CategoryRefused('category_has_products', { name: category.name, count: category.products })
  if (children > 0) throw new CategoryRefused('category_has_children', { name: category.name, count: children })
  const { results } = await db
    .prepare(`SELECT COUNT(*) AS n FROM taxons WHERE id = ?1 AND ${TAXON_EMPTY}`)
    .bind(category.id)
    .all<{ n: number }>()
  if (results[0]!.n === 0) throw new CategoryRefused('category_has_products', { name: category.name, count: 1 })
  await db.batch([
    ...taxonDeleteStatements(db, category),
    auditStatementWhen(db, 'NOT EXISTS (SELECT 1 FROM taxons WHERE id = ?)', operator, 'taxon.delete', { type: 'taxon', id: category.id }, { permalink: category.permalink, name: category.name, name_de: category.name_de }, null, [category.id]),
    spendFormStatement(db, token, operator, DONE),
  ])
}
