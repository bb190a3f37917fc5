// The storefront's payment step with Stripe switched on (its keys set), against the local fake of Stripe's API
// (tests/fakes/stripe-api.ts) reached through the store's own fetch: what the page hands the browser, the CSP, the
// no-JavaScript round trip through Stripe's hosted page, the 3-D Secure round trip, and a declined card in German.
// Form posts only; Chromium walks the same paths with the card element in tests/e2e/stripe-checkout.test.ts.
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { ORIGIN, formBrowser, get, html } from './helpers.ts'
import { createProduct, stockOf, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { uniqueEmail } from '#tests/factories/api.ts'
import { createFakeStripe, FAKE_PUBLISHABLE_KEY, FAKE_SECRET_KEY, type FakeStripe } from '#tests/fakes/stripe-api.ts'

const FAKE = 'http://stripe.fake'
const STRIPE = { STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY, STRIPE_API_BASE: FAKE, STRIPE_JS_URL: `${FAKE}/v3/stripe.js` }
const withStripe = async (url: string, init: RequestInit = {}) => worker.fetch(new Request(url, init), { ...(env as unknown as Env), ...STRIPE }, createExecutionContext())
const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', addressLine1: '1 Collins Street', city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU', phoneNumber: '0412 345 678' }

let fake: FakeStripe
let down = false
let product: CreatedProduct
beforeAll(async () => {
  product = await createProduct({ stock: 50 })
})
beforeEach(() => {
  fake = createFakeStripe(FAKE)
  down = false
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (!request.url.startsWith(FAKE)) return realFetch(input, init)
    if (down) throw new TypeError('fetch failed: connection refused')
    return fake.handle(request)
  })
})

/** A guest (or `b`'s member) with one item, an address and a shipping method, on the payment step (in `prefix`'s language). */
async function atPayment(prefix = '', b = formBrowser(undefined, withStripe)) {
  await b.post(`${prefix}/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
  await b.post(`${prefix}/checkout/shipping`, { intent: 'address', email: uniqueEmail(), ...ADDRESS })
  await b.post(`${prefix}/checkout/shipping`, { intent: 'rate', rateId: '1' })
  expect((await b.post(`${prefix}/checkout/billing`, { sameAsShipping: 'on' })).location).toBe(`${prefix}/checkout/payment`)
  const page = await b.get(`${prefix}/checkout/payment`)
  expect(page.status).toBe(200)
  const balance = /name="expectedBalance" value="([\d.]+)"/.exec(page.body)![1]!
  return { b, page, balance }
}

const placed = async (number: string) => ({
  order: await env.DB.prepare('SELECT state FROM orders WHERE number = ?').bind(number).first<{ state: string }>(),
  payments: (await env.DB.prepare("SELECT p.state, p.provider_state, p.amount_cents FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.state != 'void'").bind(number).all()).results,
  mails: (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE ref = ? AND kind = 'order_confirmation'").bind(number).first<{ n: number }>())!.n,
})

describe('Stripe on the payment step', () => {
  it('is off without keys: no Stripe origin in the CSP and no key in the page', async () => {
    const response = await get('/')
    expect(response.headers.get('content-security-policy')).not.toMatch(/stripe/)
    expect(await html(response)).not.toContain('pk_')
  })

  it('with keys: the fake’s origin enters script, frame, connect and form-action; the payment page gets the publishable key, never the secret', async () => {
    const response = await withStripe(`${ORIGIN}/`, { headers: { accept: 'text/html' } })
    const csp = response.headers.get('content-security-policy')!
    for (const directive of ['script-src', 'frame-src', 'connect-src', 'form-action']) expect(new RegExp(`${directive} [^;]*${FAKE}`).test(csp), directive).toBe(true)
    await response.text()
    const { page } = await atPayment()
    expect(page.body).toContain(FAKE_PUBLISHABLE_KEY)
    expect(page.body).not.toContain(FAKE_SECRET_KEY)
  })

  it('without JavaScript: Pay now opens Stripe’s hosted page, and coming back places the order (one payment, one mail)', async () => {
    const { b, page, balance } = await atPayment()
    expect(page.body).toContain('takes you to the secure payment page')
    expect(page.body).not.toContain('name="cardNumber"')
    const pay = await b.post('/checkout/payment', { intent: 'pay', expectedBalance: balance, paymentMethodId: '', terms: 'on' })
    expect(pay.status, pay.body.slice(0, 500)).toBe(303)
    expect(pay.location).toMatch(new RegExp(`^${FAKE}/pay/cs_`))
    const back = new URL(fake.payHostedSession(pay.location!.split('/').pop()!))
    expect(back.pathname).toBe('/checkout/payment/return')
    const done = await b.get(back.pathname + back.search)
    const number = /^\/checkout\/thank-you\?order=(R\d+)$/.exec(done.location ?? '')?.[1]
    expect(number, done.location ?? done.body.slice(0, 300)).toBeTruthy()
    expect(await placed(number!)).toEqual({ order: { state: 'complete' }, payments: [{ state: 'completed', provider_state: 'captured', amount_cents: Math.round(Number(balance) * 100) }], mails: 1 })
  })

  it('leaving the hosted page says so and charges nothing; an unknown reason in the address shows nothing', async () => {
    const { b } = await atPayment()
    expect((await b.get('/checkout/payment?refused=cancelled')).body).toContain('You left the payment page before paying, so nothing was charged.')
    expect((await b.get('/checkout/payment?refused=constructor')).body).not.toContain('data-testid="form-error"')
  })

  it('3-D Secure: the bank’s page, then back to the return route, which places the order', async () => {
    const { b, balance } = await atPayment()
    const pm = fake.createPaymentMethod('4000002760003184').id
    const pay = await b.post('/checkout/payment', { intent: 'pay', expectedBalance: balance, paymentMethodId: pm, terms: 'on' })
    expect(pay.status, pay.body.slice(0, 500)).toBe(303)
    expect(pay.location).toMatch(new RegExp(`^${FAKE}/3ds/pi_`))
    const back = new URL(fake.completeAction(pay.location!.split('/').pop()!))
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/checkout/payment/return`)
    const done = await b.get(back.pathname + back.search)
    const number = /^\/checkout\/thank-you\?order=(R\d+)$/.exec(done.location ?? '')?.[1]
    expect(number, done.location ?? done.body.slice(0, 300)).toBeTruthy()
    expect((await placed(number!)).mails).toBe(1)
  })

  it('a bank that refuses 3-D Secure sends the shopper back to the payment step with the reason, the cart kept', async () => {
    const { b, balance } = await atPayment('/de')
    const pay = await b.post('/de/checkout/payment', { intent: 'pay', expectedBalance: balance, paymentMethodId: fake.createPaymentMethod('4000002760003184').id, terms: 'on' })
    const back = new URL(fake.completeAction(pay.location!.split('/').pop()!, false))
    expect(back.pathname).toBe('/de/checkout/payment/return')
    const refused = await b.get(back.pathname + back.search)
    expect(refused.location).toBe('/de/checkout/payment?refused=authFailed')
    expect((await b.get(refused.location!)).body).toContain('Ihre Bank konnte die Zahlung nicht bestätigen.')
  })

  it('a declined card in German: the German reason, the cart kept, nothing taken', async () => {
    const { b, balance } = await atPayment('/de')
    const stock = await stockOf(product.variantId)
    const declined = await b.post('/de/checkout/payment', { intent: 'pay', expectedBalance: balance, paymentMethodId: fake.createPaymentMethod('4000000000000002').id, terms: 'on' })
    expect(declined.status).toBe(422)
    expect(declined.body).toContain('Ihre Karte wurde abgelehnt. Bitte verwenden Sie eine andere Karte.')
    expect(await stockOf(product.variantId)).toBe(stock)
    expect((await b.get('/de/checkout/payment')).status).toBe(200)
    const pm = fake.createPaymentMethod('4242424242424242').id
    const paid = await b.post('/de/checkout/payment', { intent: 'pay', expectedBalance: balance, paymentMethodId: pm, terms: 'on' })
    expect(paid.location).toMatch(/^\/de\/checkout\/thank-you\?order=R\d+$/)
  })

  it('Stripe unreachable: 503 and “nothing was charged”, by card and on the way to the hosted page; the cart stays', async () => {
    const { b, balance } = await atPayment()
    const pm = fake.createPaymentMethod('4242424242424242').id
    down = true
    for (const form of [{ paymentMethodId: pm }, { paymentMethodId: '' }]) {
      const refused = await b.post('/checkout/payment', { intent: 'pay', expectedBalance: balance, terms: 'on', ...form })
      expect(refused.status).toBe(503)
      expect(refused.body).toContain('The payment provider cannot be reached right now, so nothing was charged.')
    }
    down = false
    expect((await b.post('/checkout/payment', { intent: 'pay', expectedBalance: balance, paymentMethodId: pm, terms: 'on' })).location).toMatch(/^\/checkout\/thank-you\?order=R\d+$/)
  })

  it('a member’s card is saved only when “Save this card” is ticked (card element and hosted page), and the next order pays with it by choosing it (source_id)', async () => {
    const b = formBrowser(undefined, withStripe)
    const joined = await b.post('/Login', { intent: 'signup', 'signup-email': uniqueEmail(), 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' })
    expect(joined.status).toBe(303)
    const first = await atPayment('', b)
    expect(first.page.body).not.toContain('name="savedCard"')
    // the box is there, unticked: keeping a card is the member's choice
    expect(/<input[^>]*name="saveCard"[^>]*>/.exec(first.page.body)?.[0]).not.toMatch(/checked/)
    expect(first.page.body).toContain('Save this card for next time')
    const unsaved = fake.createPaymentMethod('5555555555554444').id
    expect((await b.post('/checkout/payment', { intent: 'pay', expectedBalance: first.balance, paymentMethodId: unsaved, terms: 'on' })).location).toMatch(/^\/checkout\/thank-you/)
    expect(fake.paymentMethods.get(unsaved)!.customer).toBeNull()

    // without JavaScript, unticked: the hosted page does not keep it either
    const hosted = await atPayment('', b)
    expect(hosted.page.body).not.toContain('name="savedCard"')
    const opened = await b.post('/checkout/payment', { intent: 'pay', expectedBalance: hosted.balance, paymentMethodId: '', terms: 'on' })
    const back = new URL(fake.payHostedSession(opened.location!.split('/').pop()!, '5555555555554444'))
    expect((await b.get(back.pathname + back.search)).location).toMatch(/^\/checkout\/thank-you/)

    const ticked = await atPayment('', b)
    expect(ticked.page.body).not.toContain('name="savedCard"')
    const pm = fake.createPaymentMethod('4242424242424242').id
    expect((await b.post('/checkout/payment', { intent: 'pay', expectedBalance: ticked.balance, paymentMethodId: pm, saveCard: 'on', terms: 'on' })).location).toMatch(/^\/checkout\/thank-you/)
    expect(fake.paymentMethods.get(pm)!.customer).toMatch(/^cus_/)

    const again = await atPayment('', b)
    expect(again.page.body).toContain('VISA ending in 4242')
    expect(again.page.body).not.toContain('ending in 4444')
    // React writes an input's value after its other attributes
    const savedId = /<input[^>]*name="savedCard"[^>]*value="(\d+)"/.exec(again.page.body)![1]!
    const paid = await b.post('/checkout/payment', { intent: 'pay', expectedBalance: again.balance, savedCard: savedId, paymentMethodId: '', terms: 'on' })
    const number = /^\/checkout\/thank-you\?order=(R\d+)$/.exec(paid.location ?? '')?.[1]
    expect(number, paid.body.slice(0, 300)).toBeTruthy()
    const intent = [...fake.intents.values()].find((pi) => pi.metadata.order_number === number)!
    expect(intent).toMatchObject({ payment_method: pm, status: 'succeeded' })
    expect(intent.customer).toMatch(/^cus_/)
  })
})
