import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { refundPayment } from '#worker/backend/payments/refunds.ts'
import type { Env } from '#worker/env.ts'
import { AU_ADDRESS, call, guestCart, type CallOptions } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { createFakeStripe, type FakeStripe } from '#tests/fakes/stripe-api.ts'
import { deliverWebhook, STRIPE, stripeEnv } from '#tests/factories/stripe.ts'

// Wallets and pay-later through the card provider (issue 44 point 2, decision 0079): the offline test gateway's fake
// wallet and pay-later, and Stripe's Apple Pay card and Afterpay against the fake Stripe; the order records how it was
// paid, a partial refund goes back through the provider, and pay-later is refused outside its limits.

let fake: FakeStripe
beforeEach(() => {
  fake = createFakeStripe('http://stripe.fake')
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    return request.url.startsWith(fake.base) ? fake.handle(request) : realFetch(input, init)
  })
})

let variantId = 0
let dearId = 0
beforeAll(async () => {
  variantId = (await createProduct({ stock: 100 })).variantId
  dearId = (await createProduct({ stock: 10, prices: { AUD: { amount: 250000, compareAt: 260000, member: 240000 }, USD: { amount: 170000, compareAt: 180000, member: 160000 } } })).variantId
})

type Auth = { orderToken: string }
async function readyCart(options: { currency?: 'AUD' | 'USD'; variant?: number; stripe?: boolean } = {}): Promise<Auth> {
  const who = { orderToken: await guestCart(options.currency ?? 'AUD') }
  const envOf: CallOptions = options.stripe ? { env: STRIPE } : {}
  await call('/cart/add_item', { ...who, ...envOf, body: { variant_id: options.variant ?? variantId, quantity: 1 } })
  const order = { email: 'wallet-shopper@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] }
  const res = await call('/checkout', { method: 'PATCH', ...who, ...envOf, body: { order } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return who
}

/** The method's id by its type, as a client finds it (never a literal id). */
async function methodId(auth: Auth, type: RegExp, options: CallOptions = {}) {
  const list = await call('/checkout/payment_methods', { ...auth, ...options })
  return (list.body.data as Array<{ id: string; attributes: { type: string } }>).find((m) => type.test(m.attributes.type))?.id
}

const paymentOf = async (number: string) =>
  (await env.DB.prepare("SELECT p.* FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.method = 'card' AND p.state = 'completed'").bind(number).first<any>())!

describe('the test gateway offers a fake wallet and pay-later offline', () => {
  it('a guest pays with the wallet, then another with pay-later: each order records its kind, and part of each is refunded', async () => {
    for (const [type, kind] of [[/TestWallet$/, 'wallet'], [/TestPayLater$/, 'pay_later']] as const) {
      const auth = await readyCart()
      const id = await methodId(auth, type)
      expect(id).toBeDefined()
      const paid = await call('/checkout/create_payment', { ...auth, body: { payment_method_id: id } })
      expect(paid.status, JSON.stringify(paid.body)).toBe(200)
      const placed = await call('/checkout/complete', { method: 'PATCH', ...auth })
      expect(placed.status, JSON.stringify(placed.body)).toBe(200)
      const attributes = placed.body.included.find((r: any) => r.type === 'payment').attributes
      expect(attributes).toMatchObject({ payment_method: 'card', state: 'completed', payment_kind: kind, payment_kind_name: `test_${kind}`, amount: placed.body.data.attributes.total })
      const row = await paymentOf(placed.body.data.attributes.number)
      expect(row).toMatchObject({ kind, kind_name: `test_${kind}`, amount_cents: Math.round(Number(placed.body.data.attributes.total) * 100) })
      expect(await refundPayment(env as unknown as Env, row.id, 1234)).toEqual({ reference: expect.stringMatching(/^test_refund_/), provider: 'test_gateway' })
      // the confirmation email says how it was paid
      const mail = await env.DB.prepare("SELECT payload FROM outbox WHERE ref = ? AND kind = 'order_confirmation'").bind(placed.body.data.attributes.number).first<{ payload: string }>()
      expect(JSON.parse(mail!.payload).cardKind).toEqual({ type: kind, name: kind === 'wallet' ? 'Test Wallet' : 'Test Pay Later' })
    }
  })

  it('refuses pay-later over its limit and outside AUD with a code, and changes nothing', async () => {
    const dear = await readyCart({ variant: dearId })
    const refused = await call('/checkout/create_payment', { ...dear, body: { payment_method_id: await methodId(dear, /PayLater$/) } })
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ code: 'pay_later_limit', error: expect.stringMatching(/\$1 to \$2,000/) })
    const usd = await readyCart({ currency: 'USD' })
    expect((await call('/checkout/create_payment', { ...usd, body: { payment_method_id: await methodId(usd, /PayLater$/) } })).body.code).toBe('pay_later_limit')
    const payments = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token IN (?, ?)").bind(dear.orderToken, usd.orderToken).first<{ n: number }>()
    expect(payments!.n).toBe(0)
    // the completion refuses it too: nothing to pay with
    expect((await call('/checkout/complete', { method: 'PATCH', ...dear })).status).toBe(422)
  })
})

describe('Stripe: Apple Pay and Afterpay from the Payment Element', () => {
  it('an Apple Pay card and an Afterpay method are authorised for their own type, captured, refunded in part and followed by the webhook', async () => {
    for (const [type, pm] of [
      [/StripeWallet$/, () => fake.createPaymentMethod('4242424242424242', { wallet: 'apple_pay' })],
      [/StripePayLater$/, () => fake.createPaymentMethod('', { type: 'afterpay_clearpay' })],
    ] as const) {
      const auth = await readyCart({ stripe: true })
      const method = pm()
      const paid = await call('/checkout/create_payment', { ...auth, env: STRIPE, body: { payment_method_id: await methodId(auth, type, { env: STRIPE }), source_attributes: { gateway_payment_profile_id: method.id } } })
      expect(paid.status, JSON.stringify(paid.body)).toBe(200)
      const placed = await call('/checkout/complete', { method: 'PATCH', ...auth, env: STRIPE })
      expect(placed.status, JSON.stringify(placed.body)).toBe(200)
      const row = await paymentOf(placed.body.data.attributes.number)
      const kindName = method.type === 'card' ? 'apple_pay' : 'afterpay_clearpay'
      expect(row).toMatchObject({ kind: method.type === 'card' ? 'wallet' : 'pay_later', kind_name: kindName, provider_state: 'captured' })
      const intent = fake.intents.get(row.payment_intent_id)!
      expect(intent).toMatchObject({ status: 'succeeded', payment_method_types: [method.type] })
      expect(await refundPayment(stripeEnv, row.id, 500)).toMatchObject({ provider: 'stripe' })
      const { body, signature } = await fake.event('charge.refunded', { id: 'ch_w', object: 'charge', payment_intent: row.payment_intent_id, amount: row.amount_cents, currency: 'aud', amount_refunded: 500, refunded: false })
      expect((await deliverWebhook(body, signature)).status).toBe(200)
      expect(await paymentOf(placed.body.data.attributes.number)).toMatchObject({ refunded_cents: 500 })
    }
  })

  it('refuses a plain card as a wallet and a card as pay-later, 422 with codes', async () => {
    const auth = await readyCart({ stripe: true })
    const card = fake.createPaymentMethod('4242424242424242').id
    const asWallet = await call('/checkout/create_payment', { ...auth, env: STRIPE, body: { payment_method_id: await methodId(auth, /StripeWallet$/, { env: STRIPE }), source_attributes: { gateway_payment_profile_id: card } } })
    expect(asWallet).toMatchObject({ status: 422, body: { code: 'wallet_unavailable' } })
    const asLater = await call('/checkout/create_payment', { ...auth, env: STRIPE, body: { payment_method_id: await methodId(auth, /StripePayLater$/, { env: STRIPE }), source_attributes: { gateway_payment_profile_id: card } } })
    expect(asLater).toMatchObject({ status: 422, body: { code: 'pay_later_limit' } })
  })
})
