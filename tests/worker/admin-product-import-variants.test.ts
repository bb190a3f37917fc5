import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createProduct } from '#tests/factories/catalogue.ts'
import { auditOf, operator } from './admin-helpers.ts'
import { get } from './helpers.ts'

/**
 * Issue 40 point 3: the product CSV creates products with options, one line per variant (docs/console.md 'Products
 * with options'), by the rules and the statements of 'New product'; a dry run first, changing nothing.
 */

const HEADER =
  'slug,name,name_de,description,status,categories,option1_name,option1_value,option2_name,option2_value,sku,price_aud,sale_aud,rrp_aud,club_aud,price_usd,sale_usd,rrp_usd,club_usd,stock'

/** 2 colours × 3 sizes: red is on sale in AUD, every size has its own stock. */
const jacket = (slug: string, sku: string, edit: (cells: string[], i: number) => string[] = (c) => c) =>
  [
    HEADER,
    ...[
      `${slug},Harbour Rain Jacket,Hafen-Regenjacke,Light and packable.,active,harbour/jackets,Colour / Farbe,Red,Size / Größe,S,${sku}-RED-S,149.95,119.95,179.95,109.95,99.95,,,89.95,5`,
      `${slug},,,,,,,Red,,M,${sku}-RED-M,149.95,119.95,179.95,109.95,99.95,,,89.95,7`,
      `${slug},,,,,,,Red,,L,${sku}-RED-L,149.95,119.95,179.95,109.95,99.95,,,89.95,2`,
      `${slug},,,,,,,Glacier / Gletscher #5fa8d3,,S,${sku}-GLA-S,149.95,,,134.95,99.95,,,89.95,0`,
      `${slug},,,,,,,Glacier / Gletscher #5fa8d3,,M,${sku}-GLA-M,149.95,,,134.95,99.95,,,89.95,4`,
      `${slug},,,,,,,Glacier / Gletscher #5fa8d3,,L,${sku}-GLA-L,149.95,,,134.95,99.95,,,89.95,1`,
    ].map((line, i) => edit(line.split(','), i).join(',')),
  ].join('\n')

async function check(b: Awaited<ReturnType<typeof operator>>['b'], csv: string) {
  const form = new FormData()
  form.append('file', new File([csv], 'variants.csv', { type: 'text/csv' }))
  const res = await b.upload('/admin/products/import', form)
  expect(res.status, res.body.slice(0, 500)).toBe(303)
  return Number(res.location!.split('/').pop())
}

const jobOf = (id: number) => env.DB.prepare('SELECT * FROM import_jobs WHERE id = ?').bind(id).first<{ status: string; applied_rows: number; new_rows: number; changed_rows: number; unchanged_rows: number; error_rows: number }>()
const rowsOf = (id: number) => env.DB.prepare('SELECT line, outcome, message, message_de FROM import_rows WHERE job_id = ? ORDER BY line').bind(id).all<{ line: number; outcome: string; message: string; message_de: string | null }>().then((r) => r.results)

async function applied(id: number) {
  for (let i = 0; i < 150; i++) {
    if ((await jobOf(id))!.status === 'done') return jobOf(id)
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`import ${id} did not finish: ${JSON.stringify(await jobOf(id))}`)
}

/** Everything an import could write, counted. */
const storeCounts = async () => {
  const tables = ['products', 'variants', 'prices', 'option_types', 'option_values', 'variant_option_values', 'classifications', 'audit_log']
  const rows = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${t}`)))
  return Object.fromEntries(tables.map((t, i) => [t, (rows[i]!.results[0] as { n: number }).n])) as Record<string, number>
}

async function setUp() {
  // the store has Colour (with Red) and the category; Size, Glacier and the product's variants are new
  await env.DB.prepare("INSERT OR IGNORE INTO option_types (name, presentation) VALUES ('color', 'Colour')").run()
  await env.DB.prepare("INSERT OR IGNORE INTO option_values (option_type_id, name, presentation, image_preview) SELECT id, 'red', 'Red', '#c0392b' FROM option_types WHERE name = 'color' AND NOT EXISTS (SELECT 1 FROM option_values v WHERE v.option_type_id = option_types.id AND v.name = 'red')").run()
  if (!(await env.DB.prepare("SELECT 1 FROM taxons WHERE permalink = 'harbour/jackets'").first())) {
    const taxonomy = await env.DB.prepare("INSERT INTO taxonomies (name) VALUES ('harbour') RETURNING id").first<{ id: number }>()
    await env.DB.prepare("INSERT INTO taxons (taxonomy_id, name, permalink, lft, rgt, depth, updated_at) VALUES (?, 'Jackets', 'harbour/jackets', 1, 2, 1, '2026-01-01T00:00:00Z')").bind(taxonomy!.id).run()
  }
}

describe('product CSV: products with options', () => {
  it('a dry run of a 2 colours × 3 sizes product says per line what it would create (en/de) and changes nothing; applying creates it with its prices and stock; the same file again changes nothing', async () => {
    const { b } = await operator()
    await setUp()
    const csv = jacket('harbour-rain-jacket', 'HRJ')
    const before = await storeCounts()
    const jobId = await check(b, csv)
    expect(await storeCounts()).toEqual(before)
    expect(await jobOf(jobId)).toMatchObject({ status: 'checked', new_rows: 6, changed_rows: 0, error_rows: 0 })
    const rows = await rowsOf(jobId)
    expect(rows[0]).toMatchObject({ line: 2, outcome: 'new' })
    expect(rows[0]!.message).toBe('New product “Harbour Rain Jacket” (active) with 6 variants; creates Colour Glacier, Size, Size S, Size M, Size L. Red / S: SKU HRJ-RED-S, stock 5.')
    expect(rows[0]!.message_de).toBe('Neues Produkt „Hafen-Regenjacke“ (aktiv) mit 6 Varianten; legt an: Colour Glacier, Size, Size S, Size M, Size L. Red / S: Artikelnummer HRJ-RED-S, Bestand 5.')
    expect(rows[4]).toMatchObject({ line: 6, outcome: 'new', message: 'Glacier / M: SKU HRJ-GLA-M, stock 4.', message_de: 'Glacier / M: Artikelnummer HRJ-GLA-M, Bestand 4.' })
    const page = (await b.get(`/admin/products/import/${jobId}`)).body.replace(/<!-- -->/g, '')
    expect(page).toContain('<span lang="de" class')
    expect(page).toContain('Glacier / M: Artikelnummer HRJ-GLA-M, Bestand 4.')
    expect(page).toContain('Apply 6 rows')

    expect((await b.post(`/admin/products/import/${jobId}/apply`, {})).status).toBe(303)
    expect(await applied(jobId)).toMatchObject({ status: 'done', applied_rows: 6 })
    const product = await env.DB.prepare("SELECT id, available_on FROM products WHERE slug = 'harbour-rain-jacket'").first<{ id: number; available_on: string | null }>()
    expect(product!.available_on).not.toBeNull()
    const variants = await env.DB.prepare(
      `SELECT v.sku, v.stock_on_hand AS stock, a.amount_cents AS aud, a.compare_at_cents AS aud_was, a.member_cents AS aud_club, u.amount_cents AS usd,
         (SELECT group_concat(ov.presentation, ' / ') FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id WHERE vov.variant_id = v.id) AS options
       FROM variants v JOIN prices a ON a.variant_id = v.id AND a.currency = 'AUD' JOIN prices u ON u.variant_id = v.id AND u.currency = 'USD'
       WHERE v.product_id = ? AND v.is_master = 0 ORDER BY v.position`,
    ).bind(product!.id).all()
    expect(variants.results).toHaveLength(6)
    // red's sale: 119.95 paid, the RRP (above the price) struck through; glacier at its price with a Club Price
    expect(variants.results[1]).toMatchObject({ sku: 'HRJ-RED-M', stock: 7, aud: 11995, aud_was: 17995, aud_club: 10995, usd: 9995 })
    expect(variants.results[5]).toMatchObject({ sku: 'HRJ-GLA-L', stock: 1, aud: 14995, aud_was: null, aud_club: 13495, usd: 9995 })
    expect(String(variants.results[1]!.options).split(' / ').sort()).toEqual(['M', 'Red'])
    // Red is the store's own value (not made again); Glacier is new with its German name and swatch
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM option_values WHERE name = 'red'").first('n')).toBe(1)
    expect(await env.DB.prepare("SELECT ov.image_preview, t.presentation AS de FROM option_values ov JOIN option_value_translations t ON t.option_value_id = ov.id AND t.locale = 'de' WHERE ov.name = 'glacier'").first()).toEqual({ image_preview: '#5fa8d3', de: 'Gletscher' })
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM classifications c JOIN taxons t ON t.id = c.taxon_id WHERE c.product_id = ? AND t.permalink = 'harbour/jackets'").bind(product!.id).first('n')).toBe(1)
    expect((await auditOf('product.import')).find((a) => a.subject_id === String(product!.id))!.after).toMatchObject({ slug: 'harbour-rain-jacket', status: 'active' })
    const shop = await (await get('/de/products/harbour-rain-jacket')).text()
    expect(shop).toContain('Hafen-Regenjacke')

    // the same file again: every line unchanged (matched by SKU), nothing to apply
    const again = await check(b, csv)
    expect(await jobOf(again)).toMatchObject({ new_rows: 0, changed_rows: 0, error_rows: 0, unchanged_rows: 6 })
    // an edited stock and sale price change that variant only
    const edited = jacket('harbour-rain-jacket', 'HRJ', (c, i) => (i === 1 ? [...c.slice(0, 12), '129.95', ...c.slice(13, 19), '9'] : c))
    const third = await check(b, edited)
    expect(await jobOf(third)).toMatchObject({ changed_rows: 1, unchanged_rows: 5, error_rows: 0 })
    expect((await rowsOf(third)).find((r) => r.outcome === 'changed')!.message).toBe('SKU HRJ-RED-M: price_aud 119.95 → 129.95; stock 7 → 9')
    expect((await b.post(`/admin/products/import/${third}/apply`, {})).status).toBe(303)
    await applied(third)
    expect(await env.DB.prepare("SELECT v.stock_on_hand AS stock, p.amount_cents AS aud FROM variants v JOIN prices p ON p.variant_id = v.id AND p.currency = 'AUD' WHERE v.sku = 'HRJ-RED-M'").first()).toEqual({ stock: 9, aud: 12995 })
  })

  it('refuses bad lines with their line numbers in English and German; a refused line leaves its whole product out, and the store as it was', async () => {
    const { b } = await operator()
    await setUp()
    const taken = await createProduct()
    const csv = jacket('storm-shell', 'STS', (c, i) => {
      if (i === 2) return [...c.slice(0, 14), '160.00', ...c.slice(15)] // Club Price above the price (line 4)
      if (i === 4) return [...c.slice(0, 10), taken.sku, ...c.slice(11)] // another product's SKU (line 6)
      return c
    })
    const before = await storeCounts()
    const jobId = await check(b, `${csv}\nlonely-cap,Lonely Cap,,,draft,,Colour,Red,,,CAP-RED,29.95,,,,19.95,,,,3\nmissing-one,Missing One,,,draft,,Colour,Red,Size,S,MIS-1,10.00,,,,8.00,,,,1\nmissing-one,,,,,,,Glacier,,M,MIS-2,10.00,,,,8.00,,,,1\ntoo-dear,Too Dear,,,draft,,,,,,DEAR-1,1000000.00,,,,10.00,,,,1`)
    expect(await storeCounts()).toEqual(before)
    expect(await jobOf(jobId)).toMatchObject({ new_rows: 1, error_rows: 9 })
    const rows = await rowsOf(jobId)
    const at = (line: number) => rows.find((r) => r.line === line)!
    expect(at(4)).toMatchObject({ outcome: 'error', message: 'Red / L: the AUD Club Price must be below the price shoppers pay.', message_de: 'Red / L: Der Club-Preis in AUD muss unter dem Preis liegen, den Kundinnen und Kunden zahlen.' })
    expect(at(6)).toMatchObject({ outcome: 'error', message: `Another product already has the SKU ${taken.sku}: give this variant its own.`, message_de: `Ein anderes Produkt hat schon die Artikelnummer ${taken.sku}: Geben Sie dieser Variante eine eigene.` })
    expect(at(2)).toMatchObject({ outcome: 'error', message: 'Not imported: storm-shell is refused as a whole (line 4, 6).', message_de: 'Nicht importiert: storm-shell wird als Ganzes abgelehnt (Zeile 4, 6).' })
    expect(at(8)).toMatchObject({ outcome: 'new' })
    expect(at(9)).toMatchObject({ outcome: 'error', message: 'missing-one needs one line for each combination of its options; missing: Red / M, Glacier / S.', message_de: 'missing-one braucht eine Zeile für jede Kombination seiner Optionen; es fehlen: Red / M, Glacier / S.' })
    // a product without options (one line) by the same rules: the most a card can be charged
    expect(at(11)).toMatchObject({ outcome: 'error', message: 'Too Dear: AUD amounts can be at most $999,999.99 (the most a card can be charged at once).' })
    expect(at(10)).toMatchObject({ outcome: 'error', message: 'Not imported: missing-one is refused as a whole (line 9).' })
    const page = (await b.get(`/admin/products/import/${jobId}?show=error`)).body.replace(/<!-- -->/g, '')
    expect(page).toMatch(/>4<\/td><td[^>]*>storm-shell</)
    expect(page).toContain('Der Club-Preis in AUD muss unter dem Preis liegen')

    expect((await b.post(`/admin/products/import/${jobId}/apply`, {})).status).toBe(303)
    expect(await applied(jobId)).toMatchObject({ status: 'done', applied_rows: 1 })
    expect(await env.DB.prepare("SELECT id FROM products WHERE slug = 'storm-shell'").first()).toBeNull()
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM variants WHERE sku LIKE 'STS-%'").first('n')).toBe(0)
    // the draft cap landed; nothing of the refused product did (no new option values or types for it)
    const after = await storeCounts()
    expect(after.products! - before.products!).toBe(1)
    expect(after.option_values! - before.option_values!).toBe(0)
    expect(after.option_types! - before.option_types!).toBe(0)
  })
})
