import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { refundPayment } from '#worker/backend/payments/refunds.ts'
import { refundQuantities } from '#worker/admin/quantity-refunds.ts'
import { refund } from '#worker/admin/order-actions.ts'
import { loadOrderDetail } from '#worker/admin/order-detail.ts'
import { createAdmin, operator } from '#tests/worker/admin-helpers.ts'
import { AU_ADDRESS, call, guestCart, type CallOptions } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { createFakeStripe, FAKE_WEBHOOK_SECRET, signPayload, type FakeStripe } from '#tests/fakes/stripe-api.ts'
import { deliverWebhook, STRIPE, stripeEnv } from '#tests/factories/stripe.ts'

// Stripe sends events in no particular order, sometimes twice (docs/deploying.md 'Stripe'): a payment follows
// Stripe's state, never the order events arrive in; a figure the store cannot take is answered (200, so Stripe stops
// retrying) and recorded for an operator; a webhook signed for a time far from now is refused.

let fake: FakeStripe

beforeEach(() => {
  fake = createFakeStripe('http://stripe.fake')
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    return request.url.startsWith(fake.base) ? fake.handle(request) : realFetch(input, init)
  })
})

const api = (path: string, options: CallOptions = {}) => call(path, { ...options, env: STRIPE })
let variantId = 0
beforeAll(async () => {
  variantId = (await createProduct({ stock: 100 })).variantId
})

interface Paid {
  number: string
  id: number
  amount: number
  intent: string
}

/** A guest order paid by card through (fake) Stripe. */
let cards = 0
async function paidOrder(card = '4242424242424242'): Promise<Paid> {
  const orderToken = await guestCart('AUD')
  await api('/cart/add_item', { orderToken, body: { variant_id: variantId, quantity: 1 } })
  const order = { email: 'webhook-shopper@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] }
  expect((await api('/checkout', { method: 'PATCH', orderToken, body: { order } })).status).toBe(200)
  const paying = await api('/checkout/create_payment', { orderToken, body: { payment_method_id: '1', source_attributes: { gateway_payment_profile_id: fake.createPaymentMethod(card, { fingerprint: `fp_webhook_${++cards}` }).id } } })
  // (a card of its own each time: the card-testing defence limits payments per card)
  expect(paying.status, JSON.stringify(paying.body)).toBe(200)
  const placed = await api('/checkout/complete', { method: 'PATCH', orderToken })
  expect(placed.status, JSON.stringify(placed.body)).toBe(200)
  const number = placed.body.data.attributes.number as string
  const row = (await payment(number))!
  return { number, id: row.id, amount: row.amount_cents, intent: row.payment_intent_id }
}

const payment = (number: string) =>
  env.DB.prepare("SELECT p.* FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.method = 'card' ORDER BY p.id DESC LIMIT 1").bind(number).first<any>()
const notices = (number: string) =>
  env.DB.prepare("SELECT admin_email, action, before_json, after_json FROM audit_log WHERE subject_type = 'order' AND subject_id = ? ORDER BY id").bind(number).all<any>().then((r) => r.results)


/** The `charge.refunded` Stripe sends when `refunded` of the payment's charge is refunded in all. */
const refundedEvent = (paid: Paid, refunded: number, extra: object = {}) =>
  fake.event('charge.refunded', { id: `ch_${paid.intent}`, object: 'charge', payment_intent: paid.intent, amount: paid.amount, currency: 'aud', amount_refunded: refunded, refunded: refunded === paid.amount, ...extra })

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items]
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]))
}

describe('refund events in any order', () => {
  it('three refunds’ events replayed in every order, with duplicates, end at Stripe’s figure; the console offers only what is left', async () => {
    for (const order of permutations([0, 1, 2])) {
      const paid = await paidOrder()
      // three refunds made in Stripe's dashboard: 10.00, then 20.00, then the rest; each event carries the total so far
      const totals = [1000, 3000, paid.amount]
      const events = await Promise.all(totals.map((t) => refundedEvent(paid, t)))
      for (const i of order) {
        expect((await deliverWebhook(events[i]!.body, events[i]!.signature)).status).toBe(200)
        // Stripe delivers an event twice now and then; an older total again under a new event id does nothing either
        expect((await deliverWebhook(events[i]!.body, events[i]!.signature)).body).toEqual({ received: true, duplicate: true })
        const again = await refundedEvent(paid, totals[order[0]!]!)
        expect((await deliverWebhook(again.body, again.signature)).status).toBe(200)
      }
      expect(await payment(paid.number), `events in the order ${order}`).toMatchObject({ refunded_cents: paid.amount, provider_state: 'refunded' })
      await expect(refundPayment(stripeEnv, paid.id, 1)).rejects.toThrow(/At most 0.00 is left/)
    }
  })

  it('partial refunds in every order: the largest total stands, and exactly the rest can still be refunded', async () => {
    for (const order of permutations([0, 1, 2])) {
      const paid = await paidOrder()
      const totals = [500, 1500, 3000]
      const events = await Promise.all(totals.map((t) => refundedEvent(paid, t)))
      for (const i of order) expect((await deliverWebhook(events[i]!.body, events[i]!.signature)).status).toBe(200)
      expect(await payment(paid.number), `events in the order ${order}`).toMatchObject({ refunded_cents: 3000, provider_state: 'partially_refunded' })
      const left = paid.amount - 3000
      await expect(refundPayment(stripeEnv, paid.id, left + 1)).rejects.toThrow(`At most ${(left / 100).toFixed(2)} is left`)
    }
  })
})

describe('a figure the store cannot take', () => {
  it('above the payment, negative, not a whole number, in another currency or for an unknown payment: 200 and ignored (Stripe stops retrying), nothing changed, recorded for an operator', async () => {
    const paid = await paidOrder()
    const ok = await refundedEvent(paid, 1000)
    expect((await deliverWebhook(ok.body, ok.signature)).body).toEqual({ received: true })
    const cases: Array<[string, object]> = [
      ['more than the payment took', { amount_refunded: paid.amount + 1 }],
      ['negative', { amount_refunded: -500 }],
      ['not a whole number of cents', { amount_refunded: 12.5 }],
      ['not a number', { amount_refunded: 'lots' }],
      ['another currency', { amount_refunded: 2000, currency: 'usd' }],
    ]
    for (const [why, extra] of cases) {
      const event = await refundedEvent(paid, 0, extra)
      const answer = await deliverWebhook(event.body, event.signature)
      expect(answer.status, why).toBe(200)
      expect(answer.body, why).toEqual({ received: true, ignored: expect.stringMatching(/recorded for an operator/) })
      // delivered again (Stripe retries only a failure, but an event may come twice): answered, not recorded twice
      expect((await deliverWebhook(event.body, event.signature)).body, why).toEqual({ received: true, duplicate: true })
    }
    expect(await payment(paid.number)).toMatchObject({ refunded_cents: 1000, provider_state: 'partially_refunded' })
    const recorded = await notices(paid.number)
    expect(recorded).toHaveLength(cases.length)
    expect(recorded.every((n) => n.admin_email === 'Stripe webhook' && n.action === 'payment.webhook_ignored')).toBe(true)
    expect(JSON.parse(recorded[0].after_json)).toMatchObject({ event: 'charge.refunded', amount_refunded: paid.amount + 1, payment_intent: paid.intent })
    expect(JSON.parse(recorded[0].before_json)).toMatchObject({ payment_id: paid.id, amount_cents: paid.amount, refunded_cents: 1000 })

    // the operator sees each on the order's page, with the reason
    const { b } = await operator()
    const page = (await b.get(`/admin/orders/${paid.number}`)).body
    expect(page).toContain('payment.webhook ignored by Stripe webhook')
    expect(page).toContain(`is more than the ${paid.amount} cents the payment took: nothing was changed; recorded for an operator.`)
    expect(page).toContain('is in USD, but the order was paid in AUD')

    const stranger = await refundedEvent({ ...paid, intent: 'pi_not_this_stores' }, 1000)
    const unknown = await deliverWebhook(stranger.body, stranger.signature)
    expect(unknown).toEqual({ status: 200, body: { received: true, ignored: expect.stringMatching(/no placed payment/) } })
    const row = await env.DB.prepare("SELECT action FROM audit_log WHERE subject_type = 'payment' AND subject_id = 'pi_not_this_stores'").first<{ action: string }>()
    expect(row?.action).toBe('payment.webhook_ignored')
  })
})

describe('webhook timestamps', () => {
  it('a signature made more than 5 minutes in the future is refused (400), as one more than 5 minutes old is', async () => {
    const paid = await paidOrder()
    const { body } = await refundedEvent(paid, 1000)
    const now = Math.floor(Date.now() / 1000)
    for (const t of [now + 365 * 24 * 3600, now + 301, now - 301]) {
      const answer = await deliverWebhook(body, await signPayload(body, FAKE_WEBHOOK_SECRET, t))
      expect(answer, `t = now ${t - now}`).toEqual({ status: 400, body: expect.objectContaining({ error: 'The webhook signature is not valid.' }) })
    }
    expect((await payment(paid.number)).refunded_cents).toBe(0)
    // a clock a minute apart is still fine
    expect((await deliverWebhook(body, await signPayload(body, FAKE_WEBHOOK_SECRET, now + 60))).body).toEqual({ received: true })
    expect((await payment(paid.number)).refunded_cents).toBe(1000)
  })
})

describe('refunds the store asks Stripe for', () => {
  const keys = () => fake.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.key)
  const anOperator = async () => ({ ...(await createAdmin()), firstName: 'Olive', sessionHash: '' })
  const ADMIN_URL = 'https://store.test/admin/orders/x'

  it('two refunds of the same amount from the same recorded figure send two idempotency keys, and both are refunded', async () => {
    const paid = await paidOrder()
    // (the console's record of the first not written yet, or lost: D1 still says nothing was refunded)
    const first = await refundPayment(stripeEnv, paid.id, 1000)
    const second = await refundPayment(stripeEnv, paid.id, 1000)
    expect(new Set(keys()).size).toBe(2)
    expect(second.reference).not.toBe(first.reference)
    expect(fake.refunds.map((r) => r.amount)).toEqual([1000, 1000])
  })

  it('a refund Stripe refused is a new request when tried again; one whose answer was lost keeps its key and is done once', async () => {
    const paid = await paidOrder()
    const a = await anOperator()
    const line = (await loadOrderDetail(env.DB, paid.number))!.lines[0]!
    const input = { lineId: line.id, reason: 'Never arrived', restock: false }
    // one refund dialog, sent again by the operator after each failure (its form key names the refund at Stripe)
    const formToken = crypto.randomUUID()
    const refundLine = (e: typeof stripeEnv, op: typeof a, detail: NonNullable<Awaited<ReturnType<typeof loadOrderDetail>>>, i: typeof input, url: string) =>
      refundQuantities(e, op, detail, { lines: [{ id: i.lineId, quantity: line.quantity, restock: i.restock }], shipping: false, reason: i.reason, formToken }, url)
    // Stripe refuses (and keeps that answer under the key for a day): the operator is told, nothing is recorded
    fake.intents.get(paid.intent)!.status = 'processing'
    await expect(refundLine(stripeEnv, a, (await loadOrderDetail(env.DB, paid.number))!, input, ADMIN_URL)).rejects.toThrow()
    fake.intents.get(paid.intent)!.status = 'succeeded'
    // the answer to the next one is lost on the way back, twice (the client's own retry too): 503, nothing recorded
    const realHandle = fake.handle
    let drops = 2
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const answer = await realHandle(new Request(input, init))
      if (new URL(new Request(input, init).url).pathname === '/v1/refunds' && drops-- > 0) throw new TypeError('network connection lost')
      return answer
    })
    await expect(refundLine(stripeEnv, a, (await loadOrderDetail(env.DB, paid.number))!, input, ADMIN_URL)).rejects.toThrow(/cannot be reached/)
    expect((await payment(paid.number)).refunded_cents).toBe(0)
    // the operator tries again: the same key as the lost one, so Stripe answers with the refund it made, not a second
    await refundLine(stripeEnv, a, (await loadOrderDetail(env.DB, paid.number))!, input, ADMIN_URL)
    const [refused, lost, lostRetry, again] = keys()
    expect(lost).not.toBe(refused)
    expect([lostRetry, again]).toEqual([lost, lost])
    expect(fake.refunds).toHaveLength(1)
    expect((await payment(paid.number)).refunded_cents).toBe(fake.refunds[0]!.amount)
  })

  it('a console refund whose webhook arrives before the console has recorded it is counted once', async () => {
    const paid = await paidOrder()
    const a = await anOperator()
    const realHandle = fake.handle
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      const answer = await realHandle(new Request(input, init))
      if (new URL(new Request(input, init).url).pathname === '/v1/refunds' && answer.ok) {
        // Stripe's event overtakes its own answer
        const total = fake.refunds.reduce((sum, r) => sum + r.amount, 0)
        const event = await refundedEvent(paid, total)
        expect((await deliverWebhook(event.body, event.signature)).status).toBe(200)
      }
      return answer
    })
    const detail = (await loadOrderDetail(env.DB, paid.number))!
    await refund(stripeEnv, a, detail, { paymentId: paid.id, cents: 1000, reason: 'Goodwill', formToken: 'form-token-webhook-first-0001' }, ADMIN_URL)
    expect((await payment(paid.number)).refunded_cents).toBe(1000)
    const again = (await loadOrderDetail(env.DB, paid.number))!
    await refund(stripeEnv, a, again, { paymentId: paid.id, cents: 500, reason: 'Goodwill', formToken: 'form-token-webhook-first-0002' }, ADMIN_URL)
    expect((await payment(paid.number)).refunded_cents).toBe(1500)
    expect(fake.refunds.reduce((sum, r) => sum + r.amount, 0)).toBe(1500)
  })
})

describe('a payment’s state follows Stripe’s, not the order events arrive in', () => {
  it('a decline’s event arriving after the next card was authenticated on the same intent does not void that payment', async () => {
    const orderToken = await guestCart('AUD')
    await api('/cart/add_item', { orderToken, body: { variant_id: variantId, quantity: 1 } })
    const order = { email: 'webhook-shopper@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] }
    expect((await api('/checkout', { method: 'PATCH', orderToken, body: { order } })).status).toBe(200)
    const pay = (card: string) => api('/checkout/create_payment', { orderToken, body: { payment_method_id: '1', source_attributes: { gateway_payment_profile_id: fake.createPaymentMethod(card, { fingerprint: `fp_webhook_${++cards}` }).id } } })
    await pay('4000000000000002')
    expect((await api('/checkout/complete', { method: 'PATCH', orderToken })).status).toBe(422)
    const [intent] = [...fake.intents.values()]
    const declined = await fake.event('payment_intent.payment_failed', structuredClone(intent!))
    // the next card asks for 3-D Secure on the same intent; the decline's event comes in while the bank page is open
    await pay('4000002760003184')
    expect((await api('/checkout/complete', { method: 'PATCH', orderToken, body: { return_url: 'https://shop.example/checkout/payment/return' } })).status).toBe(402)
    expect((await deliverWebhook(declined.body, declined.signature)).status).toBe(200)
    fake.completeAction(intent!.id)
    const placed = await api('/checkout/complete', { method: 'PATCH', orderToken })
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(placed.body.data.attributes.state).toBe('complete')
    expect(await payment(placed.body.data.attributes.number)).toMatchObject({ state: 'completed', provider_state: 'captured' })
  })
})
