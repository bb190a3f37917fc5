// Every refusal a whole sentence in the shopper's language (issue 42 points 5 and 7, issue 43 point 3): each code the
// backend can send has an English and a German sentence; the refusals a shopper meets (a wrong coupon, a coupon's
// minimum, a wrong password, an email already taken, a declined card, out of stock, more than the cart holds) reach
// the German page in German, never as the backend's English nor as a fragment ('has already been taken', 'was
// declined'); and the storefront's own browser gets an expected refusal as a 200 it can read, while every other
// client (and the Spree API) keeps the 4xx.
import { SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { formBrowser, ORIGIN } from './helpers.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { createProduct, createPromotion, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { call, guestCart, uniqueEmail } from '#tests/factories/api.ts'
import { ERROR_CODES, errorCodeOf, errorParamsOf } from '#kernel/error-codes.ts'
import { REFUSAL_ASK_HEADER, REFUSAL_STATUS_HEADER } from '#kernel/refusal-wire.ts'
import { API_ERROR_KEYS, localizeApiError } from '#web/i18n/api-errors.ts'
import { createTranslator } from '#web/i18n/index.tsx'
import { ApiError } from '#web/api/storefront-api.ts'

const en = createTranslator('en')
const de = createTranslator('de')
const text = (body: string) => body.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&')
/** A whole sentence: a capital first, a full stop (or ! ?) last, no placeholder left unfilled. */
const WHOLE = /^[A-ZÄÖÜ].*[.!?]$/s
const FIGURES = { left: 3, max: 10, has: 9, amount: '$50.00', days: 30, bought: 2, seconds: 120 }

let product: CreatedProduct
let scarce: CreatedProduct
beforeAll(async () => {
  await seedCatalogue(10)
  product = await createProduct({ stock: 5 })
  scarce = await createProduct({ stock: 2 })
})

describe('every code the backend can send has a whole sentence in English and in German', () => {
  it('walks the codes: each says a sentence in both languages, and the German one is German', () => {
    const bad: string[] = []
    for (const code of ERROR_CODES) {
      const refusal = new ApiError(422, 'The backend’s English words.', { base: ['is wrong'] }, 120, code, FIGURES)
      const english = localizeApiError(refusal, en)
      const german = localizeApiError(refusal, de)
      if (!WHOLE.test(english) || english.includes('{{')) bad.push(`${code} en: ${english}`)
      if (!WHOLE.test(german) || german.includes('{{')) bad.push(`${code} de: ${german}`)
      if (german === english || german === refusal.message) bad.push(`${code} de is not German: ${german}`)
      if (!API_ERROR_KEYS[code]) bad.push(`${code} has no dictionary key`)
    }
    expect(bad).toEqual([])
  })
})

describe('the German page says each refusal a shopper meets in German', () => {
  it('a wrong coupon and a coupon below its minimum, on the cart page', async () => {
    const b = formBrowser()
    expect((await b.post(`/de/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })).status).toBe(303)
    const unknown = await b.post('/de/Cart', { intent: 'coupon', code: 'NOPE-NOPE' })
    expect(unknown.status).toBe(422)
    expect(text(unknown.body)).toContain('Diesen Gutscheincode gibt es nicht.')
    const { code } = await createPromotion({ kind: 'percent', amount: 10, minItemTotalCents: 10_000_000 })
    const minimum = await b.post('/de/Cart', { intent: 'coupon', code })
    expect(minimum.status).toBe(422)
    expect(text(minimum.body)).toMatch(/Dieser Gutscheincode gilt erst ab einem Warenwert von \S+\./)
    expect(text(minimum.body)).not.toContain('needs an item total')
  })

  it('out of stock, more than the stock and more than the cart holds, as the API client words them', async () => {
    const token = await guestCart()
    const over = await call('/cart/add_item', { orderToken: token, body: { variant_id: scarce.variantId, quantity: 3 }, method: 'POST' })
    expect(over.status).toBe(422)
    expect(over.body).toMatchObject({ code: 'stock_limited', params: { left: 2 } })
    expect(germanOf(over)).toBe('Von diesem Produkt sind nur noch 2 Stück vorrätig.')
    const none = await createProduct({ stock: 0 })
    const gone = await call('/cart/add_item', { orderToken: token, body: { variant_id: none.variantId, quantity: 1 }, method: 'POST' })
    expect(gone.status).toBe(422)
    expect(germanOf(gone)).toBe('Dieses Produkt ist ausverkauft.')
    expect((await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 }, method: 'POST' })).status).toBe(200)
    const tooMany = await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 9999 }, method: 'POST' })
    expect(tooMany.status).toBe(422)
    expect(germanOf(tooMany)).toBe('Der Warenkorb fasst höchstens 9999 Stück eines Produkts; von diesem sind 1 darin.')
  })

  it('a wrong password and an email already taken, on /de/Login', async () => {
    const b = formBrowser()
    const email = uniqueEmail('taken')
    const joined = await b.post('/de/Login', { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'correct-horse-9' })
    expect(joined.status).toBe(303)
    const again = formBrowser()
    const taken = await again.post('/de/Login', { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'correct-horse-9' })
    expect(taken.status).toBe(422)
    expect(text(taken.body)).toContain('Mit dieser E-Mail-Adresse gibt es bereits ein Konto. Bitte melden Sie sich stattdessen an.')
    expect(taken.body).not.toContain('has already been taken')
    const wrong = await again.post('/de/Login', { intent: 'login', 'login-email': email, 'login-password': 'not-the-password' })
    expect(wrong.status).toBe(422)
    expect(text(wrong.body)).toContain('Ungültiger Benutzername oder ungültiges Passwort')
  })

  it('a declined card, on the payment step, as a whole sentence and never the fragment under the card number', async () => {
    const b = formBrowser()
    await b.post(`/de/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    const address = { firstName: 'Ada', lastName: 'Lovelace', addressLine1: '1 Collins Street', city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU', phoneNumber: '0412 345 678' }
    expect((await b.post('/de/checkout/shipping', { intent: 'address', email: uniqueEmail('declined'), ...address })).status).toBe(303)
    expect((await b.post('/de/checkout/shipping', { intent: 'rate', rateId: '1' })).status).toBe(303)
    expect((await b.post('/de/checkout/billing', { sameAsShipping: 'on' })).status).toBe(303)
    const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`
    const declined = await b.post('/de/checkout/payment', { cardNumber: '4000000000000002', expiry, cvc: '123', terms: 'on' })
    expect(declined.status).toBe(422)
    expect(text(declined.body)).toContain('Ihre Karte wurde abgelehnt.')
    expect(declined.body).not.toContain('was declined')
    expect(declined.body).not.toContain('Your card')
  })
})

describe("the storefront's browser reads an expected refusal without an error status", () => {
  const couponPost = async (cookie: string, ask: boolean) =>
    SELF.fetch(`${ORIGIN}/api/cart/coupon`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', accept: 'application/json', ...(ask ? { [REFUSAL_ASK_HEADER]: '1' } : {}) },
      body: JSON.stringify({ code: 'NOPE-NOPE' }),
    })

  it('answers 200 with the refusal and its status when asked, the 4xx otherwise; the Spree API keeps its 4xx', async () => {
    const b = formBrowser()
    await b.post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const asked = await couponPost(cookie, true)
    expect(asked.status).toBe(200)
    expect(asked.headers.get(REFUSAL_STATUS_HEADER)).toBe('422')
    expect(asked.headers.get('cache-control')).toContain('no-store')
    expect(await asked.json()).toMatchObject({ code: 'coupon_unknown', error: "The coupon code you entered doesn't exist. Please try again." })
    const plain = await couponPost(cookie, false)
    expect(plain.status).toBe(422)
    expect(plain.headers.get(REFUSAL_STATUS_HEADER)).toBeNull()
    const token = await guestCart()
    const spree = await SELF.fetch(`${ORIGIN}/api/v2/storefront/cart/apply_coupon_code`, {
      method: 'PATCH',
      headers: { 'x-spree-order-token': token, 'content-type': 'application/json', accept: 'application/json', [REFUSAL_ASK_HEADER]: '1' },
      body: JSON.stringify({ coupon_code: 'NOPE-NOPE' }),
    })
    expect(spree.status).toBe(422)
    expect(await spree.json()).toMatchObject({ code: 'coupon_unknown' })
  })

  it('keeps the status of a GET (a 200 must never be cached for a refusal)', async () => {
    const res = await SELF.fetch(`${ORIGIN}/api/no-such-thing`, { headers: { accept: 'application/json', [REFUSAL_ASK_HEADER]: '1' } })
    expect(res.status).toBe(404)
  })
})

/** What the German page's API client makes of a backend refusal. */
function germanOf(answer: { status: number; body: { error?: string; errors?: Record<string, string[]>; code?: unknown; params?: unknown } }) {
  return localizeApiError(new ApiError(answer.status, answer.body.error ?? '', answer.body.errors, undefined, errorCodeOf(answer.body.code), errorParamsOf(answer.body.params)), de)
}
