// Money is never wrong, at home and abroad: a member (Club Prices) with a coupon checks out by form posts to Australia
// and to New Zealand, in AUD and USD. The cart page, the payment step's summary, the amount charged, the thank-you
// page's tax invoice and the confirmation email all carry the same figures; abroad the GST is taken off and not charged.
// The invoice, the order details and the email also list how the total was paid, with the amounts stored when charged.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { formBrowser } from './helpers.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { createProduct, createPromotion, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { call, uniqueEmail } from '#tests/factories/api.ts'
import { parseAuthCookie } from '#worker/middleware/session.ts'
import { formatMoney } from '#kernel/format.ts'
import { SAMPLE_STORE } from '#kv-seed/countries.mjs'

let product: CreatedProduct
let coupon: string
beforeAll(async () => {
  await seedCatalogue(5)
  // AUD 100.00 (Club 80.00), USD 70.00 (Club 56.00)
  product = await createProduct({ stock: 50 })
  coupon = (await createPromotion({ kind: 'percent', amount: 10 })).code
})

const AU = { firstName: 'Ada', lastName: 'Lovelace', addressLine1: '1 Collins Street', city: 'Melbourne', state: 'AU-VIC', zipCode: '3000', country: 'AU', phoneNumber: '0412 345 678' }
const NZ = { firstName: 'Kiri', lastName: 'Te Kanawa', addressLine1: '12 Queen Street', city: 'Auckland', state: '', zipCode: '1010', country: 'NZ', phoneNumber: '+64 9 123 4567' }
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: EXPIRY, cvc: '123', terms: 'on' }

/** The text of the <dd> in the row with this test id. */
const row = (body: string, testId: string) => new RegExp(`data-testid="${testId}"[^>]*>\\s*<dt>([^<]*)</dt>\\s*<dd>([^<]*)</dd>`).exec(body)?.slice(1, 3) ?? null

/**
 * What the shopper must pay, worked out here from the store's rules (docs/checkout.md): the Club Price, without its
 * GST (1/11) abroad, 10% off, then the zone's Standard rate; GST included at home is 1/11 of the total.
 */
function expected(currency: 'AUD' | 'USD', abroad: boolean) {
  const club = currency === 'AUD' ? 8000 : 5600
  const unit = abroad ? club - Math.round(club / 11) : club
  const goods = unit - Math.round(unit / 10)
  const shipping = abroad ? (currency === 'AUD' ? 1995 : 1295) : currency === 'AUD' ? 995 : 695
  const total = goods + shipping
  return { total, gst: abroad ? 0 : Math.round(total / 11), rate: abroad ? 'International Standard' : 'Standard' }
}

describe('the amount charged is the amount shown', () => {
  for (const currency of ['AUD', 'USD'] as const) {
    for (const abroad of [false, true]) {
      it(`member with a coupon, ${currency}, delivered ${abroad ? 'to New Zealand (no GST)' : 'in Australia'}`, async () => {
        const b = formBrowser()
        b.jar.set('currency', currency)
        const email = uniqueEmail('money')
        const joined = await b.post('/Login', { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' })
        expect(joined.status).toBe(303)
        expect((await b.post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })).status).toBe(303)
        expect((await b.post('/Cart', { intent: 'coupon', code: coupon })).status).toBe(303)
        expect((await b.post('/checkout/shipping', { intent: 'address', savedAddress: 'new', ...(abroad ? NZ : AU) })).location).toBe('/checkout/shipping')

        const want = expected(currency, abroad)
        const money = (cents: number) => formatMoney(cents / 100, currency, 'en')
        const shipping = await b.get('/checkout/shipping')
        const rates = [...shipping.body.matchAll(/name="rateId"[^>]*value="([^"]+)"[^>]*\/?>\s*<span[^>]*>([^<]+)<\/span>/g)].map((m) => ({ id: m[1]!, name: m[2]!.replace('&amp;', '&') }))
        // only the zone's own rates are offered
        expect(rates.map((r) => r.name).sort()).toEqual(abroad ? ['International Express', 'International Standard'] : ['Click & Collect', 'Express', 'Standard'])
        expect((await b.post('/checkout/shipping', { intent: 'rate', rateId: rates.find((r) => r.name === want.rate)!.id })).location).toBe('/checkout/billing')
        expect((await b.post('/checkout/billing', { sameAsShipping: 'on' })).location).toBe('/checkout/payment')

        // the cart page and the payment step's summary: the same total, GST line, balance due
        const cart = await b.get('/Cart')
        const payment = await b.get('/checkout/payment')
        for (const page of [cart.body, payment.body]) {
          expect(row(page, 'order-total')).toEqual(['Total', money(want.total)])
          expect(row(page, 'cart-tax')).toEqual(abroad ? ['GST not charged (delivery outside Australia)', money(0)] : ['Tax: GST (Included in Price)', money(want.gst)])
          expect(row(page, 'balance-due')?.[1]).toBe(money(want.total))
        }
        expect(payment.body).toContain(`name="expectedBalance" value="${(want.total / 100).toFixed(2)}"`)

        const paid = await b.post('/checkout/payment', CARD)
        expect(paid.status, paid.body.slice(0, 300)).toBe(303)
        const number = /order=(R\d+)/.exec(paid.location ?? '')![1]!
        const charged = await env.DB.prepare(
          "SELECT p.amount_cents, o.total_cents, o.tax_total_cents, o.currency FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.method = 'card' AND p.state = 'completed'",
        )
          .bind(number)
          .first<{ amount_cents: number; total_cents: number; tax_total_cents: number; currency: string }>()
        expect(charged).toEqual({ amount_cents: want.total, total_cents: want.total, tax_total_cents: want.gst, currency })

        // the thank-you page is the tax invoice: the words, the ABN, the GST (or that none was charged), the total
        const thanks = await b.get(paid.location!)
        expect(thanks.body).toContain('Tax invoice')
        expect(thanks.body).toContain(`ABN ${SAMPLE_STORE.abn}`)
        expect(row(thanks.body, 'invoice-gst')).toEqual(abroad ? ['GST not charged (delivery outside Australia)', money(0)] : ['GST included in the total', money(want.gst)])
        expect(row(thanks.body, 'invoice-total')).toEqual(['Total', money(want.total)])

        // and so is the confirmation email
        const mail = await env.DB.prepare("SELECT body FROM outbox WHERE kind = 'order_confirmation' AND ref = ?").bind(number).first<{ body: string }>()
        expect(mail!.body).toContain('TAX INVOICE')
        expect(mail!.body).toContain(`ABN ${SAMPLE_STORE.abn}`)
        expect(mail!.body).toContain(`Total: ${money(want.total)}`)
        expect(mail!.body).toContain(`Paid by card: ${money(want.total)}`)
        expect(mail!.body).toContain(abroad ? `GST-free (delivery outside Australia): ${money(0)}` : `GST included: ${money(want.gst)}`)
      })
    }
  }
})

describe('a member picks a saved address at checkout (form posts, no JavaScript)', () => {
  it('offers the saved addresses with the default chosen, ships to the one picked, and refuses one that is not theirs', async () => {
    const b = formBrowser()
    const email = uniqueEmail('picker')
    await b.post('/Login', { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' })
    const user = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: number }>()
    const insert = (userId: number | null, city: string, country: string, isDefault: number) =>
      env.DB.prepare(
        "INSERT INTO addresses (user_id, firstname, lastname, address1, city, zipcode, phone, state_name, country_iso, is_default) VALUES (?, 'Ada', 'Lovelace', '1 Main Street', ?, '1010', '0412 345 678', '', ?, ?) RETURNING id",
      )
        .bind(userId, city, country, isDefault)
        .first<{ id: number }>()
    const home = await insert(user!.id, 'Geelong', 'AU', 0)
    const abroad = await insert(user!.id, 'Auckland', 'NZ', 1)
    const stranger = await insert(null, 'Elsewhere', 'NZ', 0)
    await env.DB.prepare("UPDATE addresses SET state_name = 'VIC', zipcode = '3220' WHERE id = ?").bind(home!.id).run()
    await b.post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })

    const page = await b.get('/checkout/shipping')
    expect(page.body).toContain('data-testid="saved-addresses"')
    expect(page.body).toMatch(new RegExp(`name="savedAddress"[^>]*value="${abroad!.id}"[^>]*checked|checked=""[^>]*value="${abroad!.id}"`))

    const refused = await b.post('/checkout/shipping', { intent: 'address', savedAddress: String(stranger!.id) })
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('That saved address is no longer there.')
    expect((await env.DB.prepare('SELECT ship_address_id FROM orders WHERE user_id = ? ORDER BY id DESC').bind(user!.id).first())!.ship_address_id).toBeNull()

    expect((await b.post('/checkout/shipping', { intent: 'address', savedAddress: String(home!.id) })).location).toBe('/checkout/shipping')
    const shipTo = await env.DB.prepare('SELECT a.city, a.country_iso, a.user_id FROM orders o JOIN addresses a ON a.id = o.ship_address_id WHERE o.user_id = ? ORDER BY o.id DESC').bind(user!.id).first()
    expect(shipTo).toEqual({ city: 'Geelong', country_iso: 'AU', user_id: null })
    // back on the step, the checkout's own address is the one chosen
    expect((await b.get('/checkout/shipping')).body).toMatch(new RegExp(`name="savedAddress"[^>]*value="${home!.id}"[^>]*checked|checked=""[^>]*value="${home!.id}"`))
  })
})

describe('how an order was paid is shown wherever the shopper sees it', () => {
  /** Every label/amount row with this test id, in page order. */
  const rows = (body: string, testId: string) =>
    [...body.matchAll(new RegExp(`data-testid="${testId}"[^>]*>\\s*<dt>([^<]*)</dt>\\s*<dd>([^<]*)</dd>`, 'g'))].map((m) => [m[1]!, m[2]!])
  /** A gift card whose code ends in `last4`, holding `cents`. */
  async function giftCard(cents: number, last4: string) {
    const code = `PAID-${crypto.randomUUID().slice(0, 4).toUpperCase()}-${last4}`
    await env.DB.prepare('INSERT INTO gift_cards (code, currency, original_cents, balance_cents) VALUES (?, ?, ?, ?)').bind(code, 'AUD', cents, cents).run()
    return code
  }
  const cents = (amount: string) => Math.round(Number(amount.replace(/[^\d.,-]/g, '').replace(/\.(?=\d{3})/g, '').replace(',', '.')) * 100)

  it('a gift card, store credit and a card (en, de), and an order a gift card paid in full: the tax invoice, the order details and the email', async () => {
    // AUD 150.00, shipped free (Standard is free from 100)
    const tent = await createProduct({ stock: 10, prices: { AUD: { amount: 15000 } } })
    const b = formBrowser()
    const email = uniqueEmail('paid')
    expect((await b.post('/Login', { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' })).status).toBe(303)
    const user = await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: number }>()
    await env.DB.prepare("INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, 'AUD', 2000)").bind(user!.id).run()
    const checkout = async (prefix: string) => {
      expect((await b.post(`${prefix}/products/${tent.slug}`, { variantId: String(tent.variantId), quantity: '1' })).status).toBe(303)
      expect((await b.post(`${prefix}/checkout/shipping`, { intent: 'address', savedAddress: 'new', ...AU })).status).toBe(303)
      const page = await b.get(`${prefix}/checkout/shipping`)
      const standard = /name="rateId"[^>]*value="([^"]+)"[^>]*\/?>\s*<span[^>]*>Standard<\/span>/.exec(page.body)![1]!
      expect((await b.post(`${prefix}/checkout/shipping`, { intent: 'rate', rateId: standard })).location).toBe(`${prefix}/checkout/billing`)
      expect((await b.post(`${prefix}/checkout/billing`, { sameAsShipping: 'on' })).location).toBe(`${prefix}/checkout/payment`)
    }
    const en = (c: number) => formatMoney(c / 100, 'AUD', 'en')
    const de = (c: number) => formatMoney(c / 100, 'AUD', 'de')

    // 1. AUD 50 on a gift card, AUD 20 of store credit (an API client's payment: the storefront's form has none), AUD 80 by card
    await checkout('')
    const bearer = parseAuthCookie(b.jar.get('auth'))!.access_token
    expect((await call('/checkout/add_store_credit', { method: 'POST', bearer })).status).toBe(200)
    const code = await giftCard(5000, '7K2Q')
    const paid = await b.post('/checkout/payment', { giftCardCode: code, ...CARD })
    expect(paid.status, paid.body.slice(0, 300)).toBe(303)
    const number = /order=(R\d+)/.exec(paid.location ?? '')![1]!
    const stored = await env.DB.prepare(
      "SELECT p.method, p.amount_cents FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.state = 'completed' ORDER BY p.method",
    )
      .bind(number)
      .all<{ method: string; amount_cents: number }>()
    expect(stored.results).toEqual([
      { method: 'card', amount_cents: 8000 },
      { method: 'gift_card', amount_cents: 5000 },
      { method: 'store_credit', amount_cents: 2000 },
    ])
    const englishRows = [
      ['Gift card •••• 7K2Q', en(5000)],
      ['Store credit', en(2000)],
      ['Card ending in 4242', en(8000)],
    ]
    const thanks = await b.get(paid.location!)
    expect(thanks.body).toContain('Paid with')
    expect(rows(thanks.body, 'paid-by')).toEqual(englishRows)
    expect(row(thanks.body, 'invoice-total')).toEqual(['Total', en(15000)])
    // what is listed is exactly the total, and the code itself is never shown
    expect(rows(thanks.body, 'paid-by').reduce((sum, [, amount]) => sum + cents(amount!), 0)).toBe(15000)
    expect(thanks.body).not.toContain(code)
    expect(thanks.body).not.toContain('data-testid="paid-in-full"')

    const details = await b.get(`/my-account/OrderDetails/${number}`)
    expect(rows(details.body, 'paid-by')).toEqual(englishRows)
    const german = await b.get(`/de/my-account/OrderDetails/${number}`)
    expect(german.body).toContain('Bezahlt mit')
    expect(rows(german.body, 'paid-by')).toEqual([
      ['Geschenkkarte •••• 7K2Q', de(5000)],
      ['Guthaben', de(2000)],
      ['Karte mit den Endziffern 4242', de(8000)],
    ])

    const mail = await env.DB.prepare("SELECT body FROM outbox WHERE kind = 'order_confirmation' AND ref = ?").bind(number).first<{ body: string }>()
    for (const line of [`Paid by gift card •••• 7K2Q: ${en(5000)}`, `Paid by store credit: ${en(2000)}`, `Paid by card: ${en(8000)}`]) expect(mail!.body).toContain(line)
    expect(mail!.body).not.toContain('no card was charged')

    // 2. in German, a AUD 200 gift card pays the whole AUD 150: it says so and lists no card
    await checkout('/de')
    const big = await giftCard(20000, 'W9XZ')
    const covered = await b.post('/de/checkout/payment', { giftCardCode: big, terms: 'on' })
    expect(covered.status, covered.body.slice(0, 300)).toBe(303)
    const second = /order=(R\d+)/.exec(covered.location ?? '')![1]!
    const danke = await b.get(covered.location!)
    expect(rows(danke.body, 'paid-by')).toEqual([['Geschenkkarte •••• W9XZ', de(15000)]])
    expect(danke.body).toMatch(/data-testid="paid-in-full"[^>]*>Vollständig mit Geschenkkarte bezahlt: Es wurde keine Karte belastet\.</)
    expect(danke.body).not.toContain('Karte mit den Endziffern')
    const secondDetails = await b.get(`/my-account/OrderDetails/${second}`)
    expect(rows(secondDetails.body, 'paid-by')).toEqual([['Gift card •••• W9XZ', en(15000)]])
    expect(secondDetails.body).toContain('Paid in full by gift card: no card was charged.')
    const secondMail = await env.DB.prepare("SELECT body FROM outbox WHERE kind = 'order_confirmation' AND ref = ?").bind(second).first<{ body: string }>()
    expect(secondMail!.body).toContain(`Bezahlt mit Geschenkkarte •••• W9XZ: ${de(15000)}`)
    expect(secondMail!.body).toContain('Vollständig mit Geschenkkarte bezahlt: Es wurde keine Karte belastet.')
    expect(secondMail!.body).not.toContain('Bezahlt mit Karte')
  })
})
