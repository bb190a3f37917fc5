// A draft or archived product is not for sale (issue 40 point 3; decision 0031's statuses): its variant id, typed into
// the Spree API or the storefront's own cart API, is refused with a sentence in the shopper's language and the cart
// stays as it was; a product turned draft after it went into a cart stops the order at checkout; and neither status
// shows in the catalogue API, the search or the sitemap.
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { AU_ADDRESS, TEST_CARD, call, guestCart } from '#tests/factories/api.ts'
import { createProduct, stockOf, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { errorCodeOf } from '#kernel/error-codes.ts'
import { localizeApiError } from '#web/i18n/api-errors.ts'
import { createTranslator } from '#web/i18n/index.tsx'
import { ApiError } from '#web/api/storefront-api.ts'
import { ORIGIN, formBrowser } from './helpers.ts'

const de = createTranslator('de')
const en = createTranslator('en')
const say = (status: number, body: { error?: string; code?: unknown }, t: typeof de) => localizeApiError(new ApiError(status, body.error ?? '', undefined, undefined, errorCodeOf(body.code)), t)

let active: CreatedProduct
let draft: CreatedProduct
let archived: CreatedProduct
beforeAll(async () => {
  await seedCatalogue(10)
  active = await createProduct({ name: 'Quokka fleece active' })
  draft = await createProduct({ name: 'Quokka fleece draft', status: 'draft' })
  archived = await createProduct({ name: 'Quokka fleece archived', status: 'archived' })
})

const lineCount = async (token: string) => ((await call('/cart', { orderToken: token })).body.included ?? []).filter((r: { type: string }) => r.type === 'line_item').length

describe('a draft or archived product cannot be bought by its variant id', () => {
  it('the Spree API refuses to add it, in English and German, and the cart keeps what it had', async () => {
    const token = await guestCart()
    expect((await call('/cart/add_item', { orderToken: token, body: { variant_id: String(active.variantId), quantity: 1 } })).status).toBe(200)
    for (const product of [draft, archived]) {
      const refused = await call('/cart/add_item', { orderToken: token, body: { variant_id: String(product.variantId), quantity: 1 } })
      expect(refused.status).toBe(404)
      expect(refused.body.code).toBe('product_unavailable')
      expect(say(refused.status, refused.body, en)).toBe('This product is not available any more.')
      expect(say(refused.status, refused.body, de)).toBe('Dieses Produkt ist nicht mehr erhältlich.')
    }
    expect(await lineCount(token)).toBe(1)
  })

  it("the storefront's cart API refuses it too", async () => {
    const b = formBrowser()
    expect((await b.post(`/de/products/${active.slug}`, { variantId: String(active.variantId), quantity: '1' })).status).toBe(303)
    const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await SELF.fetch(`${ORIGIN}/api/cart/items`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ variantId: String(draft.variantId), quantity: 1 }),
    })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 'product_unavailable' })
    const cart = await SELF.fetch(`${ORIGIN}/api/cart`, { headers: { cookie, accept: 'application/json' } })
    const body = JSON.stringify(await cart.json())
    expect(body).toContain(active.sku)
    expect(body).not.toContain(draft.sku)
  })

  it('a product turned draft after it went into the cart stops the order at checkout, and no stock is taken', async () => {
    const later = await createProduct({ name: 'Quokka fleece later', stock: 4 })
    const token = await guestCart()
    expect((await call('/cart/add_item', { orderToken: token, body: { variant_id: String(later.variantId), quantity: 1 } })).status).toBe(200)
    await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email: 'draft@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })
    const rates = await call('/checkout/shipping_rates', { orderToken: token })
    const standard = rates.body.included.find((r: { attributes: { name: string } }) => r.attributes.name === 'Standard')
    await call('/checkout/select_shipping_method', { method: 'PATCH', orderToken: token, body: { shipping_method_id: standard.id } })
    await env.DB.prepare('UPDATE products SET available_on = NULL WHERE id = ?').bind(later.productId).run()
    const paid = await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    const done = paid.status === 200 ? await call('/checkout/complete', { method: 'PATCH', orderToken: token }) : paid
    expect(done.status).toBe(422)
    expect(done.body.error).toBe('Quokka fleece later is no longer available.')
    expect(say(done.status, done.body, de)).toMatch(/^[A-ZÄÖÜ].*\.$/)
    expect(await stockOf(later.variantId)).toBe(4)
    const state = await env.DB.prepare("SELECT state FROM orders WHERE token = ? OR id = (SELECT order_id FROM line_items WHERE variant_id = ? LIMIT 1)").bind(token, later.variantId).first<{ state: string }>()
    expect(state?.state).not.toBe('complete')
  })
})

describe('a draft or archived product is not shown', () => {
  it('not by its address, not in the catalogue API, not in search, not in the sitemap; the active one is', async () => {
    for (const product of [draft, archived]) {
      expect((await call(`/products/${product.slug}`)).status).toBe(404)
    }
    expect((await call(`/products/${active.slug}`)).status).toBe(200)
    const search = await call('/products?filter[name]=Quokka%20fleece')
    const names = search.body.data.map((p: { attributes: { name: string } }) => p.attributes.name)
    expect(names).toContain('Quokka fleece active')
    expect(names).not.toContain('Quokka fleece draft')
    expect(names).not.toContain('Quokka fleece archived')
    const page = await (await SELF.fetch(`${ORIGIN}/Category?term=Quokka+fleece`, { headers: { accept: 'text/html' } })).text()
    expect(page).toContain('Quokka fleece active')
    expect(page).not.toContain('Quokka fleece draft')
    expect(page).not.toContain('Quokka fleece archived')
    const sitemap = await (await SELF.fetch(`${ORIGIN}/sitemap.xml`)).text()
    expect(sitemap).not.toContain(draft.slug)
    expect(sitemap).not.toContain(archived.slug)
  })
})
