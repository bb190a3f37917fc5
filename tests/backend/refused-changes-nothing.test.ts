import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AU_ADDRESS, TEST_CARD, call, guestCart } from '#tests/factories/api.ts'
import { createGiftCard, createProduct } from '#tests/factories/catalogue.ts'

/** Issue 7.6: a refused request changes nothing: no cart, no cookie, no payment row. */

const ORIGIN = 'https://store.test'
const UNKNOWN_VARIANT = '987654321'

const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n
const orders = () => count('SELECT COUNT(*) AS n FROM orders')

async function send(path: string, init: { method?: string; json?: unknown; form?: Record<string, string>; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin: ORIGIN, 'cf-connecting-ip': `172.30.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` }
  let body: string | undefined
  if (init.json !== undefined) Object.assign(headers, { accept: 'application/json', 'content-type': 'application/json' }), (body = JSON.stringify(init.json))
  if (init.form) Object.assign(headers, { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }), (body = new URLSearchParams(init.form).toString())
  if (init.cookie) headers.cookie = init.cookie
  const res = await SELF.fetch(ORIGIN + path, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' })
  const text = await res.text()
  return { status: res.status, text, cookies: res.headers.getSetCookie() }
}

describe('a refused add to cart', () => {
  it('creates no cart and sets no cookie through the BFF', async () => {
    const before = await orders()
    const refused = await send('/api/cart/items', { json: { variantId: UNKNOWN_VARIANT, quantity: 1 } })
    expect(refused.status).toBe(404)
    expect(JSON.parse(refused.text).error).toBe('This product is not available.')
    expect(refused.cookies.filter((c) => c.startsWith('cart_token='))).toEqual([])
    expect(await orders()).toBe(before)
  })

  it('creates no cart and sets no cookie through the no-JavaScript product form', async () => {
    const product = await createProduct({ stock: 5 })
    const before = await orders()
    const refused = await send(`/products/${product.slug}`, { form: { variantId: UNKNOWN_VARIANT, quantity: '1' } })
    expect(refused.status).toBeLessThan(500)
    // worded from the refusal's code by the storefront (decision 0010), not the backend's sentence
    expect(refused.text).toContain('This product is not available any more.')
    expect(refused.cookies.filter((c) => c.startsWith('cart_token='))).toEqual([])
    expect(await orders()).toBe(before)
  })

  it('leaves an existing cart and its cookie alone', async () => {
    const product = await createProduct({ stock: 5 })
    const added = await send('/api/cart/items', { json: { variantId: String(product.variantId), quantity: 1 } })
    const cookie = added.cookies.find((c) => c.startsWith('cart_token='))!.split(';')[0]!
    const before = await orders()
    const refused = await send('/api/cart/items', { json: { variantId: UNKNOWN_VARIANT, quantity: 1 }, cookie })
    expect(refused.status).toBe(404)
    expect(refused.cookies.filter((c) => c.startsWith('cart_token='))).toEqual([])
    expect(await orders()).toBe(before)
    expect(JSON.parse((await send('/api/cart', { cookie })).text).itemCount).toBe(1)
  })
})

describe('a payment for a checkout that is missing its email or address', () => {
  it('is refused before anything is written, through the API and through makeOrder', async () => {
    const product = await createProduct({ stock: 5 })
    const card = await createGiftCard(1000)
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    const payments = () => count('SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token = ?', token)

    const noEmail = await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    expect(noEmail.status).toBe(422)
    expect(noEmail.body.errors.email).toEqual(['An email address is needed.'])
    const gift = await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '2', source_attributes: { gift_card_code: card.code } } })
    expect(gift.status).toBe(422)
    expect(await payments()).toBe(0)

    await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email: 'a@example.com' } } })
    const noAddress = await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    expect(noAddress.status).toBe(422)
    expect(noAddress.body.errors.ship_address).toEqual(['A shipping address is needed.'])
    expect(await payments()).toBe(0)

    // the storefront's makeOrder (BFF) on a cart without details: refused, no payment row
    const product2 = await createProduct({ stock: 5 })
    const added = await send('/api/cart/items', { json: { variantId: String(product2.variantId), quantity: 1 } })
    const cookie = added.cookies.find((c) => c.startsWith('cart_token='))!.split(';')[0]!
    const made = await send('/api/checkout/complete', { cookie, json: { method: 'card', cardNumber: '4111111111111111', expiry: '12/40', cvc: '123' } })
    expect(made.status).toBe(422)
    expect(await count("SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token = ?", cookie.split('=')[1])).toBe(0)

    // with everything in place the same payment goes through
    await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
    expect((await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '1', source_attributes: TEST_CARD } })).status).toBe(200)
    expect((await call('/checkout/complete', { method: 'PATCH', orderToken: token })).status).toBe(200)
  })
})
