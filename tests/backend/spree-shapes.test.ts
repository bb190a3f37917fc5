import { beforeAll, describe, expect, it } from 'vitest'
import { backend } from '#worker/backend/index.ts'
import { env } from 'cloudflare:workers'
import type { Env } from '#worker/env.ts'
import { AU_ADDRESS, TEST_CARD, call, guestCart, paymentReadyCart, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct } from '#tests/factories/catalogue.ts'

// The answer shapes of the Storefront API contract that clients written for Spree rely on (the full contract check of
// every answer is tests/contract/storefront-sdk-walk.test.ts, in Node, where the schema validator can run).

let variantId = 0
let otherVariantId = 0
beforeAll(async () => {
  variantId = (await createProduct({ stock: 20 })).variantId
  otherVariantId = (await createProduct({ stock: 20 })).variantId
})

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
const raw = (path: string, init: RequestInit = {}) => backend.fetch(new Request(`https://store.test/api/v2/storefront${path}`, init), env as unknown as Env, ctx)

describe('answer shapes as the contract has them', () => {
  it('numbers a cart from its creation', async () => {
    const token = await guestCart()
    const cart = await call('/cart', { orderToken: token })
    expect(cart.body.data.attributes.number).toMatch(/^R\d{9}$/)
  })

  it('answers shopping endpoints and their errors as application/vnd.api+json', async () => {
    const created = await raw('/cart', { method: 'POST' })
    expect(created.headers.get('content-type')).toBe('application/vnd.api+json')
    const missing = await raw('/cart')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toBe('application/vnd.api+json')
  })

  it('honours sparse fieldsets on carts and image_transformation on product images', async () => {
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: variantId, quantity: 1 } })
    const sparse = await call('/cart?fields[cart]=number,total&fields[line_item]=quantity', { orderToken: token })
    expect(Object.keys(sparse.body.data.attributes).sort()).toEqual(['number', 'total'])
    expect(Object.keys(sparse.body.included.find((r: any) => r.type === 'line_item').attributes)).toEqual(['quantity'])
  })

  it('lists addresses, orders and wishlists with meta and links', async () => {
    const member = await registerAndLogin()
    await call('/account/addresses', { bearer: member.bearer, body: { address: AU_ADDRESS } })
    await call('/account/addresses', { bearer: member.bearer, body: { address: { ...AU_ADDRESS, city: 'Geelong', zipcode: '3220' } } })
    const addresses = await call('/account/addresses?per_page=1&page=2', { bearer: member.bearer })
    expect(addresses.body.meta).toEqual({ count: 1, total_count: 2, total_pages: 2 })
    expect(addresses.body.links).toMatchObject({ prev: expect.stringContaining('page=1'), first: expect.any(String), last: expect.any(String) })
    const orders = await call('/account/orders', { bearer: member.bearer })
    expect(orders.body).toMatchObject({ data: [], meta: { count: 0, total_count: 0 }, links: { self: expect.any(String) } })
    const wishlists = await call('/wishlists', { bearer: member.bearer })
    expect(wishlists.body.meta).toEqual({ count: 1, total_count: 1, total_pages: 1 })
    const countries = await call('/countries')
    expect(countries.body.links.self).toContain('/countries')
  })

  it("names an address's country as the contract's Address does (country_name, country_iso3)", async () => {
    const member = await registerAndLogin()
    const au = await call('/account/addresses', { bearer: member.bearer, body: { address: AU_ADDRESS } })
    expect(au.body.data.attributes).toMatchObject({ country_iso: 'AU', country_iso3: 'AUS', country_name: 'Australia' })
    const de = await call('/account/addresses', { bearer: member.bearer, body: { address: { ...AU_ADDRESS, country_iso: 'DE', state_name: null, zipcode: '10115' } } })
    expect(de.body.data.attributes).toMatchObject({ country_iso: 'DE', country_iso3: 'DEU', country_name: 'Germany' })
  })

  it('answers a default selected_locale for a customer who never chose one', async () => {
    const member = await registerAndLogin()
    expect((await call('/account', { bearer: member.bearer })).body.data.attributes.selected_locale).toBe('en')
  })

  it("gives each payment of a checkout its amount (the contract's Payment.amount is a string), what it will pay", async () => {
    const token = await paymentReadyCart(variantId, 2)
    const card = await createGiftCard(1000)
    await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '2', source_attributes: { gift_card_code: card.code } } })
    await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    const cart = await call('/cart?include=payments', { orderToken: token })
    const payments = cart.body.included.filter((r: any) => r.type === 'payment').map((r: any) => r.attributes)
    expect(payments.map((p: any) => p.payment_method).sort()).toEqual(['card', 'gift_card'])
    for (const p of payments) expect(p.amount, JSON.stringify(p)).toMatch(/^\d+\.\d{2}$/)
    expect(payments.find((p: any) => p.payment_method === 'gift_card').amount).toBe('10.00')
    const cents = (v: string) => Math.round(Number(v) * 100)
    expect(payments.find((p: any) => p.payment_method === 'card').amount).toBe(cart.body.data.attributes.balance)
    expect(payments.reduce((sum: number, p: any) => sum + cents(p.amount), 0)).toBe(cents(cart.body.data.attributes.total))
  })

  it('creates, renames and lists wishlists; item calls answer the wished item', async () => {
    const { bearer } = await registerAndLogin()
    const created = await call('/wishlists', { bearer, body: { name: 'Camping', is_private: false } })
    expect(created.status).toBe(200)
    expect(created.body.data.attributes).toMatchObject({ name: 'Camping', is_private: false, is_default: false })
    const token = created.body.data.attributes.token
    const renamed = await call(`/wishlists/${token}`, { method: 'PATCH', bearer, body: { wishlist: { name: 'Hiking' } } })
    expect(renamed.body.data.attributes.name).toBe('Hiking')
    expect((await call('/wishlists', { bearer, body: { name: '' } })).status).toBe(422)

    const item = await call(`/wishlists/${token}/add_item`, { bearer, body: { variant_id: String(variantId), quantity: 2 } })
    expect(item.body.data).toMatchObject({ type: 'wished_item', attributes: { quantity: 2 }, relationships: { variant: { data: { id: String(variantId) } } } })
    const set = await call(`/wishlists/${token}/set_item_quantity/${item.body.data.id}`, { method: 'PATCH', bearer, body: { quantity: 5 } })
    expect(set.body.data.attributes.quantity).toBe(5)
    expect((await call(`/wishlists/${token}/set_item_quantity/${item.body.data.id}`, { method: 'PATCH', bearer, body: { quantity: 0 } })).status).toBe(422)
    const shown = await call(`/wishlists/${token}?is_variant_included=${variantId}`, { bearer })
    expect(shown.body.data.attributes.variant_included).toBe(true)

    const many = await call(`/wishlists/${token}/add_items`, { bearer, body: { wished_items: [{ variant_id: String(otherVariantId), quantity: 1 }] } })
    expect(many.body.data.relationships.wished_items.data).toHaveLength(2)
    const removed = await call(`/wishlists/${token}/remove_item/${item.body.data.id}`, { method: 'DELETE', bearer })
    expect(removed.body.data).toMatchObject({ type: 'wished_item', id: item.body.data.id })
    const left = many.body.data.relationships.wished_items.data.map((r: any) => r.id).filter((id: string) => id !== item.body.data.id)
    const bad = await call(`/wishlists/${token}/remove_items`, { method: 'DELETE', bearer, body: { wished_items_ids: [...left, '999999'] } })
    expect(bad.status).toBe(404)
    const cleared = await call(`/wishlists/${token}/remove_items`, { method: 'DELETE', bearer, body: { wished_items_ids: left } })
    expect(cleared.body.data.relationships.wished_items.data).toEqual([])
  })
})
