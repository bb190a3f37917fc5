import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import type { Env } from '#worker/env.ts'
import { customerOf } from '#worker/backend/payments/stripe-gateway.ts'
import { FAKE_PUBLISHABLE_KEY, FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET, createFakeStripe } from '#tests/fakes/stripe-api.ts'
import { AU_ADDRESS, call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct } from '#tests/factories/catalogue.ts'

/**
 * An id a client holds names one row for ever (migration 0220): once that row is deleted, no new row gets its id, so a
 * stale id (a second tab, a retried request) is refused instead of changing whatever row took it over.
 */

const lineIds = (res: { body: any }) => res.body.included.filter((r: any) => r.type === 'line_item').map((r: any) => Number(r.id)) as number[]

describe('line items', () => {
  it('a line added after the highest one was removed gets a new id, and the old id changes nothing', async () => {
    const [a, b, c] = [await createProduct({ stock: 5 }), await createProduct({ stock: 5 }), await createProduct({ stock: 5 })]
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: a.variantId, quantity: 1 } })
    const two = await call('/cart/add_item', { orderToken: token, body: { variant_id: b.variantId, quantity: 1 } })
    const removed = Math.max(...lineIds(two))
    expect((await call(`/cart/remove_line_item/${removed}`, { method: 'DELETE', orderToken: token })).status).toBe(200)

    const again = await call('/cart/add_item', { orderToken: token, body: { variant_id: c.variantId, quantity: 1 } })
    const added = Math.max(...lineIds(again))
    expect(added).toBeGreaterThan(removed)

    // a second tab still showing the removed line: its change is refused, the new line keeps its quantity
    const stale = await call('/cart/set_quantity', { method: 'PATCH', orderToken: token, body: { line_item_id: String(removed), quantity: 3 } })
    expect(stale.status).toBe(404)
    expect(stale.body.error).toBe('This item is not in the cart.')
    const quantities = (await env.DB.prepare('SELECT id, quantity FROM line_items WHERE id = ?').bind(added).first<{ quantity: number }>())!
    expect(quantities.quantity).toBe(1)
  })
})

describe('wished items', () => {
  it('an item wished after the highest one was removed gets a new id', async () => {
    const member = await registerAndLogin()
    const [a, b] = [await createProduct({ stock: 5 }), await createProduct({ stock: 5 })]
    const wishlist = (await call('/wishlists/default', { bearer: member.bearer })).body.data.attributes.token as string
    const first = await call(`/wishlists/${wishlist}/add_item`, { bearer: member.bearer, body: { variant_id: String(a.variantId) } })
    const removed = Number(first.body.data.id)
    expect((await call(`/wishlists/${wishlist}/remove_item/${removed}`, { method: 'DELETE', bearer: member.bearer })).status).toBe(200)
    const second = await call(`/wishlists/${wishlist}/add_item`, { bearer: member.bearer, body: { variant_id: String(b.variantId) } })
    expect(Number(second.body.data.id)).toBeGreaterThan(removed)
    expect((await call(`/wishlists/${wishlist}/set_item_quantity/${removed}`, { method: 'PATCH', bearer: member.bearer, body: { quantity: 4 } })).status).toBe(404)
  })
})

describe('payments, carts, addresses and saved cards', () => {
  it('a gift card payment taken off and put on again gets a new id', async () => {
    const product = await createProduct({ stock: 5 })
    const card = await createGiftCard(1000)
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email: 'pay@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
    const paymentId = async () => (await env.DB.prepare('SELECT MAX(p.id) AS id FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token = ?').bind(token).first<{ id: number }>())!.id
    const put = async () => {
      const res = await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '2', source_attributes: { gift_card_code: card.code } } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    }
    await put()
    const first = await paymentId()
    expect((await call('/checkout/remove_gift_card', { method: 'DELETE', orderToken: token })).status).toBe(200)
    await put()
    expect(await paymentId()).toBeGreaterThan(first)
  })

  it('a cart deleted and made again gets a new id; so do addresses and saved cards after the highest one goes', async () => {
    const first = await guestCart()
    const idOf = async (token: string) => (await env.DB.prepare('SELECT id FROM orders WHERE token = ?').bind(token).first<{ id: number }>())!.id
    const deleted = await idOf(first)
    expect((await call('/cart', { method: 'DELETE', orderToken: first })).status).toBe(204)
    expect(await idOf(await guestCart())).toBeGreaterThan(deleted)

    const member = await registerAndLogin()
    for (const [table, insert] of [
      ['addresses', "INSERT INTO addresses (user_id, firstname, lastname, address1, city, zipcode, phone, state_name, country_iso) VALUES (?, 'A', 'B', '1 St', 'Melbourne', '3000', '0412345678', 'VIC', 'AU') RETURNING id"],
      ['credit_cards', "INSERT INTO credit_cards (user_id, payment_method_id, gateway_payment_profile_id, cc_type, last_digits, month, year) VALUES (?, 1, 'tok_' || hex(randomblob(6)), 'visa', '4242', 12, 2040) RETURNING id"],
    ] as const) {
      const one = (await env.DB.prepare(insert).bind(member.userId).first<{ id: number }>())!.id
      await env.DB.prepare(`DELETE FROM ${table} WHERE id = ?`).bind(one).run()
      const two = (await env.DB.prepare(insert).bind(member.userId).first<{ id: number }>())!.id
      expect(two, table).toBeGreaterThan(one)
    }
  })
})

describe('accounts (users are not rebuilt: their ids can come back)', () => {
  it('an account given a deleted account’s id gets a Stripe customer of its own, not the deleted one’s or an error', async () => {
    const fake = createFakeStripe('http://stripe.fake')
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init)
      return request.url.startsWith(fake.base) ? fake.handle(request) : realFetch(input, init)
    })
    const stripeEnv = { ...env, STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_BASE: fake.base } as unknown as Env
    const account = (email: string) =>
      env.DB.prepare("INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM users), ?, 'A', 'B', 'x') RETURNING id, created_at")
        .bind(email)
        .first<{ id: number }>()
    const gone = (await account('gone@example.com'))!
    const first = await customerOf(stripeEnv, gone.id, 'gone@example.com')
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(gone.id).run()
    await new Promise((resolve) => setTimeout(resolve, 5))
    const next = (await account('next@example.com'))!
    expect(next.id).toBe(gone.id)
    const second = await customerOf(stripeEnv, next.id, 'next@example.com')
    expect(second).not.toBe(first)
    expect(fake.customers.get(second)!.email).toBe('next@example.com')
  })
})
