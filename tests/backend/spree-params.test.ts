import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { AU_ADDRESS, call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct, createPromotion } from '#tests/factories/catalogue.ts'

// Spree (Rails) reads a parameter from the query string or the body alike; the official client sends most of them in
// a JSON body, other clients in the query or as a form. Each endpoint is driven every way it can be called.

let variantId = 0
const line = (body: any) => body.included.find((r: any) => r.type === 'line_item')
const nested = (prefix: string, values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [`${prefix}[${k}]`, v]))

beforeAll(async () => {
  variantId = (await createProduct({ stock: 50 })).variantId
  await createPromotion({ kind: 'percent', amount: 10, code: 'params10' })
})

async function cartWithItem(currency: 'AUD' | 'USD' = 'AUD') {
  const token = await guestCart(currency)
  const res = await call('/cart/add_item', { orderToken: token, body: { variant_id: variantId, quantity: 1 } })
  expect(res.status).toBe(200)
  return { token, lineId: line(res.body).id as string }
}

describe('parameters are read from the query string, a JSON body or a form', () => {
  it('POST /cart: currency', async () => {
    expect((await call('/cart?currency=USD', { method: 'POST' })).body.data.attributes.currency).toBe('USD')
    expect((await call('/cart', { body: { currency: 'USD' } })).body.data.attributes.currency).toBe('USD')
    expect((await call('/cart', { form: { currency: 'usd' } })).body.data.attributes.currency).toBe('USD')
    // a currency the store does not sell in is refused, not answered with an AUD cart
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders').first<{ n: number }>()
    for (const bad of [{ query: '?currency=EUR' }, { body: { currency: 'eur' } }, { body: { currency: ['USD'] } }]) {
      const res = await call(`/cart${bad.query ?? ''}`, { method: 'POST', ...(bad.body ? { body: bad.body } : {}) })
      expect(res.status, JSON.stringify(bad)).toBe(422)
      expect(res.body.errors.currency, JSON.stringify(bad)).toEqual(['Choose AUD or USD.'])
    }
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders').first<{ n: number }>()).toEqual(before)
  })

  it('POST /cart/add_item and PATCH /cart/set_quantity: variant_id, line_item_id, quantity', async () => {
    const json = await cartWithItem()
    const form = await call('/cart/add_item', { orderToken: json.token, form: { variant_id: String(variantId), quantity: '2' } })
    expect(line(form.body).attributes.quantity).toBe(3)
    const query = await call(`/cart/set_quantity?line_item_id=${json.lineId}&quantity=5`, { method: 'PATCH', orderToken: json.token })
    expect(line(query.body).attributes.quantity).toBe(5)
    const body = await call('/cart/set_quantity', { method: 'PATCH', orderToken: json.token, body: { line_item_id: json.lineId, quantity: 4 } })
    expect(line(body.body).attributes.quantity).toBe(4)
    const bad = await call('/cart/set_quantity', { method: 'PATCH', orderToken: json.token, form: { line_item_id: json.lineId, quantity: '4x' } })
    expect(bad.status).toBe(422)
  })

  it('PATCH /cart/apply_coupon_code: coupon_code', async () => {
    for (const how of ['query', 'body', 'form'] as const) {
      const { token } = await cartWithItem()
      const res =
        how === 'query'
          ? await call('/cart/apply_coupon_code?coupon_code=PARAMS10', { method: 'PATCH', orderToken: token })
          : await call('/cart/apply_coupon_code', { method: 'PATCH', orderToken: token, ...(how === 'body' ? { body: { coupon_code: 'params10' } } : { form: { coupon_code: 'params10' } }) })
      expect(res.status, how).toBe(200)
      expect(res.body.data.attributes.promo_total, how).toBe('-10.00')
    }
  })

  it('PATCH /cart/change_currency: new_currency', async () => {
    for (const how of ['query', 'body', 'form'] as const) {
      const { token } = await cartWithItem()
      const res =
        how === 'query'
          ? await call('/cart/change_currency?new_currency=USD', { method: 'PATCH', orderToken: token })
          : await call('/cart/change_currency', { method: 'PATCH', orderToken: token, ...(how === 'body' ? { body: { new_currency: 'USD' } } : { form: { new_currency: 'USD' } }) })
      expect(res.status, how).toBe(200)
      expect(res.body.data.attributes, how).toMatchObject({ currency: 'USD', item_total: '70.00' })
    }
  })

  it('PATCH /cart/associate: guest_order_token', async () => {
    for (const how of ['query', 'body'] as const) {
      const member = await registerAndLogin()
      const { token } = await cartWithItem()
      const res =
        how === 'query'
          ? await call(`/cart/associate?guest_order_token=${token}`, { method: 'PATCH', bearer: member.bearer })
          : await call('/cart/associate', { method: 'PATCH', bearer: member.bearer, body: { guest_order_token: token } })
      expect(res.status, how).toBe(200)
      expect(res.body.data.attributes.item_count, how).toBe(1)
      expect((await call('/cart', { bearer: member.bearer })).body.data.attributes.item_count, how).toBe(1)
    }
    // a token that cannot be one is named as such, not as missing
    const member = await registerAndLogin()
    for (const bad of ['abc', 12345678]) {
      const res = await call('/cart/associate', { method: 'PATCH', bearer: member.bearer, body: { guest_order_token: bad } })
      expect(res.status).toBe(422)
      expect(res.body.errors.guest_order_token).toEqual(['is not a cart token'])
    }
    expect((await call('/cart/associate', { method: 'PATCH', bearer: member.bearer, body: {} })).body.errors.guest_order_token).toEqual(['This field is required.'])
  })

  it('POST /checkout/add_store_credit: amount (only what is asked for)', async () => {
    for (const how of ['query', 'body', 'form'] as const) {
      const member = await registerAndLogin()
      await env.DB.prepare("INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, 'AUD', 5000)").bind(member.userId).run()
      await call('/cart', { method: 'POST', bearer: member.bearer })
      await call('/cart/add_item', { bearer: member.bearer, body: { variant_id: variantId, quantity: 1 } })
      // payments are only taken for a checkout ready but for the payment
      await call('/checkout', { method: 'PATCH', bearer: member.bearer, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })
      const rates = await call('/checkout/shipping_rates', { bearer: member.bearer })
      await call('/checkout/select_shipping_method', { method: 'PATCH', bearer: member.bearer, body: { shipping_method_id: rates.body.included[0].id } })
      const res =
        how === 'query'
          ? await call('/checkout/add_store_credit?amount=12.5', { method: 'POST', bearer: member.bearer })
          : await call('/checkout/add_store_credit', { bearer: member.bearer, ...(how === 'body' ? { body: { amount: 12.5 } } : { form: { amount: '12.50' } }) })
      expect(res.status, how).toBe(200)
      expect(res.body.data.attributes.store_credit_total, how).toBe('12.50')
      // nothing to pay with is refused, and the 12.50 stays
      const zero = await call('/checkout/add_store_credit', { bearer: member.bearer, ...(how === 'form' ? { form: { amount: '0' } } : { body: { amount: how === 'query' ? '0.00' : 0 } }) })
      expect(zero.status, how).toBe(422)
      expect(zero.body.errors.amount, how).toEqual(['must be more than 0'])
      expect((await call('/cart', { bearer: member.bearer })).body.data.attributes.store_credit_total, how).toBe('12.50')
    }
  })

  it('GET /cart/estimate_shipping_rates: country_iso, ISO or ISO3', async () => {
    const { token } = await cartWithItem()
    const iso = await call('/cart/estimate_shipping_rates?country_iso=AU', { orderToken: token })
    const iso3 = await call('/cart/estimate_shipping_rates?country_iso=AUS', { orderToken: token })
    expect(iso.status).toBe(200)
    expect(iso3.body).toEqual(iso.body)
    // Germany is in the EU zone (delivery abroad); Japan is not a destination
    const germany = await call('/cart/estimate_shipping_rates?country_iso=DEU', { orderToken: token })
    expect(germany.status).toBe(200)
    expect(JSON.stringify(germany.body)).toContain('International Standard')
    expect((await call('/cart/estimate_shipping_rates?country_iso=JPN', { orderToken: token })).status).toBe(422)
  })

  it('PATCH /checkout and select_shipping_method: nested order[...] fields from a form', async () => {
    const { token } = await cartWithItem()
    const form = {
      'order[email]': 'form@example.com',
      ...nested('order[ship_address_attributes]', { ...AU_ADDRESS, country_iso: 'AUS' }),
      ...nested('order[bill_address_attributes]', AU_ADDRESS),
    }
    const res = await call('/checkout', { method: 'PATCH', orderToken: token, form })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.attributes.email).toBe('form@example.com')
    expect(res.body.included.find((r: any) => r.type === 'address').attributes.country_iso).toBe('AU')
    const rates = await call('/checkout/shipping_rates', { orderToken: token })
    const rateId = rates.body.included[0].id
    const selected = await call(`/checkout/select_shipping_method?shipping_method_id=${rateId}`, { method: 'PATCH', orderToken: token })
    expect(selected.status).toBe(200)
    const shipments = await call('/checkout', { method: 'PATCH', orderToken: token, form: { 'order[shipments_attributes][0][selected_shipping_rate_id]': rateId } })
    expect(shipments.status, JSON.stringify(shipments.body)).toBe(200)
  })

  it('POST /account/addresses: a form with ISO3 and is_default', async () => {
    const member = await registerAndLogin()
    const res = await call('/account/addresses', { bearer: member.bearer, form: { ...nested('address', { ...AU_ADDRESS, country_iso: 'AUS' }), 'address[is_default]': 'true' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.attributes).toMatchObject({ country_iso: 'AU', is_default: true })
  })

  it('POST /gift_cards: amount as text, from a form or a JSON string', async () => {
    await createProduct({ kind: 'gift_card', prices: { AUD: { amount: 0 }, USD: { amount: 0 } } })
    for (const how of ['body', 'form'] as const) {
      const member = await registerAndLogin()
      const card = { amount: '50', recipient_name: 'Robin', recipient_email: 'robin@example.com' }
      const res = await call('/gift_cards', { bearer: member.bearer, ...(how === 'body' ? { body: { gift_card: card } } : { form: nested('gift_card', card) }) })
      expect(res.status, `${how}: ${JSON.stringify(res.body)}`).toBe(200)
      expect(res.body.data.attributes.item_total, how).toBe('50.00')
    }
    // text that is not a whole number is still refused
    const member = await registerAndLogin()
    const bad = await call('/gift_cards', { bearer: member.bearer, form: nested('gift_card', { amount: '50x', recipient_name: 'Robin', recipient_email: 'robin@example.com' }) })
    expect(bad.status).toBe(422)
    expect(bad.body.errors['gift_card.amount']).toEqual(['must be a number'])
  })
})
