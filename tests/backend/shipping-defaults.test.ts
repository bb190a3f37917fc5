import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AU_ADDRESS, TEST_CARD, call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'

const attrs = (res: { body: any }) => res.body.data.attributes
const rateOf = (rates: any, name: string) => rates.body.included.find((r: any) => r.attributes.name === name).attributes

// one address per zone the store ships to (docs/checkout.md 'Delivery abroad')
const DESTINATIONS = [
  { zone: 'Australia', address: AU_ADDRESS, cheapest: 'Standard', cost: '9.95', dearer: ['Express'] },
  { zone: 'New Zealand', address: { ...AU_ADDRESS, country_iso: 'NZ', state_name: '', city: 'Auckland', zipcode: '1010', phone: '+64 9 123 4567' }, cheapest: 'International Standard', cost: '19.95', dearer: ['International Express'] },
  { zone: 'United States', address: { ...AU_ADDRESS, country_iso: 'US', state_name: 'OR', city: 'Portland', zipcode: '97201', phone: '+1 503 555 0100' }, cheapest: 'International Standard', cost: '29.95', dearer: ['International Express'] },
  { zone: 'United Kingdom', address: { ...AU_ADDRESS, country_iso: 'GB', state_name: '', city: 'London', zipcode: 'SW1A 1AA', phone: '+44 20 7946 0000' }, cheapest: 'International Standard', cost: '34.95', dearer: ['International Express'] },
  { zone: 'the EU (Germany)', address: { ...AU_ADDRESS, country_iso: 'DE', state_name: '', city: 'Berlin', zipcode: '10115', phone: '+49 30 123456' }, cheapest: 'International Standard', cost: '39.95', dearer: ['International Express'] },
]

describe('the rate a checkout gets before the shopper chooses (Spree selects one when it builds the shipment)', () => {
  for (const d of DESTINATIONS) {
    it(`to ${d.zone}: the cheapest rate that delivers, never a dearer one or Click & Collect`, async () => {
      const shirt = await createProduct({ prices: { AUD: { amount: 5000 } } })
      const token = await guestCart()
      await call('/cart/add_item', { orderToken: token, body: { variant_id: shirt.variantId, quantity: 1 } })
      const saved = await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email: 'ada@example.com', ship_address_attributes: d.address } } })
      expect(saved.status).toBe(200)
      // what the cart shows is what the shopper pays if they press Continue: the cheapest delivering rate
      expect(attrs(saved).ship_total).toBe(d.cost)
      const rates = await call('/checkout/shipping_rates', { orderToken: token })
      const selected = rates.body.included.filter((r: any) => r.attributes.selected).map((r: any) => r.attributes.name)
      expect(selected).toEqual([d.cheapest])
      for (const name of d.dearer) expect(Number(rateOf(rates, name).cost)).toBeGreaterThan(Number(d.cost))
      // each rate says how long it usually takes (extension), and which one is a pickup
      for (const r of rates.body.included) {
        expect(r.attributes.delivery_days_min).toBeGreaterThan(0)
        expect(r.attributes.delivery_days_max).toBeGreaterThanOrEqual(r.attributes.delivery_days_min)
        expect(r.attributes.pickup).toBe(r.attributes.name === 'Click & Collect')
      }
    })
  }

  it('keeps what the shopper chose (Click & Collect included) when the address is saved again, and drops it for a country it does not serve', async () => {
    const shirt = await createProduct({ prices: { AUD: { amount: 5000 } } })
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: shirt.variantId, quantity: 1 } })
    await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email: 'ada@example.com', ship_address_attributes: AU_ADDRESS } } })
    const pickup = await call('/checkout/select_shipping_method', { method: 'PATCH', orderToken: token, body: { shipping_method_id: '3' } })
    expect(attrs(pickup).ship_total).toBe('0.00')
    const again = await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { ship_address_attributes: { ...AU_ADDRESS, address1: '2 Collins Street' } } } })
    expect(again.body.included.find((r: any) => r.type === 'shipment').attributes.shipping_method_name).toBe('Click & Collect')
    const abroad = await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { ship_address_attributes: DESTINATIONS[1]!.address } } })
    expect(abroad.body.included.find((r: any) => r.type === 'shipment').attributes.shipping_method_name).toBe('International Standard')
  })

  it('chooses the free Standard over Express once the items reach its threshold', async () => {
    const jacket = await createProduct({ prices: { AUD: { amount: 15000 } } })
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: jacket.variantId, quantity: 1 } })
    const saved = await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email: 'ada@example.com', ship_address_attributes: AU_ADDRESS } } })
    expect(saved.body.included.find((r: any) => r.type === 'shipment').attributes.shipping_method_name).toBe('Standard')
    expect(attrs(saved)).toMatchObject({ ship_total: '0.00', total: '150.00' })
  })
})

async function giftCardCart(amount: number) {
  await createProduct({ kind: 'gift_card', prices: { AUD: { amount: 0 }, USD: { amount: 0 } } })
  const buyer = await registerAndLogin()
  const added = await call('/gift_cards', { bearer: buyer.bearer, body: { gift_card: { amount, recipient_name: 'Bo', recipient_email: 'bo@example.com' } } })
  expect(added.status).toBe(200)
  return buyer
}

describe('an order of only e-gift cards ships nothing', () => {
  it('is placed with a billing address alone: no shipping address, no shipping method, no shipping charge, no shipment', async () => {
    const buyer = await giftCardCart(25)
    const billed = await call('/checkout', { method: 'PATCH', bearer: buyer.bearer, body: { order: { bill_address_attributes: AU_ADDRESS } } })
    expect(attrs(billed)).toMatchObject({ item_total: '25.00', ship_total: '0.00', included_tax_total: '0.00', total: '25.00' })
    await call('/checkout/create_payment', { bearer: buyer.bearer, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    const done = await call('/checkout/complete', { method: 'PATCH', bearer: buyer.bearer })
    expect(done.status).toBe(200)
    expect(attrs(done)).toMatchObject({ state: 'complete', total: '25.00', ship_total: '0.00', included_tax_total: '0.00' })
    const id = Number(done.body.data.id)
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM shipments WHERE order_id = ?').bind(id).first<{ n: number }>())!.n).toBe(0)
    const card = await env.DB.prepare("SELECT amount_cents FROM payments WHERE order_id = ? AND method = 'card' AND state = 'completed'").bind(id).first<{ amount_cents: number }>()
    expect(card!.amount_cents).toBe(2500)
    // the confirmation (a tax invoice) has no shipping row and the card's $25.00
    const mail = (await call(`/outbox?email=${buyer.email}`)).body.data.find((m: any) => m.kind === 'order_confirmation')
    expect(mail.body).not.toMatch(/Shipping/)
    expect(mail.body).toMatch(/Total: \$25\.00/)
  })

  it('charges no shipping even when a rate was chosen for it (a $25 card with Standard stays $25.00)', async () => {
    const buyer = await giftCardCart(25)
    await call('/checkout', { method: 'PATCH', bearer: buyer.bearer, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })
    const chosen = await call('/checkout/select_shipping_method', { method: 'PATCH', bearer: buyer.bearer, body: { shipping_method_id: '1' } })
    expect(attrs(chosen)).toMatchObject({ ship_total: '0.00', total: '25.00' })
    await call('/checkout/create_payment', { bearer: buyer.bearer, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    const done = await call('/checkout/complete', { method: 'PATCH', bearer: buyer.bearer })
    expect(attrs(done)).toMatchObject({ total: '25.00', ship_total: '0.00' })
  })

  it('a mixed order ships the physical lines: one shipping charge, the free threshold counts only them, GST only on them', async () => {
    const buyer = await giftCardCart(50)
    const shirt = await createProduct({ prices: { AUD: { amount: 6000, member: null } } })
    await call('/cart/add_item', { bearer: buyer.bearer, body: { variant_id: shirt.variantId, quantity: 1 } })
    const saved = await call('/checkout', { method: 'PATCH', bearer: buyer.bearer, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })
    // $60 shirt + $50 card: the items to ship are under the $100 threshold, so Standard costs $9.95
    expect(attrs(saved)).toMatchObject({ item_total: '110.00', ship_total: '9.95', total: '119.95', included_tax_total: ((Math.round((6000 + 995) / 11)) / 100).toFixed(2) })
    await call('/checkout/create_payment', { bearer: buyer.bearer, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    const done = await call('/checkout/complete', { method: 'PATCH', bearer: buyer.bearer })
    expect(attrs(done)).toMatchObject({ total: '119.95', ship_total: '9.95' })
    expect((await env.DB.prepare('SELECT cost_cents FROM shipments WHERE order_id = ?').bind(Number(done.body.data.id)).first<{ cost_cents: number }>())!.cost_cents).toBe(995)
  })
})
