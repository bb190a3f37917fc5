import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { AU_ADDRESS, call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct, createPromotion } from '#tests/factories/catalogue.ts'

const TABLES = [
  'users', 'oauth_tokens', 'password_resets', 'store_credits', 'addresses', 'orders', 'order_completions', 'line_items',
  'order_promotions', 'promotion_redemptions', 'promotions', 'gift_cards', 'payments', 'shipments', 'wishlists',
  'wished_items', 'outbox', 'newsletter_subscribers', 'affiliate_visits', 'contact_messages', 'variants', 'prices',
]

/** Every row of every table the write side touches: any change at all shows up as a difference. */
async function snapshot(): Promise<string> {
  const results = await env.DB.batch(TABLES.map((t) => env.DB.prepare(`SELECT * FROM ${t} ORDER BY 1`)))
  return JSON.stringify(results.map((r, i) => [TABLES[i], r.results]))
}

let bearer = ''
let token = ''
let lineId = ''
let addressId = ''
let wishlist = ''
let variantId = 0

beforeAll(async () => {
  const member = await registerAndLogin()
  bearer = member.bearer
  const product = await createProduct({ stock: 3 })
  variantId = product.variantId
  await createPromotion({ kind: 'percent', amount: 10, code: 'valid10' })
  token = await guestCart()
  const cart = await call('/cart/add_item', { orderToken: token, body: { variant_id: variantId, quantity: 1 } })
  lineId = cart.body.included.find((r: any) => r.type === 'line_item').id
  addressId = (await call('/account/addresses', { bearer, body: { address: AU_ADDRESS } })).body.data.id
  wishlist = (await call('/wishlists/default', { bearer })).body.data.attributes.token
})

type Endpoint = { name: string; method: string; path: () => string; auth: () => { bearer?: string; orderToken?: string }; oauth?: boolean }
const guest = () => ({ orderToken: token })
const member = () => ({ bearer })
const none = () => ({})

const ENDPOINTS: Endpoint[] = [
  { name: 'oauth token', method: 'POST', path: () => '/spree_oauth/token', auth: none, oauth: true },
  { name: 'oauth revoke', method: 'POST', path: () => '/spree_oauth/revoke', auth: none, oauth: true },
  { name: 'register', method: 'POST', path: () => '/account', auth: none },
  { name: 'update account', method: 'PATCH', path: () => '/account', auth: member },
  { name: 'forgot password', method: 'POST', path: () => '/passwords', auth: none },
  { name: 'reset password', method: 'PATCH', path: () => '/passwords/some-token-value', auth: none },
  { name: 'create address', method: 'POST', path: () => '/account/addresses', auth: member },
  { name: 'update address', method: 'PATCH', path: () => `/account/addresses/${addressId}`, auth: member },
  { name: 'add item', method: 'POST', path: () => '/cart/add_item', auth: guest },
  { name: 'set quantity', method: 'PATCH', path: () => '/cart/set_quantity', auth: guest },
  { name: 'apply coupon', method: 'PATCH', path: () => '/cart/apply_coupon_code', auth: guest },
  { name: 'update checkout', method: 'PATCH', path: () => '/checkout', auth: guest },
  { name: 'select shipping', method: 'PATCH', path: () => '/checkout/select_shipping_method', auth: guest },
  { name: 'create payment', method: 'POST', path: () => '/checkout/create_payment', auth: guest },
  { name: 'wishlist add', method: 'POST', path: () => `/wishlists/${wishlist}/add_item`, auth: member },
  { name: 'buy gift card', method: 'POST', path: () => '/gift_cards', auth: member },
  { name: 'newsletter subscribe', method: 'POST', path: () => '/newsletter/subscribe', auth: none },
  { name: 'newsletter unsubscribe', method: 'POST', path: () => '/newsletter/unsubscribe', auth: none },
  { name: 'affiliate', method: 'POST', path: () => '/affiliate', auth: none },
  { name: 'contact', method: 'POST', path: () => '/contact_messages', auth: none },
]

/** Hand-written bad bodies: wrong types, missing fields, out-of-range numbers, injection attempts, huge strings. */
const BAD_BODIES: unknown[] = [
  null, [], 'text', 42, true, {},
  { user: null }, { user: { email: 'not-an-email', password: 'x' } }, { user: { email: 'a@b.co', first_name: 'A', last_name: 'B', password: '12345678' } },
  { user: { email: ['a@b.co'] } }, { user: { password: 'abc12345', password_confirmation: 'zzz' } },
  { address: { ...AU_ADDRESS, zipcode: '30000' } }, { address: { ...AU_ADDRESS, state_name: 'Bavaria' } }, { address: { ...AU_ADDRESS, phone: '12' } },
  { address: { ...AU_ADDRESS, country_iso: 'XX' } }, { address: { ...AU_ADDRESS, firstname: '' } }, { address: { ...AU_ADDRESS, is_default: 'yes' } },
  { variant_id: 'abc', quantity: 1 }, { variant_id: -1, quantity: 1 }, { variant_id: 1.5, quantity: 1 }, { variant_id: 99_999_999, quantity: 1 },
  { variant_id: 1, quantity: 0 }, { variant_id: 1, quantity: -5 }, { variant_id: 1, quantity: 1e9 }, { variant_id: 1, quantity: '2x' },
  { line_item_id: 'x', quantity: 2 }, { line_item_id: 99_999_999, quantity: 2 }, { line_item_id: 1, quantity: 2.5 },
  { coupon_code: '' }, { coupon_code: 'x'.repeat(500) }, { coupon_code: "' OR 1=1 --" }, { coupon_code: 12 },
  { order: { email: 'nope' } }, { order: { ship_address_attributes: { city: 'X' } } }, { order: { shipments_attributes: 'all' } },
  { order: { shipments_attributes: [{ selected_shipping_rate_id: '999' }] } }, { order: { total: '0.01' } }, { order: { email: 'a@b.co', line_items: [] } },
  { shipping_method_id: 'express' }, { shipping_method_id: 999 },
  { payment_method_id: '9' }, { payment_method_id: '1', source_attributes: { number: '1234', month: 13, year: 1999, verification_value: 'abc' } },
  { payment_method_id: '1', source_attributes: { number: '4000000000000002', month: 12, year: 2099, verification_value: '123' } },
  { payment_method_id: '2', source_attributes: { gift_card_code: 'NOPE-NOPE' } }, { payment_method_id: '2', source_attributes: { gift_card_code: '<script>' } },
  { gift_card: { amount: 5, recipient_name: 'A', recipient_email: 'a@b.co' } }, { gift_card: { amount: 10_000, recipient_name: 'A', recipient_email: 'a@b.co' } },
  { gift_card: { amount: 50, recipient_name: '', recipient_email: 'bad' } }, { gift_card: { amount: '50', recipient_name: 'A', recipient_email: 'a@b.co' } }, { gift_card: { amount: 'fifty', recipient_name: 'A', recipient_email: 'a@b.co' } },
  { email: '' }, { email: 'x'.repeat(300) + '@example.com' }, { code: '' }, { code: 'has spaces' }, { code: 'x'.repeat(100) },
  { name: '', email: 'a@b', message: 'hi' }, { name: 'A', email: 'not-an-email', message: 'x'.repeat(6000) },
]

const RAW_BODIES = ['{', '{"user":', 'not json at all', '\u0000\u0001', '{"a":1}}', `{"a":"${'x'.repeat(70_000)}"}`]

/** What zod says when a schema gives no message of its own ('Invalid input: expected object, received undefined' …). */
const VALIDATOR_WORDING = /^(Invalid input|Invalid option|Too small|Too big|Unrecognized key|Invalid string|Invalid number)/

async function expectRefused(endpoint: Endpoint, options: { body?: unknown; raw?: string }) {
  const res = await call(endpoint.path(), { method: endpoint.method, ...endpoint.auth(), ...options })
  const label = `${endpoint.name} ${JSON.stringify(options).slice(0, 200)} → ${res.status} ${JSON.stringify(res.body)}`
  expect(res.status, label).toBeGreaterThanOrEqual(400)
  expect(res.status, label).toBeLessThan(500)
  expect(typeof res.body?.error, label).toBe('string')
  if (endpoint.oauth) {
    // RFC 6749's error shape: a code and a description
    if (res.status === 400) expect(typeof res.body.error_description, label).toBe('string')
  } else if (res.status === 400 || res.status === 422) {
    expect(res.body.errors, label).toBeTypeOf('object')
    expect(Object.values(res.body.errors).every((m) => Array.isArray(m) && m.every((s) => typeof s === 'string')), label).toBe(true)
    // the messages are sentences for people, not the validator's own wording
    expect(Object.values(res.body.errors).flat().filter((m) => VALIDATOR_WORDING.test(m as string)), label).toEqual([])
  }
}

describe('every mutating endpoint refuses bad input with 4xx, field messages and no change', () => {
  for (const endpoint of ENDPOINTS) {
    it(endpoint.name, async () => {
      const before = await snapshot()
      for (const body of BAD_BODIES) await expectRefused(endpoint, { body })
      for (const raw of RAW_BODIES) await expectRefused(endpoint, { raw })
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.anything(), fc.json().map((raw) => ({ raw }))), async (input) => {
          const isRaw = typeof input === 'object' && input !== null && !Array.isArray(input) && Object.keys(input).length === 1 && 'raw' in input
          await expectRefused(endpoint, isRaw ? { raw: String((input as { raw: string }).raw) } : { body: input })
        }),
        { numRuns: 40 },
      )
      expect(await snapshot()).toBe(before)
    })
  }

  it('refuses bad path and query values the same way', async () => {
    const before = await snapshot()
    const cases: Array<[string, string, object]> = [
      ['DELETE', '/cart/remove_line_item/abc', guest()],
      ['DELETE', '/cart/remove_line_item/99999999', guest()],
      ['DELETE', `/account/addresses/-1`, member()],
      ['PATCH', '/cart/change_currency?new_currency=EUR', guest()],
      ['PATCH', '/cart/change_currency', guest()],
      ['PATCH', '/cart/associate?guest_order_token=zz', member()],
      ['POST', '/checkout/add_store_credit?amount=abc', member()],
      ['DELETE', `/wishlists/${wishlist}/remove_item/999999`, member()],
      ['DELETE', '/wishlists/not-mine', member()],
      ['GET', '/account/orders?page=0', member()],
      ['PATCH', '/checkout/complete', guest()],
      ['DELETE', '/cart/remove_coupon_code/%E0%A4%A', guest()],
      ['DELETE', '/cart/remove_coupon_code/100%25', guest()],
      ['PATCH', '/passwords/%zz', {}],
      ['PATCH', '/cart/set_quantity', { orderToken: 'unknown-cart-token' }],
    ]
    for (const [method, path, auth] of cases) {
      const res = await call(path, { method, ...auth })
      expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${method} ${path}`).toBeLessThan(500)
      expect(typeof res.body.error).toBe('string')
    }
    expect(await snapshot()).toBe(before)
    expect(lineId).toBeTruthy()
  })
})

describe('text that hides what it says', () => {
  // U+202E (right-to-left override) makes 'Eve\u202Emoc.live' read 'Eve evil.com' in the console, on a packing slip
  // and in an email; a line break in a name went into the contact mail's subject. Both were stored as typed.
  // half of a surrogate pair ('\ud800' in JSON) is no character: it was stored as '\uFFFD' (a name of '���' on the order)
  const HIDDEN = ['Eve\u202Emoc.live', 'Eve\u2066x\u2069', 'Eve\r\nBcc: victim@example.com', 'Eve\u0000', 'Eve\u0085', 'Eve\uD800', '\uDC00Eve']

  it('a name, an address line or a gift card recipient with a direction override or a control character is refused with 422, changing nothing', async () => {
    const before = await snapshot()
    for (const bad of HIDDEN) {
      const cases: Array<[string, string, Record<string, unknown>, object, string]> = [
        ['POST', '/account', { user: { email: `hidden-${Date.now()}@example.com`, first_name: bad, last_name: 'B', password: 'kettle-Orbit-47', password_confirmation: 'kettle-Orbit-47' } }, {}, 'first_name'],
        ['PATCH', '/account', { user: { last_name: bad } }, member(), 'last_name'],
        ['POST', '/account/addresses', { address: { ...AU_ADDRESS, address1: bad } }, member(), 'address1'],
        // a region abroad (no list of states to choose from) is checked like the other lines
        ['POST', '/account/addresses', { address: { ...AU_ADDRESS, country_iso: 'GB', zipcode: 'SW1A 1AA', state_name: bad } }, member(), 'state_name'],
        ['PATCH', '/checkout', { order: { email: 'a@b.co', ship_address_attributes: { ...AU_ADDRESS, country_iso: 'NZ', zipcode: '6011', state_name: bad } } }, guest(), 'state_name'],
        ['PATCH', '/checkout', { order: { email: 'a@b.co', ship_address_attributes: { ...AU_ADDRESS, firstname: bad } } }, guest(), 'firstname'],
        ['POST', '/contact_messages', { name: bad, email: 'a@b.co', message: 'Hello there' }, {}, 'name'],
        ['POST', '/gift_cards', { gift_card: { amount: 50, recipient_name: bad, recipient_email: 'a@b.co' } }, member(), 'recipient_name'],
      ]
      for (const [method, path, body, auth, field] of cases) {
        const res = await call(path, { method, ...auth, body })
        const label = `${method} ${path} ${JSON.stringify(bad)} → ${res.status} ${JSON.stringify(res.body)}`
        expect(res.status, label).toBe(422)
        expect(JSON.stringify(res.body.errors), label).toContain('This field contains characters that are not allowed.')
        expect(JSON.stringify(res.body.errors), label).toContain(field)
      }
    }
    expect(await snapshot()).toBe(before)
  })

  it('a region abroad longer than any region is refused with 422, changing nothing; a real one is kept', async () => {
    const before = await snapshot()
    for (const [path, method, body, auth] of [
      ['/account/addresses', 'POST', { address: { ...AU_ADDRESS, country_iso: 'GB', zipcode: 'SW1A 1AA', state_name: 'x'.repeat(500) } }, member()],
      ['/checkout', 'PATCH', { order: { email: 'a@b.co', ship_address_attributes: { ...AU_ADDRESS, country_iso: 'DE', zipcode: '10115', state_name: 'Ü'.repeat(101) } } }, guest()],
    ] as const) {
      const res = await call(path, { method, ...auth, body })
      expect(res.status, JSON.stringify(res.body)).toBe(422)
      expect(JSON.stringify(res.body.errors)).toContain('state_name')
      expect(JSON.stringify(res.body.errors)).toContain('This field can have at max 100 characters.')
    }
    expect(await snapshot()).toBe(before)
    const kept = await call('/account/addresses', { method: 'POST', ...member(), body: { address: { ...AU_ADDRESS, country_iso: 'GB', zipcode: 'SW1A 1AA', state_name: 'Greater London' } } })
    expect(kept.status, JSON.stringify(kept.body)).toBeLessThan(300)
    expect(kept.body.data.attributes.state_name).toBe('Greater London')
  })

  it('keeps names in any script, emoji with joiners, and line breaks in a message', async () => {
    const name = 'Zoë Ångström-مريم 👩‍👩‍👧'
    const res = await call('/account', { method: 'PATCH', ...member(), body: { user: { first_name: name } } })
    expect(res.status).toBe(200)
    expect(res.body.data.attributes.first_name).toBe(name)
    const contact = await call('/contact_messages', { method: 'POST', body: { name: 'Eve', email: 'eve@example.com', message: 'Line one\r\nLine two\n\tindented' } })
    expect(contact.status).toBeLessThan(300)
  })
})
