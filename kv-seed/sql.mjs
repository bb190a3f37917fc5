// Rows → SQL statements for D1. Values are inlined (no bindings) so the same statements go into a .sql file for
// `wrangler d1 execute --file` and into `env.DB.batch` in tests.
import { generateCatalogue, DEFAULT_PRODUCT_COUNT } from './catalogue.mjs'
import { generateContent } from './content.mjs'
import { generateCountries, generateStore } from './countries.mjs'
import { MENUS, referenceStatements } from './reference.mjs'
import { allFacetRefreshStatements } from '../worker/backend/catalogue/facet-counts-sql.mjs'
import { productPricesInsert } from '../worker/backend/catalogue/product-prices-sql.mjs'
import { sampleGuideLinkStatements } from './size-guides.mjs'

/** Bump when the generated rows change, so `load.mjs` regenerates SQL files written by an older generator. */
export const SEED_VERSION = 13

/** Insert order (parents first); deletes run in reverse. */
export const SEED_TABLES = [
  'store', 'countries', 'country_translations', 'states',
  'taxonomies', 'taxons', 'taxon_translations',
  'option_types', 'option_type_translations', 'option_values', 'option_value_translations',
  'properties', 'property_translations',
  'products', 'product_translations', 'variants', 'prices', 'product_option_types', 'variant_option_values',
  'product_images', 'product_image_translations', 'product_properties', 'product_property_translations', 'classifications',
  'cms_pages', 'cms_sections', 'menus', 'menu_items', 'banners',
]
const DERIVED_TABLES = ['facet_counts', 'facet_price_counts', 'facet_scopes', 'product_prices', 'product_option_values', 'products_fts']

/**
 * Tables derived from the catalogue for fast listings and search. Run after any change to products, variants,
 * prices, option values, properties or classifications (the seed runs them after loading).
 */
export const DERIVED_SQL = [
  `DELETE FROM product_prices`,
  productPricesInsert(null),
  `DELETE FROM product_option_values`,
  `INSERT INTO product_option_values (option_value_id, product_id)
   SELECT DISTINCT vov.option_value_id, v.product_id FROM variant_option_values vov JOIN variants v ON v.id = vov.variant_id
   WHERE v.deleted_at IS NULL`,
  `DELETE FROM products_fts`,
  // The rowid carries the product and the locale: product_id * 2 for English, + 1 for German (migration 0003).
  `INSERT INTO products_fts (rowid, name, description, keywords)
   SELECT p.id * 2, p.name, COALESCE(p.description, ''),
     COALESCE((SELECT group_concat(pp.value, ' ') FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id
               WHERE pp.product_id = p.id AND pr.name IN ('brand', 'material')), '') || ' ' ||
     COALESCE((SELECT group_concat(t.name, ' ') FROM classifications c JOIN taxons t ON t.id = c.taxon_id WHERE c.product_id = p.id), '')
   FROM products p WHERE p.deleted_at IS NULL`,
  `INSERT INTO products_fts (rowid, name, description, keywords)
   SELECT p.id * 2 + 1, COALESCE(pt.name, p.name), COALESCE(pt.description, p.description, ''),
     COALESCE((SELECT group_concat(COALESCE(ppt.value, pp.value), ' ') FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id
               LEFT JOIN product_property_translations ppt ON ppt.product_property_id = pp.id AND ppt.locale = 'de'
               WHERE pp.product_id = p.id AND pr.name IN ('brand', 'material')), '') || ' ' ||
     COALESCE((SELECT group_concat(COALESCE(tt.name, t.name), ' ') FROM classifications c JOIN taxons t ON t.id = c.taxon_id
               LEFT JOIN taxon_translations tt ON tt.taxon_id = t.id AND tt.locale = 'de' WHERE c.product_id = p.id), '')
   FROM products p LEFT JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = 'de' WHERE p.deleted_at IS NULL`,
  // Fresh statistics for the query planner after a bulk load.
  `PRAGMA optimize`,
]

export function sqlValue(value) {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL'
  if (typeof value === 'boolean') return value ? '1' : '0'
  return `'${String(value).replace(/'/g, "''")}'`
}

/** Multi-row INSERTs of at most `maxRows` rows and about `maxBytes` characters each (D1 caps statement size). */
export function* insertStatements(name, { columns, rows }, { maxRows = 400, maxBytes = 80_000 } = {}) {
  const head = `INSERT INTO ${name} (${columns.join(', ')}) VALUES\n`
  let values = []
  let size = head.length
  for (const row of rows) {
    const tuple = `(${row.map(sqlValue).join(', ')})`
    if (values.length > 0 && (values.length >= maxRows || size + tuple.length > maxBytes)) {
      yield head + values.join(',\n')
      values = []
      size = head.length
    }
    values.push(tuple)
    size += tuple.length + 2
  }
  if (values.length > 0) yield head + values.join(',\n')
}

/** Every row of the sample store, by table. */
export function generateSeed({ products = DEFAULT_PRODUCT_COUNT } = {}) {
  const catalogue = generateCatalogue({ products })
  const taxonIds = new Map(catalogue.taxons.rows.map((row) => [row[4], row[0]]))
  return { ...generateStore(), ...generateCountries(), ...catalogue, ...generateContent(taxonIds) }
}

/** Rows the reference data owns (kv-seed/reference.mjs): the sample leaves them out or fills them in, never duplicates them. */
const REFERENCE_TABLES = new Set(['store', 'countries', 'country_translations', 'states', 'cms_pages', 'menus'])

/** Tables whose sample rows are listed in `sample_records` (migration 0305), so `npm run sample:remove` finds them. */
export const SAMPLE_RECORDED = ['products', 'taxonomies', 'taxons', 'option_types', 'option_values', 'properties', 'cms_pages', 'cms_sections', 'banners', 'menu_items']

/**
 * The sample catalogue over the reference data (which must be loaded first): its products, categories, content and
 * menus, the store's settings where they are still empty, the legal pages' texts where they are still drafts, and the
 * list of what it wrote (`sample_records`). Derived tables included.
 */
export function* seedStatements(seed) {
  if (seed.store) {
    const { columns, rows } = seed.store
    const keep = columns.filter((c) => c !== 'id').map((c) => `${c} = COALESCE(NULLIF(store.${c}, ''), excluded.${c})`)
    yield `INSERT INTO store (${columns.join(', ')}) VALUES (${rows[0].map(sqlValue).join(', ')}) ON CONFLICT (id) DO UPDATE SET ${keep.join(', ')}`
  }
  // The reference's menus are empty: the sample's take their place (a menu the shop has filled is kept).
  for (const [location, locale] of MENUS) {
    yield `DELETE FROM menus WHERE location = ${sqlValue(location)} AND locale = ${sqlValue(locale)}
      AND NOT EXISTS (SELECT 1 FROM menu_items i WHERE i.menu_id = menus.id AND i.parent_id IS NOT NULL)`
  }
  for (const name of SEED_TABLES) {
    if (!seed[name] || (REFERENCE_TABLES.has(name) && name !== 'cms_pages' && name !== 'menus')) continue
    if (name !== 'cms_pages') {
      yield* insertStatements(name, seed[name])
      continue
    }
    // A page the reference holds as a draft (the legal pages) takes the sample's text and is published; a page the
    // shop has published keeps its own.
    const set = ['title', 'content', 'meta_title', 'meta_description', 'updated_at'].map((c) => `${c} = excluded.${c}`).join(', ')
    for (const statement of insertStatements(name, seed[name])) {
      yield `${statement}\nON CONFLICT (slug, locale) DO UPDATE SET ${set}, visible = 1 WHERE cms_pages.visible = 0`
    }
  }
  for (const name of SAMPLE_RECORDED) {
    if (!seed[name]) continue
    const ids = seed[name].rows.map((row) => Number(row[seed[name].columns.indexOf('id')]))
    // only rows that exist: a legal page the sample filled in kept the reference's id and is not the sample's; in
    // lists of 5,000 ids, as D1 refuses a statement over 100 KB (SQLITE_TOOBIG on the 50,000-product bench catalogue)
    for (let at = 0; at < ids.length; at += 5000) {
      yield `INSERT OR IGNORE INTO sample_records (table_name, row_id) SELECT '${name}', id FROM ${name} WHERE id IN (${ids.slice(at, at + 5000).join(', ')})`
    }
  }
  // the sample's categories take the reference's size guides (kv-seed/size-guides.mjs)
  yield* sampleGuideLinkStatements()
  yield* DERIVED_SQL
  const taxonIds = (seed.taxons?.rows ?? []).map((row) => Number(row[seed.taxons.columns.indexOf('id')]))
  yield* allFacetRefreshStatements(taxonIds, SEED_PRICE_BUCKETS)
}

/**
 * The price buckets of spec §9 (PRICE_FILTER_BUCKETS in kernel/config.ts) in cents, for the precomputed facet counts
 * the seed writes; tests/backend/facet-counts.test.ts checks they match.
 */
export const SEED_PRICE_BUCKETS = [[0, 5099], [5100, 10099], [10100, 15099], [15100, 20099], [20100, 30099]]

/** Statements that empty every seeded table (children first), for `load.mjs --force`; the reference data is loaded again after. */
export function clearStatements() {
  return [...DERIVED_TABLES, 'sample_records', ...[...SEED_TABLES].reverse()].map((name) => `DELETE FROM ${name}`)
}

/** What `npm start` loads: the reference data, then the sample over it (tests load the same). */
export function defaultSeedStatements(options) {
  return [...referenceStatements(), ...seedStatements(generateSeed(options))]
}
