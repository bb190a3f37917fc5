import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, registerAndLogin, uniqueEmail } from '#tests/factories/api.ts'
import { formBrowser } from './helpers.ts'

const EN = 'This password is too easy to guess'
const DE = 'Dieses Passwort ist zu leicht zu erraten'

const signup = (email: string, password: string) => ({ intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': password })
const accountOf = (email: string) => env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()

describe('common and guessable passwords are refused (NIST SP 800-63B)', () => {
  it("refuses 'password1' at signup on /Login, in English and in German, and creates no account", async () => {
    for (const [prefix, sentence] of [['', EN], ['/de', DE]] as const) {
      const email = uniqueEmail('common')
      const res = await formBrowser().post(`${prefix}/Login`, signup(email, 'password1'))
      expect(res.status).toBe(422)
      expect(res.body).toContain(sentence)
      expect(await accountOf(email)).toBeNull()
    }
    // a password that is not a common one is still taken
    expect((await formBrowser().post('/Login', signup(uniqueEmail('uncommon'), 'kettle-Orbit-47'))).status).toBe(303)
  })

  it("refuses the store's name and the email's own name, whatever digits and signs are added, and any case", async () => {
    // the store's name is its setting (the console's Settings page)
    await env.DB.prepare("INSERT INTO store (id, name, url) VALUES (1, 'Basecamp Outfitters', '') ON CONFLICT (id) DO UPDATE SET name = excluded.name").run()
    const email = uniqueEmail('annika')
    const local = email.split('@')[0]!
    for (const password of ['Password1', 'PASSWORD123', 'Basecamp2026', 'basecamp-outfitters1', `${local}1`]) {
      const res = await call('/account', { body: { user: { email, first_name: 'A', last_name: 'B', password } } })
      expect(res.status, password).toBe(422)
      expect(res.body.errors.password[0]).toMatch(/^This password is too easy to guess/)
    }
    const de = await call('/account?locale=de', { body: { user: { email, first_name: 'A', last_name: 'B', password: 'qwerty123' } } })
    expect(de.body.error).toMatch(/^Dieses Passwort ist zu leicht zu erraten/)
    expect(await accountOf(email)).toBeNull()
  })

  it('refuses a common new password on password change and on reset, and keeps the old one', async () => {
    const owner = await registerAndLogin()
    const change = await call('/account', { method: 'PATCH', bearer: owner.bearer, body: { user: { current_password: owner.password, password: 'abcd1234', password_confirmation: 'abcd1234' } } })
    expect(change.status).toBe(422)
    expect(change.body.errors.password[0]).toMatch(/^This password is too easy to guess/)

    await call('/passwords', { body: { user: { email: owner.email } } })
    const mail = (await call(`/outbox?email=${encodeURIComponent(owner.email)}`)).body.data[0].body as string
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail)![1]!
    const reset = await call(`/passwords/${token}?locale=de`, { method: 'PATCH', body: { user: { password: 'welcome1', password_confirmation: 'welcome1' } } })
    expect(reset.status).toBe(422)
    expect(reset.body.error).toMatch(/^Dieses Passwort ist zu leicht zu erraten/)
    // the link was not spent by the refusal: a good password still works with it
    expect((await call(`/passwords/${token}`, { method: 'PATCH', body: { user: { password: 'kettle-Orbit-47', password_confirmation: 'kettle-Orbit-47' } } })).status).toBe(200)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'password', username: owner.email, password: 'kettle-Orbit-47' } })).status).toBe(200)
  })
})
