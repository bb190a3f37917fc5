import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { refundPayment } from '#worker/backend/payments/refunds.ts'
import { AU_ADDRESS, call, guestCart, registerAndLogin, type CallOptions } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, giftCardBalance, stockOf } from '#tests/factories/catalogue.ts'
import { createFakeStripe, type FakeStripe } from '#tests/fakes/stripe-api.ts'
import { deliverWebhook, STRIPE, stripeEnv } from '#tests/factories/stripe.ts'

// Stripe switched on against a local fake of its API (tests/fakes/stripe-api.ts), reached through the store's own
// fetch: authorise, place the order in D1, capture; void when the order is refused; 3-D Secure; webhooks.

let fake: FakeStripe
let providerDown = false

beforeEach(() => {
  fake = createFakeStripe('http://stripe.fake')
  providerDown = false
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (!request.url.startsWith(fake.base)) return realFetch(input, init)
    if (providerDown) throw new TypeError('fetch failed: connection refused')
    return fake.handle(request)
  })
})

const api = (path: string, options: CallOptions = {}) => call(path, { ...options, env: STRIPE })
let variantId = 0
beforeAll(async () => {
  variantId = (await createProduct({ stock: 100 })).variantId
})

type Auth = { orderToken?: string; bearer?: string }
async function readyCart(currency: 'AUD' | 'USD', auth: Auth = {}, variant = variantId): Promise<Auth> {
  const who = auth.bearer ? auth : { orderToken: await guestCart(currency) }
  if (auth.bearer) await api(`/cart?currency=${currency}`, { method: 'POST', bearer: auth.bearer })
  await api('/cart/add_item', { ...who, body: { variant_id: variant, quantity: 1 } })
  const order = { email: 'stripe-shopper@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] }
  const res = await api('/checkout', { method: 'PATCH', ...who, body: { order } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return who
}
const payWith = (auth: Auth, pm: string) => api('/checkout/create_payment', { ...auth, body: { payment_method_id: '1', source_attributes: { gateway_payment_profile_id: pm } } })
const complete = (auth: Auth, body?: object) => api('/checkout/complete', { method: 'PATCH', ...auth, body })
const cents = (decimal: string) => Math.round(Number(decimal) * 100)
const payment = async (orderNumber: string) =>
  (await env.DB.prepare("SELECT p.* FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.method = 'card' ORDER BY p.id DESC LIMIT 1").bind(orderNumber).first<any>())!
const cartNumber = async (auth: Auth) => (await api('/cart', auth)).body.data.attributes.number as string
const intentOf = (orderNumber: string) => [...fake.intents.values()].filter((pi) => pi.metadata.order_number === orderNumber)
const confirmations = async (orderNumber: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE ref = ? AND kind = 'order_confirmation'").bind(orderNumber).first<{ n: number }>())!.n

async function webhook(type: string, object: object, secret?: string) {
  const { body, signature } = await fake.event(type, object, secret)
  return deliverWebhook(body, signature)
}

describe('paying by card with Stripe', () => {
  it('a guest pays in AUD: authorised for the balance due, order placed, then captured; one intent, keyed by the order', async () => {
    const auth = await readyCart('AUD')
    const number = await cartNumber(auth)
    const pm = fake.createPaymentMethod('4242 4242 4242 4242').id
    const paid = await payWith(auth, pm)
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body.included.find((r: any) => r.type === 'payment').attributes).toMatchObject({ last_digits: '4242', cc_type: 'visa' })
    const placed = await complete(auth)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(placed.body.data.attributes.state).toBe('complete')
    const total = cents(placed.body.data.attributes.total)
    const [pi, ...others] = intentOf(number)
    expect(others).toHaveLength(0)
    expect(pi).toMatchObject({ amount: total, currency: 'aud', capture_method: 'manual', status: 'succeeded', amount_received: total })
    const create = fake.requests.find((r) => r.path === '/v1/payment_intents')!
    expect(create.key).toBe(`pi-${number}-${total}`)
    expect(fake.requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1)
    expect(await payment(number)).toMatchObject({ state: 'completed', amount_cents: total, provider_state: 'captured', payment_intent_id: pi!.id, last4: '4242' })
    expect(await confirmations(number)).toBe(1)
  })

  it('a member pays in USD; the card is saved on their Stripe customer and pays the next order by source_id', async () => {
    const member = await registerAndLogin()
    const auth = await readyCart('USD', { bearer: member.bearer })
    const pm = fake.createPaymentMethod('5555555555554444').id
    expect((await payWith(auth, pm)).status).toBe(200)
    const placed = await complete(auth)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const pi = intentOf(placed.body.data.attributes.number)[0]!
    expect(pi).toMatchObject({ currency: 'usd', amount: cents(placed.body.data.attributes.total), status: 'succeeded', setup_future_usage: 'off_session' })
    expect(pi.customer).toMatch(/^cus_/)
    const cards = await api('/account/credit_cards', { bearer: member.bearer })
    expect(cards.body.data).toHaveLength(1)
    expect(cards.body.data[0].attributes).toMatchObject({ gateway_payment_profile_id: pm, last_digits: '4444', cc_type: 'mastercard', default: true })

    const again = await readyCart('USD', { bearer: member.bearer })
    expect((await api('/checkout/create_payment', { ...again, body: { payment_method_id: '1', source_id: cards.body.data[0].id } })).status).toBe(200)
    const second = await complete(again)
    expect(second.status, JSON.stringify(second.body)).toBe(200)
    expect(intentOf(second.body.data.attributes.number)[0]).toMatchObject({ customer: pi.customer, payment_method: pm, status: 'succeeded' })
    expect(fake.customers.size).toBe(1)
  })

  it('a member who does not save the card (save_card false): Stripe is not asked to keep it, and it is not among their cards', async () => {
    const member = await registerAndLogin()
    const auth = await readyCart('AUD', { bearer: member.bearer })
    const pm = fake.createPaymentMethod('4242424242424242').id
    const paid = await api('/checkout/create_payment', { ...auth, body: { payment_method_id: '1', source_attributes: { gateway_payment_profile_id: pm }, save_card: false } })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    const placed = await complete(auth)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const pi = intentOf(placed.body.data.attributes.number)[0]!
    expect(pi).toMatchObject({ status: 'succeeded', setup_future_usage: null })
    const confirm = fake.requests.find((r) => r.path === `/v1/payment_intents/${pi.id}/confirm`)!
    expect(confirm.params).not.toHaveProperty('setup_future_usage')
    expect(fake.paymentMethods.get(pm)!.customer).toBeNull()
    expect((await api('/account/credit_cards', { bearer: member.bearer })).body.data).toEqual([])
    const bad = await api('/checkout/create_payment', { ...(await readyCart('AUD', { bearer: member.bearer })), body: { payment_method_id: '1', source_attributes: { gateway_payment_profile_id: pm }, save_card: 'maybe' } })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ save_card: ['must be true or false'] })
  })

  it('the hosted page keeps a member’s card only when asked (save_card): the session’s customer and setup_future_usage', async () => {
    const member = await registerAndLogin()
    const urls = { success_url: 'https://shop.example/checkout/payment/return', cancel_url: 'https://shop.example/checkout/payment' }
    const payHosted = async (save: boolean) => {
      const auth = await readyCart('AUD', { bearer: member.bearer })
      const opened = await api('/checkout/stripe_session', { ...auth, body: { ...urls, ...(save ? { save_card: true } : {}) } })
      expect(opened.status, JSON.stringify(opened.body)).toBe(201)
      fake.payHostedSession(opened.body.data.id, save ? '5555555555554444' : '4242424242424242')
      const placed = await complete(auth, { stripe_session_id: opened.body.data.id })
      expect(placed.status, JSON.stringify(placed.body)).toBe(200)
      return { session: fake.sessions.get(opened.body.data.id)!, pi: intentOf(placed.body.data.attributes.number)[0]! }
    }
    const once = await payHosted(false)
    expect(once.session.customer).toBeNull()
    expect(once.session.payment_intent_data.setup_future_usage).toBeUndefined()
    expect(fake.paymentMethods.get(once.pi.payment_method)!.customer).toBeNull()
    expect((await api('/account/credit_cards', { bearer: member.bearer })).body.data).toEqual([])

    const kept = await payHosted(true)
    expect(kept.session.customer).toMatch(/^cus_/)
    expect(kept.session.payment_intent_data.setup_future_usage).toBe('off_session')
    expect(fake.paymentMethods.get(kept.pi.payment_method)!.customer).toBe(kept.session.customer)
    const cards = (await api('/account/credit_cards', { bearer: member.bearer })).body.data
    expect(cards.map((c: any) => c.attributes)).toMatchObject([{ gateway_payment_profile_id: kept.pi.payment_method, last_digits: '4444', default: true }])
  })

  it('a declined card keeps the cart and says why; the next card pays the same intent', async () => {
    const auth = await readyCart('AUD')
    const number = await cartNumber(auth)
    await payWith(auth, fake.createPaymentMethod('4000000000009995').id)
    const refused = await complete(auth)
    expect(refused.status).toBe(422)
    expect(refused.body.error).toBe('Your card was declined: insufficient funds. Please use another card.')
    const cart = await api('/cart', auth)
    expect(cart.body.data.attributes).toMatchObject({ state: expect.not.stringMatching('complete'), item_count: 1 })
    await payWith(auth, fake.createPaymentMethod('4000000000000002').id)
    expect((await complete(auth)).body.error).toBe('Your card was declined. Please use another card.')
    await payWith(auth, fake.createPaymentMethod('4242424242424242').id)
    expect((await complete(auth)).status).toBe(200)
    expect(intentOf(number)).toHaveLength(1)
    expect(intentOf(number)[0]!.status).toBe('succeeded')
  })

  it('3-D Secure: the bank page, then back to the store, which places the order and captures', async () => {
    const auth = await readyCart('AUD')
    await payWith(auth, fake.createPaymentMethod('4000002760003184').id)
    const asked = await complete(auth, { return_url: 'https://shop.example/checkout/payment/return' })
    expect(asked.status).toBe(402)
    expect(asked.body.errors.payment).toEqual(['requires_action'])
    const [bankPage] = asked.body.errors.redirect_url
    expect(bankPage).toMatch(/^http:\/\/stripe\.fake\/3ds\/pi_/)
    const back = fake.completeAction(bankPage.split('/').pop())
    expect(back).toMatch(/^https:\/\/shop\.example\/checkout\/payment\/return\?payment_intent=pi_/)
    const placed = await complete(auth)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(intentOf(placed.body.data.attributes.number)[0]!.status).toBe('succeeded')
    expect(await confirmations(placed.body.data.attributes.number)).toBe(1)
  })

  it('another card after the bank page was left open replaces that attempt: its intent is voided, the new one pays', async () => {
    const auth = await readyCart('AUD')
    const number = await cartNumber(auth)
    await payWith(auth, fake.createPaymentMethod('4000002760003184').id)
    expect((await complete(auth)).status).toBe(402)
    await payWith(auth, fake.createPaymentMethod('4242424242424242').id)
    const placed = await complete(auth)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(intentOf(number).map((pi) => pi.status)).toEqual(['canceled', 'succeeded'])
  })

  it('voids the authorisation when the order is refused after it: stock gone, a gift card spent meanwhile (409)', async () => {
    const scarce = await createProduct({ stock: 1 })
    const auth = await readyCart('AUD', {}, scarce.variantId)
    const number = await cartNumber(auth)
    await payWith(auth, fake.createPaymentMethod('4000002760003184').id)
    const asked = await complete(auth)
    fake.completeAction(asked.body.errors.redirect_url[0].split('/').pop())
    await env.DB.prepare('UPDATE variants SET stock_on_hand = 0 WHERE id = ?').bind(scarce.variantId).run()
    const refused = await complete(auth)
    expect(refused.status).toBe(422)
    expect(refused.body.error).toMatch(/out of stock/)
    expect(intentOf(number)[0]).toMatchObject({ status: 'canceled', amount_received: 0 })

    const card = await createGiftCard(2000)
    const second = await readyCart('AUD')
    const secondNumber = await cartNumber(second)
    await api('/checkout/create_payment', { ...second, body: { payment_method_id: '2', source_attributes: { gift_card_code: card.code } } })
    await payWith(second, fake.createPaymentMethod('4000002760003184').id)
    fake.completeAction((await complete(second)).body.errors.redirect_url[0].split('/').pop())
    await env.DB.prepare('UPDATE gift_cards SET balance_cents = 500 WHERE id = ?').bind(card.id).run()
    const moved = await complete(second)
    expect(moved.status).toBe(409)
    expect(moved.body.error).toMatch(/balance of your gift card or store credit has changed/)
    expect(intentOf(secondNumber)[0]).toMatchObject({ status: 'canceled', amount_received: 0 })
    expect(await giftCardBalance(card.id)).toBe(500)
  })

  it('voids when the guarded D1 batch refuses after authorisation (the last item sold in between)', async () => {
    const scarce = await createProduct({ stock: 1 })
    const auth = await readyCart('AUD', {}, scarce.variantId)
    const number = await cartNumber(auth)
    await payWith(auth, fake.createPaymentMethod('4242424242424242').id)
    // another shopper buys the last one while the bank authorises this card
    const handle = fake.handle
    fake.handle = async (request) => {
      const answer = await handle(request)
      if (request.url.endsWith('/confirm')) await env.DB.prepare('UPDATE variants SET stock_on_hand = 0 WHERE id = ?').bind(scarce.variantId).run()
      return answer
    }
    const refused = await complete(auth)
    expect(refused.status).toBe(422)
    expect(intentOf(number)[0]).toMatchObject({ status: 'canceled', amount_received: 0 })
    expect(await stockOf(scarce.variantId)).toBe(0)
  })

  it('gift card and card combine; a gift card paying it all needs no card and no Stripe call', async () => {
    const partial = await createGiftCard(2000)
    const auth = await readyCart('AUD')
    await api('/checkout/create_payment', { ...auth, body: { payment_method_id: '2', source_attributes: { gift_card_code: partial.code } } })
    await payWith(auth, fake.createPaymentMethod('4242424242424242').id)
    const placed = await complete(auth)
    expect(placed.status).toBe(200)
    const total = cents(placed.body.data.attributes.total)
    const [pi, ...others] = intentOf(placed.body.data.attributes.number)
    expect(others).toHaveLength(0)
    expect(pi).toMatchObject({ amount: total - 2000, amount_received: total - 2000, status: 'succeeded' })
    expect(await giftCardBalance(partial.id)).toBe(0)
    expect(await confirmations(placed.body.data.attributes.number)).toBe(1)

    const whole = await createGiftCard(50000)
    const free = await readyCart('AUD')
    await api('/checkout/create_payment', { ...free, body: { payment_method_id: '2', source_attributes: { gift_card_code: whole.code } } })
    const before = fake.requests.length
    expect((await complete(free)).status).toBe(200)
    expect(fake.requests.length).toBe(before)
  })

  it("a member's store credit and a card combine: the card pays the rest, once; one confirmation email", async () => {
    const member = await registerAndLogin()
    await env.DB.prepare("INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, 'AUD', 1500)").bind(member.userId).run()
    const auth = await readyCart('AUD', { bearer: member.bearer })
    const credited = await api('/checkout/add_store_credit', { method: 'POST', ...auth })
    expect(credited.status, JSON.stringify(credited.body)).toBe(200)
    expect(credited.body.data.attributes.store_credit_total).toBe('15.00')
    await payWith(auth, fake.createPaymentMethod('4242424242424242').id)
    const placed = await complete(auth)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const number = placed.body.data.attributes.number
    const total = cents(placed.body.data.attributes.total)
    const [pi, ...others] = intentOf(number)
    expect(others).toHaveLength(0)
    expect(pi).toMatchObject({ amount: total - 1500, amount_received: total - 1500, currency: 'aud', status: 'succeeded' })
    expect(fake.requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1)
    expect(await payment(number)).toMatchObject({ state: 'completed', amount_cents: total - 1500, provider_state: 'captured' })
    const credit = await env.DB.prepare('SELECT balance_cents FROM store_credits WHERE user_id = ?').bind(member.userId).first<{ balance_cents: number }>()
    expect(credit!.balance_cents).toBe(0)
    expect(await confirmations(number)).toBe(1)
  })

  it('without JavaScript: the hosted payment page, and back', async () => {
    const auth = await readyCart('USD')
    const opened = await api('/checkout/stripe_session', { ...auth, body: { success_url: 'https://shop.example/checkout/payment/return', cancel_url: 'https://shop.example/checkout/payment' } })
    expect(opened.status, JSON.stringify(opened.body)).toBe(201)
    const sessionId = opened.body.data.id
    expect(opened.body.data.attributes.url).toBe(`http://stripe.fake/pay/${sessionId}`)
    const back = new URL(fake.payHostedSession(sessionId))
    expect(back.searchParams.get('session_id')).toBe(sessionId)
    const placed = await complete(auth, { stripe_session_id: sessionId })
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(placed.body.data.attributes.state).toBe('complete')
    expect(await payment(placed.body.data.attributes.number)).toMatchObject({ provider_state: 'captured', last4: '4242', amount_cents: cents(placed.body.data.attributes.total) })
  })

  it('provider down: checkout says so, charges nothing and keeps the cart', async () => {
    const auth = await readyCart('AUD')
    await payWith(auth, fake.createPaymentMethod('4242424242424242').id)
    providerDown = true
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const refused = await complete(auth)
    expect(refused.status).toBe(503)
    expect(refused.body.error).toMatch(/payment provider cannot be reached right now, so nothing was charged/)
    expect((await api('/cart', auth)).body.data.attributes.item_count).toBe(1)
  })

  it('refuses card numbers: with Stripe they go to Stripe, never to the store', async () => {
    const auth = await readyCart('AUD')
    const res = await api('/checkout/create_payment', { ...auth, body: { payment_method_id: '1', source_attributes: { number: '4242424242424242', month: 12, year: 2040, verification_value: '123' } } })
    expect(res.status).toBe(422)
    expect(res.body.errors['source_attributes.number']).toEqual(['is not accepted by this store'])
  })
})

describe('Stripe webhooks', () => {
  it('an authorised payment whose browser never came back places its order; the browser coming back later sees it', async () => {
    const auth = await readyCart('AUD')
    const number = await cartNumber(auth)
    await payWith(auth, fake.createPaymentMethod('4000002760003184').id)
    const piId = (await complete(auth)).body.errors.redirect_url[0].split('/').pop()
    fake.completeAction(piId)
    const hook = await webhook('payment_intent.amount_capturable_updated', fake.intents.get(piId)!)
    expect(hook).toEqual({ status: 200, body: { received: true } })
    expect(fake.intents.get(piId)!.status).toBe('succeeded')
    expect(await payment(number)).toMatchObject({ state: 'completed', provider_state: 'captured' })
    const browser = await complete(auth)
    expect(browser.status).toBe(200)
    expect(browser.body.data.attributes.state).toBe('complete')
    expect(fake.requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1)
    expect(await confirmations(number)).toBe(1)
  })

  it('a replayed event is processed once; a forged one is refused; failed and refunded payments are recorded', async () => {
    const auth = await readyCart('AUD')
    await payWith(auth, fake.createPaymentMethod('4242424242424242').id)
    const placed = await complete(auth)
    const number = placed.body.data.attributes.number
    const row = await payment(number)
    const refund = await refundPayment(stripeEnv, row.id, 1000)
    expect(refund).toEqual({ reference: expect.stringMatching(/^re_/), provider: 'stripe' })
    expect(fake.refunds).toMatchObject([{ amount: 1000, payment_intent: row.payment_intent_id }])
    await expect(refundPayment(stripeEnv, row.id, row.amount_cents + 1)).rejects.toThrow(/is left to refund/)
    const charge = { id: 'ch_x', object: 'charge', payment_intent: row.payment_intent_id, amount: row.amount_cents, currency: 'aud', amount_refunded: 1000, refunded: false }
    const { body, signature } = await fake.event('charge.refunded', charge)
    expect((await deliverWebhook(body, signature)).body).toEqual({ received: true })
    expect((await deliverWebhook(body, signature)).body).toEqual({ received: true, duplicate: true })
    expect(await payment(number)).toMatchObject({ refunded_cents: 1000, provider_state: 'partially_refunded' })

    const forged = await webhook('charge.refunded', { ...charge, amount_refunded: row.amount_cents }, 'whsec_someone_else')
    expect(forged.status).toBe(400)
    expect(forged.body.error).toBe('The webhook signature is not valid.')
    const tampered = await fake.event('charge.refunded', charge)
    expect((await deliverWebhook(tampered.body.replace('"amount_refunded":1000', `"amount_refunded":${row.amount_cents}`), tampered.signature)).status).toBe(400)
    expect((await payment(number)).refunded_cents).toBe(1000)

    const failing = await readyCart('AUD')
    await payWith(failing, fake.createPaymentMethod('4000000000000002').id)
    await complete(failing)
    const failedPi = intentOf(await cartNumber(failing))[0]!
    expect((await webhook('payment_intent.payment_failed', failedPi)).status).toBe(200)
    const failedRow = await env.DB.prepare('SELECT * FROM payments WHERE payment_intent_id = ?').bind(failedPi.id).first<any>()
    expect(failedRow).toMatchObject({ provider_state: 'failed', state: 'void' })
  })
})

describe('card-testing defence', () => {
  it('limits payment attempts per card fingerprint across carts and client addresses', async () => {
    // one card (one fingerprint) under a new payment method id each time, as a card tester would make them
    const pm = () => fake.createPaymentMethod('4000000000000002', { fingerprint: 'fp_tested_card' }).id
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await payWith(await readyCart('AUD'), pm())).status)
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('asks for the captcha after three declines on a cart, where one is configured', async () => {
    const captcha = { ...STRIPE, CAPTCHA_SITE_KEY: 'captcha-site', CAPTCHA_SECRET_KEY: 'captcha-secret', CAPTCHA_VERIFY_URL: 'http://stripe.fake/captcha' }
    const auth = await readyCart('AUD')
    for (let i = 0; i < 3; i++) {
      await payWith(auth, fake.createPaymentMethod('4000000000000002').id)
      const refused = await call('/checkout/complete', { method: 'PATCH', ...auth, env: captcha })
      expect(refused.status).toBe(422)
      // the third decline already asks for it, so the payment step shows the captcha with the bank's reason
      expect(refused.body.errors).toEqual(i < 2 ? { payment: ['was declined'] } : { payment: ['was declined'], captcha_token: ['is required'] })
    }
    const asked = await call('/checkout/create_payment', { ...auth, env: captcha, body: { payment_method_id: '1', source_attributes: { gateway_payment_profile_id: fake.createPaymentMethod('4242424242424242').id } } })
    expect(asked.status).toBe(422)
    expect(asked.body.errors).toEqual({ captcha_token: ['is required'] })
  })
})

describe('no card number in D1', () => {
  it('every table, every column', async () => {
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'").all<{ name: string }>()
    expect(tables.results.length).toBeGreaterThan(20)
    const dumps = await env.DB.batch(tables.results.map((t) => env.DB.prepare(`SELECT * FROM "${t.name}"`)))
    const all = JSON.stringify(dumps.map((d) => d.results))
    expect(all).toContain('pi_fake')
    for (const number of ['4242424242424242', '5555555555554444', '4000000000009995', '4000000000000002', '4000002760003184']) {
      expect(all).not.toContain(number)
      expect(all).not.toContain(number.slice(0, 12))
    }
  })
})
