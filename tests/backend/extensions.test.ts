import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { backend } from '#worker/backend/index.ts'
import type { Env } from '#worker/env.ts'
import { AU_ADDRESS, TEST_CARD, call, guestCart, registerAndLogin, uniqueEmail } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { clientAddress, inOneBurstWindow } from '#tests/factories/client.ts'

describe('rate limits', () => {
  it('answers 429 with the error shape for registration, forgot-password and coupon attempts', async () => {
    const ip = clientAddress()
    await inOneBurstWindow()
    const reg = []
    for (let i = 0; i < 6; i++) reg.push((await call('/account', { ip, body: { user: { email: uniqueEmail(), first_name: 'A', last_name: 'B', password: 'secret123' } } })).status)
    expect(reg).toEqual([200, 200, 200, 200, 200, 429])

    const forgot = []
    for (let i = 0; i < 6; i++) forgot.push((await call('/passwords', { ip, body: { user: { email: uniqueEmail() } } })).status)
    expect(forgot).toEqual([404, 404, 404, 404, 404, 429])

    const product = await createProduct()
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    const coupons = []
    for (let i = 0; i < 11; i++) coupons.push(await call('/cart/apply_coupon_code', { ip, method: 'PATCH', orderToken: token, body: { coupon_code: `guess-${i}` } }))
    expect(coupons.slice(0, 10).every((r) => r.status === 422)).toBe(true)
    expect(coupons[10]!.status).toBe(429)
    expect(coupons[10]!.body.error).toMatch(/Too many attempts/)
  })
})

describe('production settings', () => {
  it('hides the outbox reader in production', async () => {
    const production = { ...(env as unknown as Env), ENVIRONMENT: 'production', PASSWORD_PEPPER: 'a-production-pepper-value' }
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
    const res = await backend.fetch(new Request('https://store.test/api/v2/storefront/outbox?email=a@example.com'), production, ctx)
    expect(res.status).toBe(404)
    expect((await call('/outbox?email=a@example.com')).status).toBe(200)
  })
})

describe('orders and checkout states', () => {
  it('pages the order history newest first', async () => {
    const product = await createProduct({ stock: 50 })
    const member = await registerAndLogin()
    const numbers: string[] = []
    for (let i = 0; i < 3; i++) {
      await call('/cart', { method: 'POST', bearer: member.bearer })
      await call('/cart/add_item', { bearer: member.bearer, body: { variant_id: product.variantId, quantity: 1 } })
      const steps = await call('/checkout/next', { method: 'PATCH', bearer: member.bearer })
      expect(steps.body.data.attributes.state).toBe('address')
      const refused = await call('/checkout/next', { method: 'PATCH', bearer: member.bearer })
      expect(refused.status).toBe(422)
      expect(refused.body.errors.ship_address).toBeDefined()
      await call('/checkout', { method: 'PATCH', bearer: member.bearer, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
      const advanced = await call('/checkout/advance', { method: 'PATCH', bearer: member.bearer })
      expect(advanced.body.data.attributes.state).toBe('payment')
      await call('/checkout/create_payment', { bearer: member.bearer, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
      const done = await call('/checkout/complete', { method: 'PATCH', bearer: member.bearer })
      numbers.push(done.body.data.attributes.number)
    }
    const page1 = await call('/account/orders?page=1&per_page=2', { bearer: member.bearer })
    const page2 = await call('/account/orders?page=2&per_page=2', { bearer: member.bearer })
    expect(page1.body.data.map((o: any) => o.attributes.number)).toEqual([numbers[2], numbers[1]])
    expect(page2.body.data.map((o: any) => o.attributes.number)).toEqual([numbers[0]])
    expect(page1.body.meta).toEqual({ count: 2, total_count: 3, total_pages: 2 })
  })

  it('refuses to complete an incomplete checkout and says what is missing', async () => {
    const product = await createProduct()
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    const res = await call('/checkout/complete', { method: 'PATCH', orderToken: token })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors).sort()).toEqual(['bill_address', 'email', 'payment', 'ship_address', 'shipping_method'])
  })
})

describe('wishlists and small extensions', () => {
  it('keeps a default wishlist per customer and deletes it', async () => {
    const product = await createProduct()
    const a = await registerAndLogin()
    const b = await registerAndLogin()
    const list = await call('/wishlists/default', { bearer: a.bearer })
    const token = list.body.data.attributes.token
    expect((await call(`/wishlists/${token}/add_item`, { bearer: a.bearer, body: { variant_id: product.variantId } })).body.data.type).toBe('wished_item')
    expect((await call(`/wishlists/${token}`, { bearer: a.bearer })).body.included).toHaveLength(1)
    expect((await call(`/wishlists/${token}`, { bearer: b.bearer })).status).toBe(404)
    expect((await call('/wishlists/default')).status).toBe(401)
    expect((await call(`/wishlists/${token}`, { method: 'DELETE', bearer: a.bearer })).status).toBe(204)
    expect((await call('/wishlists/default', { bearer: a.bearer })).body.data.attributes.token).not.toBe(token)
  })

  it('shows a public wishlist to anyone with its token, a private one only to its owner (the contract)', async () => {
    const product = await createProduct()
    const a = await registerAndLogin()
    const b = await registerAndLogin()
    const shared = (await call('/wishlists', { bearer: a.bearer, body: { name: 'Birthday', is_private: false } })).body.data.attributes.token
    await call(`/wishlists/${shared}/add_item`, { bearer: a.bearer, body: { variant_id: product.variantId } })
    for (const who of [{ bearer: b.bearer }, {}]) {
      const res = await call(`/wishlists/${shared}`, who)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.data.attributes).toMatchObject({ name: 'Birthday', is_private: false })
      expect(res.body.included).toHaveLength(1)
      // reading is all: the list stays its owner's to change
      expect((await call(`/wishlists/${shared}`, { method: 'PATCH', ...who, body: { name: 'Mine now' } })).status).toBeGreaterThanOrEqual(401)
      expect((await call(`/wishlists/${shared}/add_item`, { ...who, body: { variant_id: product.variantId } })).status).toBeGreaterThanOrEqual(401)
    }
    const hidden = (await call('/wishlists', { bearer: a.bearer, body: { name: 'Secret' } })).body.data.attributes.token
    expect((await call(`/wishlists/${hidden}`, { bearer: b.bearer })).status).toBe(404)
    expect((await call(`/wishlists/${hidden}`)).status).toBe(401)
    expect((await call(`/wishlists/${shared}`, { bearer: a.bearer })).body.data.attributes.name).toBe('Birthday')
  })

  it('names the flag that is not true or false, in a flat body and under wishlist', async () => {
    const a = await registerAndLogin()
    const flat = await call('/wishlists', { bearer: a.bearer, body: { name: 'Trips', is_private: 'yes' } })
    expect(flat.status).toBe(422)
    expect(flat.body.errors).toEqual({ is_private: ['must be true or false'] })
    const token = (await call('/wishlists/default', { bearer: a.bearer })).body.data.attributes.token
    const nested = await call(`/wishlists/${token}`, { method: 'PATCH', bearer: a.bearer, body: { wishlist: { is_default: 'maybe' } } })
    expect(nested.status).toBe(422)
    expect(nested.body.errors).toEqual({ 'wishlist.is_default': ['must be true or false'] })
    expect((await call(`/wishlists/${token}`, { method: 'PATCH', bearer: a.bearer, body: { wishlist: { name: 'Renamed', is_private: 'false' } } })).body.data.attributes).toMatchObject({ name: 'Renamed', is_private: false })
    expect((await call(`/wishlists/${token}`, { method: 'PATCH', bearer: a.bearer, body: { name: 'Flat', is_private: true } })).body.data.attributes).toMatchObject({ name: 'Flat', is_private: true })
  })

  it('records newsletter subscriptions, affiliate codes and contact messages', async () => {
    const email = uniqueEmail()
    await call('/newsletter/subscribe', { body: { email: email.toUpperCase() } })
    // waiting for its owner's confirmation (double opt-in: tests/backend/newsletter.test.ts)
    expect((await env.DB.prepare('SELECT subscribed FROM newsletter_subscribers WHERE email = ?').bind(email).first<{ subscribed: number }>())!.subscribed).toBe(0)
    await call('/newsletter/unsubscribe', { body: { email } })
    expect((await env.DB.prepare('SELECT subscribed FROM newsletter_subscribers WHERE email = ?').bind(email).first<{ subscribed: number }>())!.subscribed).toBe(0)
    const token = await guestCart()
    await call('/affiliate', { orderToken: token, body: { code: 'partner-7' } })
    expect(await env.DB.prepare('SELECT code FROM affiliate_visits WHERE order_token = ?').bind(token).first()).toEqual({ code: 'partner-7' })
    expect((await call('/contact_messages', { body: { name: 'A', email, message: 'Hello' } })).status).toBe(200)
  })
})
