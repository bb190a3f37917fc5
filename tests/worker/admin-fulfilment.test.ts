import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { authCookie, get } from './helpers.ts'
import type { Env } from '#worker/env.ts'
import { trackParcel } from '#kernel/tracking.ts'
import { shipParcel } from '#worker/admin/fulfilment.ts'
import { ActionRefused } from '#worker/admin/action-refused.ts'
import { loadOrderDetail } from '#worker/admin/order-detail.ts'
import { auditOf, createAdmin, operator, placeOrder } from './admin-helpers.ts'

/** Issue 41 point 3: tracking links, parcels (partial fulfilment), packing slips, bulk fulfil; point 7's tiles. */

const token = () => crypto.randomUUID()
const lineIds = async (number: string) =>
  (await env.DB.prepare('SELECT li.id FROM line_items li JOIN orders o ON o.id = li.order_id WHERE o.number = ? ORDER BY li.id').bind(number).all<{ id: number }>()).results.map((r) => r.id)
const shipMails = async (email: string) =>
  (
    await env.DB.prepare("SELECT locale, body, payload FROM outbox WHERE to_email = ? AND kind = 'shipping_confirmation' ORDER BY id")
      .bind(email)
      .all<{ locale: string; body: string; payload: string }>()
  ).results
const shipmentOf = (number: string) =>
  env.DB.prepare('SELECT s.state, s.tracking_id, s.shipped_at FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.number = ?')
    .bind(number)
    .first<{ state: string; tracking_id: string | null; shipped_at: string | null }>()
const shopperPage = async (bearer: string, path: string) =>
  (await (await get(path, { cookie: authCookie({ access_token: bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 }) })).text()).replace(/<!-- -->/g, '')
const stateOn = (html: string) => /data-testid="order-state">([^<]+)</.exec(html)?.[1]
/** A count tile of the dashboard and the list it links to. */
const tile = (html: string, label: string) => {
  const m = new RegExp(`${label.replace(/[()]/g, '\\$&')}</p><p class="[^"]*">(?:<a[^>]*href="([^"]*)"[^>]*>)?(\\d+)`).exec(html.replace(/<!-- -->/g, ''))
  return { href: m?.[1]?.replace(/&amp;/g, '&'), count: Number(m?.[2] ?? NaN) }
}

describe('tracking numbers and links (kernel/tracking.ts)', () => {
  it('checks a number against its carrier’s own numbers, with a sentence in English and German, and links the carrier’s page', () => {
    expect(trackParcel('Australia Post', 'ab 1234 5678 9au')).toEqual({ carrier: 'Australia Post', tracking: 'AB123456789AU', url: 'https://auspost.com.au/mypost/track/details/AB123456789AU' })
    expect(trackParcel('DHL Express', '12345-67890')).toMatchObject({ tracking: '1234567890', url: expect.stringContaining('tracking-id=1234567890') })
    expect(trackParcel('DHL Express', 'AB12345678')).toEqual({
      field: 'tracking',
      en: 'This does not look like a tracking number of DHL Express: theirs are 10 digits.',
      de: 'Das sieht nicht nach einer Sendungsnummer von DHL Express aus: diese bestehen aus 10 Ziffern.',
    })
    expect(trackParcel('Sendle', 'S3')).toMatchObject({ field: 'tracking', en: expect.stringContaining('6 to 12 letters and digits') })
    expect(trackParcel('Other', 'CP123456', 'http://track.example.com/CP123456')).toMatchObject({ field: 'trackingUrl', de: expect.stringContaining('https://') })
    expect(trackParcel('Other', 'CP123456', 'https://www.couriersplease.com.au/track?c=CP123456')).toEqual({
      carrier: 'couriersplease.com.au',
      tracking: 'CP123456',
      url: 'https://www.couriersplease.com.au/track?c=CP123456',
    })
  })

  it('refuses a malformed number (422, the sentence beside the field, nothing shipped); a good one is linked on the shopper’s page and in the email', async () => {
    const { b } = await operator()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { member: shopper })
    const bad = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'DHL Express', tracking: 'AB12', form_token: token() })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('This does not look like a tracking number of DHL Express: theirs are 10 digits.')
    expect(await shipmentOf(number)).toMatchObject({ state: 'pending', tracking_id: null })
    const other = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Other', tracking: 'CP123456', trackingUrl: 'ftp://x', form_token: token() })
    expect(other.status).toBe(422)
    expect(other.body).toContain('starting with https://')

    expect((await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'DHL Express', tracking: '1234 567 890', form_token: token() })).status).toBe(303)
    const page = await shopperPage(shopper.bearer, `/my-account/OrderDetails/${number}`)
    expect(stateOn(page)).toBe('Shipped')
    expect(page).toContain('href="https://www.dhl.com/au-en/home/tracking/tracking-express.html?submit=1&amp;tracking-id=1234567890"')
    const [mail] = await shipMails(shopper.email)
    expect(mail!.body).toContain('tracking-id=1234567890')
  })
})

describe('parcels: part of an order now, the rest later', () => {
  it('ships 1 of 2 units and another line later: partially shipped then shipped for the shopper (en/de), an email per parcel naming its units, audited', async () => {
    const { b, email: adminEmail } = await operator()
    const shopper = await registerAndLogin()
    const mug = await createProduct({ stock: 5, name: 'Parcel Mug' })
    const cap = await createProduct({ stock: 5, name: 'Parcel Cap' })
    const number = await placeOrder(mug.variantId, { member: shopper, quantity: 2, more: [{ variantId: cap.variantId, quantity: 1 }] })
    const [mugLine, capLine] = await lineIds(number)

    // more than is left is refused beside the line, nothing shipped
    const tooMany = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Sendle', tracking: 'SNDL0001', [`qty-${mugLine}`]: '3', [`qty-${capLine}`]: '0', form_token: token() })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body).toContain('at most 2 are left to send')
    const none = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Sendle', tracking: 'SNDL0001', [`qty-${mugLine}`]: '0', [`qty-${capLine}`]: '0', form_token: token() })
    expect(none.status).toBe(422)
    expect(none.body).toContain('Choose at least one unit to put in this parcel.')
    expect(await shipmentOf(number)).toMatchObject({ state: 'pending' })

    const first = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Sendle', tracking: 'SNDL0001', [`qty-${mugLine}`]: '1', [`qty-${capLine}`]: '0', form_token: token() })
    expect(first.status).toBe(303)
    expect(first.location).toContain('notice=parcel-shipped')
    expect(await shipmentOf(number)).toMatchObject({ state: 'partial', shipped_at: null })
    expect(stateOn(await shopperPage(shopper.bearer, `/my-account/OrderDetails/${number}`))).toBe('Partially shipped')
    expect(stateOn(await shopperPage(shopper.bearer, `/de/my-account/OrderDetails/${number}`))).toBe('Teilweise versandt')
    // still 'To ship' in the console, with what is left
    expect((await b.get('/admin/orders?shipment=pending')).body).toContain(number)
    const console1 = (await b.get(`/admin/orders/${number}`)).body.replace(/<!-- -->/g, '')
    expect(console1).toContain('Parcel 1</span>, shipped')
    expect(console1).toContain('1 of 2 left')

    const second = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Australia Post', tracking: 'AB123456789AU', [`qty-${mugLine}`]: '1', [`qty-${capLine}`]: '1', form_token: token() })
    expect(second.status).toBe(303)
    expect(second.location).toContain('notice=fulfilled')
    expect(await shipmentOf(number)).toMatchObject({ state: 'shipped', tracking_id: 'AB123456789AU', shipped_at: expect.any(String) })
    const page = await shopperPage(shopper.bearer, `/my-account/OrderDetails/${number}`)
    expect(stateOn(page)).toBe('Shipped')
    // both parcels' numbers, each linked to its carrier's page
    expect(page).toContain('href="https://track.sendle.com/tracking?ref=SNDL0001"')
    expect(page).toContain('href="https://auspost.com.au/mypost/track/details/AB123456789AU"')

    const mails = await shipMails(shopper.email)
    expect(mails).toHaveLength(2)
    const [p1, p2] = mails.map((m) => JSON.parse(m.payload) as { lines: Array<{ name: string; quantity: number }>; rest: boolean })
    expect(p1).toMatchObject({ lines: [{ name: 'Parcel Mug', quantity: 1 }], rest: true })
    expect(p2!.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Parcel Mug', 1],
      ['Parcel Cap', 1],
    ])
    expect(p2!.rest).toBe(false)
    expect(mails[0]!.body).toContain('The rest of your order follows in another parcel')
    const audit = (await auditOf('order.fulfil')).filter((e) => e.subject_id === number).reverse()
    expect(audit.map((e) => [e.admin_email, e.after.state, e.after.parcel])).toEqual([
      [adminEmail, 'partial', 1],
      [adminEmail, 'shipped', 2],
    ])

    // everything is sent: a further parcel is refused, and the order can no longer be cancelled
    const again = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Sendle', tracking: 'SNDL0002', form_token: token() })
    expect(again.status).toBe(409)
    expect(again.body).toContain('already shipped')
  })

  it('two operators (or a double click) sending a parcel from the same view ship it once; the same form sent again is told what it did', async () => {
    const admin = { ...(await createAdmin()), firstName: 'Olive', sessionHash: '' }
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { member: shopper, quantity: 3 })
    const [line] = await lineIds(number)
    const seen = (await loadOrderDetail(env.DB, number))!
    const url = `https://store.test/admin/orders/${number}/fulfil`
    const parcel = (n: string) =>
      shipParcel(env as unknown as Env, admin, seen, { tracking: { carrier: 'Sendle', tracking: n, url: `https://track.sendle.com/tracking?ref=${n}` }, units: new Map([[line!, 1]]) }, url)
    const results = await Promise.allSettled([parcel('SNDLA001'), parcel('SNDLB001')])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ActionRefused)
    expect(
      await env.DB.prepare('SELECT SUM(fi.quantity) AS n FROM fulfilment_items fi JOIN fulfilments f ON f.id = fi.fulfilment_id JOIN orders o ON o.id = f.order_id WHERE o.number = ?')
        .bind(number)
        .first('n'),
    ).toBe(1)
    expect(await shipMails(shopper.email)).toHaveLength(1)

    const { b } = await operator()
    const form = { carrier: 'Sendle', tracking: 'SNDLC001', [`qty-${line}`]: '1', form_token: token() }
    expect((await b.post(`/admin/orders/${number}/fulfil`, form)).status).toBe(303)
    const twice = await b.post(`/admin/orders/${number}/fulfil`, form)
    expect(twice.status).toBe(409)
    expect(twice.body).toContain('This form was already sent')
    expect(await shipMails(shopper.email)).toHaveLength(2)
    expect(await shipmentOf(number)).toMatchObject({ state: 'partial' })
  })

  it('prints a packing slip per order and per parcel: order number, ship-to, SKU and units, no prices', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5, name: 'Slip Shirt' })
    const number = await placeOrder(product.variantId, { quantity: 2 })
    const [line] = await lineIds(number)
    const whole = await b.get(`/admin/orders/${number}/packing-slip`)
    expect(whole.status).toBe(200)
    const text = whole.body.replace(/<!-- -->/g, '')
    expect(text).toContain(`Packing slip · order ${number}`)
    expect(text).toContain('@media print')
    expect(text).toMatch(new RegExp(`${product.sku}</td><td[^>]*>Slip Shirt[^<]*</td><td[^>]*>2</td>`))
    expect(text).not.toMatch(/\$\d|AUD/)
    await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Sendle', tracking: 'SNDL0009', [`qty-${line}`]: '1', form_token: token() })
    const parcelId = (await loadOrderDetail(env.DB, number))!.parcels[0]!.id
    const slip = (await b.get(`/admin/orders/${number}/packing-slip/${parcelId}`)).body.replace(/<!-- -->/g, '')
    expect(slip).toContain('Parcel 1 of 1')
    expect(slip).toMatch(/Slip Shirt[^<]*<\/td><td[^>]*>1<\/td>/)
    expect((await b.get(`/admin/orders/${number}/packing-slip/999999`)).status).toBe(404)
    expect((await b.get(`/admin/orders/${number}/packing-slip/x`)).status).toBe(404)
  })
})

describe('bulk fulfil from the orders list', () => {
  it('ships the ticked orders with one carrier and a number each; a refused one is named and left untouched; sent again, nothing doubles', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 9 })
    const [one, two, three] = [await placeOrder(product.variantId), await placeOrder(product.variantId), await placeOrder(product.variantId)]
    const list = await b.get('/admin/orders?shipment=pending')
    expect(list.body).toContain(`name="ship-${one}"`)

    expect((await b.post('/admin/orders/fulfil?shipment=pending', { carrier: 'Australia Post', form_token: token() })).body).toContain('Tick at least one order to ship')
    const form = {
      carrier: 'Australia Post',
      form_token: token(),
      [`ship-${one}`]: 'on',
      [`tracking-${one}`]: 'AB100000001AU',
      [`ship-${two}`]: 'on',
      [`tracking-${two}`]: 'AB#1',
      [`ship-${three}`]: 'on',
      [`tracking-${three}`]: 'AB100000003AU',
    }
    const res = await b.post('/admin/orders/fulfil?shipment=pending', form)
    expect(res.status).toBe(200)
    const body = res.body.replace(/<!-- -->/g, '')
    expect(body).toContain('2 of 3 orders shipped.')
    expect(body).toContain(`${two}</a>: not shipped. This does not look like a tracking number of Australia Post`)
    expect(await shipmentOf(one)).toMatchObject({ state: 'shipped', tracking_id: 'AB100000001AU' })
    expect(await shipmentOf(two)).toMatchObject({ state: 'pending', tracking_id: null })
    expect(await shipmentOf(three)).toMatchObject({ state: 'shipped', tracking_id: 'AB100000003AU' })
    expect(
      (await auditOf('order.fulfil'))
        .filter((e) => [one, two, three].includes(e.subject_id))
        .map((e) => e.subject_id)
        .sort(),
    ).toEqual([one, three].sort())

    // the same form again: each order is told it was already sent, nothing more happens
    const again = await b.post('/admin/orders/fulfil?shipment=pending', form)
    expect(again.status).toBe(422)
    expect(again.body.replace(/<!-- -->/g, '')).toContain('0 of 3 orders shipped.')
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM fulfilments f JOIN orders o ON o.id = f.order_id WHERE o.number IN (?, ?, ?)').bind(one, two, three).first('n')).toBe(2)

    // without tracking
    const untracked = await b.post('/admin/orders/fulfil', { carrier: 'Sendle', untracked: 'on', form_token: token(), [`ship-${two}`]: 'on' })
    expect(untracked.body.replace(/<!-- -->/g, '')).toContain('1 of 1 order shipped.')
    expect(await shipmentOf(two)).toMatchObject({ state: 'shipped', tracking_id: null })
  })
})

describe('dashboard tiles link to the list they count', () => {
  it('to ship, to collect, returns waiting and failed mail (low stock: admin-audit-log): each tile’s number is the rows of its list', async () => {
    const { b } = await operator()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 9 })
    await placeOrder(product.variantId)
    await placeOrder(product.variantId, { shippingRate: '3' })
    const returned = await placeOrder(product.variantId, { member: shopper })
    await b.post(`/admin/orders/${returned}/fulfil`, { carrier: 'Sendle', tracking: 'SNDL7777', form_token: token() })
    const [line] = await lineIds(returned)
    expect(
      (
        await call(`/account/orders/${returned}/returns`, {
          bearer: shopper.bearer,
          body: { return_request: { reason: 'too_small', comment: 'Fits tight', items: [{ line_item_id: line, quantity: 1 }] } },
        })
      ).status,
    ).toBe(201)
    await env.DB.prepare("UPDATE outbox SET dead_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = (SELECT MAX(id) FROM outbox)").run()

    const dash = (await b.get('/admin')).body
    const rowsOf = async (href: string) => {
      const html = (await b.get(href)).body
      return (html.match(/data-testid="order-row"/g) ?? html.match(/<tr data-testid="return-row"|<td[^>]*><a[^>]*href="\/admin\/returns\/\d+"/g) ?? []).length
    }
    const toShip = tile(dash, 'Orders waiting to be shipped')
    expect(toShip.href).toBe('/admin/orders?shipment=pending')
    expect(toShip.count).toBeGreaterThan(0)
    expect(await rowsOf(toShip.href!)).toBe(toShip.count)
    const toCollect = tile(dash, 'Orders waiting to be collected')
    expect(toCollect.count).toBeGreaterThan(0)
    expect(await rowsOf(toCollect.href!)).toBe(toCollect.count)
    const returns = tile(dash, 'Returns waiting (asked for, not yet refunded)')
    expect(returns.href).toBe('/admin/returns?stage=open')
    expect(returns.count).toBeGreaterThan(0)
    expect(await rowsOf(returns.href!)).toBe(returns.count)
    const failed = tile(dash, 'Emails that failed for good')
    expect(failed.href).toBe('/admin/mail/failed')
    // its list is the failed-mail page: the rows it shows are the dead letters not resent
    expect(failed.count).toBeGreaterThan(0)
    expect(((await b.get(failed.href!)).body.match(/data-testid="failed-mail-row"/g) ?? []).length).toBe(failed.count)
  })
})
