// Error codes across the wire (issue 43 point 3): the backend names each refusal the storefront tells apart with a
// stable `code` beside Spree's `error`/`errors`; the storefront words it from the code, in the shopper's language,
// and no code path matches a backend sentence (so rewording one changes nothing a shopper sees).
import { SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { formBrowser } from './helpers.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { createProduct, createPromotion, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { call, guestCart } from '#tests/factories/api.ts'
import { ApiError } from '#web/api/storefront-api.ts'
import { localizeApiError } from '#web/i18n/api-errors.ts'
import { createTranslator } from '#web/i18n/index.tsx'
import { errorCodeOf } from '#kernel/error-codes.ts'

const SOURCES = import.meta.glob(['/web/**/*.{ts,tsx}', '/worker/**/*.{ts,tsx}', '/kernel/**/*.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>

/** Ways the storefront used to tell refusals apart by their English words. */
const SENTENCE_MATCHES: Array<[string, RegExp]> = [
  ["includes('…') on an error's message/error/errors", /\b(message|error|errors(\.\w+|\?\.\w+)*)\??\.includes\(\s*['"`]/],
  ['a regex tested on an error message', /\/\^?[A-Z][a-z]+ [^/]*\/i?\.test\((error|err|e)\.message\)/],
  ['an English refusal sentence as a key or pattern', /['"^](The coupon code you entered|This coupon code has|You have already used this coupon|This gift card (code is not valid|has no balance)|This item is not in the cart|Your card was declined|An order can be at most|cart could not be found)/],
]

describe('no code path matches a backend sentence', () => {
  it('finds none in web/, worker/ and kernel/ (the backend that says the sentences and the dictionaries excepted for the last rule)', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100)
    const found: string[] = []
    for (const [path, source] of Object.entries(SOURCES)) {
      for (const [what, pattern] of SENTENCE_MATCHES) {
        // the backend writes its own sentences and the dictionaries hold the words; no one else may read them back
        if (what.startsWith('an English') && (path.startsWith('/worker/backend/') || /^\/web\/i18n\/(en|de)/.test(path))) continue
        source.split('\n').forEach((line, i) => {
          if (pattern.test(line)) found.push(`${path}:${i + 1} ${what}: ${line.trim()}`)
        })
      }
    }
    expect(found).toEqual([])
  })
})

let product: CreatedProduct
beforeAll(async () => {
  await seedCatalogue(10)
  product = await createProduct({ stock: 5 })
})

describe('the backend names its refusals with a code beside Spree\'s error', () => {
  it('an unknown coupon, a line not in the cart and a cart that is not there', async () => {
    const token = await guestCart()
    const coupon = await call('/cart/apply_coupon_code', { orderToken: token, body: { coupon_code: 'NOPE-NOPE' }, method: 'PATCH' })
    expect(coupon.status).toBe(422)
    expect(coupon.body).toMatchObject({ error: "The coupon code you entered doesn't exist. Please try again.", errors: { coupon_code: ['does not exist'] }, code: 'coupon_unknown' })
    const line = await call('/cart/remove_line_item/999999', { orderToken: token, method: 'DELETE' })
    expect(line).toMatchObject({ status: 404, body: { code: 'line_not_found' } })
    const gone = await call('/cart', { orderToken: 'no-such-cart-token' })
    expect(gone).toMatchObject({ status: 404, body: { code: 'cart_not_found' } })
  })
})

describe('the code reaches the browser', () => {
  it("the BFF's refusal keeps the backend's code beside its sentence", async () => {
    const b = formBrowser()
    expect((await b.post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })).status).toBe(303)
    const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await SELF.fetch('https://store.test/api/cart/coupon', {
      method: 'POST',
      headers: { cookie, origin: 'https://store.test', 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ code: 'NOPE-NOPE' }),
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ error: "The coupon code you entered doesn't exist. Please try again.", code: 'coupon_unknown' })
  })
})

describe('a German shopper reads every cart refusal in German', () => {
  it('coupons expired, used up, not active yet, unknown; a line removed meanwhile', async () => {
    const b = formBrowser()
    expect((await b.post(`/de/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })).status).toBe(303)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString()
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    const cases: Array<[Promise<{ code: string }>, string]> = [
      [createPromotion({ kind: 'percent', amount: 10, expiresAt: yesterday }), 'Dieser Gutscheincode ist abgelaufen.'],
      [createPromotion({ kind: 'percent', amount: 10, usageLimit: 0 }), 'Dieser Gutscheincode ist aufgebraucht.'],
      [createPromotion({ kind: 'percent', amount: 10, startsAt: tomorrow }), 'Dieser Gutscheincode gilt noch nicht.'],
      [Promise.resolve({ code: 'NOPE-NOPE' }), 'Diesen Gutscheincode gibt es nicht.'],
    ]
    for (const [promo, german] of cases) {
      const refused = await b.post('/de/Cart', { intent: 'coupon', code: (await promo).code })
      expect(refused.status).toBe(422)
      expect(refused.body.replace(/<!-- -->/g, '')).toContain(german)
    }
    const gone = await b.post('/de/Cart', { intent: 'remove', lineId: '999999' })
    expect(gone.status).toBe(422)
    expect(gone.body).toContain('Dieser Artikel ist nicht mehr in Ihrem Warenkorb.')
  })
})

describe('a refusal without a code (a remote Spree)', () => {
  it("shows Spree's own sentence; a code ours does not know counts as none", () => {
    const de = createTranslator('de')
    expect(localizeApiError(new ApiError(422, 'Coupon code is not valid.'), de)).toBe('Coupon code is not valid.')
    expect(localizeApiError(new ApiError(422, 'Coupon code is not valid.', undefined, undefined, errorCodeOf('some_spree_code')), de)).toBe('Coupon code is not valid.')
    expect(localizeApiError(new ApiError(422, 'Whatever the backend says.', undefined, undefined, errorCodeOf('coupon_expired')), de)).toBe('Dieser Gutscheincode ist abgelaufen.')
  })
})
