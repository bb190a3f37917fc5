// Issue 40 point 4 and issue 41 point 4: Click & Collect places set up in the console, chosen by the shopper at
// checkout (never for them), kept with the order and named on its confirmation and order page, then 'Ready for
// pickup' and 'Collected' from the console, each emailed once, in the shopper's language.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AU_ADDRESS, TEST_CARD, call, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { authCookie, get } from './helpers.ts'
import { auditOf, operator } from './admin-helpers.ts'

const CLICK_AND_COLLECT = '3'
const mails = async (email: string, kind: string) =>
  (await env.DB.prepare('SELECT subject, body, locale, event_key FROM outbox WHERE to_email = ? AND kind = ? ORDER BY id').bind(email, kind).all<{ subject: string; body: string; locale: string; event_key: string | null }>()).results

const PLACE = { name: 'Fitzroy store', name_de: 'Laden Fitzroy', address: '88 Brunswick Street\nFitzroy VIC 3065', hours: 'Mon–Sat 10am–6pm', hours_de: 'Mo–Sa 10–18 Uhr' }

/** A place added through the console's form; answers its id. */
async function addPlace(b: Awaited<ReturnType<typeof operator>>['b'], place = PLACE) {
  const res = await b.post('/admin/shipping/locations', { form_token: crypto.randomUUID(), ...place })
  expect(res.status).toBe(303)
  return (await env.DB.prepare('SELECT id FROM collect_locations WHERE name = ? ORDER BY id DESC').bind(place.name).first<{ id: number }>())!.id
}

describe('Click & Collect places in the console', () => {
  it('adds a place once per form, audited; refuses an empty one in English and German; a retired place is no longer offered', async () => {
    const { b, email } = await operator()
    const empty = await b.post('/admin/shipping/locations', { form_token: crypto.randomUUID(), name: '', name_de: '', address: '', hours: '', hours_de: '' })
    expect(empty.status).toBe(422)
    expect(empty.body).toContain('The English name is required. (Der englische Name ist erforderlich.)')
    expect(empty.body).toContain('The opening hours (German) is required. (Die Öffnungszeiten (Deutsch) ist erforderlich.)')
    expect(await env.DB.prepare('SELECT count(*) AS n FROM collect_locations').first<{ n: number }>()).toEqual({ n: 0 })

    const token = crypto.randomUUID()
    const first = await b.post('/admin/shipping/locations', { form_token: token, ...PLACE })
    expect(first.status).toBe(303)
    const again = await b.post('/admin/shipping/locations', { form_token: token, ...PLACE })
    expect(again.status).toBe(409)
    const rows = (await env.DB.prepare('SELECT * FROM collect_locations').all<{ id: number; address: string; retired_at: string | null }>()).results
    expect(rows).toHaveLength(1)
    expect(rows[0]!.address).toBe('88 Brunswick Street\nFitzroy VIC 3065')
    const [created] = await auditOf('shipping.location.create')
    expect(created).toMatchObject({ admin_email: email, subject_type: 'collect_location', subject_id: String(rows[0]!.id), after: { name: 'Fitzroy store', hours_de: 'Mo–Sa 10–18 Uhr' } })
    const list = (await b.get('/admin/shipping/locations')).body
    expect(list).toContain('Fitzroy store')
    expect(list).toContain('Laden Fitzroy')

    // retired: not offered at checkout any more (the rates list it no longer)
    const cart = await startCheckout()
    expect(placesOffered(await call('/checkout/shipping_rates', { orderToken: cart }))).toEqual([{ id: rows[0]!.id, name: 'Fitzroy store', address: ['88 Brunswick Street', 'Fitzroy VIC 3065'], hours: 'Mon–Sat 10am–6pm' }])
    const retire = await b.post(`/admin/shipping/locations/${rows[0]!.id}`, { form_token: crypto.randomUUID(), ...PLACE, retired: 'on' })
    expect(retire.status).toBe(303)
    expect(placesOffered(await call('/checkout/shipping_rates', { orderToken: cart }))).toEqual([])
    expect((await auditOf('shipping.location.update'))[0]).toMatchObject({ before: { retired: false }, after: { retired: true } })
  })
})

async function startCheckout(email = `cc-${crypto.randomUUID().slice(0, 6)}@example.com`) {
  const product = await createProduct({ stock: 5 })
  const cart = await call('/cart', { method: 'POST' })
  const token = cart.body.data.attributes.token as string
  await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
  await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email, ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })
  return token
}

const placesOffered = (res: { body: any }) => res.body.included.find((r: any) => r.attributes.pickup)?.attributes.pickup_locations

describe('a Click & Collect order', () => {
  it('goes placed → ready → collected: the shopper chooses the place, is told where and when, and gets each email once (in German)', async () => {
    const { b, email: adminEmail } = await operator()
    const placeId = await addPlace(b)
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const auth = { bearer: shopper.bearer }
    await call('/cart', { method: 'POST', bearer: shopper.bearer })
    await call('/cart/add_item', { ...auth, body: { variant_id: product.variantId, quantity: 1 } })
    await call('/checkout', { method: 'PATCH', ...auth, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })

    // the rates name the places in the shopper's language; none is chosen for them
    const rates = await call('/checkout/shipping_rates?locale=de', auth)
    const pickup = rates.body.included.find((r: any) => r.attributes.pickup)
    expect(pickup.attributes).toMatchObject({ selected: false, pickup_location_id: null, pickup_locations: [{ id: placeId, name: 'Laden Fitzroy', hours: 'Mo–Sa 10–18 Uhr' }] })

    // the pickup rate without a place is refused, and nothing changes (the cart keeps its delivery)
    const before = await env.DB.prepare('SELECT o.shipping_method_id FROM orders o WHERE o.user_id = ? AND o.completed_at IS NULL').bind(shopper.userId).first<{ shipping_method_id: number }>()
    const noPlace = await call('/checkout/select_shipping_method', { method: 'PATCH', ...auth, body: { shipping_method_id: CLICK_AND_COLLECT } })
    expect(noPlace.status).toBe(422)
    expect(noPlace.body).toMatchObject({ error: 'Choose where you will collect your order.', code: 'pickup_place_missing' })
    expect(await env.DB.prepare('SELECT o.shipping_method_id FROM orders o WHERE o.user_id = ? AND o.completed_at IS NULL').bind(shopper.userId).first()).toEqual(before)
    const madeUp = await call('/checkout/select_shipping_method', { method: 'PATCH', ...auth, body: { shipping_method_id: CLICK_AND_COLLECT, pickup_location_id: '999' } })
    expect(madeUp.body).toMatchObject({ code: 'pickup_place_missing' })

    // chosen through the Spree call without a place, the order cannot be placed (the completion says why)
    await call('/checkout', { method: 'PATCH', ...auth, body: { order: { shipments_attributes: [{ selected_shipping_rate_id: CLICK_AND_COLLECT }] } } })
    await call('/checkout/create_payment', { ...auth, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    const refused = await call('/checkout/complete', { method: 'PATCH', ...auth })
    expect(refused.status).toBe(422)
    expect(refused.body.error).toBe('Choose where you will collect your order.')

    const chosen = await call('/checkout/select_shipping_method', { method: 'PATCH', ...auth, body: { shipping_method_id: CLICK_AND_COLLECT, pickup_location_id: String(placeId) } })
    expect(chosen.status).toBe(200)
    expect(chosen.body.data.attributes.pickup_place).toMatchObject({ id: placeId, name: 'Fitzroy store', ready_at: null })
    // a refused completion keeps no payment (issue 7): the card is given again
    await call('/checkout/create_payment', { ...auth, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    const done = await call('/checkout/complete?locale=de', { method: 'PATCH', ...auth })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const number = done.body.data.attributes.number as string

    // the confirmation names the place and its hours instead of a shipping address
    const [confirmation] = await mails(shopper.email, 'order_confirmation')
    expect(confirmation!.body).toContain('Abholen bei:\nLaden Fitzroy\n88 Brunswick Street\nFitzroy VIC 3065\nÖffnungszeiten: Mo–Sa 10–18 Uhr')
    expect(confirmation!.body).not.toContain('Lieferadresse')

    // the console: the order is a pickup by its rate's flag, with its place; ready, then collected
    const page = (await b.get(`/admin/orders/${number}`)).body
    expect(page).toContain('Fitzroy store')
    expect(page).toContain('Not ready yet')
    expect((await b.get('/admin/orders?shipment=collect')).body).toContain(number)
    const cookie = authCookie({ access_token: shopper.bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 })
    const accountState = async () => /data-testid="order-state">([^<]+)</.exec(await (await get(`/de/my-account/OrderDetails/${number}`, { cookie })).text())?.[1]
    expect(await accountState()).toBe('Aufgegeben')

    const ready = await b.post(`/admin/orders/${number}/ready`, {})
    expect(ready.status).toBe(303)
    expect((await b.get(ready.location!)).body).toContain('The order is marked ready for pickup; the customer’s email is queued.')
    expect((await b.post(`/admin/orders/${number}/ready`, {})).status).toBe(409)
    const readyMails = await mails(shopper.email, 'order_update')
    expect(readyMails).toHaveLength(1)
    expect(readyMails[0]).toMatchObject({ locale: 'de', subject: expect.stringContaining(`Ihre Bestellung ${number} ist abholbereit`) })
    expect(readyMails[0]!.body).toContain('Abholen bei: Laden Fitzroy, 88 Brunswick Street, Fitzroy VIC 3065\nÖffnungszeiten: Mo–Sa 10–18 Uhr')
    expect(await accountState()).toBe('Abholbereit')
    const account = await (await get(`/de/my-account/OrderDetails/${number}`, { cookie })).text()
    expect(account).toContain('Abholen bei')
    expect(account).toContain('Mo–Sa 10–18 Uhr')
    expect((await auditOf('order.ready_for_pickup'))[0]).toMatchObject({ admin_email: adminEmail, subject_id: number })

    const collected = await b.post(`/admin/orders/${number}/collect`, {})
    expect(collected.status).toBe(303)
    expect((await b.post(`/admin/orders/${number}/collect`, {})).status).toBe(409)
    const all = await mails(shopper.email, 'order_update')
    expect(all.map((m) => m.event_key)).toEqual([expect.stringMatching(/^pickup:\d+:ready$/), expect.stringMatching(/^pickup:\d+:collected$/)])
    expect(all[1]!.subject).toContain(`Sie haben Ihre Bestellung ${number} abgeholt`)
    expect(await accountState()).toBe('Abgeholt')
    expect(await mails(shopper.email, 'shipping_confirmation')).toHaveLength(0)
  })
})
