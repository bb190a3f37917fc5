// Removes the sample catalogue in one step (issue 40 point 2, decision 0030): `npm run sample:remove -- --local|--remote`.
// What a real shop would do with stock it never meant to sell: a sample product someone has bought (a completed order
// holds it) is archived, so the order, its invoice and any return still read it; every other sample product is deleted
// with its variants, pictures and open cart lines. Sample categories go unless the shop has put its own products or
// categories in them; the sample's pages, banners and menu items go; a legal page or a store setting still holding the
// sample's text goes back to the reference draft or empty. The reference data stays. Running it twice changes nothing.
import { PAGES } from './content-pages.mjs'
import { generateStore } from './countries.mjs'
import { LEGAL_PAGES } from './reference.mjs'
import { DERIVED_SQL, SAMPLE_RECORDED, sqlValue } from './sql.mjs'

/** The store row's NOT NULL text columns: empty is '' there, NULL in the rest. */
const EMPTY_AS_TEXT = new Set(['name', 'url', 'legal_name', 'abn', 'return_address', 'logo_url'])

const sample = (table) => `(SELECT row_id FROM sample_records WHERE table_name = '${table}')`
/** Products a completed order holds: kept, archived. */
const SOLD = `(SELECT v.product_id FROM variants v JOIN line_items li ON li.variant_id = v.id JOIN orders o ON o.id = li.order_id WHERE o.completed_at IS NOT NULL)`
const UNSOLD = `(SELECT row_id FROM sample_records WHERE table_name = 'products' AND row_id NOT IN ${SOLD})`
const UNSOLD_VARIANTS = `(SELECT id FROM variants WHERE product_id IN ${UNSOLD})`
/** Sample categories (whole top-level categories) that hold none of the shop's own categories or live products. */
const REMOVABLE_TAXONOMIES = `(SELECT row_id FROM sample_records WHERE table_name = 'taxonomies' AND row_id NOT IN (
  SELECT t.taxonomy_id FROM taxons t WHERE t.id NOT IN ${sample('taxons')}
    OR EXISTS (SELECT 1 FROM classifications c JOIN products p ON p.id = c.product_id WHERE c.taxon_id = t.id AND p.deleted_at IS NULL)))`
const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`

/** The statements, in order; `by` names who asked (the audit entry's author). Facet counts are recounted after (load.mjs). */
export function sampleRemovalStatements({ by = 'npm run sample:remove' } = {}) {
  const statements = [
    // the audit entry first, with what is about to happen
    `INSERT INTO audit_log (admin_email, action, subject_type, subject_id, before_json, after_json)
     SELECT ${sqlValue(by)}, 'sample.remove', 'store', '1',
       json_object('sample_products', (SELECT count(*) FROM products WHERE id IN ${sample('products')} AND deleted_at IS NULL)),
       json_object('deleted_products', (SELECT count(*) FROM products WHERE id IN ${UNSOLD}),
                   'archived_products', (SELECT count(*) FROM products WHERE id IN ${sample('products')} AND id IN ${SOLD} AND deleted_at IS NULL))
     -- (only when there is something left to remove: a second run writes nothing)
     WHERE EXISTS (SELECT 1 FROM products WHERE id IN ${UNSOLD})
        OR EXISTS (SELECT 1 FROM products WHERE id IN ${sample('products')} AND id IN ${SOLD} AND deleted_at IS NULL)
        OR EXISTS (SELECT 1 FROM cms_pages WHERE id IN ${sample('cms_pages')})`,
    `UPDATE products SET deleted_at = ${NOW}, updated_at = ${NOW} WHERE id IN ${sample('products')} AND id IN ${SOLD} AND deleted_at IS NULL`,
    // unsold: only open carts and wishlists can hold them
    `DELETE FROM line_items WHERE variant_id IN ${UNSOLD_VARIANTS} AND order_id IN (SELECT id FROM orders WHERE completed_at IS NULL)`,
    `DELETE FROM wished_items WHERE variant_id IN ${UNSOLD_VARIANTS}`,
    `DELETE FROM variants WHERE product_id IN ${UNSOLD}`,
    `DELETE FROM products WHERE id IN ${UNSOLD}`,
    `DELETE FROM taxons WHERE taxonomy_id IN ${REMOVABLE_TAXONOMIES}`,
    `DELETE FROM taxonomies WHERE id IN ${REMOVABLE_TAXONOMIES}`,
    `DELETE FROM option_values WHERE id IN ${sample('option_values')} AND id NOT IN (SELECT option_value_id FROM variant_option_values)
       AND id NOT IN (SELECT option_value_id FROM product_images WHERE option_value_id IS NOT NULL)`,
    `DELETE FROM option_types WHERE id IN ${sample('option_types')} AND id NOT IN (SELECT option_type_id FROM product_option_types)
       AND id NOT IN (SELECT option_type_id FROM option_values)`,
    `DELETE FROM properties WHERE id IN ${sample('properties')} AND id NOT IN (SELECT property_id FROM product_properties)`,
    `DELETE FROM cms_pages WHERE id IN ${sample('cms_pages')}`,
    `DELETE FROM banners WHERE id IN ${sample('banners')}`,
    // a menu holding only the sample's items is emptied (its root stays); one the shop has added to is left whole
    `DELETE FROM menu_items WHERE parent_id IS NOT NULL AND NOT EXISTS (
       SELECT 1 FROM menu_items o WHERE o.menu_id = menu_items.menu_id AND o.parent_id IS NOT NULL AND o.id NOT IN ${sample('menu_items')})`,
    `UPDATE menu_items SET lft = 1, rgt = 2 WHERE parent_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM menu_items o WHERE o.menu_id = menu_items.menu_id AND o.parent_id IS NOT NULL)`,
  ]
  // legal pages still holding the sample's words go back to the reference's drafts
  for (const page of PAGES.filter((p) => LEGAL_PAGES[p.slug])) {
    for (const locale of ['en', 'de']) {
      const draft = LEGAL_PAGES[page.slug][locale]
      statements.push(
        `UPDATE cms_pages SET title = ${sqlValue(draft.title)}, content = ${sqlValue(draft.content)}, meta_title = ${sqlValue(draft.title)}, meta_description = NULL, visible = 0, updated_at = ${NOW}
         WHERE slug = ${sqlValue(page.slug)} AND locale = '${locale}' AND content IS ${sqlValue(page[locale].content ?? null)}`,
      )
    }
  }
  // store settings still holding the sample's values are emptied (the shop's own are kept): '' where the column is
  // NOT NULL (migrations 0001 and 0300), NULL elsewhere, as the reference data leaves them
  const { columns, rows } = generateStore().store
  for (const [i, column] of columns.entries()) {
    if (column === 'id' || /^(default_|supported_)/.test(column)) continue
    statements.push(`UPDATE store SET ${column} = ${EMPTY_AS_TEXT.has(column) ? "''" : 'NULL'} WHERE id = 1 AND ${column} IS ${sqlValue(rows[0][i])}`)
  }
  // what is left of the sample stays listed (archived products, kept categories), so a second run finds the same
  for (const table of SAMPLE_RECORDED) statements.push(`DELETE FROM sample_records WHERE table_name = '${table}' AND row_id NOT IN (SELECT id FROM ${table})`)
  statements.push(`DELETE FROM facet_counts WHERE taxon_id != 0 AND taxon_id NOT IN (SELECT id FROM taxons)`, `DELETE FROM facet_scopes WHERE taxon_id != 0 AND taxon_id NOT IN (SELECT id FROM taxons)`)
  statements.push(...DERIVED_SQL)
  return statements
}
