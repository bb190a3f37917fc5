import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStripeRest, encodeForm, STRIPE_API_VERSION, verifiedEvent } from '#worker/backend/payments/stripe-rest.ts'
import { isStripeError, providerError } from '#worker/backend/payments/stripe-client.ts'
import { FAKE_WEBHOOK_SECRET, signPayload } from '#tests/fakes/stripe-api.ts'

// The store's own Stripe client (it replaced the `stripe` library at run time): what it sends, when it tries again,
// how Stripe's refusals reach the checkout, and the webhook signature check. The whole payment flows run against the
// fake Stripe in stripe-payments.test.ts and the e2e tests.

const KEY = 'sk_test_rest_0123456789'
const stripe = () => createStripeRest({ secretKey: KEY, base: 'http://stripe.rest' })
const json = (status: number, body: object, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })

function answering(...answers: Array<Response | Error>) {
  const seen: Request[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    seen.push(new Request(input, init))
    const next = answers.shift()
    if (!next) throw new Error('no more answers')
    if (next instanceof Error) throw next
    return next
  })
  return seen
}

afterEach(() => vi.restoreAllMocks())

describe('the Stripe REST client', () => {
  it('writes form bodies as Stripe reads them: bracketed keys, indexed arrays, words for booleans, nothing for undefined', () => {
    const body = encodeForm({
      amount: 1999,
      use_stripe_sdk: false,
      metadata: { order_id: '7', order_number: 'R1 & co' },
      expand: ['payment_method'],
      line_items: [{ quantity: 1, price_data: { unit_amount: 500, product_data: { name: 'Order R1' } } }],
      customer: undefined,
    }).join('&')
    expect(body).toBe(
      'amount=1999&use_stripe_sdk=false&metadata[order_id]=7&metadata[order_number]=R1%20%26%20co&expand[0]=payment_method' +
        '&line_items[0][quantity]=1&line_items[0][price_data][unit_amount]=500&line_items[0][price_data][product_data][name]=Order%20R1',
    )
  })

  it('sends the secret key, the API version of its types and the idempotency key; GET parameters go in the query', async () => {
    const seen = answering(json(200, { id: 'pi_1', object: 'payment_intent' }), json(200, { id: 'pi_1', status: 'requires_capture' }))
    await stripe().paymentIntents.create({ amount: 1000, currency: 'aud', metadata: { order_id: '1' } }, { idempotencyKey: 'pi-R1-1000' })
    const intent = await stripe().paymentIntents.retrieve('pi_1', { expand: ['payment_method'] })
    expect(intent.status).toBe('requires_capture')
    const [post, get] = seen
    expect(post!.url).toBe('http://stripe.rest/v1/payment_intents')
    expect(post!.headers.get('authorization')).toBe(`Bearer ${KEY}`)
    expect(post!.headers.get('stripe-version')).toBe(STRIPE_API_VERSION)
    expect(post!.headers.get('idempotency-key')).toBe('pi-R1-1000')
    expect(post!.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(await post!.text()).toBe('amount=1000&currency=aud&metadata[order_id]=1')
    expect(get!.method).toBe('GET')
    expect(get!.url).toBe('http://stripe.rest/v1/payment_intents/pi_1?expand[0]=payment_method')
    expect(get!.headers.get('idempotency-key')).toBeNull()
  })

  it('tries once more after a 5xx, a 409 or a lost connection, with the same idempotency key, so nothing is done twice', async () => {
    let seen = answering(json(500, { error: { type: 'api_error', message: 'boom' } }), json(200, { id: 're_1', object: 'refund' }))
    expect((await stripe().refunds.create({ payment_intent: 'pi_1', amount: 100 }, { idempotencyKey: 'refund-1-0-100' })).id).toBe('re_1')
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['refund-1-0-100', 'refund-1-0-100'])
    vi.restoreAllMocks()
    seen = answering(json(409, { error: { type: 'invalid_request_error', code: 'lock_timeout', message: 'locked' } }), json(200, { id: 'cus_1' }))
    expect((await stripe().customers.create({ email: 'a@example.com' }, { idempotencyKey: 'customer-1' })).id).toBe('cus_1')
    vi.restoreAllMocks()
    seen = answering(new TypeError('fetch failed'), new TypeError('fetch failed'))
    const down = await stripe()
      .paymentMethods.retrieve('pm_1')
      .catch((e: unknown) => e)
    expect(seen).toHaveLength(2)
    expect(isStripeError(down) && down.type).toBe('StripeConnectionError')
    expect(providerError(down).status).toBe(503)
  })

  it('does not try again when Stripe refuses the request or says not to; its refusals keep their type, code and intent', async () => {
    let seen = answering(json(400, { error: { type: 'invalid_request_error', code: 'resource_missing', message: "No such PaymentMethod: 'pm_x'" } }))
    const missing = await stripe()
      .paymentMethods.retrieve('pm_x')
      .catch((e: unknown) => e)
    expect(seen).toHaveLength(1)
    expect(isStripeError(missing) && [missing.type, missing.code, missing.message]).toEqual(['StripeInvalidRequestError', 'resource_missing', "No such PaymentMethod: 'pm_x'"])

    vi.restoreAllMocks()
    seen = answering(json(500, { error: { type: 'api_error', message: 'no' } }, { 'stripe-should-retry': 'false' }))
    expect(
      await stripe()
        .paymentIntents.capture('pi_1', {}, { idempotencyKey: 'capture-pi_1' })
        .catch((e: unknown) => isStripeError(e) && e.type),
    ).toBe('StripeAPIError')
    expect(seen).toHaveLength(1)

    vi.restoreAllMocks()
    answering(json(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card was declined.', payment_intent: { id: 'pi_2', status: 'requires_payment_method' } } }))
    const declined = await stripe()
      .paymentIntents.confirm('pi_2', { payment_method: 'pm_1' }, { idempotencyKey: 'confirm-pi_2-1' })
      .catch((e: unknown) => e)
    expect(isStripeError(declined) && [declined.type, declined.decline_code, declined.payment_intent?.id]).toEqual(['StripeCardError', 'insufficient_funds', 'pi_2'])
    expect(providerError(declined).message).toBe('Your card was declined: insufficient funds. Please use another card.')
  })

  it('accepts a webhook only with a fresh signature made with the store’s secret over exactly this body', async () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'charge.refunded', data: { object: { id: 'ch_1' } } })
    const now = Date.now()
    const t = Math.floor(now / 1000)
    expect((await verifiedEvent(body, await signPayload(body, FAKE_WEBHOOK_SECRET, t), FAKE_WEBHOOK_SECRET, now)).id).toBe('evt_1')
    // Stripe sends one v1 per secret while a secret is being rolled: any one of them may match
    const rolled = `${await signPayload(body, 'whsec_old', t)},v1=${(await signPayload(body, FAKE_WEBHOOK_SECRET, t)).split('v1=')[1]}`
    expect((await verifiedEvent(body, rolled, FAKE_WEBHOOK_SECRET, now)).type).toBe('charge.refunded')
    const refusals = [
      [body, await signPayload(body, 'whsec_someone_else', t)],
      [body.replace('ch_1', 'ch_2'), await signPayload(body, FAKE_WEBHOOK_SECRET, t)],
      [body, await signPayload(body, FAKE_WEBHOOK_SECRET, t - 301)],
      [body, await signPayload(body, FAKE_WEBHOOK_SECRET, t + 301)],
      [body, await signPayload(body, FAKE_WEBHOOK_SECRET, t + 365 * 24 * 3600)],
      [body, `t=${t}`],
      [body, 'v1=abc'],
      [body, ''],
    ] as const
    for (const [payload, header] of refusals) {
      const error = await verifiedEvent(payload, header, FAKE_WEBHOOK_SECRET, now).catch((e: unknown) => e)
      expect(isStripeError(error) && error.type, header).toBe('StripeSignatureVerificationError')
    }
  })
})
