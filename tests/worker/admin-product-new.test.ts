// 'New product' in the console (worker/admin/product-write.ts, docs/console.md 'Creating a product'): one form and
// one Save make a product with colours and sizes that the storefront lists, shows, finds and sells at once; every
// rule of the write module refuses with a code and a sentence in English and German, and changes nothing.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { call, guestCart } from '#tests/factories/api.ts'
import { auditOf, operator } from './admin-helpers.ts'
import { checkProduct } from '#worker/admin/product-write.ts'
import { PRODUCT_REFUSAL_TEXTS, sayProductRefusal } from '#worker/admin/product-refusals.ts'
import { generateGrid, readProductForm, readStore, type Body } from '#worker/admin/product-input.ts'

/** The page's messages (what an operator reads of a refusal). */
const alerts = (html: string) => [...html.matchAll(/role="alert"[^>]*>(.*?)<\/(?:p|div)>/g)].map((m) => m[1]).join(' | ')
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n
let ids: { colour: number; size: number; red: number; sizes: Record<string, number>; taxon: number; brand: number }

beforeAll(async () => {
  await seedCatalogue(40)
  const q = (sql: string) => env.DB.prepare(sql).first<{ id: number }>().then((r) => r!.id)
  const sizes = (await env.DB.prepare("SELECT ov.id, ov.name FROM option_values ov JOIN option_types t ON t.id = ov.option_type_id WHERE t.name = 'size'").all<{ id: number; name: string }>()).results
  ids = {
    colour: await q("SELECT id FROM option_types WHERE name = 'color'"),
    size: await q("SELECT id FROM option_types WHERE name = 'size'"),
    red: await q("SELECT ov.id FROM option_values ov JOIN option_types t ON t.id = ov.option_type_id WHERE t.name = 'color' AND ov.name = 'red'"),
    sizes: Object.fromEntries(sizes.map((s) => [s.name, s.id])),
    taxon: await q('SELECT id FROM taxons WHERE parent_id IS NOT NULL ORDER BY depth DESC, id LIMIT 1'),
    brand: await q("SELECT id FROM properties WHERE name = 'brand'"),
  }
})

/** The form as an operator fills it: red (the store's) and a new colour with its swatch, S/M/L, a category. */
function filled(name: string, extra: Record<string, string> = {}) {
  const form = new URLSearchParams({ form_token: crypto.randomUUID(), name, name_de: `${name} DE`, description: 'Warm and light.', description_de: 'Warm und leicht.', status: 'active', taxon: String(ids.taxon), [`property-${ids.brand}`]: 'Ridgeway', newopt: '', newopt_values: '', ...extra })
  form.append('opt', String(ids.colour))
  form.append(`opt_${ids.colour}`, String(ids.red))
  form.set(`opt_${ids.colour}_new`, 'Ember / Glut #b7410e')
  form.append('opt', String(ids.size))
  for (const s of ['s', 'm', 'l']) form.append(`opt_${ids.size}`, String(ids.sizes[s]))
  return form
}

describe("'New product' in the console", () => {
  it('generates the 2 × 3 grid without JavaScript, saves once, and the storefront lists, shows, finds and sells the red M', async () => {
    const { b, email } = await operator()
    const page = await b.get('/admin/products/new')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Generate variants')

    const form = filled('Glowmere Parka', { bulk_sku: 'GLOW', bulk_stock: '5', bulk_aud: '199.00', bulk_usd: '139.00', bulk_aud_club: '179.00', intent: 'generate' })
    const grid = await b.post('/admin/products/new', form)
    expect(grid.status).toBe(200)
    const rows = [...grid.body.matchAll(/name="row" value="([^"]+)"/g)].map((m) => m[1]!)
    expect(rows).toHaveLength(6)
    expect(grid.body).toContain('value="GLOW-RED-M"')
    expect(grid.body).toContain('value="GLOW-EMBER-L"')

    // the operator puts the red M on sale (a sale price below the price) and saves the whole form once
    const save = new URLSearchParams(form)
    save.set('intent', 'save')
    save.delete('row')
    for (const key of rows) {
      save.append('row', key)
      for (const [, name, value] of grid.body.matchAll(new RegExp(`name="([a-z_]+__${key})"[^>]*value="([^"]*)"`, 'g'))) save.set(name!, value!)
    }
    const redM = rows.find((k) => k === `v${ids.red}_v${ids.sizes.m}`)!
    save.set(`aud_sale__${redM}`, '189.00')
    const saved = await b.post('/admin/products/new', save)
    expect(saved.status, alerts(saved.body)).toBe(303)
    const id = Number(/\/admin\/products\/(\d+)/.exec(saved.location!)![1])

    const product = await env.DB.prepare('SELECT slug, available_on, deleted_at FROM products WHERE id = ?').bind(id).first<{ slug: string; available_on: string | null }>()
    expect(product!.slug).toBe('glowmere-parka')
    expect(await count(`SELECT COUNT(*) AS n FROM variants WHERE product_id = ${id} AND is_master = 0`)).toBe(6)
    const [entry] = await auditOf('product.create')
    expect(entry!.admin_email).toBe(email)
    expect(entry!.after.variants).toHaveLength(6)

    // the storefront: in its category, on its page with both colours and the sizes, found by search (German too)
    const listed = await call(`/products?filter[taxons]=${ids.taxon}&per_page=100`)
    expect(listed.body.data.map((p: any) => Number(p.id))).toContain(id)
    const shown = await call(`/products/glowmere-parka?include=variants.option_values,option_types`)
    expect(shown.status).toBe(200)
    const names = shown.body.included.filter((x: any) => x.type === 'option_value').map((x: any) => x.attributes.name)
    expect(names).toEqual(expect.arrayContaining(['red', 'ember', 's', 'm', 'l']))
    const found = await call('/products?filter[name]=glowmere')
    expect(found.body.data.map((p: any) => Number(p.id))).toContain(id)
    const swatch = await env.DB.prepare("SELECT ov.image_preview, t.presentation FROM option_values ov JOIN option_value_translations t ON t.option_value_id = ov.id AND t.locale = 'de' WHERE ov.name = 'ember'").first<{ image_preview: string; presentation: string }>()
    expect(swatch).toEqual({ image_preview: '#b7410e', presentation: 'Glut' })

    // the red M costs its sale price, with the price struck through; a shopper can put it in the cart
    const variant = await env.DB.prepare("SELECT v.id, p.amount_cents, p.compare_at_cents, p.member_cents FROM variants v JOIN prices p ON p.variant_id = v.id AND p.currency = 'AUD' WHERE v.sku = 'GLOW-RED-M'").first<{ id: number; amount_cents: number; compare_at_cents: number; member_cents: number }>()
    expect(variant).toMatchObject({ amount_cents: 18900, compare_at_cents: 19900, member_cents: 17900 })
    const orderToken = await guestCart()
    const cart = await call('/cart/add_item', { orderToken, body: { variant_id: variant!.id, quantity: 1 } })
    expect(cart.status).toBe(200)
    expect(cart.body.data.attributes.item_total).toBe('189.00')
  })

  it('refuses a Club Price not below the sale price, and a SKU another product has, beside their fields; nothing is written', async () => {
    const { b } = await operator()
    const before = await count('SELECT COUNT(*) AS n FROM products')
    const store = await readStore(env.DB, [])
    const base = Object.fromEntries(filled('Stoneway Vest', { bulk_aud: '90', bulk_usd: '60', bulk_stock: '1' })) as Body
    const form = { ...base, opt: [String(ids.colour), String(ids.size)], [`opt_${ids.size}`]: [String(ids.sizes.s), String(ids.sizes.m), String(ids.sizes.l)] }
    const grid = generateGrid(form, readProductForm(form, store))
    const taken = (await env.DB.prepare('SELECT sku FROM variants WHERE is_master = 0 LIMIT 1').first<{ sku: string }>())!.sku
    const first = (grid.row as string[])[0]!
    const second = (grid.row as string[])[1]!
    const sent = new URLSearchParams()
    for (const [name, value] of Object.entries({ ...grid, intent: 'save', [`sku__${first}`]: taken, [`aud_sale__${second}`]: '80', [`aud_club__${second}`]: '85' })) for (const v of [value].flat()) sent.append(name, v)
    const res = await b.post('/admin/products/new', sent)
    expect(res.status).toBe(409)
    expect(res.body).toContain(`Another product already has the SKU ${taken}`)
    expect(res.body).toContain('the AUD Club Price must be below the price shoppers pay')
    expect(await count('SELECT COUNT(*) AS n FROM products')).toBe(before)
  })

  it("draws a choice still being made with its hint for the script's live redraw, and refuses it when 'Generate variants' is pressed", async () => {
    const { b } = await operator()
    // Color ticked, none of its values yet: the moment between two clicks of an operator ticking options
    const unfinished = new URLSearchParams({ form_token: crypto.randomUUID(), name: 'Halfway Tee', intent: 'generate' })
    unfinished.append('opt', String(ids.colour))
    const pressed = await b.post('/admin/products/new', unfinished)
    expect(pressed.status).toBe(422)
    unfinished.set('redraw', '1')
    const live = await b.post('/admin/products/new', unfinished)
    expect(live.status).toBe(200)
    expect(alerts(live.body)).toBe(alerts(pressed.body))
    expect(alerts(live.body)).not.toBe('')
    expect(await count("SELECT COUNT(*) AS n FROM products WHERE name = 'Halfway Tee'")).toBe(0)
  })

  it('says every rule with a code, in English and in German', async () => {
    const store = await readStore(env.DB, ['TAKEN-1'])
    store.takenSkus.add('TAKEN-1')
    const row = (key: string, sku: string, aud: Partial<{ price: number; sale: number | null; rrp: number | null; club: number | null }> = {}, stock = 1) => ({
      key,
      label: key,
      sku,
      stock,
      prices: { AUD: { price: 1000, sale: null, rrp: null, club: null, ...aud }, USD: { price: 800, sale: null, rrp: null, club: null } },
    })
    const product = (over: Partial<Parameters<typeof checkProduct>[0]> = {}) => ({ name: 'Plain Tee', nameDe: null, description: null, descriptionDe: null, status: 'draft' as const, taxonIds: [], unknownTaxons: false, properties: [], options: [], unknownOptions: false, badValues: [], rows: [row('one', 'TEE-1')], ...over })
    const codes = (over: Partial<Parameters<typeof checkProduct>[0]>) => checkProduct(product(over), store).map((p) => p.code)
    expect(codes({})).toEqual([])
    expect(codes({ name: '' })).toEqual(['name_required'])
    expect(codes({ rows: [] })).toEqual(['no_variants'])
    expect(codes({ rows: [row('one', 'taken-1')] })).toEqual(['sku_taken'])
    expect(codes({ rows: [row('one', 'bad sku!')] })).toEqual(['sku_invalid'])
    expect(codes({ rows: [row('one', 'T', { price: Number.NaN })] })).toEqual(['price_invalid'])
    expect(codes({ rows: [row('one', 'T', { rrp: 900 })] })).toEqual(['rrp_below_price'])
    expect(codes({ rows: [row('one', 'T', { sale: 1000 })] })).toEqual(['sale_not_below_price'])
    expect(codes({ rows: [row('one', 'T', { club: 1000 })] })).toEqual(['club_not_below_price'])
    expect(codes({ rows: [row('one', 'T', { sale: 800, club: 900 })] })).toEqual(['club_not_below_price'])
    expect(codes({ rows: [row('one', 'T', { rrp: Number.NaN })] })).toEqual(['money_invalid'])
    expect(codes({ rows: [row('one', 'T', {}, -1)] })).toEqual(['stock_invalid'])
    expect(codes({ rows: [row('one', 'T'), row('one', 'U')] })).toEqual(['combination_repeated'])
    expect(codes({ badValues: [{ text: 'Red / Rot / Rouge', field: 'x' }] })).toEqual(['option_value_invalid'])
    expect(codes({ unknownTaxons: true })).toEqual(['category_unknown'])
    const sized = { options: [{ typeId: ids.size, name: 'size', presentation: 'Size', presentationDe: null, field: 'opt_1', values: [{ key: 'v1', id: 1, name: 's', presentation: 'S', presentationDe: null, swatch: null }, { key: 'v2', id: 2, name: 'm', presentation: 'M', presentationDe: null, swatch: null }] }] }
    expect(codes({ ...sized, rows: [row('v1', 'A'), row('v2', 'a')] })).toEqual(['sku_repeated', 'sku_repeated'])
    expect(codes({ ...sized, rows: [row('v1', 'A')] })).toEqual(['variant_not_generated'])
    expect(codes({ options: [{ ...sized.options[0]!, values: [] }] })).toEqual(['option_without_values'])

    // every code has a sentence in both languages, and they differ (the German one is not the English one copied)
    const params = { label: 'Red / M', currency: 'AUD', sku: 'X-1', type: 'Size', value: 'x', max: 200, count: 300, property: 'Brand', what: 'rrp', name: 'Parka' }
    for (const code of Object.keys(PRODUCT_REFUSAL_TEXTS) as Array<keyof typeof PRODUCT_REFUSAL_TEXTS>) {
      const [en, de] = [sayProductRefusal(code, params, 'en'), sayProductRefusal(code, params, 'de')]
      expect(en.length, code).toBeGreaterThan(20)
      expect(de, code).not.toBe(en)
      expect(en + de, code).not.toContain('undefined')
    }
    expect(sayProductRefusal('club_not_below_price', params, 'de')).toBe('Red / M: Der Club-Preis in AUD muss unter dem Preis liegen, den Kundinnen und Kunden zahlen.')
  })

  it('a draft is not shown to shoppers, and the same form sent twice makes one product', async () => {
    const { b } = await operator()
    const form = new URLSearchParams({ form_token: crypto.randomUUID(), name: 'Quietfold Cap', status: 'draft', intent: 'save', row: 'one', sku__one: 'QUIETFOLD-1', stock__one: '3', aud__one: '39.95', usd__one: '29.95' })
    const first = await b.post('/admin/products/new', form)
    expect(first.status, alerts(first.body)).toBe(303)
    const again = await b.post('/admin/products/new', form)
    expect(again.status).toBe(409)
    expect(again.body).toContain('This form was already sent')
    expect(await count("SELECT COUNT(*) AS n FROM products WHERE name = 'Quietfold Cap'")).toBe(1)
    expect((await call('/products/quietfold-cap')).status).toBe(404)
    expect((await call('/products?filter[name]=quietfold')).body.data).toHaveLength(0)
  })
})

describe('archive and delete in the console', () => {
  /** A new active product of one colour in two sizes, made through the form; its id and variant ids. */
  async function madeProduct(b: Awaited<ReturnType<typeof operator>>['b'], name: string) {
    const sku = name.toUpperCase().replace(/\W+/g, '-')
    const form = new URLSearchParams({ form_token: crypto.randomUUID(), name, status: 'active', taxon: String(ids.taxon), intent: 'save' })
    form.append('opt', String(ids.size))
    for (const s of ['s', 'm']) {
      form.append(`opt_${ids.size}`, String(ids.sizes[s]))
      const key = `v${ids.sizes[s]}`
      form.append('row', key)
      for (const [col, value] of Object.entries({ sku: `${sku}-${s}`, stock: '5', aud: '50', usd: '40' })) form.set(`${col}__${key}`, value)
    }
    const res = await b.post('/admin/products/new', form)
    expect(res.status, alerts(res.body)).toBe(303)
    const id = Number(/\/admin\/products\/(\d+)/.exec(res.location!)![1])
    const variants = (await env.DB.prepare('SELECT id FROM variants WHERE product_id = ? AND is_master = 0 ORDER BY position').bind(id).all<{ id: number }>()).results.map((r) => r.id)
    return { id, variants, slug: name.toLowerCase().replace(/\s+/g, '-') }
  }

  it('archives a product: gone from the storefront, kept on its past order; refused deletion says archive instead (en and de)', async () => {
    const { b } = await operator()
    const made = await madeProduct(b, 'Harbourline Smock')
    const orderToken = await guestCart()
    expect((await call('/cart/add_item', { orderToken, body: { variant_id: made.variants[0], quantity: 1 } })).status).toBe(200)

    const refused = await b.post(`/admin/products/${made.id}/delete`, {})
    expect(refused.status).toBe(409)
    expect(refused.body).toContain('so it cannot be deleted (past orders show it): archive it instead.')
    expect(sayProductRefusal('product_sold', { name: 'Harbourline Smock', count: 1 }, 'de')).toContain('Archivieren Sie es stattdessen')

    expect((await b.post(`/admin/products/${made.id}/status`, { status: 'archived' })).status).toBe(303)
    expect((await call(`/products/${made.slug}`)).status).toBe(404)
    expect((await call(`/products?filter[taxons]=${ids.taxon}&per_page=100`)).body.data.map((p: any) => Number(p.id))).not.toContain(made.id)
    // the cart still shows its line with the product's name
    const cart = await call('/cart?include=line_items', { orderToken })
    expect(JSON.stringify(cart.body)).toContain('Harbourline Smock')
    expect((await auditOf('product.status'))[0]!.after).toEqual({ status: 'archived' })

    expect((await b.post(`/admin/products/${made.id}/status`, { status: 'active' })).status).toBe(303)
    expect((await call(`/products/${made.slug}`)).status).toBe(200)
  })

  it('deletes a variant and a product nobody ordered; archives a variant so shoppers cannot pick it', async () => {
    const { b } = await operator()
    const made = await madeProduct(b, 'Saltmarsh Beanie')
    expect((await b.post(`/admin/products/${made.id}/variants/${made.variants[0]}/archive`, {})).status).toBe(303)
    const shown = await call(`/products/${made.slug}?include=variants`)
    expect(shown.body.data.relationships.variants.data.map((v: any) => Number(v.id))).toEqual([made.variants[1]])
    expect((await b.post(`/admin/products/${made.id}/variants/${made.variants[0]}/delete`, {})).status).toBe(303)
    expect(await count(`SELECT COUNT(*) AS n FROM variants WHERE id = ${made.variants[0]}`)).toBe(0)

    const gone = await b.post(`/admin/products/${made.id}/delete`, {})
    expect(gone.status).toBe(303)
    expect(await count(`SELECT COUNT(*) AS n FROM products WHERE id = ${made.id}`)).toBe(0)
    expect(await count(`SELECT COUNT(*) AS n FROM listing_rows WHERE product_id = ${made.id}`)).toBe(0)
    expect((await call(`/products/${made.slug}`)).status).toBe(404)
    expect((await auditOf('product.delete'))[0]!.before.name).toBe('Saltmarsh Beanie')
  })
})
