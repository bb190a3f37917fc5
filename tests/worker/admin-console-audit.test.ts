import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { namedShop } from '#tests/factories/mail.ts'
import { AU_ADDRESS, call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct, stockOf } from '#tests/factories/catalogue.ts'
import { addDays, storeDayOf } from '#kernel/store-clock.ts'
import { auditOf, consoleBrowser, operator, placeOrder } from './admin-helpers.ts'

// the emails sign with the shop's name from its settings
beforeAll(() => namedShop())

// The points of issue 14 items 1–5 that no other console test shows (docs/console.md 'What the console can do'):
// the dashboard's figures move with the day's orders, the orders list's filters and paging, what an order's page
// shows, a coupon's limits per code and per customer as edited in the console, gift-card look-up, discontinue_on and
// backorderable as the store sees them.

const text = (html: string) => html.replace(/<!-- -->/g, '')
/** A dashboard count by its label, or the AUD sales of a panel ('Today', 'This week'). */
const count = (html: string, label: string) => Number(new RegExp(`${label}</p><p class="[^"]*">(?:<a[^>]*>)?(\\d+)`).exec(text(html))?.[1] ?? NaN)
const sales = (html: string, panel: string) => {
  const section = new RegExp(`aria-label="${panel}">(.*?)</section>`).exec(text(html))![1]!
  const row = /(\d+) orders? in AUD<\/dt><dd[^>]*>AUD ([\d,]+\.\d\d)/.exec(section)
  return row ? { orders: Number(row[1]), cents: Math.round(Number(row[2]!.replace(/,/g, '')) * 100) } : { orders: 0, cents: 0 }
}
const ordersListed = (html: string) => [...html.matchAll(/href="\/admin\/orders\/(R\d+)"/g)].map((m) => m[1])
const utcDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)
/** A day on the store's clock (Australia/Melbourne), the days the orders list filters by. */
const storeDay = (offsetDays: number) => addDays(storeDayOf(new Date()), offsetDays)

const sha256 = async (text: string) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, '0')).join('')

describe('what the console shows an operator', () => {
  it('a deployed store’s first admin sets the password through the one-time setup link (`admin:create --remote`)', async () => {
    const email = `remote-${crypto.randomUUID().slice(0, 6)}@example.com`
    const token = crypto.randomUUID().replace(/-/g, '')
    const stale = crypto.randomUUID().replace(/-/g, '')
    const now = Math.floor(Date.now() / 1000)
    // what scripts/admin-create.mjs --remote writes: an admin with no usable password, the token's SHA-256, 24 hours
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (email, first_name, last_name, password_hash, role) VALUES (?, 'Olive', 'Operator', '!', 'admin')").bind(email),
      env.DB.prepare('INSERT INTO admin_setup_tokens (token_hash, user_id, expires_at) SELECT ?, id, ? FROM users WHERE email = ?').bind(await sha256(token), now + 24 * 3600, email),
      env.DB.prepare('INSERT INTO admin_setup_tokens (token_hash, user_id, expires_at) SELECT ?, id, ? FROM users WHERE email = ?').bind(await sha256(stale), now - 1, email),
    ])
    const b = consoleBrowser()
    const password = 'a long new password'
    expect((await b.logIn(email, password)).status).toBe(401)
    expect((await b.get(`/admin/setup?token=${stale}`)).status).toBe(410)
    expect((await b.get(`/admin/setup?token=${token}`)).status).toBe(200)
    const mismatch = await b.post('/admin/setup', { token, password, confirmation: 'something else' })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body).toContain('The two passwords are not the same.')
    const set = await b.post('/admin/setup', { token, password, confirmation: password })
    expect(set.status).toBe(303)
    expect((await b.post('/admin/setup', { token, password: 'another long one', confirmation: 'another long one' })).status).toBe(410)
    expect((await b.logIn(email, password)).status).toBe(303)
    expect((await auditOf('operator.password_set'))[0]).toMatchObject({ subject_type: 'user' })
  })

  it('dashboard: today’s and this week’s orders and revenue, orders waiting, low stock, declined payments, undelivered mail', async () => {
    const { b } = await operator()
    const before = (await b.get('/admin')).body
    const product = await createProduct({ stock: 3 })
    const number = await placeOrder(product.variantId)
    const total = (await env.DB.prepare('SELECT total_cents FROM orders WHERE number = ?').bind(number).first<{ total_cents: number }>())!.total_cents
    // a declined card at checkout
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email: 'declined@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
    const declined = await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '1', source_attributes: { number: '4000000000000002', month: 12, year: new Date().getUTCFullYear() + 2, verification_value: '123', name: 'Ada' } } })
    expect(declined.status).toBe(422)
    // the order's confirmation has waited 20 minutes unsent (the mail API was down)
    await env.DB.prepare('UPDATE outbox SET sent_at = NULL, created_at = ? WHERE ref = ?').bind(new Date(Date.now() - 20 * 60_000).toISOString(), number).run()

    const after = (await b.get('/admin')).body
    for (const panel of ['Today', 'This week']) {
      expect(sales(after, panel)).toEqual({ orders: sales(before, panel).orders + 1, cents: sales(before, panel).cents + total })
    }
    expect(count(after, 'Orders waiting to be shipped')).toBe(count(before, 'Orders waiting to be shipped') + 1)
    expect(count(after, 'Variants with 3 or fewer left')).toBe(count(before, 'Variants with 3 or fewer left') + 1)
    expect(text(after)).toContain(`>SKU-${product.variantId}</td>`)
    expect(count(after, 'Declined card payments \\(7 days\\)')).toBe(count(before, 'Declined card payments \\(7 days\\)') + 1)
    expect(count(after, 'Emails not delivered')).toBeGreaterThan(count(before, 'Emails not delivered'))
  })

  it('orders: search by name, filters by shipping, payment, currency and dates, pages of 25; the order page shows savings, promotions, emails and timeline', async () => {
    const { b, email: adminEmail } = await operator()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 50 })
    const code = `ten${crypto.randomUUID().slice(0, 6)}`
    await b.post('/admin/promotions', { name: 'Ten off', code, kind: 'fixed', amount: '10.00', min_total: '', starts_on: '', expires_on: '', usage_limit: '', per_customer_limit: '' })
    const number = await placeOrder(product.variantId, { member: shopper, coupon: code })
    const listed = async (query: string) => ordersListed((await b.get(`/admin/orders?${query}`)).body)

    expect(await listed('q=ada+lovelace')).toContain(number)
    expect(await listed('q=nobody+else')).not.toContain(number)
    expect(await listed('shipment=pending')).toContain(number)
    expect(await listed('shipment=shipped')).not.toContain(number)
    expect(await listed('payment=paid')).toContain(number)
    expect(await listed('currency=AUD')).toContain(number)
    expect(await listed('currency=USD')).not.toContain(number)
    expect(await listed(`from=${storeDay(0)}&to=${storeDay(0)}`)).toContain(number)
    expect(await listed(`from=${storeDay(1)}`)).not.toContain(number)
    expect(await listed(`to=${storeDay(-1)}`)).not.toContain(number)
    const refused = await b.get('/admin/orders?currency=EUR&from=yesterday')
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Choose AUD or USD.')
    expect(refused.body).toContain('Pick a date.')

    expect((await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Sendle', tracking: 'SEND42' })).status).toBe(303)
    expect(await listed('shipment=shipped')).toContain(number)
    expect(await listed('shipment=pending')).not.toContain(number)
    const page = text((await b.get(`/admin/orders/${number}`)).body)
    expect(page).toContain('Club member')
    expect(page).toContain('<dt>Club Price savings</dt><dd class="text-right tabular-nums">AUD 20.00</dd>')
    expect(page).toContain(`Promotions: Ten off (${code}) −AUD 10.00`)
    expect(page).toContain('1 Collins Street')
    expect(page).toContain('Card visa •••• 1111: AUD')
    expect(page).toContain(`Your Basecamp Outfitters order ${number}`)
    expect(page).toContain(`fulfil by ${adminEmail}`)

    // 26 orders of last January: 25 on the first page, the 26th on the second
    const old = await env.DB.prepare('SELECT * FROM orders WHERE number = ?').bind(number).first<Record<string, unknown>>()
    await env.DB.batch(
      Array.from({ length: 26 }, (_, i) =>
        env.DB.prepare("INSERT INTO orders (number, token, state, currency, email, bill_address_id, total_cents, completed_at) VALUES (?, ?, 'complete', 'AUD', ?, ?, 1000, ?)").bind(
          `R9${String(i).padStart(8, '0')}`,
          crypto.randomUUID(),
          shopper.email,
          old!.bill_address_id,
          `2026-01-${String(i + 1).padStart(2, '0')}T10:00:00Z`,
        ),
      ),
    )
    const january = 'from=2026-01-01&to=2026-01-31'
    const first = await listed(january)
    expect(first).toHaveLength(25)
    expect(first[0]).toBe('R900000025')
    expect(await listed(`${january}&page=2`)).toEqual(['R900000000'])
  })

  it('promotions: an edited coupon’s limits per code and per customer hold at checkout', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 50 })
    const code = `once${crypto.randomUUID().slice(0, 6)}`
    await b.post('/admin/promotions', { name: 'Once each', code, kind: 'percent', amount: '10', min_total: '', starts_on: '', expires_on: '', usage_limit: '', per_customer_limit: '1' })
    const { id } = (await env.DB.prepare('SELECT id FROM promotions WHERE code = ?').bind(code).first<{ id: number }>())!
    const ada = await registerAndLogin()
    await placeOrder(product.variantId, { member: ada, coupon: code })
    const apply = async (member: { bearer: string }) => {
      await call('/cart', { method: 'POST', bearer: member.bearer })
      await call('/cart/add_item', { bearer: member.bearer, body: { variant_id: product.variantId, quantity: 1 } })
      return call('/cart/apply_coupon_code', { method: 'PATCH', bearer: member.bearer, body: { coupon_code: code } })
    }
    const again = await apply(ada)
    expect(again.status).toBe(422)
    expect(again.body.error).toBe('You have already used this coupon code.')

    // the operator caps the code at the one use it has had: nobody else can use it now
    const edited = await b.post(`/admin/promotions/${id}`, { name: 'Once each', code, kind: 'percent', amount: '10', min_total: '', starts_on: '', expires_on: '', usage_limit: '1', per_customer_limit: '1' })
    expect(edited.status).toBe(303)
    expect((await auditOf('promotion.update'))[0]).toMatchObject({ subject_id: code, before: { usage_limit: null }, after: { usage_limit: 1 } })
    const other = await apply(await registerAndLogin())
    expect(other.status).toBe(422)
    expect(other.body.error).toBe('This coupon code has been used up.')
  })

  it('customers: found by name; their page shows orders, saved addresses, store credit and Club membership', async () => {
    const { b } = await operator()
    const shopper = await registerAndLogin({ firstName: `Zelda${crypto.randomUUID().slice(0, 4)}` })
    await call('/account/addresses', { bearer: shopper.bearer, body: { address: { ...AU_ADDRESS, address1: '9 Saved Lane' } } })
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { member: shopper, storeCreditCents: 3000 })
    await env.DB.prepare("UPDATE store_credits SET balance_cents = 1250 WHERE user_id = ? AND currency = 'AUD'").bind(shopper.userId).run()
    const first = (await call('/account', { bearer: shopper.bearer })).body.data.attributes.first_name as string
    expect((await b.get(`/admin/customers?q=${first}`)).body).toContain(`/admin/customers/${shopper.userId}`)
    const page = text((await b.get(`/admin/customers/${shopper.userId}`)).body)
    expect(page).toContain(`/admin/orders/${number}`)
    expect(page).toContain('9 Saved Lane')
    expect(page).toContain('store credit AUD 12.50')
    expect(page).toContain('Club member')
  })

  it('gift cards: looked up by the last four characters of the code or the recipient’s email', async () => {
    const { b } = await operator()
    const recipient = `gift-${crypto.randomUUID().slice(0, 6)}@example.com`
    const issued = await b.post('/admin/gift-cards', { form_token: crypto.randomUUID(), currency: 'AUD', amount: '40.00', recipient_name: 'Bo', recipient_email: recipient })
    const code = /New card code: ([A-Z0-9-]{19})/.exec(issued.body)![1]!
    const { id } = (await env.DB.prepare('SELECT id FROM gift_cards WHERE code = ?').bind(code).first<{ id: number }>())!
    for (const q of [code.slice(-4), recipient]) expect((await b.get(`/admin/gift-cards?q=${encodeURIComponent(q)}`)).body).toContain(`/admin/gift-cards/${id}`)
    expect((await b.get('/admin/gift-cards?q=ZZZZ-NONE')).body).not.toContain(`/admin/gift-cards/${id}`)
    expect(text((await b.get(`/admin/gift-cards/${id}`)).body)).toContain('AUD 40.00')
  })

  it('catalogue: a discontinue date takes the product out of the listings; a backorderable size sells below 0', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 1 })
    const listed = async () => ((await call(`/products?filter[ids]=${product.productId}`)).body.data as unknown[]).length
    const details = { name: 'Old shell', name_de: '', description: '', description_de: '', available_on: '2020-01-01', discontinue_on: '' }
    expect((await b.post(`/admin/products/${product.productId}/details`, details)).status).toBe(303)
    expect(await listed()).toBe(1)
    expect((await b.post(`/admin/products/${product.productId}/details`, { ...details, discontinue_on: utcDay(-1) })).status).toBe(303)
    expect(await listed()).toBe(0)
    expect((await auditOf('product.details'))[0]).toMatchObject({ subject_id: String(product.productId), after: { discontinue_on: expect.stringContaining(utcDay(-1)) } })
    expect((await b.post(`/admin/products/${product.productId}/details`, details)).status).toBe(303)
    expect(await listed()).toBe(1)

    const variant = `/admin/products/${product.productId}/variants/${product.variantId}`
    expect((await b.post(variant, { sku: `SKU-${product.variantId}`, stock: '0', stock_seen: String(await stockOf(product.variantId)), backorderable: 'on' })).status).toBe(303)
    const token = await guestCart()
    const added = await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 2 } })
    expect(added.status).toBe(200)
    expect((await b.post(variant, { sku: `SKU-${product.variantId}`, stock: '-2', stock_seen: '0', backorderable: '' })).status).toBe(422)
    expect(await stockOf(product.variantId)).toBe(0)
  })
})
