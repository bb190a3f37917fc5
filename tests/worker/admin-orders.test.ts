import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, giftCardBalance, stockOf } from '#tests/factories/catalogue.ts'
import { authCookie, get } from './helpers.ts'
import type { Env } from '#worker/env.ts'
import { cancel, fulfil } from '#worker/admin/order-actions.ts'
import { ActionRefused } from '#worker/admin/action-refused.ts'
import { loadOrderDetail } from '#worker/admin/order-detail.ts'
import { ORDERS_CSV_COLUMNS } from '#worker/admin/orders-csv.ts'
import { ADMIN_PASSWORD, auditOf, createAdmin, operator, placeOrder } from './admin-helpers.ts'

const credit = async (userId: number) => (await env.DB.prepare("SELECT balance_cents FROM store_credits WHERE user_id = ? AND currency = 'AUD'").bind(userId).first<{ balance_cents: number }>())?.balance_cents ?? 0
const mailTo = async (email: string, kind: string) => (await env.DB.prepare('SELECT subject, body FROM outbox WHERE to_email = ? AND kind = ? ORDER BY id').bind(email, kind).all<{ subject: string; body: string }>()).results

/** The shopper's order page's 'Tracking: …' line. */
const TRACKING_LINE = />Tracking(<!-- -->)?:/

/** A count card of the dashboard ('Orders waiting to be shipped' → its number). */
const dashCount = (html: string, label: string) => Number(new RegExp(`${label}</p><p class="[^"]*">(?:<a[^>]*>)?(\\d+)`).exec(html.replace(/<!-- -->/g, ''))?.[1] ?? NaN)

describe('orders in the console', () => {
  it('fulfils an order: the shopper sees the tracking number on their order page and gets a shipping email', async () => {
    const { b, email: adminEmail } = await operator()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { member: shopper })

    const list = await b.get(`/admin/orders?q=${shopper.email}`)
    expect(list.body).toContain(number)
    expect((await b.get('/admin/orders?shipment=pending')).body).toContain(number)

    const cookie = authCookie({ access_token: shopper.bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 })
    const stateShown = async (path: string) => /data-testid="order-state">([^<]+)</.exec(await (await get(path, { cookie })).text())?.[1]
    expect(await stateShown(`/my-account/OrderDetails/${number}`)).toBe('Placed')

    const bad = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Australia Post', tracking: '' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('The tracking number is required.')

    const ok = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Australia Post', tracking: 'AP123456789AU' })
    expect(ok.status).toBe(303)
    expect((await b.get(ok.location!)).body).toContain('marked as shipped')
    expect((await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Australia Post', tracking: 'AGAIN1' })).status).toBe(409)

    // the shopper's order follows the fulfilment (issue 42: it stayed 'Placed' with the tracking number beside it)
    expect(await stateShown(`/my-account/OrderDetails/${number}`)).toBe('Shipped')
    expect(await stateShown(`/de/my-account/OrderDetails/${number}`)).toBe('Versandt')
    const history = await (await get('/my-account/OrderHistory', { cookie })).text()
    expect(history.replace(/<!-- -->/g, '')).toMatch(new RegExp(`${number}[\\s\\S]*?Shipped`))
    const page = await get(`/my-account/OrderDetails/${number}`, { cookie })
    const shown = await page.text()
    expect(shown).toContain('AP123456789AU')
    expect(shown).toMatch(TRACKING_LINE)
    // the React template through the queue's outbox, with the order's payload (not a plain-text row)
    const [shipped] = await mailTo(shopper.email, 'shipping_confirmation')
    expect(shipped!.body).toContain('AP123456789AU')
    expect(shipped!.subject).toContain(number)
    const [entry] = await auditOf('order.fulfil')
    expect(entry).toMatchObject({ admin_email: adminEmail, subject_type: 'order', subject_id: number, before: { state: 'pending', tracking_id: null }, after: { tracking_id: 'AP123456789AU' } })
  })

  it('ships an order once when Ship is pressed twice at once (double click, two tabs): one email, one audit line, the stored tracking number', async () => {
    const admin = { ...(await createAdmin()), firstName: 'Olive', sessionHash: '' }
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { member: shopper })
    // both requests read the order before either has shipped it
    const seen = (await loadOrderDetail(env.DB, number))!
    const url = `https://store.test/admin/orders/${number}/fulfil`
    const results = await Promise.allSettled([fulfil(env as unknown as Env, admin, seen, { carrier: 'Australia Post', tracking: 'TWICE000001' }, url), fulfil(env as unknown as Env, admin, seen, { carrier: 'Australia Post', tracking: 'TWICE000002' }, url)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ActionRefused)
    const stored = await env.DB.prepare('SELECT s.tracking_id FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.number = ?').bind(number).first<{ tracking_id: string }>()
    const mails = await mailTo(shopper.email, 'shipping_confirmation')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.body).toContain(stored!.tracking_id)
    expect((await auditOf('order.fulfil')).filter((e) => e.subject_id === number).map((e) => e.after.tracking_id)).toEqual([stored!.tracking_id])
  })

  it('an order shipped and cancelled at the same moment is one or the other, never both', async () => {
    const admin = { ...(await createAdmin()), firstName: 'Olive', sessionHash: '' }
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId)
    const seen = (await loadOrderDetail(env.DB, number))!
    const url = `https://store.test/admin/orders/${number}`
    const results = await Promise.allSettled([cancel(env as unknown as Env, admin, seen, 'Asked to', url), fulfil(env as unknown as Env, admin, seen, { carrier: 'Australia Post', tracking: 'BOTH0000001' }, url)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ActionRefused)
    const order = await env.DB.prepare('SELECT o.canceled_at, s.state FROM orders o JOIN shipments s ON s.order_id = o.id WHERE o.number = ?').bind(number).first<{ canceled_at: string | null; state: string }>()
    expect(order!.state).toBe(order!.canceled_at === null ? 'shipped' : 'canceled')
  })

  it('cancels an order: stock, gift card and store credit come back, the card is refunded, the shopper is told', async () => {
    const { b } = await operator()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const card = await createGiftCard(5000)
    // 2 × 100.00 member price 80.00 = 160.00 + free shipping over 100: gift card 50, store credit 30, card the rest
    const number = await placeOrder(product.variantId, { member: shopper, quantity: 2, giftCardCode: card.code, storeCreditCents: 3000 })
    expect(await stockOf(product.variantId)).toBe(3)
    expect(await giftCardBalance(card.id)).toBe(0)
    expect(await credit(shopper.userId)).toBe(0)

    const wrong = await b.post(`/admin/orders/${number}/cancel`, { reason: 'Customer asked', password: 'not my password' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toContain('That is not your password.')
    expect(await stockOf(product.variantId)).toBe(3)

    const ok = await b.post(`/admin/orders/${number}/cancel`, { reason: 'Customer asked', password: ADMIN_PASSWORD })
    expect(ok.status).toBe(303)
    expect(await stockOf(product.variantId)).toBe(5)
    expect(await giftCardBalance(card.id)).toBe(5000)
    expect(await credit(shopper.userId)).toBe(3000)
    const refunds = await env.DB.prepare('SELECT SUM(r.amount_cents) AS n FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.number = ?').bind(number).first<{ n: number }>()
    const total = await env.DB.prepare('SELECT total_cents FROM orders WHERE number = ?').bind(number).first<{ total_cents: number }>()
    expect(refunds!.n).toBe(total!.total_cents)
    const [canceled] = await mailTo(shopper.email, 'order_update')
    expect(canceled!.subject).toBe(`Your order ${number} was cancelled`)
    expect(canceled!.body).toContain('Customer asked')
    expect((await b.post(`/admin/orders/${number}/cancel`, { reason: 'Again', password: ADMIN_PASSWORD })).status).toBe(409)
    expect(await stockOf(product.variantId)).toBe(5)
    expect((await auditOf('order.cancel'))[0]).toMatchObject({ subject_id: number, after: { reason: 'Customer asked' } })
  })

  it('refunds part of a card payment through the test gateway, never more than was paid', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId)
    const payment = await env.DB.prepare("SELECT p.id, p.amount_cents FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.state = 'completed'").bind(number).first<{ id: number; amount_cents: number }>()

    const tooMuch = await b.post(`/admin/orders/${number}/refund`, { form_token: crypto.randomUUID(), paymentId: String(payment!.id), amount: '1000.00', reason: 'Damaged', password: ADMIN_PASSWORD })
    // refused beside the amount (the form knows what is left), before the password is even checked
    expect(tooMuch.status).toBe(422)
    expect(tooMuch.body).toMatch(/id="amount-error"[^>]*>At most .*can still be refunded to this payment\./)
    const noPassword = await b.post(`/admin/orders/${number}/refund`, { form_token: crypto.randomUUID(), paymentId: String(payment!.id), amount: '10.00', reason: 'Damaged', password: '' })
    expect(noPassword.status).toBe(422)

    const ok = await b.post(`/admin/orders/${number}/refund`, { form_token: crypto.randomUUID(), paymentId: String(payment!.id), amount: '10.00', reason: 'Damaged zip', password: ADMIN_PASSWORD })
    expect(ok.status).toBe(303)
    const after = await env.DB.prepare('SELECT refunded_cents FROM payments WHERE id = ?').bind(payment!.id).first<{ refunded_cents: number }>()
    expect(after!.refunded_cents).toBe(1000)
    const refund = await env.DB.prepare('SELECT provider_reference FROM refunds WHERE payment_id = ?').bind(payment!.id).first<{ provider_reference: string }>()
    expect(refund!.provider_reference).toMatch(/^test_refund_/)
    expect((await auditOf('order.refund'))[0]).toMatchObject({ subject_id: number, before: { refunded_cents: 0 }, after: { refunded_cents: 1000 } })
    expect((await b.get(`/admin/orders?payment=refunded`)).body).toContain(number)
  })

  it('a Click & Collect order is marked as collected, never asked for a carrier or tracking number; the shopper sees no tracking', async () => {
    const { b, email: adminEmail } = await operator()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const dashboardBefore = (await b.get('/admin')).body
    const number = await placeOrder(product.variantId, { member: shopper, shippingRate: '3' })
    // the dashboard counts it as waiting to be collected, not as waiting to be shipped; the lists behind the cards agree
    const dashboard = (await b.get('/admin')).body
    expect(dashCount(dashboard, 'Orders waiting to be collected')).toBe(dashCount(dashboardBefore, 'Orders waiting to be collected') + 1)
    expect(dashCount(dashboard, 'Orders waiting to be shipped')).toBe(dashCount(dashboardBefore, 'Orders waiting to be shipped'))
    expect((await b.get('/admin/orders?shipment=collect')).body).toContain(number)
    expect((await b.get('/admin/orders?shipment=pending')).body).not.toContain(number)
    const shipmentOf = () => env.DB.prepare('SELECT s.state, s.carrier, s.tracking_id, s.shipped_at FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.number = ?').bind(number).first<{ state: string; carrier: string | null; tracking_id: string | null; shipped_at: string | null }>()

    const page = (await b.get(`/admin/orders/${number}`)).body
    expect(page).toContain('Click &amp; Collect')
    expect(page).toContain('Mark as collected')
    expect(page).toContain('To collect')
    expect(page).not.toContain('name="tracking"')
    expect(page).not.toContain('name="carrier"')
    expect(page).not.toContain('Mark as shipped')
    // nothing is posted: no 'Ship to', the customer's (billing) address and where it is picked up instead
    expect(page).not.toContain('Ship to')
    expect(page).toContain('Customer (billing address)')
    expect(page).toMatch(/Picked up in store<\/span> \((<!-- -->)?Click &amp; Collect(<!-- -->)?\)/)

    // a carrier and tracking number sent anyway (an old tab, by hand) are refused with a sentence, and change nothing
    const refused = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Australia Post', tracking: 'AP123456789AU' })
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('This is a Click &amp; Collect order: the customer picks it up in store, so it has no carrier or tracking number. Nothing was changed.')
    expect(await shipmentOf()).toMatchObject({ state: 'pending', carrier: null, tracking_id: null })

    const ok = await b.post(`/admin/orders/${number}/collect`, {})
    expect(ok.status).toBe(303)
    const after = (await b.get(ok.location!)).body
    expect(after).toContain('The order is marked as collected from the store.')
    expect(after).toContain('Collected')
    expect(after).not.toContain('Mark as collected')
    expect(await shipmentOf()).toMatchObject({ state: 'shipped', carrier: null, tracking_id: null, shipped_at: expect.any(String) })
    expect((await b.get(`/admin/orders?q=${number}`)).body).toContain('Collected')
    expect((await b.post(`/admin/orders/${number}/collect`, {})).status).toBe(409)
    const [entry] = await auditOf('order.collect')
    expect(entry).toMatchObject({ admin_email: adminEmail, subject_type: 'order', subject_id: number, before: { state: 'pending' }, after: { state: 'shipped', collected: true } })

    // no 'on its way with a carrier' email, and the shopper's order page shows no tracking
    expect(await mailTo(shopper.email, 'shipping_confirmation')).toHaveLength(0)
    const cookie = authCookie({ access_token: shopper.bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 })
    const mine = await (await get(`/my-account/OrderDetails/${number}`, { cookie })).text()
    expect(mine).toContain(number)
    expect(mine).not.toMatch(TRACKING_LINE)
    expect(mine).toContain('data-testid="order-state">Collected<')

    // and a delivered order cannot be 'collected'
    const posted = await placeOrder(product.variantId)
    const wrongWay = await b.post(`/admin/orders/${posted}/collect`, {})
    expect(wrongWay.status).toBe(422)
    expect(wrongWay.body).toContain('This order is delivered (Standard), not collected in store: nothing was changed.')
    const postedPage = (await b.get(`/admin/orders/${posted}`)).body
    expect(postedPage).toContain('name="tracking"')
    expect(postedPage).toContain('Ship to')
    expect(postedPage).not.toContain('Customer (billing address)')
    expect(dashCount((await b.get('/admin')).body, 'Orders waiting to be shipped')).toBe(dashCount(dashboardBefore, 'Orders waiting to be shipped') + 1)
  })

  it('filters by days on the store’s clock (Melbourne, with its daylight saving), the clock the list shows times in', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const listed = async (number: string, day: string) => (await b.get(`/admin/orders?q=${number}&from=${day}&to=${day}`)).body.includes(`>${number}<`)
    const at = async (number: string, iso: string) => env.DB.prepare('UPDATE orders SET completed_at = ? WHERE number = ?').bind(iso, number).run()
    // 08:30 on Sunday 6 Dec in Melbourne (UTC+11 in summer) is 21:30 UTC on the 5th
    const summer = await placeOrder(product.variantId)
    await at(summer, '2026-12-05T21:30:00.000Z')
    expect(await listed(summer, '2026-12-06')).toBe(true)
    expect(await listed(summer, '2026-12-05')).toBe(false)
    expect((await b.get(`/admin/orders?q=${summer}`)).body).toContain('6 Dec 2026, 8:30')
    const csv = (await b.get(`/admin/orders.csv?q=${summer}&from=2026-12-06&to=2026-12-06`)).body.trim().split('\r\n')
    expect(csv).toHaveLength(2)
    // 23:30 on 5 Jul in Melbourne (UTC+10 in winter) is 13:30 UTC: a fixed +11 would move it to the 6th
    const winter = await placeOrder(product.variantId)
    await at(winter, '2026-07-05T13:30:00.000Z')
    expect(await listed(winter, '2026-07-05')).toBe(true)
    expect(await listed(winter, '2026-07-06')).toBe(false)
    // just before Melbourne's midnight is still the day before
    const edge = await placeOrder(product.variantId)
    await at(edge, '2026-12-06T12:59:59.999Z')
    expect(await listed(edge, '2026-12-06')).toBe(true)
    expect(await listed(edge, '2026-12-07')).toBe(false)
  })

  it('exports the filtered orders as CSV and resends a confirmation', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId)
    const csv = await b.get(`/admin/orders.csv?q=${number}`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('cache-control')).toBe('private, no-store')
    const lines = csv.body.trim().split('\r\n')
    expect(lines[0]).toBe(ORDERS_CSV_COLUMNS.join(','))
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`${number},`)
    expect((await b.get('/admin/orders.csv?currency=EUR')).status).toBe(400)
    // a day the calendar does not have is refused, not compared as text
    for (const day of ['2026-02-31', '9999-99-99', '0000-00-00']) {
      const csvDay = await b.get(`/admin/orders.csv?from=${day}`)
      expect(csvDay.status, day).toBe(400)
      expect(csvDay.body, day).toContain('Pick a date.')
      const list = await b.get(`/admin/orders?to=${day}`)
      expect(list.status, day).toBe(400)
      expect(list.body, day).toContain('Pick a date.')
    }

    const email = (await env.DB.prepare('SELECT email FROM orders WHERE number = ?').bind(number).first<{ email: string }>())!.email
    expect((await b.post(`/admin/orders/${number}/resend`, {})).status).toBe(303)
    expect((await mailTo(email, 'order_confirmation')).length).toBe(2)
    expect((await b.get(`/admin/orders/${number}`)).body).toContain('resend confirmation by')
    expect((await auditOf('order.resend_confirmation'))[0]).toMatchObject({ subject_id: number, after: { to: email } })
  })
})
