import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { backend } from '#worker/backend/index.ts'
import type { Env } from '#worker/env.ts'
import { AU_ADDRESS, call, guestCart, registerAndLogin, TEST_CARD } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'

// Payments the contract's way: the test gateway tokenises a card (the client-side step a provider's script does),
// the store is paid with the token (`gateway_payment_profile_id`) or a member's saved card (`source_id`), and no
// card number is kept anywhere.

let variantId = 0
beforeAll(async () => {
  variantId = (await createProduct({ stock: 50 })).variantId
})

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
async function tokenise(number: string, year = TEST_CARD.year) {
  const res = await backend.fetch(
    new Request('https://store.test/test_gateway/tokens', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ card: { ...TEST_CARD, number, year } }) }),
    env as unknown as Env,
    ctx,
  )
  return { status: res.status, body: (await res.json()) as any }
}

/** A cart (guest or the member's) ready to pay: an item, addresses and a shipping method. */
async function readyCart(auth: { orderToken?: string; bearer?: string }) {
  await call('/cart/add_item', { ...auth, body: { variant_id: variantId, quantity: 1 } })
  await call('/checkout', { method: 'PATCH', ...auth, body: { order: { email: 'cards@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })
  const rates = await call('/checkout/shipping_rates', auth)
  await call('/checkout/select_shipping_method', { method: 'PATCH', ...auth, body: { shipping_method_id: rates.body.included[0].id } })
}

const pay = (auth: object, body: object) => call('/checkout/create_payment', { ...auth, body: { payment_method_id: '1', ...body } })

describe('card payments through the gateway interface', () => {
  it('tokenises a card, pays with the token and completes; the number is stored nowhere', async () => {
    const token = await tokenise('4242 4242 4242 4242')
    expect(token.status).toBe(201)
    expect(token.body).toMatchObject({ id: expect.stringMatching(/^tok_test_/), card: { brand: 'visa', last4: '4242', exp_month: 12 } })
    const orderToken = await guestCart()
    await readyCart({ orderToken })
    const paid = await pay({ orderToken }, { source_attributes: { gateway_payment_profile_id: token.body.id, name: 'Ada Lovelace' } })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body.included.find((r: any) => r.type === 'payment').attributes).toMatchObject({ last_digits: '4242', cc_type: 'visa' })
    const placed = await call('/checkout/complete', { method: 'PATCH', orderToken })
    expect(placed.body.data.attributes.state).toBe('complete')
    const tables = await env.DB.batch(['test_gateway_tokens', 'payments', 'credit_cards'].map((t) => env.DB.prepare(`SELECT * FROM ${t}`)))
    expect(JSON.stringify(tables.map((t) => t.results))).not.toMatch(/4242424242424242|42424242/)
  })

  it('refuses a declined card, an unknown token, an expired card and a brand the store does not take', async () => {
    const orderToken = await guestCart()
    await readyCart({ orderToken })
    const declined = await tokenise('4000000000000002')
    expect(declined.status).toBe(201)
    const refused = await pay({ orderToken }, { source_attributes: { gateway_payment_profile_id: declined.body.id, name: 'A' } })
    expect(refused.status).toBe(422)
    expect(refused.body.errors).toEqual({ 'source_attributes.gateway_payment_profile_id': ['was declined'] })
    const unknown = await pay({ orderToken }, { source_attributes: { gateway_payment_profile_id: 'tok_test_nothing_like_this', name: 'A' } })
    expect(unknown.status).toBe(422)
    expect((await tokenise('6011111111111117')).status).toBe(422)
    expect((await tokenise('4111111111111111', 2001)).status).toBe(422)
    expect((await call('/cart', { orderToken })).body.included.filter((r: any) => r.type === 'payment')).toEqual([])
  })

  it("keeps a member's cards, answers the default, pays with a saved card by source_id and forgets a card", async () => {
    const member = await registerAndLogin()
    const other = await registerAndLogin()
    const auth = { bearer: member.bearer }
    await call('/cart', { method: 'POST', ...auth })
    expect((await call('/account/credit_cards/default', auth)).body).toEqual({ data: null })
    await readyCart(auth)
    const token = await tokenise('5555 5555 5555 4444')
    expect((await pay(auth, { source_attributes: { gateway_payment_profile_id: token.body.id, name: 'Ada Lovelace' } })).status).toBe(200)
    await call('/checkout/complete', { method: 'PATCH', ...auth })

    const cards = await call('/account/credit_cards', auth)
    expect(cards.body.data).toHaveLength(1)
    expect(cards.body.data[0]).toMatchObject({
      type: 'credit_card',
      attributes: { cc_type: 'mastercard', last_digits: '4444', month: 12, year: TEST_CARD.year, name: 'Ada Lovelace', gateway_payment_profile_id: token.body.id, default: true },
      relationships: { payment_method: { data: { type: 'payment_method', id: '1' } } },
    })
    expect(cards.body.meta).toEqual({ count: 1, total_count: 1, total_pages: 1 })
    const saved = (await call('/account/credit_cards/default', auth)).body.data
    expect(saved.id).toBe(cards.body.data[0].id)

    await call('/cart', { method: 'POST', ...auth })
    await readyCart(auth)
    expect((await pay({ bearer: other.bearer }, { source_id: saved.id })).status).toBe(404)
    const paid = await pay(auth, { source_id: saved.id })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect((await call('/checkout/complete', { method: 'PATCH', ...auth })).body.data.attributes.state).toBe('complete')

    expect((await call(`/account/credit_cards/${saved.id}`, { method: 'DELETE', bearer: other.bearer })).status).toBe(404)
    expect((await call(`/account/credit_cards/${saved.id}`, { method: 'DELETE', ...auth })).status).toBe(204)
    expect((await call('/account/credit_cards', auth)).body.data).toEqual([])
  })

  it('still takes raw card details as the test gateway convenience, and keeps only brand and digits', async () => {
    const orderToken = await guestCart()
    await readyCart({ orderToken })
    const paid = await pay({ orderToken }, { source_attributes: TEST_CARD })
    expect(paid.status).toBe(200)
    expect(paid.body.included.find((r: any) => r.type === 'payment').attributes).toMatchObject({ last_digits: '1111', cc_type: 'visa' })
    const declined = await pay({ orderToken }, { source_attributes: { ...TEST_CARD, number: '4000000000000002' } })
    expect(declined.body.errors).toEqual({ 'source_attributes.number': ['was declined'] })
    const rows = await env.DB.batch(['test_gateway_tokens', 'payments'].map((t) => env.DB.prepare(`SELECT * FROM ${t}`)))
    expect(JSON.stringify(rows.map((t) => t.results))).not.toContain('4111111111111111')
  })
})
