import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { applyChunk, CHUNK_ROWS, handleImportBatch, IMPORT_ATTEMPTS, type ImportChunk } from '#worker/admin/import-apply.ts'
import type { Env } from '#worker/env.ts'
import { createProduct, createSizedProduct } from '#tests/factories/catalogue.ts'
import { auditOf, operator } from './admin-helpers.ts'
import { get } from './helpers.ts'

const HEADER = 'slug,name,name_de,sku,price_aud,rrp_aud,club_aud,price_usd,stock,categories'

async function category(permalink: string) {
  const taxonomy = await env.DB.prepare('INSERT INTO taxonomies (name) VALUES (?) RETURNING id').bind(permalink).first<{ id: number }>()
  await env.DB.prepare("INSERT INTO taxons (taxonomy_id, name, permalink, lft, rgt, depth, updated_at) VALUES (?, ?, ?, 1, 2, 1, '2026-01-01T00:00:00Z')").bind(taxonomy!.id, permalink, permalink).run()
}

async function check(b: Awaited<ReturnType<typeof operator>>['b'], csv: string, name = 'products.csv') {
  const form = new FormData()
  form.append('file', new File([csv], name, { type: 'text/csv' }))
  return b.upload('/admin/products/import', form)
}

const jobOf = (id: number) => env.DB.prepare('SELECT * FROM import_jobs WHERE id = ?').bind(id).first<{ status: string; applied_rows: number; new_rows: number; changed_rows: number; unchanged_rows: number; error_rows: number }>()

/** The import queue is consumed by this worker in the background: wait for the job to finish. */
async function applied(id: number) {
  for (let i = 0; i < 150; i++) {
    if ((await jobOf(id))!.status === 'done') return jobOf(id)
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`import ${id} did not finish: ${JSON.stringify(await jobOf(id))}`)
}

const priceOf = (productId: number) =>
  env.DB.prepare("SELECT p.amount_cents, p.member_cents FROM prices p JOIN variants v ON v.id = p.variant_id AND v.is_master = 1 WHERE v.product_id = ? AND p.currency = 'AUD'").bind(productId).first()
/** The listing's copy (product_prices), which the import keeps in step. */
const listedOf = (productId: number) => env.DB.prepare("SELECT amount_cents, member_cents FROM product_prices WHERE product_id = ? AND currency = 'AUD'").bind(productId).first()

/**
 * Issue 14 item 4: each size's prices, stock and backorderable on its own line, keyed by SKU. First in the file: the
 * factories' ids run on from where imported products (autoincrement) would land.
 */
describe('product CSV: sizes priced apart', () => {
  const FULL = 'slug,name,name_de,description,description_de,available_on,discontinue_on,sku,size,price_aud,rrp_aud,club_aud,price_usd,rrp_usd,club_usd,stock,backorderable,categories'
  const tent = (name: string, xxl = { amount: 13000, compareAt: 15000, member: 10000 }) =>
    createSizedProduct(
      [
        { size: 'S', prices: { AUD: { amount: 10000, compareAt: 12000, member: 8000 }, USD: { amount: 7000, compareAt: 8000, member: 5600 } }, stock: 4 },
        { size: 'XXL', prices: { AUD: xxl, USD: { amount: 9000, compareAt: 9900, member: 7000 } }, stock: 2 },
      ],
      name,
    )
  const sizePrices = (variantId: number) => env.DB.prepare("SELECT amount_cents, compare_at_cents, member_cents FROM prices WHERE variant_id = ? AND currency = 'AUD'").bind(variantId).first()
  const listed = (productId: number) => env.DB.prepare("SELECT amount_cents, max_cents FROM product_prices WHERE product_id = ? AND currency = 'AUD'").bind(productId).first()
  const html = async (path: string) => (await (await get(path)).text()).replace(/<!-- -->/g, '')
  const jobIdOf = (res: { location?: string | null }) => Number(res.location!.split('/').pop())

  it('exports one line per size with its own prices, and the file imports back with no change', async () => {
    const { b } = await operator()
    const product = await tent('Csvround Dome Tent')
    const lines = (await b.get('/admin/products.csv')).body.trim().split('\r\n')
    const at = lines.findIndex((l) => l.startsWith(`${product.slug},Csvround Dome Tent,`))
    // the product's own line has no prices or stock (they are the sizes'); its sizes follow it
    expect(lines[at]).toBe(`${product.slug},Csvround Dome Tent,,,,2020-01-01,,${product.sku},,,,,,,,,,`)
    expect(lines[at + 1]).toBe(`${product.slug},,,,,,,${product.sku}-S,S,100.00,120.00,80.00,70.00,80.00,56.00,4,no,`)
    expect(lines[at + 2]).toBe(`${product.slug},,,,,,,${product.sku}-XXL,XXL,130.00,150.00,100.00,90.00,99.00,70.00,2,no,`)

    const again = await check(b, lines.join('\r\n'), 'export.csv')
    expect(await jobOf(jobIdOf(again))).toMatchObject({ new_rows: 0, changed_rows: 0, error_rows: 0, unchanged_rows: lines.length - 1 })
  })

  it("a dry run lists exactly the edited size's price; applying changes that size only and the storefront's 'from' price follows", async () => {
    const { b } = await operator()
    const product = await tent('Csvedit Dome Tent')
    const [small, xxl] = product.variants
    const csv = [FULL, `${product.slug},,,,,,,${product.sku}-S,S,110.00,120.00,80.00,70.00,80.00,56.00,4,no,`, `${product.slug},,,,,,,${product.sku}-XXL,XXL,130.00,150.00,100.00,90.00,99.00,70.00,2,no,`].join('\n')
    const jobId = jobIdOf(await check(b, csv))
    expect(await jobOf(jobId)).toMatchObject({ changed_rows: 1, unchanged_rows: 1, error_rows: 0 })
    const messages = (await env.DB.prepare("SELECT message FROM import_rows WHERE job_id = ? AND outcome = 'changed'").bind(jobId).all<{ message: string }>()).results
    expect(messages).toEqual([{ message: `SKU ${product.sku}-S: price_aud 100.00 → 110.00` }])
    expect((await b.get(`/admin/products/import/${jobId}`)).body).toContain(`SKU ${product.sku}-S: price_aud 100.00 → 110.00`)
    expect(await sizePrices(small!.id)).toEqual({ amount_cents: 10000, compare_at_cents: 12000, member_cents: 8000 })

    expect((await b.post(`/admin/products/import/${jobId}/apply`, {})).status).toBe(303)
    await applied(jobId)
    expect(await sizePrices(small!.id)).toEqual({ amount_cents: 11000, compare_at_cents: 12000, member_cents: 8000 })
    expect(await sizePrices(xxl!.id)).toEqual({ amount_cents: 13000, compare_at_cents: 15000, member_cents: 10000 })
    expect(await listed(product.productId)).toEqual({ amount_cents: 11000, max_cents: 13000 })
    expect(await html('/Category?term=Csvedit')).toMatch(/from \$110\.00/)
    const sizeOf = (await env.DB.prepare('SELECT option_value_id FROM variant_option_values WHERE variant_id = ?').bind(small!.id).first<{ option_value_id: number }>())!.option_value_id
    expect(await html(`/products/${product.slug}?size=${sizeOf}`)).toMatch(/SALE \$110\.00/)
    // audited as the console's price form does
    const entry = (await auditOf('variant.prices')).find((a) => a.after.variant_id === small!.id)
    expect(entry).toMatchObject({ subject_id: String(product.productId), before: { sku: `${product.sku}-S` } })
    expect(entry!.before.prices).toContainEqual({ currency: 'AUD', amount_cents: 10000, compare_at_cents: 12000, member_cents: 8000 })
    expect(entry!.after.prices).toContainEqual({ currency: 'AUD', amount_cents: 11000, compare_at_cents: 12000, member_cents: 8000 })
  })

  it('refuses a size line whose Club Price is not below its price, with its line number, and applies nothing of it', async () => {
    const { b } = await operator()
    const product = await tent('Csvbad Dome Tent')
    const [small, xxl] = product.variants
    const csv = [
      'slug,sku,price_aud,club_aud,stock',
      `${product.slug},${product.sku}-XXL,135.00,100.00,3`,
      `${product.slug},${product.sku}-S,100.00,100.00,9`,
    ].join('\n')
    const jobId = jobIdOf(await check(b, csv))
    expect(await jobOf(jobId)).toMatchObject({ changed_rows: 1, error_rows: 1 })
    expect((await b.get(`/admin/products/import/${jobId}`)).body).toMatch(/>3<\/td><td[^>]*>[^<]+<\/td><td[^>]*><span[^>]*>error<\/span><\/td><td[^>]*>club_aud must be below price_aud\.</)
    await b.post(`/admin/products/import/${jobId}/apply`, {})
    expect(await applied(jobId)).toMatchObject({ applied_rows: 1 })
    expect(await sizePrices(xxl!.id)).toMatchObject({ amount_cents: 13500 })
    expect((await auditOf('variant.stock')).find((a) => a.subject_id === String(xxl!.id))).toMatchObject({ before: { stock_on_hand: 2 }, after: { stock_on_hand: 3 } })
    // the refused line's price and stock are as they were
    expect(await sizePrices(small!.id)).toEqual({ amount_cents: 10000, compare_at_cents: 12000, member_cents: 8000 })
    expect(await env.DB.prepare('SELECT stock_on_hand FROM variants WHERE id = ?').bind(small!.id).first('stock_on_hand')).toBe(4)
  })

  it('an older one-line-per-product file never flattens sizes priced apart; sizes at one price all take the new one', async () => {
    const { b } = await operator()
    const apart = await tent('Csvold Apart Tent')
    const alike = await tent('Csvold Alike Tent', { amount: 10000, compareAt: 12000, member: 8000 })
    const OLD = 'slug,name,sku,price_aud,rrp_aud,club_aud,price_usd,rrp_usd,club_usd'
    // as the old export wrote them (the master's prices): unchanged; a new price for sizes priced apart: refused
    const same = jobIdOf(await check(b, [OLD, `${apart.slug},Csvold Apart Tent,${apart.sku},100.00,120.00,80.00,70.00,80.00,56.00`].join('\n')))
    expect(await jobOf(same)).toMatchObject({ unchanged_rows: 1, changed_rows: 0, error_rows: 0 })
    const csv = [OLD, `${apart.slug},Csvold Apart Tent,${apart.sku},90.00,120.00,80.00,70.00,80.00,56.00`, `${alike.slug},Csvold Alike Tent,${alike.sku},90.00,120.00,80.00,70.00,80.00,56.00`].join('\n')
    const jobId = jobIdOf(await check(b, csv))
    expect(await jobOf(jobId)).toMatchObject({ changed_rows: 1, error_rows: 1 })
    const page = (await b.get(`/admin/products/import/${jobId}`)).body
    expect(page).toContain(`price_aud: the sizes of ${apart.slug} are priced apart (AUD 100.00 to 130.00)`)
    expect(page).toContain('price_aud: 100.00 → 90.00; the prices apply to every size')
    await b.post(`/admin/products/import/${jobId}/apply`, {})
    await applied(jobId)
    expect(await sizePrices(apart.variants[1]!.id)).toMatchObject({ amount_cents: 13000 })
    expect(await listed(apart.productId)).toEqual({ amount_cents: 10000, max_cents: 13000 })
    for (const v of alike.variants) expect(await sizePrices(v.id)).toEqual({ amount_cents: 9000, compare_at_cents: 12000, member_cents: 8000 })
    expect(await listed(alike.productId)).toEqual({ amount_cents: 9000, max_cents: 9000 })
  })
})

describe('product CSV', () => {
  // made before this describe's imports add products (autoincrement ids the factory's ids would run into)
  let made: Array<Awaited<ReturnType<typeof createProduct>>> = []
  beforeAll(async () => {
    made = [await createProduct(), await createProduct()]
  })

  it('exports every product as streamed CSV that imports back as unchanged', async () => {
    const { b } = await operator()
    const jacket = await createProduct({ name: 'Ridge Jacket, "Pro"' })
    const res = await b.get('/admin/products.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const [header, ...lines] = res.body.trim().split('\r\n')
    expect(header).toBe('slug,name,name_de,description,description_de,available_on,discontinue_on,sku,size,price_aud,rrp_aud,club_aud,price_usd,rrp_usd,club_usd,stock,backorderable,categories')
    expect(lines).toContain(`${jacket.slug},"Ridge Jacket, ""Pro""",,,,2020-01-01,,${jacket.sku},,100.00,120.00,80.00,70.00,80.00,56.00,10,no,`)

    const again = await check(b, res.body, 'export.csv')
    expect(again.status).toBe(303)
    const job = await jobOf(Number(again.location!.split('/').pop()))
    expect(job).toMatchObject({ new_rows: 0, changed_rows: 0, error_rows: 0, unchanged_rows: lines.length })
  })

  it('a dry run shows new, changed, unchanged and errors by line and changes nothing; applying writes it through the queue', async () => {
    const { b } = await operator()
    await category('women/jackets')
    const changed = await createProduct()
    const same = await createProduct()
    await env.DB.prepare("UPDATE products SET available_on = '2020-01-01T00:00:00Z' WHERE id = ?").bind(changed.productId).run()
    const csv = [
      HEADER,
      `${changed.slug},Storm Shell,Sturmjacke,${changed.sku},129.95,149.95,119.95,75.00,4,women/jackets`,
      `${same.slug},${same.name},,${same.sku},100.00,120.00,80.00,70.00,10,`,
      `trail-cap,Trail Cap,Wandermütze,CAP-1,29.95,,,19.95,25,women/jackets`,
      `bad-price,Bad,,BAD-1,12.5x,,,10.00,1,`,
      `too-dear,Too dear,,DEAR-1,1000000.00,,,10.00,1,`,
      `club-too-high,Club,,CLUB-1,50.00,,50.00,35.00,1,nowhere/at-all`,
      `trail-cap,Twice,,CAP-2,10.00,,,8.00,1,`,
    ].join('\n')
    const res = await check(b, csv)
    expect(res.status).toBe(303)
    const jobId = Number(res.location!.split('/').pop())
    expect(await jobOf(jobId)).toMatchObject({ status: 'checked', new_rows: 1, changed_rows: 1, unchanged_rows: 1, error_rows: 4 })
    expect((await b.get(`/admin/products/import/${jobId}?show=error`)).body).toContain('price_aud: at most $999,999.99 (the most a card can be charged at once).')
    const page = (await b.get(`/admin/products/import/${jobId}`)).body
    expect(page).toContain('price_aud: 100.00 → 129.95')
    expect(page).toContain('price_aud: enter an amount like 129.95.')
    expect(page).toContain('club_aud must be below price_aud.')
    expect(page).toContain('Unknown categories: nowhere/at-all')
    expect(page).toContain('The slug trail-cap is already on line 4.')
    expect(page).toMatch(/>5<\/td><td[^>]*>bad-price</)
    expect(await priceOf(changed.productId)).toEqual({ amount_cents: 10000, member_cents: 8000 })
    expect(await env.DB.prepare("SELECT id FROM products WHERE slug = 'trail-cap'").first()).toBeNull()

    expect((await b.post(`/admin/products/import/${jobId}/apply`, {})).status).toBe(303)
    expect(await applied(jobId)).toMatchObject({ status: 'done', applied_rows: 2 })
    expect(await priceOf(changed.productId)).toEqual({ amount_cents: 12995, member_cents: 11995 })
    expect(await listedOf(changed.productId)).toEqual({ amount_cents: 12995, member_cents: 11995 })
    const cap = await env.DB.prepare("SELECT p.id, m.stock_on_hand FROM products p JOIN variants m ON m.product_id = p.id AND m.is_master = 1 WHERE p.slug = 'trail-cap'").first<{ id: number; stock_on_hand: number }>()
    expect(cap!.stock_on_hand).toBe(25)
    expect(await listedOf(cap!.id)).toEqual({ amount_cents: 2995, member_cents: null })
    expect(await env.DB.prepare("SELECT rowid FROM products_fts WHERE products_fts MATCH 'wandermütze'").first('rowid')).toBe(cap!.id * 2 + 1)
    expect(await (await get(`/de/products/${changed.slug}`)).text()).toContain('Sturmjacke')
    const audit = await auditOf('product.import')
    expect(audit.find((a) => a.subject_id === String(changed.productId))).toMatchObject({ before: { price_aud: 10000 }, after: { price_aud: 12995, name: 'Storm Shell' } })
    // the result names each product it created or updated and links its console page, to go and check it
    const result = (await b.get(`/admin/products/import/${jobId}`)).body
    expect(result).toMatch(new RegExp(`href="/admin/products/${cap!.id}"[^>]*>Trail Cap</a>`))
    expect(result).toMatch(new RegExp(`href="/admin/products/${changed.productId}"[^>]*>Storm Shell</a>`))
    expect((await b.get(`/admin/products/import/${jobId}?show=new`)).body).toMatch(new RegExp(`href="/admin/products/${cap!.id}"[^>]*>Trail Cap</a>`))
    const capPage = await b.get(`/admin/products/${cap!.id}`)
    expect(capPage.status).toBe(200)
    expect(capPage.body).toContain('Trail Cap')
    // a line with an error links nowhere
    expect(result).toMatch(/>5<\/td><td[^>]*>bad-price</)
    // applied twice: refused, nothing changes
    expect((await b.post(`/admin/products/import/${jobId}/apply`, {})).status).toBe(409)
  })

  it('refuses a file it cannot read as a whole, saying why', async () => {
    const { b } = await operator()
    const unknown = await check(b, 'slug,colour\nx,red\n')
    expect(unknown.status).toBe(422)
    expect(unknown.body).toContain('Line 1: unknown column &quot;colour&quot;')
    const quote = await check(b, 'slug,name\nx,"never closed\n')
    expect(quote.status).toBe(422)
    expect(quote.body).toContain('Line 2: a quoted cell is never closed.')
    const empty = await b.upload('/admin/products/import', new FormData())
    expect(empty.status).toBe(422)
    expect(empty.body).toContain('Choose a CSV file to check.')
  })

  it('applies a large import in chunks and resumes after a stop with only the rows not yet applied', async () => {
    const { b } = await operator()
    const rows = Array.from({ length: CHUNK_ROWS + 5 }, (_, i) => `bulk-${i},Bulk ${i},,BULK-${i},10.00,,,7.00,1,`)
    const res = await check(b, [HEADER, ...rows].join('\r\n'))
    const jobId = Number(res.location!.split('/').pop())
    // the first chunk lands, then the queue stops (as when a consumer dies and its message is dead-lettered)
    await env.DB.prepare("UPDATE import_jobs SET status = 'applying' WHERE id = ?").bind(jobId).run()
    await applyChunk(env as unknown as Env, { jobId, fromLine: 2, toLine: CHUNK_ROWS + 1 })
    expect(await jobOf(jobId)).toMatchObject({ status: 'applying', applied_rows: CHUNK_ROWS })
    const progress = (await b.get(`/admin/products/import/${jobId}`)).body
    expect(progress).toContain(`${CHUNK_ROWS} of ${CHUNK_ROWS + 5} rows applied`)
    expect(progress).toContain('http-equiv="refresh"')

    const resumed = await b.post(`/admin/products/import/${jobId}/resume`, {})
    expect(resumed.status).toBe(303)
    expect(await applied(jobId)).toMatchObject({ applied_rows: CHUNK_ROWS + 5 })
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE slug LIKE 'bulk-%'").first('n')).toBe(CHUNK_ROWS + 5)
    // every row once: one audit entry each
    expect((await auditOf('product.import')).filter((a) => a.after.slug.startsWith('bulk-'))).toHaveLength(CHUNK_ROWS + 5)
  })

  it('apply checks the dry run again: a product edited, or a slug taken, since is refused by line and nothing is written; apply again writes the rest', async () => {
    const { b } = await operator()
    const [edited, later] = made as [typeof made[0], typeof made[0]]
    const csv = [HEADER, `${edited.slug},Renamed,,${edited.sku},111.00,,,70.00,5,`, `stale-new-a,Fresh A,,STALE-A,20.00,,,14.00,3,`, `stale-new-b,Fresh B,,STALE-B,20.00,,,14.00,3,`].join('\n')
    const jobId = Number((await check(b, csv)).location!.split('/').pop())
    expect(await jobOf(jobId)).toMatchObject({ new_rows: 2, changed_rows: 1, error_rows: 0 })
    // after the dry run: another operator renames the product, another import creates stale-new-b
    await env.DB.prepare("UPDATE products SET name = 'Named meanwhile' WHERE id = ?").bind(edited.productId).run()
    await env.DB.prepare("UPDATE products SET slug = 'stale-new-b' WHERE id = ?").bind(later.productId).run()

    const refused = await b.post(`/admin/products/import/${jobId}/apply`, {})
    expect(refused.status).toBe(409)
    const text = refused.body.replace(/&#x27;|&#39;/g, "'").replace(/<!-- -->/g, '')
    expect(text).toContain('Nothing was applied: 2 lines no longer match the catalogue the dry run checked')
    expect(text).toContain(`${edited.slug} was changed since the dry run (name: ${edited.name} → Named meanwhile)`)
    expect(text).toContain('A product with the slug stale-new-b was added since the dry run.')
    expect(await jobOf(jobId)).toMatchObject({ status: 'checked', applied_rows: 0, new_rows: 1, changed_rows: 0, error_rows: 2 })
    expect(await priceOf(edited.productId)).toEqual({ amount_cents: 10000, member_cents: 8000 })
    expect(await env.DB.prepare("SELECT id FROM products WHERE slug = 'stale-new-a'").first()).toBeNull()
    // the rows are shown as errors on the import's page
    expect((await b.get(`/admin/products/import/${jobId}?show=error`)).body).toContain('was changed since the dry run')

    expect((await b.post(`/admin/products/import/${jobId}/apply`, {})).status).toBe(303)
    expect(await applied(jobId)).toMatchObject({ status: 'done', applied_rows: 1 })
    expect(await env.DB.prepare("SELECT name FROM products WHERE id = ?").bind(edited.productId).first('name')).toBe('Named meanwhile')
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE slug = 'stale-new-a'").first('n')).toBe(1)
  })

  it('a chunk whose batch fails leaves no new product without a variant behind; Resume makes it whole', async () => {
    const { b } = await operator()
    const rows = Array.from({ length: 2 }, (_, i) => `half-${i},Half ${i},,HALF-${i},10.00,,,7.00,1,`)
    const jobId = Number((await check(b, [HEADER, ...rows].join('\n'))).location!.split('/').pop())
    await env.DB.prepare("UPDATE import_jobs SET status = 'applying' WHERE id = ?").bind(jobId).run()
    // the chunk's batch fails (as D1 might mid-way): here a trigger refuses the new products' variants
    await env.DB.prepare("CREATE TRIGGER import_half_fails BEFORE INSERT ON variants WHEN NEW.sku LIKE 'HALF-%' BEGIN SELECT RAISE(ABORT, 'D1 went away'); END").run()
    await expect(applyChunk(env as unknown as Env, { jobId, fromLine: 2, toLine: 3 })).rejects.toThrow()
    // before: both products stayed, without a variant (nothing to buy), until the import was resumed
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE slug LIKE 'half-%'").first('n')).toBe(0)
    expect(await jobOf(jobId)).toMatchObject({ status: 'applying', applied_rows: 0 })
    await env.DB.prepare('DROP TRIGGER import_half_fails').run()
    await applyChunk(env as unknown as Env, { jobId, fromLine: 2, toLine: 3 })
    expect(await jobOf(jobId)).toMatchObject({ applied_rows: 2 })
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM products p WHERE p.slug LIKE 'half-%' AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.is_master = 1)").first('n')).toBe(2)
  })

  it('a chunk that keeps failing says so on the import page (which lines, why, stopped) instead of "being applied" for ever', async () => {
    const { b } = await operator()
    const rows = Array.from({ length: 3 }, (_, i) => `stuck-${i},Stuck ${i},,STUCK-${i},10.00,,,7.00,1,`)
    const jobId = Number((await check(b, [HEADER, ...rows].join('\n'))).location!.split('/').pop())
    await env.DB.prepare("UPDATE import_jobs SET status = 'applying' WHERE id = ?").bind(jobId).run()
    // a row the consumer cannot read: every delivery of its chunk fails
    await env.DB.prepare("UPDATE import_rows SET data_json = '{' WHERE job_id = ? AND line = 3").bind(jobId).run()
    const acked: string[] = []
    const deliver = (attempts: number) =>
      handleImportBatch({ messages: [{ body: { jobId, fromLine: 2, toLine: 4 }, attempts, ack: () => acked.push('ack'), retry: () => acked.push('retry') }] } as unknown as MessageBatch<ImportChunk>, env as unknown as Env)
    await deliver(1)
    expect(acked).toEqual(['retry'])
    expect((await b.get(`/admin/products/import/${jobId}`)).body.replace(/<!-- -->/g, '')).toContain(`Trying again (attempt 1 of ${IMPORT_ATTEMPTS})`)
    await deliver(IMPORT_ATTEMPTS)
    expect(acked).toEqual(['retry', 'ack'])
    const page = (await b.get(`/admin/products/import/${jobId}`)).body.replace(/<!-- -->/g, '')
    expect(page).toContain('Lines 2–4 could not be applied')
    expect(page).toContain('The import has stopped there: nothing of those lines was written')
    expect(await jobOf(jobId)).toMatchObject({ status: 'applying', applied_rows: 0 })
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM products WHERE slug LIKE 'stuck-%' AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = products.id)").first('n')).toBe(0)
  })
})
