import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AU_ADDRESS, call, guestCart } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'

/** Ids and codes a client makes up: refused with a 4xx that says what is wrong, and nothing changes. */

async function cartWithAddress() {
  const product = await createProduct({ stock: 5 })
  const token = await guestCart()
  await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
  await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email: 'ids@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })
  const rates = await call('/checkout/shipping_rates', { orderToken: token })
  const methodOf = async () => (await env.DB.prepare('SELECT shipping_method_id AS m FROM orders WHERE token = ?').bind(token).first<{ m: number | null }>())!.m
  return { token, shipmentId: rates.body.data[0].id as string, rates: rates.body.included as Array<{ id: string; attributes: { name: string } }>, methodOf }
}

describe('selecting a shipping method for a shipment', () => {
  it('refuses a shipment id that is not the cart’s (422) and changes nothing', async () => {
    const { token, rates, methodOf } = await cartWithAddress()
    const express = rates.find((r) => r.attributes.name === 'Express')!
    // saving the address chose the cheapest rate that delivers there (issue 42); a refusal leaves that choice alone
    const chosen = await methodOf()
    expect(chosen).not.toBe(Number(express.id))
    for (const shipment_id of ['999999', 'H12345', 'order-999999', 7]) {
      const refused = await call('/checkout/select_shipping_method', { method: 'PATCH', orderToken: token, body: { shipping_method_id: express.id, shipment_id } })
      expect(refused.status, String(shipment_id)).toBe(422)
      expect(refused.body.error).toMatch(/no shipment with that id/)
      expect(refused.body.errors.shipment_id).toEqual(['is not a shipment of this cart'])
    }
    const nested = await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { shipments_attributes: [{ id: '999999', selected_shipping_rate_id: express.id }] } } })
    expect(nested.status).toBe(422)
    expect(nested.body.errors['shipments_attributes.0.id']).toEqual(['is not a shipment of this cart'])
    expect(await methodOf()).toBe(chosen)
  })

  it('accepts the shipment id the API answers (shipping_rates’ and the cart’s), and no id at all', async () => {
    const { token, shipmentId, rates, methodOf } = await cartWithAddress()
    const [first, second] = rates
    const byRates = await call('/checkout/select_shipping_method', { method: 'PATCH', orderToken: token, body: { shipping_method_id: first!.id, shipment_id: shipmentId } })
    expect(byRates.status).toBe(200)
    expect(await methodOf()).toBe(Number(first!.id))
    const cartShipment = byRates.body.data.relationships.shipments.data[0].id as string
    const byCart = await call('/checkout/select_shipping_method', { method: 'PATCH', orderToken: token, body: { shipping_method_id: second!.id, shipment_id: cartShipment } })
    expect(byCart.status).toBe(200)
    expect(await methodOf()).toBe(Number(second!.id))
    const without = await call('/checkout/select_shipping_method', { method: 'PATCH', orderToken: token, body: { shipping_method_id: first!.id } })
    expect(without.status).toBe(200)
    expect(await methodOf()).toBe(Number(first!.id))
  })

  it('refuses another cart’s shipment id', async () => {
    const mine = await cartWithAddress()
    const theirs = await cartWithAddress()
    const [mineBefore, theirsBefore] = [await mine.methodOf(), await theirs.methodOf()]
    const other = mine.rates.find((r) => Number(r.id) !== mineBefore)!
    const refused = await call('/checkout/select_shipping_method', { method: 'PATCH', orderToken: mine.token, body: { shipping_method_id: other.id, shipment_id: theirs.shipmentId } })
    expect(refused.status).toBe(422)
    expect(await mine.methodOf()).toBe(mineBefore)
    expect(await theirs.methodOf()).toBe(theirsBefore)
  })
})

describe('estimating shipping rates for a country', () => {
  it('refuses a code that names no country (422, saying so) and keeps a known country without rates as an empty list', async () => {
    const token = await guestCart()
    for (const code of ['ZZ', 'zz', 'QQ', 'XYZ']) {
      const refused = await call(`/cart/estimate_shipping_rates?country_iso=${code}`, { orderToken: token })
      expect(refused.status, code).toBe(422)
      expect(refused.body.errors.country_iso, code).toEqual(['Invalid country.'])
    }
    expect((await call('/cart/estimate_shipping_rates?country_iso=ZZ', { orderToken: token })).body.error).toBe("There is no country 'ZZ'. Use a country's ISO or ISO3 code, such as AU or AUS.")
    expect((await call('/cart/estimate_shipping_rates?country_iso=1', { orderToken: token })).status).toBe(422)

    // a country the store knows (GET /countries lists it) that no shipping method serves: no rates, not an error
    await env.DB.prepare("INSERT INTO countries (iso, iso3, iso_name, name, numcode, states_required, zipcode_required) VALUES ('JP', 'JPN', 'JAPAN', 'Japan', 392, 0, 1)").run()
    const japan = await call('/cart/estimate_shipping_rates?country_iso=JP', { orderToken: token })
    expect(japan.status).toBe(200)
    expect(japan.body.data).toEqual([])
    const australia = await call('/cart/estimate_shipping_rates?country_iso=AU', { orderToken: token })
    expect(australia.status).toBe(200)
    expect(australia.body.data.length).toBeGreaterThan(0)
  })
})
