import { env } from 'cloudflare:workers'
import { STATE_NAMES } from '#worker/backend/commerce/state-names.ts'
import { generateCountries } from '#kv-seed/countries.mjs'
import { describe, expect, it } from 'vitest'
import { PASSWORD_ITERATIONS, hashPassword, parsePasswordHash, verifyPassword } from '#worker/backend/services/passwords.ts'
import { sha256Hex } from '#worker/lib/crypto.ts'
import type { Env } from '#worker/env.ts'
import { AU_ADDRESS, call, guestCart, registerAndLogin, uniqueEmail } from '#tests/factories/api.ts'
import { clientAddress, inOneBurstWindow } from '#tests/factories/client.ts'

const testEnv = env as unknown as Env

describe('passwords', () => {
  it('uses PBKDF2-SHA256 with exactly 100,000 iterations (the production Workers maximum)', async () => {
    expect(PASSWORD_ITERATIONS).toBe(100_000)
    const stored = await hashPassword(testEnv, 'secret123')
    expect(stored.startsWith('pbkdf2-sha256$100000$')).toBe(true)
    expect(parsePasswordHash(stored)?.iterations).toBe(100_000)
    expect(await verifyPassword(testEnv, 'secret123', stored)).toBe(true)
    expect(await verifyPassword(testEnv, 'secret124', stored)).toBe(false)
  })

  it('mixes in the pepper: the same password under another pepper does not verify', async () => {
    const stored = await hashPassword(testEnv, 'secret123')
    expect(await verifyPassword({ ...testEnv, PASSWORD_PEPPER: 'another-pepper' }, 'secret123', stored)).toBe(false)
  })
})

describe('registration', () => {
  it('creates an account with the email in lowercase and a hashed password', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD')
    const res = await call('/account', { body: { user: { email, first_name: 'Ada', last_name: 'L', password: 'secret123' } } })
    expect(res.status).toBe(200)
    expect(res.body.data.attributes.email).toBe(email.toLowerCase())
    const row = await env.DB.prepare('SELECT password_hash FROM users WHERE email = ?').bind(email.toLowerCase()).first<{ password_hash: string }>()
    expect(row!.password_hash).not.toContain('secret123')
    expect(row!.password_hash.startsWith('pbkdf2-sha256$100000$')).toBe(true)
  })

  it('refuses a duplicate email clearly, whatever its case', async () => {
    const { email } = await registerAndLogin()
    const res = await call('/account', { body: { user: { email: email.toUpperCase(), first_name: 'A', last_name: 'B', password: 'secret123' } } })
    expect(res.status).toBe(422)
    expect(res.body.error).toMatch(/already exists/)
    expect(res.body.errors.email).toEqual(['has already been taken'])
  })

  it('checks every field and says which is wrong', async () => {
    const res = await call('/account', { body: { user: { email: 'nope', first_name: '', password: 'short' } } })
    expect(res.status).toBe(422)
    expect(res.body.errors['user.email']).toEqual(['Please, provide a valid email address.'])
    expect(res.body.errors['user.first_name']).toBeDefined()
    expect(res.body.errors['user.last_name']).toBeDefined()
    expect(res.body.errors['user.password']).toEqual(['must have at least 8 characters including one letter and a number'])
    const digitsOnly = await call('/account', { body: { user: { email: uniqueEmail(), first_name: 'A', last_name: 'B', password: '12345678' } } })
    expect(digitsOnly.body.errors['user.password']).toBeDefined()
  })
})

describe('OAuth', () => {
  it('issues, refreshes and revokes tokens, storing only their digests', async () => {
    const { email, password } = await registerAndLogin()
    const res = await call('/spree_oauth/token', { body: { grant_type: 'password', username: email.toUpperCase(), password } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 7200 })
    expect(Math.abs(res.body.created_at - Date.now() / 1000)).toBeLessThan(60)
    const { access_token, refresh_token } = res.body
    const stored = await env.DB.prepare('SELECT access_hash, refresh_hash FROM oauth_tokens WHERE access_hash = ?').bind(await sha256Hex(access_token)).first<{ access_hash: string; refresh_hash: string }>()
    expect(stored!.refresh_hash).toBe(await sha256Hex(refresh_token))
    const raw = await env.DB.prepare('SELECT COUNT(*) AS n FROM oauth_tokens WHERE access_hash = ? OR refresh_hash = ?').bind(access_token, refresh_token).first<{ n: number }>()
    expect(raw!.n).toBe(0)

    expect((await call('/account', { bearer: access_token })).status).toBe(200)
    const refreshed = await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token } })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.access_token).not.toBe(access_token)
    // the old access token is gone with the rotation; the old refresh token only lives on for the reuse window
    expect((await call('/account', { bearer: access_token })).status).toBe(401)
    await env.DB.prepare('UPDATE oauth_tokens SET rotated_at = rotated_at - 31 WHERE refresh_hash = ?').bind(await sha256Hex(refresh_token)).run()
    expect((await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token } })).body.error).toBe('invalid_grant')
    await call('/spree_oauth/revoke', { body: { token: refreshed.body.access_token } })
    expect((await call('/account', { bearer: refreshed.body.access_token })).status).toBe(401)
  })

  it('answers invalid_grant for a wrong password or an unknown email, and 400 for a malformed request', async () => {
    const { email } = await registerAndLogin()
    const wrong = await call('/spree_oauth/token', { body: { grant_type: 'password', username: email, password: 'wrong123' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error).toBe('invalid_grant')
    expect(wrong.body.error_description).toBeTruthy()
    const unknown = await call('/spree_oauth/token', { body: { grant_type: 'password', username: uniqueEmail(), password: 'whatever1' } })
    expect(unknown.body.error).toBe('invalid_grant')
    expect((await call('/spree_oauth/token', { raw: '{not json' })).status).toBe(400)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'client_credentials' } })).body.error).toBe('unsupported_grant_type')
  })

  it('rate limits login attempts with 429 and the error shape', async () => {
    const email = uniqueEmail()
    const ip = clientAddress()
    await inOneBurstWindow()
    const statuses: number[] = []
    // five wrong passwords are free; then guesses from an address the account never logged in from wait (login-throttle.ts)
    for (let i = 0; i < 5; i++) {
      statuses.push((await call('/spree_oauth/token', { ip, body: { grant_type: 'password', username: email, password: 'wrong123' } })).status)
    }
    expect(statuses).toEqual(Array(5).fill(400))
    const limited = await call('/spree_oauth/token', { ip, body: { grant_type: 'password', username: email, password: 'wrong123' } })
    expect(limited.status).toBe(429)
    expect(limited.body.error).toMatch(/Too many attempts/)
  })
})

describe('account', () => {
  it('shows and updates the profile, and changes the password only with the current one', async () => {
    const { bearer, email } = await registerAndLogin({ firstName: 'Grace' })
    const shown = await call('/account', { bearer })
    expect(shown.body.data.attributes).toMatchObject({ email, first_name: 'Grace', completed_orders: 0, store_credits: 0 })
    const updated = await call('/account', { method: 'PATCH', bearer, body: { user: { first_name: 'Gracie' } } })
    expect(updated.body.data.attributes.first_name).toBe('Gracie')
    const refused = await call('/account', { method: 'PATCH', bearer, body: { user: { password: 'newpass123', current_password: 'wrong' } } })
    expect(refused.status).toBe(422)
    const changed = await call('/account', { method: 'PATCH', bearer, body: { user: { password: 'newpass123', password_confirmation: 'newpass123', current_password: 'secret123' } } })
    expect(changed.status).toBe(200)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'password', username: email, password: 'newpass123' } })).status).toBe(200)
  })

  it('needs a bearer', async () => {
    expect((await call('/account')).status).toBe(401)
    expect((await call('/account', { bearer: 'x'.repeat(43) })).status).toBe(401)
  })
})

describe('a stolen access token is not an account takeover', () => {
  it('changing the email needs the current password; names and the same email do not', async () => {
    const { bearer, email, userId } = await registerAndLogin()
    const stored = async () => (await env.DB.prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<{ email: string }>())!.email
    const thief = uniqueEmail('thief')
    const missing = await call('/account', { method: 'PATCH', bearer, body: { user: { email: thief } } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors.current_password).toEqual(["can't be blank"])
    const wrong = await call('/account', { method: 'PATCH', bearer, body: { user: { email: thief, current_password: 'guess1234' } } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error).toBe('The current password is not correct.')
    expect(await stored()).toBe(email)

    expect((await call('/account', { method: 'PATCH', bearer, body: { user: { first_name: 'Ada', email: email.toUpperCase() } } })).status).toBe(200)
    const moved = uniqueEmail('moved')
    const ok = await call('/account', { method: 'PATCH', bearer, body: { user: { email: moved, current_password: 'secret123' } } })
    expect(ok.status).toBe(200)
    expect(await stored()).toBe(moved)
  })

  it('changing the password ends every other session (access and refresh) and pending reset links, keeping the one that changed it', async () => {
    const me = await registerAndLogin()
    const login = async () => (await call('/spree_oauth/token', { body: { grant_type: 'password', username: me.email, password: me.password } })).body
    const other = await login()
    const rotated = (await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token: other.refresh_token } })).body
    expect((await call('/passwords', { body: { user: { email: me.email } } })).status).toBe(200)
    const link = (await call(`/outbox?email=${encodeURIComponent(me.email)}`)).body.data[0].body as string
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(link)![1]!

    const changed = await call('/account', { method: 'PATCH', bearer: me.bearer, body: { user: { current_password: me.password, password: 'newpass123', password_confirmation: 'newpass123' } } })
    expect(changed.status).toBe(200)

    // the session that changed it stays logged in and can still refresh
    expect((await call('/account', { bearer: me.bearer })).status).toBe(200)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token: me.refresh } })).status).toBe(200)
    // every other one is gone, including a refresh token rotated moments ago (inside the reuse window)
    for (const token of [other, rotated]) {
      expect((await call('/account', { bearer: token.access_token })).status).toBe(401)
      expect((await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token: token.refresh_token } })).status).toBe(400)
    }
    const reset = await call(`/passwords/${resetToken}`, { method: 'PATCH', body: { user: { password: 'thief1234', password_confirmation: 'thief1234' } } })
    expect(reset.status).toBe(422)
  })
})

describe('forgot and reset password through the outbox', () => {
  it('emails a single-use link whose token resets the password', async () => {
    const { email, bearer, refresh } = await registerAndLogin()
    expect((await call('/passwords', { body: { user: { email: email.toUpperCase() } } })).status).toBe(200)
    const outbox = await call(`/outbox?email=${encodeURIComponent(email)}`)
    const mail = outbox.body.data.find((m: { kind: string }) => m.kind === 'password_reset')
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.body)![1]!
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM password_resets WHERE token_hash = ?').bind(await sha256Hex(token)).first<{ n: number }>()
    expect(stored!.n).toBe(1)

    const mismatch = await call(`/passwords/${token}`, { method: 'PATCH', body: { user: { password: 'brandnew1', password_confirmation: 'other1234' } } })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body.errors['user.password_confirmation']).toEqual(["Passwords don't match."])
    const reset = await call(`/passwords/${token}`, { method: 'PATCH', body: { user: { password: 'brandnew1', password_confirmation: 'brandnew1' } } })
    expect(reset.status).toBe(200)
    // a reset ends every session
    expect((await call('/account', { bearer })).status).toBe(401)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token: refresh } })).status).toBe(400)
    const again = await call(`/passwords/${token}`, { method: 'PATCH', body: { user: { password: 'another12', password_confirmation: 'another12' } } })
    expect(again.status).toBe(422)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'password', username: email, password: 'brandnew1' } })).status).toBe(200)
  })

  it("links to the store's configured address, never to a host the request chose", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO store (id, name, url) VALUES (1, 'Test store', 'localhost:8787')").run()
    const { email } = await registerAndLogin()
    await call('/passwords', { body: { user: { email } } })
    const mail = (await call(`/outbox?email=${encodeURIComponent(email)}`)).body.data[0]
    expect(mail.body).toMatch(/http:\/\/localhost:8787\/reset-password\?token=[A-Za-z0-9_-]{43}\n/)
    await env.DB.prepare('DELETE FROM store').run()
  })

  it('answers 404 with the error shape for an unknown email', async () => {
    const res = await call('/passwords', { body: { user: { email: uniqueEmail() } } })
    expect(res.status).toBe(404)
    expect(typeof res.body.error).toBe('string')
  })

  it('refuses an expired token', async () => {
    const { email, userId } = await registerAndLogin()
    await env.DB.prepare('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?, ?, ?)').bind(await sha256Hex('expired-token-123'), userId, 1000).run()
    const res = await call('/passwords/expired-token-123', { method: 'PATCH', body: { user: { password: 'brandnew1', password_confirmation: 'brandnew1' } } })
    expect(res.status).toBe(422)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'password', username: email, password: 'brandnew1' } })).status).toBe(400)
  })
})

describe('addresses', () => {
  it("names a state as the store's list of states does (the serializer's names agree with the seeded states table)", async () => {
    const { states, countries } = generateCountries()
    const withStates = new Set(countries.rows.filter((c: unknown[]) => c[5] === 1).map((c: unknown[]) => c[0]))
    expect([...withStates].sort()).toEqual(Object.keys(STATE_NAMES).sort())
    expect(states.rows.length).toBeGreaterThan(50)
    for (const [, iso, abbr, name] of states.rows as Array<[number, string, string, string]>) expect(STATE_NAMES[iso]?.[abbr], `${iso} ${abbr}`).toBe(name)
  })

  it('creates, lists, updates, defaults and deletes addresses', async () => {
    const { bearer } = await registerAndLogin()
    const first = await call('/account/addresses', { bearer, body: { address: AU_ADDRESS } })
    expect(first.status).toBe(200)
    expect(first.body.data.attributes.is_default).toBe(true)
    const second = await call('/account/addresses', { bearer, body: { address: { ...AU_ADDRESS, city: 'Sydney', state_name: 'nsw', zipcode: '2000', is_default: true } } })
    // as Spree answers: the state's name, and its code beside it
    expect(second.body.data.attributes).toMatchObject({ state_name: 'New South Wales', state_code: 'NSW' })
    const list = await call('/account/addresses', { bearer })
    expect(list.body.data.map((a: any) => a.attributes.is_default)).toEqual([false, true])
    const patched = await call(`/account/addresses/${first.body.data.id}`, { method: 'PATCH', bearer, body: { address: { ...AU_ADDRESS, city: 'Geelong', zipcode: '3220' } } })
    expect(patched.body.data.attributes.city).toBe('Geelong')
    expect((await call(`/account/addresses/${first.body.data.id}`, { method: 'DELETE', bearer })).status).toBe(204)
    expect((await call('/account/addresses', { bearer })).body.data).toHaveLength(1)
  })

  it('validates Australian states, 4-digit postcodes and phone numbers', async () => {
    const { bearer } = await registerAndLogin()
    const res = await call('/account/addresses', { bearer, body: { address: { ...AU_ADDRESS, state_name: 'XX', zipcode: '300', phone: 'call me' } } })
    expect(res.status).toBe(422)
    expect(res.body.errors['address.state_name']).toBeDefined()
    expect(res.body.errors['address.zipcode']).toEqual(['Australian postcodes have 4 digits.'])
    expect(res.body.errors['address.phone']).toEqual(['Please, provide a valid phone number.'])
  })

  it("validates a US address's state against the country's states, as Australia's", async () => {
    const { bearer } = await registerAndLogin()
    const us = { ...AU_ADDRESS, country_iso: 'US', city: 'Portland', zipcode: '97201' }
    const wrong = await call('/account/addresses', { bearer, body: { address: { ...us, state_name: 'XX' } } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors['address.state_name']).toEqual(['Choose a US state by its two-letter code, such as CA.'])
    // an Australian state is not a US one
    expect((await call('/account/addresses', { bearer, body: { address: { ...us, state_name: 'NSW' } } })).status).toBe(422)
    expect((await call('/account/addresses', { bearer })).body.data).toHaveLength(0)
    const ok = await call('/account/addresses', { bearer, body: { address: { ...us, state_name: 'or' } } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.data.attributes).toMatchObject({ country_iso: 'US', state_name: 'Oregon', state_code: 'OR' })
    // the checkout's addresses are the same schema
    const token = await guestCart()
    const checkout = await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { ship_address_attributes: { ...us, state_name: 'Narnia' } } } })
    expect(checkout.status).toBe(422)
    expect(checkout.body.errors['order.ship_address_attributes.state_name']).toBeDefined()
  })

  it("cannot touch another customer's address", async () => {
    const a = await registerAndLogin()
    const b = await registerAndLogin()
    const created = await call('/account/addresses', { bearer: a.bearer, body: { address: AU_ADDRESS } })
    expect((await call(`/account/addresses/${created.body.data.id}`, { method: 'DELETE', bearer: b.bearer })).status).toBe(404)
  })

  it("sets the default with the contract's bill_address_id / ship_address_id; another customer's, a deleted or an unknown id is refused (422), changing nothing", async () => {
    const a = await registerAndLogin()
    const b = await registerAndLogin()
    const first = (await call('/account/addresses', { bearer: a.bearer, body: { address: AU_ADDRESS } })).body.data.id as string
    const second = (await call('/account/addresses', { bearer: a.bearer, body: { address: { ...AU_ADDRESS, address1: '2 Queen Street' } } })).body.data.id as string
    const theirs = (await call('/account/addresses', { bearer: b.bearer, body: { address: AU_ADDRESS } })).body.data.id as string
    const gone = (await call('/account/addresses', { bearer: a.bearer, body: { address: { ...AU_ADDRESS, address1: '3 King Street' } } })).body.data.id as string
    await call(`/account/addresses/${gone}`, { method: 'DELETE', bearer: a.bearer })
    const defaultOf = async (bearer: string) => (await call('/account', { bearer })).body.data.relationships.default_billing_address.data?.id
    const rows = () => env.DB.prepare('SELECT id, user_id, is_default FROM addresses ORDER BY id').all().then((r) => JSON.stringify(r.results))
    expect(await defaultOf(a.bearer)).toBe(first)

    const before = await rows()
    for (const user of [{ bill_address_id: theirs }, { ship_address_id: theirs }, { bill_address_id: gone }, { bill_address_id: '99999999' }, { bill_address_id: second, ship_address_id: first }, { bill_address_id: 'abc' }, { first_name: 'Changed', bill_address_id: theirs }]) {
      const refused = await call('/account', { method: 'PATCH', bearer: a.bearer, body: { user } })
      expect(refused.status, JSON.stringify(user)).toBe(422)
      expect(typeof refused.body.error).toBe('string')
    }
    expect(await rows()).toBe(before)
    expect((await call('/account', { bearer: a.bearer })).body.data.attributes.first_name).not.toBe('Changed')
    expect(await defaultOf(b.bearer)).toBe(theirs)

    // the customer's own address: it becomes the one default (billing and shipping alike)
    const moved = await call('/account', { method: 'PATCH', bearer: a.bearer, body: { user: { bill_address_id: second, ship_address_id: Number(second) } } })
    expect(moved.status).toBe(200)
    expect(moved.body.data.relationships).toEqual({ default_billing_address: { data: { type: 'address', id: second } }, default_shipping_address: { data: { type: 'address', id: second } } })
    expect(await defaultOf(b.bearer)).toBe(theirs)
  })
})
