// Shipping zones, rates and the GST rule per destination in the console (issue 40 point 4): each change is saved once
// per form and audited, refused with a reason in English and German when wrong (nothing written), and read by the
// very next checkout request: the rates offered, what the cart charges, and whether prices carry GST.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AU_ADDRESS, call, guestCart } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { SHIPPING_ZONES } from '#kv-seed/reference.mjs'
import { auditOf, operator, placeOrder } from './admin-helpers.ts'

const NZ_ADDRESS = { ...AU_ADDRESS, country_iso: 'NZ', state_name: '', city: 'Auckland', zipcode: '1010', phone: '+64 9 123 4567' }
const token = () => crypto.randomUUID()
const attrs = (res: { body: any }) => res.body.data.attributes
const zoneId = async (code: string) => (await env.DB.prepare('SELECT id FROM shipping_zones WHERE code = ?').bind(code).first<{ id: number }>())!.id

/** The fields of a rate's form as the page draws them, with a fresh one-time key. */
async function rateForm(b: Awaited<ReturnType<typeof operator>>['b'], id: number) {
  const page = await b.get(`/admin/shipping/rates/${id}`)
  expect(page.status).toBe(200)
  const form = page.body.slice(page.body.indexOf('aria-label="Save the rate"'), page.body.indexOf('>Save the rate<'))
  const fields: Record<string, string> = {}
  for (const [, name, value] of form.matchAll(/<input[^>]*?name="([^"]+)"[^>]*?value="([^"]*)"/g)) fields[name!] = value!
  for (const [, name] of form.matchAll(/<input[^>]*?type="checkbox"[^>]*?name="([^"]+)"[^>]*?checked/g)) fields[name!] = 'on'
  return fields
}

/** A guest's cart of one product at `cents`, with a shipping address; answers the cart token. */
async function cartTo(address: typeof AU_ADDRESS, cents: number) {
  const product = await createProduct({ prices: { AUD: { amount: cents } }, stock: 20 })
  const cart = await guestCart()
  await call('/cart/add_item', { orderToken: cart, body: { variant_id: product.variantId, quantity: 1 } })
  const saved = await call('/checkout', { method: 'PATCH', orderToken: cart, body: { order: { email: 'ada@example.com', ship_address_attributes: address } } })
  expect(saved.status).toBe(200)
  return cart
}

describe('the reference data', () => {
  // first in the file: the tests below change the zones
  it("is what the migrations moved into zones: today's zones, countries, GST rule and rates", async () => {
    const zones = (await env.DB.prepare('SELECT id, code, name, name_de, gst_included FROM shipping_zones ORDER BY position').all<{ id: number; code: string; name: string; name_de: string; gst_included: number }>()).results
    const stored = []
    for (const z of zones) {
      const countries = (await env.DB.prepare('SELECT country_iso FROM shipping_zone_countries WHERE zone_id = ? ORDER BY country_iso').bind(z.id).all<{ country_iso: string }>()).results.map((c) => c.country_iso).join(',')
      const rates = (
        await env.DB.prepare('SELECT name, name_de, code, cost_aud_cents, cost_usd_cents, free_over_aud_cents, free_over_usd_cents, pickup, delivery_days_min, delivery_days_max FROM shipping_methods WHERE zone_id = ? ORDER BY id').bind(z.id).raw()
      )
      stored.push({ code: z.code, name: z.name, name_de: z.name_de, gst_included: z.gst_included, countries, rates })
    }
    expect(stored).toEqual(SHIPPING_ZONES)
  })
})

describe('rates changed in the console apply to the next checkout request', () => {
  it("a new cost for Standard: the rates list and the cart's shipping charge follow at once, audited before → after", async () => {
    const { b, email } = await operator()
    const cart = await cartTo(AU_ADDRESS, 5000)
    expect(attrs(await call('/cart', { orderToken: cart })).ship_total).toBe('9.95')
    const standard = (await env.DB.prepare("SELECT id FROM shipping_methods WHERE code = 'standard'").first<{ id: number }>())!.id

    const saved = await b.post(`/admin/shipping/rates/${standard}`, { ...(await rateForm(b, standard)), cost_aud: '12.50', name_de: 'Standardversand' })
    expect(saved.status).toBe(303)

    const rates = await call('/checkout/shipping_rates', { orderToken: cart })
    expect(rates.body.included.find((r: any) => r.attributes.shipping_method_id === standard).attributes.cost).toBe('12.50')
    expect(attrs(await call('/cart', { orderToken: cart }))).toMatchObject({ ship_total: '12.50', total: '62.50' })
    // the German checkout names the rate in German
    const de = await call('/checkout/shipping_rates?locale=de', { orderToken: cart })
    expect(de.body.included.map((r: any) => r.attributes.name)).toContain('Standardversand')
    const [entry] = await auditOf('shipping.rate.update')
    expect(entry).toMatchObject({ admin_email: email, subject_type: 'shipping_method', subject_id: String(standard) })
    expect(entry!.before.cost_aud).toBe(995)
    expect(entry!.after.cost_aud).toBe(1250)

    // the same form sent again (a double click) changes nothing more and says what the first did
    const form = { ...(await rateForm(b, standard)), cost_aud: '9.95' }
    expect((await b.post(`/admin/shipping/rates/${standard}`, form)).status).toBe(303)
    const again = await b.post(`/admin/shipping/rates/${standard}`, { ...form, cost_aud: '1.00' })
    expect(again.status).toBe(409)
    expect(again.body).toContain('This form was already sent')
    expect(attrs(await call('/cart', { orderToken: cart })).ship_total).toBe('9.95')
  })

  it('a retired rate is no longer offered, a cart that had it chooses again, and the orders that used it keep it', async () => {
    const { b } = await operator()
    const zone = await zoneId('au')
    const created = await b.post(`/admin/shipping/zones/${zone}/rates`, { form_token: token(), name: 'Same day', name_de: 'Am selben Tag', cost_aud: '24.95', cost_usd: '16.95', free_over_aud: '', free_over_usd: '', days_min: '0', days_max: '1' })
    expect(created.status).toBe(303)
    const rate = (await env.DB.prepare("SELECT id FROM shipping_methods WHERE name = 'Same day'").first<{ id: number }>())!.id
    const product = await createProduct({ prices: { AUD: { amount: 5000 } }, stock: 20 })
    const number = await placeOrder(product.variantId, { shippingRate: String(rate) })
    const cart = await cartTo(AU_ADDRESS, 5000)
    const chosen = await call('/checkout/select_shipping_method', { method: 'PATCH', orderToken: cart, body: { shipping_method_id: String(rate) } })
    expect(attrs(chosen).ship_total).toBe('24.95')

    const retired = await b.post(`/admin/shipping/rates/${rate}/retire`, { form_token: token() })
    expect(retired.status).toBe(303)
    expect(retired.location).toContain('notice=rate-retired')
    const rates = await call('/checkout/shipping_rates', { orderToken: cart })
    expect(rates.body.included.map((r: any) => r.attributes.shipping_method_id)).not.toContain(rate)
    const after = await call('/cart', { orderToken: cart })
    expect(after.body.included.some((r: any) => r.type === 'shipment')).toBe(false)
    expect(attrs(after).ship_total).toBe('0.00')
    // the placed order still names it and what it paid
    const order = await env.DB.prepare('SELECT o.ship_total_cents, m.name, m.retired_at FROM orders o JOIN shipping_methods m ON m.id = o.shipping_method_id WHERE o.number = ?').bind(number).first<{ ship_total_cents: number; name: string; retired_at: string | null }>()
    expect(order).toMatchObject({ ship_total_cents: 2495, name: 'Same day' })
    expect(order!.retired_at).not.toBeNull()
    expect((await auditOf('shipping.rate.retire'))[0]!.subject_id).toBe(String(rate))

    // a rate no order used is deleted
    await b.post(`/admin/shipping/zones/${zone}/rates`, { form_token: token(), name: 'Trial', name_de: 'Versuch', cost_aud: '1.00', cost_usd: '1.00', free_over_aud: '', free_over_usd: '', days_min: '', days_max: '' })
    const trial = (await env.DB.prepare("SELECT id FROM shipping_methods WHERE name = 'Trial'").first<{ id: number }>())!.id
    expect((await b.post(`/admin/shipping/rates/${trial}/retire`, { form_token: token() })).location).toContain('notice=rate-deleted')
    expect(await env.DB.prepare('SELECT id FROM shipping_methods WHERE id = ?').bind(trial).first()).toBeNull()
  })
})

describe('the GST rule per destination is the zone’s', () => {
  it('New Zealand is a GST-free export; switched to GST included, the next cart request charges GST, and back again', async () => {
    const { b } = await operator()
    const nz = await zoneId('nz')
    const cart = await cartTo(NZ_ADDRESS, 11000)
    // export: the $110.00 item is priced without its GST ($100.00), no GST, the NZ rate as listed
    expect(attrs(await call('/cart', { orderToken: cart }))).toMatchObject({ item_total: '100.00', included_tax_total: '0.00', gst_free: true })

    const zonePage = await b.get(`/admin/shipping/zones/${nz}`)
    expect(zonePage.body).toContain('GST-free export')
    const form = { form_token: token(), name: 'New Zealand', name_de: 'Neuseeland', countries: 'NZ', gst: 'included' }
    expect((await b.post(`/admin/shipping/zones/${nz}`, form)).status).toBe(303)
    // GST included: $110.00 and 1/11 of (110.00 + 19.95 shipping) = 11.81
    expect(attrs(await call('/cart', { orderToken: cart }))).toMatchObject({ item_total: '110.00', ship_total: '19.95', included_tax_total: '11.81', gst_free: false })
    const [entry] = await auditOf('shipping.zone.update')
    expect(entry!.before.gst).toBe('export')
    expect(entry!.after.gst).toBe('included')

    expect((await b.post(`/admin/shipping/zones/${nz}`, { ...form, form_token: token(), gst: 'export' })).status).toBe(303)
    expect(attrs(await call('/cart', { orderToken: cart }))).toMatchObject({ item_total: '100.00', included_tax_total: '0.00' })
  })

  it('a placed order keeps the rule it was placed under when the zone changes later', async () => {
    const { b } = await operator()
    const product = await createProduct({ prices: { AUD: { amount: 11000 } }, stock: 20 })
    const number = await placeOrder(product.variantId, { shipAddress: NZ_ADDRESS, shippingRate: '10' })
    const order = await env.DB.prepare('SELECT r.gst_free, o.tax_total_cents FROM orders o JOIN order_gst_rules r ON r.order_id = o.id WHERE o.number = ?').bind(number).first<{ gst_free: number; tax_total_cents: number }>()
    expect(order).toEqual({ gst_free: 1, tax_total_cents: 0 })
    const nz = await zoneId('nz')
    await b.post(`/admin/shipping/zones/${nz}`, { form_token: token(), name: 'New Zealand', name_de: 'Neuseeland', countries: 'NZ', gst: 'included' })
    const view = await call(`/order_status/${number}`, { orderToken: (await env.DB.prepare('SELECT token FROM orders WHERE number = ?').bind(number).first<{ token: string }>())!.token })
    expect(attrs(view)).toMatchObject({ gst_free: true, included_tax_total: '0.00' })
    await b.post(`/admin/shipping/zones/${nz}`, { form_token: token(), name: 'New Zealand', name_de: 'Neuseeland', countries: 'NZ', gst: 'export' })
  })
})

describe('zones: refusals say why in English and German and change nothing', () => {
  it('refuses a country another zone has, a made-up code, a missing German name and a form without its key', async () => {
    const { b } = await operator()
    const before = await env.DB.prepare('SELECT count(*) AS n FROM shipping_zones').first<{ n: number }>()
    const base = { name: 'Pacific', name_de: 'Pazifik', countries: 'NZ', gst: 'export' }
    const taken = await b.post('/admin/shipping/zones', { ...base, form_token: token() })
    expect(taken.status).toBe(409)
    expect(taken.body).toContain('A country belongs to one zone only: NZ (New Zealand)')
    expect(taken.body).toContain('Ein Land gehört nur zu einer Zone')
    const made = await b.post('/admin/shipping/zones', { ...base, countries: 'ZZ', form_token: token() })
    expect(made.status).toBe(422)
    expect(made.body).toContain('Not a country&#x27;s two-letter ISO code: ZZ')
    expect(made.body).toContain('Kein Ländercode')
    const noGerman = await b.post('/admin/shipping/zones', { ...base, name_de: '', countries: '', form_token: token() })
    expect(noGerman.status).toBe(422)
    expect(noGerman.body).toContain('Der deutsche Name ist erforderlich')
    expect(noGerman.body).toContain('List at least one country')
    const noKey = await b.post('/admin/shipping/zones', { ...base, countries: '', rest_of_world: 'on' })
    expect(noKey.status).toBe(422)
    expect(noKey.body).toContain('This form is out of date')
    const badRate = await b.post(`/admin/shipping/zones/${await zoneId('au')}/rates`, { form_token: token(), name: 'X', name_de: 'X', cost_aud: 'ten', cost_usd: '1.00', free_over_aud: '100.00', free_over_usd: '', days_min: '5', days_max: '2' })
    expect(badRate.status).toBe(422)
    expect(badRate.body).toContain('Cost in AUD: enter an amount like 129.95.')
    expect(badRate.body).toContain('The most days cannot be fewer than the fewest.')
    expect(badRate.body).toContain('Give the free-shipping threshold in both currencies')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM shipping_zones').first<{ n: number }>()).toEqual(before)
  })

  it('a new zone for the rest of the world: its rate is offered where no other zone delivers', async () => {
    const { b } = await operator()
    // the EU's countries leave their zone, so Germany falls to 'every other country'
    const eu = await zoneId('eu')
    await b.post(`/admin/shipping/zones/${eu}`, { form_token: token(), name: 'European Union', name_de: 'Europäische Union', countries: 'FR', gst: 'export' })
    const created = await b.post('/admin/shipping/zones', { form_token: token(), name: 'Rest of the world', name_de: 'Übrige Welt', countries: '', rest_of_world: 'on', gst: 'export' })
    expect(created.status).toBe(303)
    const world = Number(created.location!.match(/zones\/(\d+)/)![1])
    expect((await auditOf('shipping.zone.create'))[0]!.subject_id).toBe(String(world))
    await b.post(`/admin/shipping/zones/${world}/rates`, { form_token: token(), name: 'World Post', name_de: 'Weltpost', cost_aud: '49.95', cost_usd: '32.95', free_over_aud: '', free_over_usd: '', days_min: '10', days_max: '20' })
    const cart = await cartTo({ ...NZ_ADDRESS, country_iso: 'DE', city: 'Berlin', zipcode: '10115', phone: '+49 30 123456' }, 5000)
    const rates = await call('/checkout/shipping_rates', { orderToken: cart })
    expect(rates.body.included.map((r: any) => r.attributes.name)).toEqual(['World Post'])
    const second = await b.post('/admin/shipping/zones', { form_token: token(), name: 'Elsewhere', name_de: 'Anderswo', countries: '', rest_of_world: 'on', gst: 'export' })
    expect(second.status).toBe(409)
    expect(second.body).toContain('is already the zone of every other country')
  })
})
