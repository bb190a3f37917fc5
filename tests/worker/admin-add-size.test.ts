// 'Add a size' on the console's product page (worker/admin/size-add.ts, docs/console.md 'Adding a size'): the new
// size is in the storefront's size picker, in the category's size filter, buyable, and counts for 'Sold out'; every
// bad form is refused with a sentence and changes nothing.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { call, guestCart } from '#tests/factories/api.ts'
import { createSizedProduct } from '#tests/factories/catalogue.ts'
import { auditOf, consoleBrowser, operator } from './admin-helpers.ts'

interface Seeded {
  id: number
  slug: string
  name: string
  taxonId: number
  colourId: number
  sizeTypeId: number
  colourTypeId: number
  missingSizeId: number
  missingSize: string
}

const variantCount = async (productId: number) => (await env.DB.prepare('SELECT COUNT(*) AS n FROM variants WHERE product_id = ?').bind(productId).first<{ n: number }>())!.n
const optionValueCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM option_values').first<{ n: number }>())!.n
const token = () => crypto.randomUUID()

/** The count the category's size filter shows for a size (0 when it is not offered). */
async function sizeFacet(taxonId: number, name: string) {
  const res = await call(`/products?filter[taxons]=${taxonId}&per_page=1`)
  expect(res.status).toBe(200)
  const sizes = res.body.meta.filters.option_types.find((t: any) => t.name === 'size')
  return sizes?.option_values.find((v: any) => v.name === name)?.count ?? 0
}

/** A seeded product sold in colours and sizes, on sale, in a category, with a size of the store it does not come in. */
async function sizedSeedProduct(): Promise<Seeded> {
  const row = await env.DB.prepare(
    `SELECT p.id, p.slug, p.name, (SELECT MIN(c.taxon_id) FROM classifications c WHERE c.product_id = p.id) AS taxonId,
       (SELECT MIN(vov.option_value_id) FROM variants v JOIN variant_option_values vov ON vov.variant_id = v.id JOIN option_values ov ON ov.id = vov.option_value_id
        JOIN option_types ot ON ot.id = ov.option_type_id WHERE v.product_id = p.id AND ot.name = 'color') AS colourId,
       (SELECT id FROM option_types WHERE name = 'size') AS sizeTypeId, (SELECT id FROM option_types WHERE name = 'color') AS colourTypeId,
       (SELECT ov.id FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id WHERE ot.name = 'size'
          AND ov.id NOT IN (SELECT vov.option_value_id FROM variants v JOIN variant_option_values vov ON vov.variant_id = v.id WHERE v.product_id = p.id) ORDER BY ov.position LIMIT 1) AS missingSizeId
     FROM products p
     WHERE p.deleted_at IS NULL AND p.available_on <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AND (p.discontinue_on IS NULL OR p.discontinue_on > strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
       AND (SELECT group_concat(ot.name) FROM (SELECT ot.name FROM product_option_types pot JOIN option_types ot ON ot.id = pot.option_type_id WHERE pot.product_id = p.id ORDER BY ot.name) ot) = 'color,size'
       AND EXISTS (SELECT 1 FROM classifications c WHERE c.product_id = p.id)
     ORDER BY p.id LIMIT 1`,
  ).first<Omit<Seeded, 'missingSize'>>()
  expect(row?.missingSizeId).toBeTruthy()
  const missing = await env.DB.prepare('SELECT name FROM option_values WHERE id = ?').bind(row!.missingSizeId).first<{ name: string }>()
  return { ...row!, missingSize: missing!.name }
}

let seeded: Seeded
beforeAll(async () => {
  await seedCatalogue(40)
  seeded = await sizedSeedProduct()
})

describe("'Add a size' in the console", () => {
  it('adds a size the store has: the storefront offers it, the size filter counts it, a shopper can buy it, the audit log has it', async () => {
    const { b, email } = await operator()
    const page = await b.get(`/admin/products/${seeded.id}`)
    expect(page.body).toContain('Add a size')
    expect(page.body).toContain(`name="option_${seeded.sizeTypeId}"`)
    expect(page.body).toContain(`name="option_${seeded.colourTypeId}"`)
    const before = await sizeFacet(seeded.taxonId, seeded.missingSize)
    const aud = (await env.DB.prepare("SELECT pr.amount_cents FROM prices pr JOIN variants v ON v.id = pr.variant_id WHERE v.product_id = ? AND v.is_master = 1 AND pr.currency = 'AUD'").bind(seeded.id).first<{ amount_cents: number }>())!.amount_cents
    // the form starts from the product's price
    expect(page.body).toContain(`value="${(aud / 100).toFixed(2)}"`)

    const sku = `NEW-${seeded.id}-${seeded.missingSize.toUpperCase()}`
    const added = await b.post(`/admin/products/${seeded.id}/variants`, {
      form_token: token(),
      [`option_${seeded.colourTypeId}`]: String(seeded.colourId),
      [`option_${seeded.sizeTypeId}`]: String(seeded.missingSizeId),
      sku,
      stock: '7',
      AUD_amount: '139.95',
      AUD_rrp: '',
      AUD_member: '',
      USD_amount: '99.00',
      USD_rrp: '',
      USD_member: '',
    })
    expect(added.status).toBe(303)
    expect((await b.get(added.location!)).body).toContain('The size was added')
    const variant = (await env.DB.prepare('SELECT id, stock_on_hand, is_master FROM variants WHERE sku = ?').bind(sku).first<{ id: number; stock_on_hand: number; is_master: number }>())!
    expect(variant).toMatchObject({ stock_on_hand: 7, is_master: 0 })

    // the storefront's product: the variant with its size and price, purchasable
    const product = await call(`/products/${seeded.slug}?include=variants.option_values,option_types.option_values`)
    const shown = product.body.included.find((r: any) => r.type === 'variant' && r.id === String(variant.id))
    expect(shown.attributes).toMatchObject({ sku, price: '139.95', purchasable: true, in_stock: true })
    expect(shown.relationships.option_values.data.map((o: any) => o.id).sort()).toEqual([String(seeded.colourId), String(seeded.missingSizeId)].sort())
    // the category's size filter counts the product for that size (it had none before), from fresh precomputed counts
    expect(await sizeFacet(seeded.taxonId, seeded.missingSize)).toBe(before + 1)
    expect((await env.DB.prepare('SELECT stale FROM facet_scopes WHERE taxon_id = ? AND currency = ?').bind(seeded.taxonId, 'AUD').first<{ stale: number }>())?.stale ?? 0).toBe(0)
    // a shopper puts it in the cart
    const orderToken = await guestCart()
    const cart = await call('/cart/add_item', { orderToken, body: { variant_id: variant.id, quantity: 2 } })
    expect(cart.status).toBe(200)
    expect(cart.body.data.attributes.item_count).toBe(2)

    const [entry] = await auditOf('variant.create')
    expect(entry).toMatchObject({ admin_email: email, subject_type: 'product', subject_id: String(seeded.id), before: null, after: { sku, stock_on_hand: 7 } })
    expect(entry!.after.prices).toContainEqual({ currency: 'AUD', amount_cents: 13995, compare_at_cents: null, member_cents: null })
  })

  it('creates a size the store does not have yet under its option type, and a sold-out product is buyable again', async () => {
    const { b } = await operator()
    const product = await createSizedProduct([
      { size: 'S', stock: 0, prices: { AUD: { amount: 10000, member: 8000 }, USD: { amount: 7000 } } },
      { size: 'M', stock: 0, prices: { AUD: { amount: 10000, member: 8000 }, USD: { amount: 7000 } } },
    ])
    const soldOut = async () => (await env.DB.prepare('SELECT sold_out FROM products WHERE id = ?').bind(product.productId).first<{ sold_out: number }>())!.sold_out
    expect(await soldOut()).toBe(1)
    const sizeType = seeded.sizeTypeId
    // the product has a Club Price: the form offers one
    expect((await b.get(`/admin/products/${product.productId}`)).body).toContain('name="AUD_member"')
    const values = await optionValueCount()
    const res = await b.post(`/admin/products/${product.productId}/variants`, {
      form_token: token(),
      [`option_${sizeType}`]: '',
      [`new_option_${sizeType}`]: '4XL',
      sku: `${product.sku}-4XL`,
      stock: '3',
      AUD_amount: '110.00',
      AUD_member: '90.00',
      USD_amount: '77.00',
    })
    expect(res.status).toBe(303)
    expect(await optionValueCount()).toBe(values + 1)
    const created = await env.DB.prepare("SELECT id, name, presentation FROM option_values WHERE option_type_id = ? AND name = '4xl'").bind(sizeType).first<{ id: number; presentation: string }>()
    expect(created!.presentation).toBe('4XL')
    expect(await soldOut()).toBe(0)
    const api = await call(`/products/${product.slug}?include=variants.option_values,option_types.option_values`)
    expect(api.body.data.attributes).toMatchObject({ purchasable: true, in_stock: true, max_price: '110.00' })
    const sizes = api.body.included.filter((r: any) => r.type === 'option_value').map((r: any) => r.attributes.presentation)
    expect(sizes).toContain('4XL')
    // typing a size the store has ('4xl' again) uses that one: the combination is the product's already
    const again = await b.post(`/admin/products/${product.productId}/variants`, { form_token: token(), [`new_option_${sizeType}`]: '4xl', sku: `${product.sku}-4XL-B`, stock: '1', AUD_amount: '110.00', USD_amount: '77.00' })
    expect(again.status).toBe(409)
    expect(again.body).toContain('has a 4XL already')
    expect(await optionValueCount()).toBe(values + 1)
  })

  it('refuses every bad form with a sentence (4xx) and changes nothing', async () => {
    const { b } = await operator()
    const path = `/admin/products/${seeded.id}/variants`
    const existing = (await env.DB.prepare(
      `SELECT v.sku, (SELECT vov.option_value_id FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id WHERE vov.variant_id = v.id AND ov.option_type_id = ?) AS colour,
         (SELECT vov.option_value_id FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id WHERE vov.variant_id = v.id AND ov.option_type_id = ?) AS size
       FROM variants v WHERE v.product_id = ? AND v.is_master = 0 ORDER BY v.id LIMIT 1`,
    ).bind(seeded.colourTypeId, seeded.sizeTypeId, seeded.id).first<{ sku: string; colour: number; size: number }>())!
    const ok = (over: Record<string, string> = {}) => ({
      form_token: token(),
      [`option_${seeded.colourTypeId}`]: String(seeded.colourId),
      [`option_${seeded.sizeTypeId}`]: '',
      [`new_option_${seeded.sizeTypeId}`]: '5XL',
      sku: `REFUSED-${seeded.id}`,
      stock: '4',
      AUD_amount: '120.00',
      USD_amount: '80.00',
      ...over,
    })
    const variants = await variantCount(seeded.id)
    const values = await optionValueCount()
    const audits = (await auditOf('variant.create')).length
    const kidsSize = (await env.DB.prepare("SELECT ov.id FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id WHERE ot.name = 'kids-size' LIMIT 1").first<{ id: number }>())!.id
    const kidsType = (await env.DB.prepare("SELECT id FROM option_types WHERE name = 'kids-size'").first<{ id: number }>())!.id
    const long = 'X'.repeat(5000)
    const cases: Array<[Record<string, string>, number, string]> = [
      [ok({ sku: '' }), 422, 'The SKU is required.'],
      [ok({ sku: long }), 422, 'The SKU must be at most 64 characters.'],
      [ok({ sku: 'has spaces' }), 422, 'use letters, digits, dots, dashes and underscores only'],
      [ok({ sku: existing.sku }), 409, `Another variant already has the SKU ${existing.sku}`],
      [ok({ AUD_amount: '-5.00' }), 422, 'AUD price: enter an amount like 129.95.'],
      [ok({ AUD_amount: '0' }), 422, 'The AUD price must be more than 0.'],
      [ok({ USD_amount: '' }), 422, 'USD price: enter an amount like 129.95.'],
      [ok({ stock: '-1' }), 422, 'Stock must be at least 0.'],
      [ok({ stock: long }), 422, 'Stock must be a whole number.'],
      [ok({ [`new_option_${seeded.sizeTypeId}`]: long }), 422, 'A new size: at most 40 characters.'],
      [ok({ [`new_option_${seeded.sizeTypeId}`]: '' }), 422, 'Choose a size, or type a new one.'],
      [ok({ [`option_${seeded.sizeTypeId}`]: String(existing.size) }), 422, 'Choose a size from the list or type a new one, not both.'],
      [ok({ [`option_${seeded.sizeTypeId}`]: '999999999', [`new_option_${seeded.sizeTypeId}`]: '' }), 422, 'Choose a size from the list: the one sent is not a size of this store.'],
      [ok({ [`option_${seeded.sizeTypeId}`]: long, [`new_option_${seeded.sizeTypeId}`]: '' }), 422, 'Choose a size from the list.'],
      [ok({ [`new_option_${seeded.sizeTypeId}`]: '!!!' }), 422, 'A new size needs a name with letters or digits.'],
      // the same colour and size as a size the product has
      [ok({ [`option_${seeded.colourTypeId}`]: String(existing.colour), [`option_${seeded.sizeTypeId}`]: String(existing.size), [`new_option_${seeded.sizeTypeId}`]: '' }), 409, 'already: change its stock or prices'],
      // a value of an option type the product does not have
      [ok({ [`option_${kidsType}`]: String(kidsSize) }), 409, `${seeded.name} has no kids size`],
      [ok({ [`option_${seeded.colourTypeId}`]: '', [`new_option_${seeded.colourTypeId}`]: 'Moss', [`new_swatch_${seeded.colourTypeId}`]: 'green' }), 422, 'The swatch: a colour like #556b2f, or leave it empty.'],
      [ok({ [`new_swatch_${seeded.colourTypeId}`]: '#556b2f' }), 422, 'A swatch is for a new color: type its name too'],
      [{ ...ok(), form_token: '' }, 422, 'This form is out of date'],
    ]
    for (const [fields, status, sentence] of cases) {
      const res = await b.post(path, fields)
      expect({ status: res.status, said: res.body.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').includes(sentence) }, `${JSON.stringify(fields).slice(0, 200)} → ${sentence}`).toEqual({ status, said: true })
    }
    expect(await variantCount(seeded.id)).toBe(variants)
    expect(await optionValueCount()).toBe(values)
    expect(await auditOf('variant.create')).toHaveLength(audits)

    // someone without the console (a shopper, a stranger) gets the console's plain 404 and adds nothing
    const stranger = await consoleBrowser().post(path, ok())
    expect(stranger.status).toBe(404)
    expect(await variantCount(seeded.id)).toBe(variants)
  })

  it('a new colour gets its swatch: the product page shows its dot', async () => {
    const { b } = await operator()
    const sku = `MOSS-${seeded.id}`
    const res = await b.post(`/admin/products/${seeded.id}/variants`, {
      form_token: token(),
      [`new_option_${seeded.colourTypeId}`]: 'Moss Green',
      [`new_swatch_${seeded.colourTypeId}`]: '#556B2F',
      [`option_${seeded.sizeTypeId}`]: String(seeded.missingSizeId),
      sku,
      stock: '1',
      AUD_amount: '120.00',
      USD_amount: '80.00',
    })
    expect(res.status).toBe(303)
    const colour = await env.DB.prepare("SELECT name, presentation, image_preview FROM option_values WHERE option_type_id = ? AND name = 'moss-green'").bind(seeded.colourTypeId).first()
    expect(colour).toEqual({ name: 'moss-green', presentation: 'Moss Green', image_preview: '#556B2F' })
    const api = await call(`/products/${seeded.slug}?include=variants.option_values`)
    expect(api.body.included.find((r: any) => r.type === 'option_value' && r.attributes.name === 'moss-green').attributes).toMatchObject({ presentation: 'Moss Green', image_preview: '#556B2F' })
  })

  it('the same form sent twice (a double click) adds the size once and says so', async () => {
    const { b, email } = await operator()
    const fields = {
      form_token: token(),
      [`option_${seeded.colourTypeId}`]: String(seeded.colourId),
      [`new_option_${seeded.sizeTypeId}`]: '6XL',
      sku: `TWICE-${seeded.id}`,
      stock: '2',
      AUD_amount: '120.00',
      USD_amount: '80.00',
    }
    const variants = await variantCount(seeded.id)
    const [first, second] = await Promise.all([b.post(`/admin/products/${seeded.id}/variants`, fields), b.post(`/admin/products/${seeded.id}/variants`, fields)])
    expect([first.status, second.status].sort()).toEqual([303, 409])
    const refused = first.status === 409 ? first : second
    expect(refused.body).toContain(`This form was already sent`)
    expect(refused.body).toContain(email)
    expect(refused.body).toContain('Nothing more was done')
    expect(await variantCount(seeded.id)).toBe(variants + 1)
    // and once more later (the back button): the same answer, still one size
    const later = await b.post(`/admin/products/${seeded.id}/variants`, fields)
    expect(later.status).toBe(409)
    expect(later.body).toContain('This form was already sent')
    expect(await variantCount(seeded.id)).toBe(variants + 1)
    expect((await auditOf('variant.create')).filter((e) => e.after.sku === fields.sku)).toHaveLength(1)
  })
})
