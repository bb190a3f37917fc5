import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { AU_ADDRESS, TEST_CARD, call, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { clientAddress, fromClient } from '#tests/factories/client.ts'
import { SESSION_FAILURES } from '#worker/backend/services/login-throttle.ts'
import { ORIGIN, authCookie, get } from './helpers.ts'
import { placeOrder } from './admin-helpers.ts'

/** A browser with JavaScript off: keeps cookies, posts forms as application/x-www-form-urlencoded from our own pages. */
function browser() {
  const jar = new Map<string, string>()
  const ip = clientAddress()
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, value] = pair!.split('=')
      if (/max-age=0/i.test(cookie) || value === '') jar.delete(name!)
      else jar.set(name!, value!)
    }
    return res
  }
  const headers = (extra: Record<string, string>) => ({ origin: ORIGIN, ...fromClient(ip), ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}), ...extra })
  return {
    async logIn(username: string, password: string) {
      const res = keep(await SELF.fetch(`${ORIGIN}/api/auth/login`, { method: 'POST', headers: headers({ accept: 'application/json', 'content-type': 'application/json' }), body: JSON.stringify({ username, password }) }))
      await res.text()
      return res.status
    },
    async page(path: string) {
      const res = keep(await get(path, headers({})))
      return { status: res.status, location: res.headers.get('location'), body: await res.text() }
    },
    async post(path: string, fields: Record<string, string>) {
      const res = keep(await SELF.fetch(ORIGIN + path, { method: 'POST', redirect: 'manual', headers: headers({ accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }), body: new URLSearchParams(fields).toString() }))
      return { status: res.status, location: res.headers.get('location'), retryAfter: res.headers.get('retry-after'), body: await res.text() }
    },
  }
}

// The store's country data (the seed loads it for the real store): Australia and its states.
beforeAll(async () => {
  const states = [['ACT', 'Australian Capital Territory'], ['NSW', 'New South Wales'], ['NT', 'Northern Territory'], ['QLD', 'Queensland'], ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['VIC', 'Victoria'], ['WA', 'Western Australia']]
  await env.DB.batch([
    env.DB.prepare("INSERT OR IGNORE INTO countries (iso, iso3, iso_name, name, numcode, states_required, zipcode_required) VALUES ('AU', 'AUS', 'AUSTRALIA', 'Australia', 36, 1, 1)"),
    ...states.map(([abbr, name]) => env.DB.prepare("INSERT OR IGNORE INTO states (country_iso, abbr, name) VALUES ('AU', ?, ?)").bind(abbr, name)),
  ])
})

async function member() {
  const account = await registerAndLogin({ firstName: 'Ada' })
  const b = browser()
  expect(await b.logIn(account.email, account.password)).toBe(200)
  return { ...account, b }
}

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', company: '', addressLine1: '1 Collins Street', apartment: '', city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU', phoneNumber: '0412 345 678' }
const addressCount = (body: string) => body.split('data-testid="saved-address"').length - 1

describe('account pages without JavaScript', () => {
  it('updates the profile; bad input shows the field message, keeps what was typed and changes nothing', async () => {
    const { b, email } = await member()
    const bad = await b.post('/MyAccount/MyProfile', { intent: 'profile', firstName: 'Grace', lastName: 'Hopper', email: 'not-an-email' })
    // a refused form is a 4xx (it was a 200 with the message: a client or a crawler took it for done)
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('Please, provide a valid email address.')
    expect(bad.body).toContain('value="not-an-email"')
    expect((await b.page('/MyAccount/MyProfile')).body).toContain(`value="${email}"`)

    const ok = await b.post('/MyAccount/MyProfile', { intent: 'profile', firstName: 'Grace', lastName: 'Hopper', email })
    expect(ok.body).toContain('Your details have been updated.')
    const after = await b.page('/MyAccount/MyProfile')
    expect(after.body).toContain('value="Grace"')
    expect(after.body).toContain('value="Hopper"')
    const german = await b.page('/de/MyAccount/MyProfile')
    expect(german.body).toContain('action="/de/MyAccount/MyProfile"')
    expect(german.body).toContain('Passwort ändern')
  })

  it('changes the password only with the right current one and a valid confirmed new one', async () => {
    const { b, email, password } = await member()
    const mismatch = await b.post('/MyAccount/MyProfile', { intent: 'password', currentPassword: password, newPassword: 'newpass123', confirmation: 'newpass124' })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body).toContain('Passwords don&#x27;t match.')
    const weak = await b.post('/MyAccount/MyProfile', { intent: 'password', currentPassword: password, newPassword: 'short', confirmation: 'short' })
    expect(weak.body).toContain('Your password must have at least 8 characters, including one letter and a number.')
    const wrong = await b.post('/MyAccount/MyProfile', { intent: 'password', currentPassword: 'wrong1234', newPassword: 'newpass123', confirmation: 'newpass123' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toContain('Failed to change password')
    expect(await browser().logIn(email, 'newpass123')).toBe(400)

    const ok = await b.post('/MyAccount/MyProfile', { intent: 'password', currentPassword: password, newPassword: 'newpass123', confirmation: 'newpass123' })
    expect(ok.body).toContain('Your password has been changed.')
    expect(await browser().logIn(email, 'newpass123')).toBe(200)
  })

  it('a new email needs the current password, with a clear field message in English and German', async () => {
    const { b, email, password } = await member()
    const moved = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`
    const missing = await b.post('/MyAccount/MyProfile', { intent: 'profile', firstName: 'Ada', lastName: 'Lovelace', email: moved })
    expect(missing.status).toBe(422)
    expect(missing.body).toContain('Enter your current password to change your email.')
    expect(missing.body).toContain(`value="${moved}"`)
    const wrong = await b.post('/MyAccount/MyProfile', { intent: 'profile', firstName: 'Ada', lastName: 'Lovelace', email: moved, currentPassword: 'guess1234' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toContain('The current password is not correct.')
    const german = await b.post('/de/MyAccount/MyProfile', { intent: 'profile', firstName: 'Ada', lastName: 'Lovelace', email: moved })
    expect(german.body).toContain('Geben Sie Ihr aktuelles Passwort ein, um Ihre E-Mail-Adresse zu ändern.')
    const germanWrong = await b.post('/de/MyAccount/MyProfile', { intent: 'profile', firstName: 'Ada', lastName: 'Lovelace', email: moved, currentPassword: 'guess1234' })
    expect(germanWrong.body).toContain('Das aktuelle Passwort ist nicht korrekt.')
    expect((await b.page('/MyAccount/MyProfile')).body).toContain(`value="${email}"`)

    const ok = await b.post('/MyAccount/MyProfile', { intent: 'profile', firstName: 'Ada', lastName: 'Lovelace', email: moved, currentPassword: password })
    expect(ok.body).toContain('Your details have been updated.')
    expect((await b.page('/MyAccount/MyProfile')).body).toContain(`value="${moved}"`)
  })

  it('changing the password keeps this browser logged in and logs every other one out', async () => {
    const { b, email, password } = await member()
    const other = browser()
    expect(await other.logIn(email, password)).toBe(200)
    expect((await other.page('/MyAccount/MyProfile')).status).toBe(200)
    const wrong = await b.post('/MyAccount/MyProfile', { intent: 'password', currentPassword: 'guess1234', newPassword: 'newpass123', confirmation: 'newpass123' })
    expect(wrong.body).toContain('The current password is not correct.')

    const ok = await b.post('/MyAccount/MyProfile', { intent: 'password', currentPassword: password, newPassword: 'newpass123', confirmation: 'newpass123' })
    expect(ok.body).toContain('Your password has been changed.')
    const mine = await b.page('/MyAccount/MyProfile')
    expect(mine.status).toBe(200)
    expect(mine.body).toContain(`value="${email}"`)
    const theirs = await other.page('/MyAccount/MyProfile')
    expect(theirs.body).not.toContain(`value="${email}"`)
    expect(theirs.status === 302 || theirs.body.includes('Your session has ended. Please log in again.')).toBe(true)
  })

  it('guessing the current password is limited: the form answers 429 with Retry-After and says when to try again (en, de)', async () => {
    const { b, userId, password } = await member()
    // a stolen session that already tried SESSION_FAILURES.limit wrong current passwords; its window ends in 14 minutes
    await env.DB.prepare('INSERT INTO rate_limits (key, count, expires_at) VALUES (?, ?, ?)')
      .bind(`password-check:user:${userId}`, SESSION_FAILURES.limit, Math.floor(Date.now() / 1000) + 840)
      .run()
    for (const [prefix, text] of [['', 'Too many attempts. Please try again in 14 minutes.'], ['/de', 'Zu viele Versuche. Bitte versuchen Sie es in 14 Minuten erneut.']] as const) {
      const res = await b.post(`${prefix}/MyAccount/MyProfile`, { intent: 'password', currentPassword: password, newPassword: 'newpass123', confirmation: 'newpass123' })
      expect(res.status).toBe(429)
      expect(Number(res.retryAfter)).toBeGreaterThan(800)
      expect(res.body).toContain(text)
    }
  })

  it('adds, edits, makes default and deletes addresses; a bad postcode or phone changes nothing (422)', async () => {
    const { b } = await member()
    const path = '/MyAccount/SavedAddressesDetails'
    const empty = await b.page(path)
    expect(empty.status).toBe(200)
    expect(empty.body).toContain('You have no saved addresses yet.')
    // checkout's destinations, each country's states in one list without JavaScript
    for (const option of ['value="AU-VIC"', 'value="NZ"', 'value="US"', 'value="GB"', 'value="DE"']) expect(empty.body).toContain(option)

    const bad = await b.post(path, { intent: 'add-address', ...ADDRESS, zipCode: '30000', phoneNumber: 'call me' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('Australian postcodes have 4 digits.')
    expect(bad.body).toContain('Please, provide a valid phone number.')
    expect(bad.body).toContain('value="30000"')
    expect(addressCount(bad.body)).toBe(0)

    expect((await b.post(path, { intent: 'add-address', ...ADDRESS })).body).toContain('Address added.')
    const two = await b.post(path, { intent: 'add-address', ...ADDRESS, addressLine1: '2 Queen Street', city: 'Sydney', state: 'NSW', zipCode: '2000' })
    expect(addressCount(two.body)).toBe(2)
    const ids = [...two.body.matchAll(/name="id" value="(\d+)"/g)].map((m) => m[1]!)
    const second = ids[ids.length - 1]!

    const editing = await b.page(`${path}?edit=${second}`)
    expect(editing.body).toContain('data-testid="edit-address-form"')
    const refused = await b.post(path, { intent: 'update-address', id: second, ...ADDRESS, city: '' })
    expect(refused.body).toContain('This field is required.')
    expect(refused.body).toContain('data-testid="edit-address-form"')
    const updated = await b.post(path, { intent: 'update-address', id: second, ...ADDRESS, addressLine1: '2 Queen Street', city: 'Parramatta', state: 'NSW', zipCode: '2150' })
    expect(updated.body).toContain('Address updated.')
    expect(updated.body).toContain('Parramatta')

    const defaulted = await b.post(path, { intent: 'default-address', id: second })
    expect(defaulted.body).toContain('Default address changed.')
    expect(defaulted.body.split('data-testid="default-marker"').length - 1).toBe(1)

    // another shopper's address, an address that is not there, an unknown intent: refused (4xx), nothing changed
    const other = await member()
    const theirs = await other.b.post(path, { intent: 'add-address', ...ADDRESS, city: 'Hobart', state: 'TAS', zipCode: '7000' })
    const theirId = [...theirs.body.matchAll(/name="id" value="(\d+)"/g)].map((m) => m[1]!)[0]!
    for (const form of <Array<Record<string, string>>>[
      { intent: 'update-address', id: theirId, ...ADDRESS, city: 'Geelong' },
      { intent: 'default-address', id: theirId },
      { intent: 'delete-address', id: theirId },
      { intent: 'delete-address', id: '99999999' },
      { intent: 'delete-address' },
      { intent: 'drop-tables' },
    ]) {
      const refusedForm = await b.post(path, form)
      expect(refusedForm.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400)
      expect(refusedForm.status, JSON.stringify(form)).toBeLessThan(500)
    }
    expect((await other.b.page(path)).body).toContain('Hobart')
    expect(addressCount((await b.page(path)).body)).toBe(2)

    const deleted = await b.post(path, { intent: 'delete-address', id: second })
    expect(deleted.body).toContain('Address deleted.')
    expect(addressCount(deleted.body)).toBe(1)
    expect(deleted.body).not.toContain('Parramatta')
  })

  it('saves an address abroad with checkout\'s rules, in German too (issue 9: the account delivers where checkout does)', async () => {
    const { b } = await member()
    const path = '/de/MyAccount/SavedAddressesDetails'
    const NZ = { ...ADDRESS, addressLine1: '1 Lambton Quay', city: 'Wellington', state: '', zipCode: '6011', country: 'NZ', phoneNumber: '+64 4 123 4567' }
    const nowhere = await b.post(path, { intent: 'add-address', ...NZ, country: 'JP' })
    expect(nowhere.status).toBe(422)
    expect(nowhere.body).toContain('Ungültiges Land.')
    const badPostcode = await b.post(path, { intent: 'add-address', ...NZ, zipCode: '6011!' })
    expect(badPostcode.body).toContain('Bitte geben Sie eine gültige Postleitzahl an.')
    expect(addressCount(badPostcode.body)).toBe(0)
    // the no-JS state list's `AU-VIC` of another country counts for nothing: NZ addresses have no state
    const saved = await b.post(path, { intent: 'add-address', ...NZ, state: 'AU-VIC', isDefault: 'on' })
    expect(saved.status).toBe(200)
    expect(saved.body).toContain('Adresse hinzugefügt.')
    expect(saved.body).toContain('Wellington 6011')
    expect(saved.body).toMatch(/<p>New Zealand<\/p>/)
  })

  it('lists a placed order and shows its details', async () => {
    const { b, bearer } = await member()
    const product = await createProduct({ stock: 3, colour: 'Red', size: 'M' })
    await call('/cart', { method: 'POST', bearer })
    await call('/cart/add_item', { bearer, body: { variant_id: product.variantId, quantity: 1 } })
    await call('/checkout', { method: 'PATCH', bearer, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })
    const rated = (await call('/checkout/shipping_rates', { bearer })).body
    const rate = rated.included.find((r: any) => r.type === 'shipping_rate')
    await call('/checkout', { method: 'PATCH', bearer, body: { order: { shipments_attributes: [{ id: rated.data[0].id, selected_shipping_rate_id: rate.id }] } } })
    await call('/checkout/create_payment', { bearer, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    const done = await call('/checkout/complete', { method: 'PATCH', bearer })
    expect(done.status).toBe(200)
    const number = done.body.data.attributes.number as string

    const history = await b.page('/MyAccount/OrderHistory')
    expect(history.body).toContain(`href="/my-account/OrderDetails/${number}"`)
    expect(history.body).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (AM|PM)/)
    expect((await b.page('/MyAccount/OrderHistory?page=0')).status).toBe(404)

    const details = await b.page(`/my-account/OrderDetails/${number}`)
    expect(details.status).toBe(200)
    expect(details.body).toContain(product.name)
    // colour and size written as in the cart, the checkout summary and the invoice ('Red · M'; it was 'Red / M')
    expect(details.body).toContain('>Red · M</p>')
    expect(details.body).toContain('Tax: GST (Included in Price)')
    expect(details.body).toContain('1 Collins Street')
    expect((await b.page('/my-account/OrderDetails/R000000000')).status).toBe(404)
  })

  it('asks to return an item without JavaScript (4xx with the reason when refused); shows return status and a cancelled order (en, de)', async () => {
    const account = await member()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { member: account, quantity: 2 })
    const path = `/my-account/OrderDetails/${number}`
    expect((await account.b.page(path)).body).not.toContain('data-testid="return-form"')
    await env.DB.prepare("UPDATE shipments SET state = 'shipped', shipped_at = ? WHERE order_id = (SELECT id FROM orders WHERE number = ?)").bind(new Date().toISOString(), number).run()
    const page = await account.b.page(path)
    expect(page.body).toContain('data-testid="return-form"')
    const line = /name="qty-(\d+)"/.exec(page.body)![1]!

    const none = await account.b.post(path, { intent: 'request-return', order: number, [`qty-${line}`]: '0', reason: 'too_small', comment: '' })
    expect(none.status).toBe(422)
    expect(none.body).toContain('Choose at least one item and how many to return.')
    const tooMany = await account.b.post(path, { intent: 'request-return', order: number, [`qty-${line}`]: '3', reason: 'too_small', comment: '' })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body).toContain('You can return at most 2 of one of these items')

    const ok = await account.b.post(path, { intent: 'request-return', order: number, [`qty-${line}`]: '1', reason: 'too_large', comment: 'A size down please' })
    expect(ok.status).toBe(200)
    expect(ok.body).toContain('your return request is with us')
    expect(ok.body).toContain('Return requested: waiting for our answer')
    expect(ok.body).not.toContain('data-testid="return-form"')
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_email = ? AND kind = 'return_update'").bind(account.email).first('n')).toBe(1)

    await env.DB.prepare("UPDATE orders SET canceled_at = '2026-11-20T01:00:00Z' WHERE number = ?").bind(number).run()
    expect((await account.b.page(path)).body).toMatch(/data-testid="order-state">Cancelled</)
    const de = await account.b.page(`/de${path}`)
    expect(de.body).toMatch(/data-testid="order-state">Storniert</)
    expect(de.body).toContain('Diese Bestellung wurde am')
    expect((await account.b.page('/de/MyAccount/OrderHistory')).body).toContain('Storniert')
  })

  it('subscribes the account email to the newsletter', async () => {
    const { b } = await member()
    expect((await b.post('/MyAccount/MyNewsletter', { intent: 'subscribe' })).body).toContain('a link to confirm your subscription is on its way')
    expect((await b.post('/MyAccount/MyNewsletter', { intent: 'unsubscribe' })).body).toContain('You have been unsubscribed from the newsletter.')
  })

  it('switches price-drop emails of wished items off and on (decision 0080), in English and German', async () => {
    const { b, email } = await member()
    const switchOf = () => env.DB.prepare('SELECT price_drop_emails AS on_ FROM users WHERE email = ?').bind(email).first<number>('on_')
    expect((await b.page('/MyAccount/MyNewsletter')).body).toContain('Email me price drops')
    expect((await b.post('/de/MyAccount/MyNewsletter', { intent: 'price-drops-off' })).body).toContain('Erledigt: keine Preis-E-Mails mehr.')
    expect(await switchOf()).toBe(0)
    expect((await b.post('/MyAccount/MyNewsletter', { intent: 'price-drops-on' })).body).toContain('Done: we email you when an item on your wishlist costs less.')
    expect(await switchOf()).toBe(1)
  })

  it('sends a guest home, for pages and form posts alike, and asks an unknown token to log in', async () => {
    const guest = browser()
    expect(await guest.page('/MyAccount/MyProfile')).toMatchObject({ status: 302, location: '/' })
    expect(await guest.post('/MyAccount/MyProfile', { intent: 'profile', firstName: 'X', lastName: 'Y', email: 'x@example.com' })).toMatchObject({ status: 302, location: '/' })
    // A cookie that looks valid but the backend does not know: the page asks to log in again instead of failing.
    const unknown = await get('/MyAccount/SavedAddressesDetails', { cookie: authCookie({ access_token: 'y'.repeat(20), created_at: Math.floor(Date.now() / 1000), expires_in: 3600 }) })
    expect(unknown.status).toBe(200)
    expect(await unknown.text()).toContain('Your session has ended. Please log in again.')
  })
})
