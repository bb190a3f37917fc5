// A member's data download and account deletion (issue 9 item 7, docs/account.md): the export holds profile,
// addresses, orders, wishlist, store credit and newsletter state and nothing secret; deleting needs the password,
// keeps completed orders with the personal data removed, and removes or revokes the rest. Through the Storefront API
// extension and the account page without JavaScript.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { AU_ADDRESS, TEST_CARD, call, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { formBrowser } from './helpers.ts'

let product: CreatedProduct
beforeAll(async () => {
  await seedCatalogue(4)
  product = await createProduct({ stock: 20 })
})

/** A member with a saved address, a placed order, a wishlist item, store credit and a newsletter subscription. */
async function busyMember() {
  const member = await registerAndLogin({ firstName: 'Ada' })
  const { bearer, email, userId } = member
  await call('/account/addresses', { bearer, body: { address: { ...AU_ADDRESS, address1: '9 Saved Lane' } } })
  await call('/cart', { method: 'POST', bearer })
  await call('/cart/add_item', { bearer, body: { variant_id: product.variantId, quantity: 2 } })
  const order = { email, ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] }
  expect((await call('/checkout', { method: 'PATCH', bearer, body: { order } })).status).toBe(200)
  await call('/checkout/create_payment', { bearer, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
  const placed = await call('/checkout/complete', { method: 'PATCH', bearer })
  expect(placed.status).toBe(200)
  const wishlist = (await call('/wishlists/default', { bearer })).body.data.attributes.token as string
  await call(`/wishlists/${wishlist}/add_item`, { bearer, body: { variant_id: product.variantId } })
  await env.DB.batch([
    env.DB.prepare("INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, 'AUD', 1250)").bind(userId),
    env.DB.prepare('INSERT INTO newsletter_subscribers (email, subscribed) VALUES (?, 1)').bind(email),
  ])
  return { ...member, wishlist, number: placed.body.data.attributes.number as string, orderToken: placed.body.data.attributes.token as string }
}

describe('data export', () => {
  it('holds profile, addresses, orders, wishlist, store credit and newsletter state, and nothing secret', async () => {
    const m = await busyMember()
    const res = await call('/account/export', { bearer: m.bearer })
    expect(res.status).toBe(200)
    const data = res.body
    expect(data.profile).toMatchObject({ email: m.email, firstName: 'Ada', lastName: 'Lovelace' })
    expect(data.addresses).toEqual([expect.objectContaining({ addressLine1: '9 Saved Lane', city: 'Melbourne', country: 'AU' })])
    expect(data.orders).toHaveLength(1)
    expect(data.orders[0]).toMatchObject({ number: m.number, currency: 'AUD', shippingAddress: { addressLine1: '1 Collins Street' } })
    expect(data.orders[0].lines).toEqual([expect.objectContaining({ sku: expect.any(String), name: expect.any(String), quantity: 2 })])
    expect(Number(data.orders[0].total)).toBeGreaterThan(0)
    expect(data.wishlist).toEqual([expect.objectContaining({ quantity: 1 })])
    expect(data.storeCredit).toEqual({ AUD: '12.50' })
    expect(data.newsletter).toMatchObject({ subscribed: true })

    const text = JSON.stringify(data)
    const user = await env.DB.prepare('SELECT password_hash FROM users WHERE id = ?').bind(m.userId).first<{ password_hash: string }>()
    for (const secret of [user!.password_hash, 'pbkdf2', m.password, m.bearer, m.refresh, m.orderToken, m.wishlist, TEST_CARD.number, '1111']) expect(text).not.toContain(secret)
  })

  it('is a file download for the signed-in browser (also without JavaScript), and 401 for nobody', async () => {
    const b = formBrowser()
    const m = await registerAndLogin()
    expect((await b.post('/Login', { intent: 'login', 'login-email': m.email, 'login-password': m.password })).status).toBe(303)
    const page = await b.get('/MyAccount/MyPrivacy')
    expect(page.status).toBe(200)
    expect(page.body).toMatch(/<a[^>]*href="\/api\/account\/export"[^>]*download/)
    expect(page.body).toContain('data-testid="delete-account-form"')
    const res = await b.get('/api/account/export')
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body).profile.email).toBe(m.email)
    expect((await formBrowser().get('/api/account/export')).status).toBe(401)
  })
})

describe('account deletion', () => {
  it('needs the right password: a wrong or missing one is a 422 that changes nothing', async () => {
    const m = await busyMember()
    const wrong = await call('/account/delete', { bearer: m.bearer, body: { password: 'not-my-password1' } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ password: ['is not correct'] })
    expect((await call('/account/delete', { bearer: m.bearer, body: {} })).status).toBe(422)
    expect((await call('/account/delete', { body: { password: m.password } })).status).toBe(401)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE id = ?').bind(m.userId).first('n')).toBe(1)
    expect((await call('/account', { bearer: m.bearer })).status).toBe(200)
    // an operator's account is named in the console's records: not deleted from the shop
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(m.userId).run()
    expect((await call('/account/delete', { bearer: m.bearer, body: { password: m.password } })).status).toBe(409)
    await env.DB.prepare("UPDATE users SET role = 'customer' WHERE id = ?").bind(m.userId).run()
  })

  it('keeps the order anonymised for the tax records and removes or revokes everything else', async () => {
    const m = await busyMember()
    const before = await env.DB.prepare('SELECT id, total_cents, tax_total_cents, ship_address_id FROM orders WHERE number = ?').bind(m.number).first<{ id: number; total_cents: number; tax_total_cents: number; ship_address_id: number }>()
    const theirs = await env.DB.prepare('SELECT id FROM addresses WHERE user_id = ?1 UNION SELECT ship_address_id FROM orders WHERE id = ?2 UNION SELECT bill_address_id FROM orders WHERE id = ?2').bind(m.userId, before!.id).all<{ id: number }>()
    expect(theirs.results.length).toBeGreaterThanOrEqual(2)
    expect((await call('/account/delete', { bearer: m.bearer, body: { password: m.password } })).status).toBe(204)

    const order = await env.DB.prepare('SELECT * FROM orders WHERE number = ?').bind(m.number).first<Record<string, unknown>>()
    expect(order).toMatchObject({ state: 'complete', user_id: null, email: null, total_cents: before!.total_cents, tax_total_cents: before!.tax_total_cents })
    expect(order!.customer_deleted_at).toEqual(expect.any(String))
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM line_items WHERE order_id = ?').bind(before!.id).first('n')).toBe(1)
    const shipTo = await env.DB.prepare('SELECT * FROM addresses WHERE id = ?').bind(before!.ship_address_id).first<Record<string, unknown>>()
    // state and country stay (they decided the GST); nothing that names or finds the person
    expect(shipTo).toMatchObject({ user_id: null, state_name: 'VIC', country_iso: 'AU', firstname: 'Deleted', lastname: 'customer', address1: '-', phone: '-', zipcode: '-' })

    const left = await env.DB.batch([
      env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE id = ?1 OR email = ?2').bind(m.userId, m.email),
      env.DB.prepare('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?').bind(m.userId),
      env.DB.prepare(`SELECT COUNT(*) AS n FROM addresses WHERE id IN (${theirs.results.map((r) => r.id).join(',')}) AND (firstname != 'Deleted' OR address1 != '-')`),
      env.DB.prepare('SELECT COUNT(*) AS n FROM oauth_tokens WHERE user_id = ?').bind(m.userId),
      env.DB.prepare('SELECT COUNT(*) AS n FROM wishlists WHERE user_id = ?').bind(m.userId),
      env.DB.prepare('SELECT COUNT(*) AS n FROM store_credits WHERE user_id = ?').bind(m.userId),
      env.DB.prepare('SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE email = ?').bind(m.email),
      env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE user_id = ? OR email = ?').bind(m.userId, m.email),
    ])
    expect(left.map((r) => (r.results[0] as { n: number }).n)).toEqual([0, 0, 0, 0, 0, 0, 0, 0])

    // the session is over and the password opens nothing
    expect((await call('/account', { bearer: m.bearer })).status).toBe(401)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token: m.refresh } })).status).toBe(400)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'password', username: m.email, password: m.password } })).status).toBe(400)
  })

  it('without JavaScript from the account page (German): a wrong password is a 422 saying so; the right one logs out and says the account is gone', async () => {
    const b = formBrowser()
    const m = await registerAndLogin()
    expect((await b.post('/de/Login', { intent: 'login', 'login-email': m.email, 'login-password': m.password })).status).toBe(303)
    const wrong = await b.post('/de/MyAccount/MyPrivacy', { intent: 'delete-account', deletePassword: 'guess-again1' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toContain('Das Passwort ist nicht korrekt.')
    const done = await b.post('/de/MyAccount/MyPrivacy', { intent: 'delete-account', deletePassword: m.password })
    expect(done).toMatchObject({ status: 303, location: '/de/Login?accountDeleted=1' })
    expect(b.jar.has('auth')).toBe(false)
    expect((await b.get('/de/Login?accountDeleted=1')).body).toContain('Ihr Konto wurde gelöscht.')
    expect((await b.get('/de/MyAccount/MyPrivacy')).status).toBe(302)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(m.email).first('n')).toBe(0)
  })
})
