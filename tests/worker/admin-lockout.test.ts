import { describe, expect, it } from 'vitest'
import { call, registerAndLogin } from '#tests/factories/api.ts'
import { clientAddress } from '#tests/factories/client.ts'
import { ADMIN_PASSWORD, consoleBrowser, createAdmin } from './admin-helpers.ts'

/** Issue 38 finding 2: an operator cannot be locked out of the console by strangers, nor by their own confirmations. */

const grant = (email: string, password = ADMIN_PASSWORD) => ({ form_token: crypto.randomUUID(), email, currency: 'AUD', amount: '1.00', reason: 'Goodwill', password })

describe('console lockout', () => {
  it('32 wrong passwords from 32 addresses: the operator still logs in from their own device, re-confirms, and logs in to the shop', async () => {
    const admin = await createAdmin()
    const shopper = await registerAndLogin()
    const home = clientAddress()
    const b = consoleBrowser(home)
    expect((await b.logIn(admin.email)).status).toBe(303)

    // a stranger: half at the console's log-in, half at the shop's, each from an address of its own
    for (let i = 0; i < 32; i++) {
      const status = i % 2
        ? (await consoleBrowser().logIn(admin.email, `guess-${i}1`)).status
        : (await call('/spree_oauth/token', { body: { grant_type: 'password', username: admin.email, password: `guess-${i}1` } })).status
      expect([400, 401, 429]).toContain(status)
    }

    // the live session's re-confirmation is not the account's log-in: it goes through
    expect((await b.post('/admin/store-credit', grant(shopper.email))).status).toBe(303)
    // a new log-in from the operator's own device, console and shop
    const again = consoleBrowser(home)
    expect((await again.logIn(admin.email)).status).toBe(303)
    expect((await again.post('/admin/store-credit', grant(shopper.email))).status).toBe(303)
    expect((await call('/spree_oauth/token', { ip: home, body: { grant_type: 'password', username: admin.email, password: ADMIN_PASSWORD } })).status).toBe(200)
  })

  it('31 right re-confirmations in a row all pass', async () => {
    const admin = await createAdmin()
    const shopper = await registerAndLogin()
    const b = consoleBrowser()
    expect((await b.logIn(admin.email)).status).toBe(303)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await b.post('/admin/store-credit', grant(shopper.email))).status)
    expect(statuses).toEqual(Array(31).fill(303))
    expect((await call('/account', { bearer: shopper.bearer })).body.data.attributes.store_credits_by_currency.AUD).toBe('31.00')
  })

  it('five wrong re-confirmations end that session, not the account', async () => {
    const admin = await createAdmin()
    const shopper = await registerAndLogin()
    const b = consoleBrowser()
    expect((await b.logIn(admin.email)).status).toBe(303)
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await b.post('/admin/store-credit', grant(shopper.email, `wrong-${i}1`)))
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(422))
    expect(answers[0]!.body).toContain('That is not your password. 4 more wrong tries end this session.')
    expect(answers[3]!.body).toContain('That is not your password. 1 more wrong try ends this session.')
    expect(answers[4]!.body).toContain('After several wrong passwords this session has ended: log in again to go on. Nothing was changed.')
    // the session is over: the right password no longer moves anything through it
    // (without a session the console answers a plain 404 everywhere but its log-in page)
    expect((await b.post('/admin/store-credit', grant(shopper.email))).status).toBe(404)
    expect((await b.get('/admin')).status).toBe(404)
    expect((await call('/account', { bearer: shopper.bearer })).body.data.attributes.store_credits_by_currency.AUD).toBeUndefined()
    // the account is not locked: the operator logs in again at once and goes on
    expect((await b.logIn(admin.email)).status).toBe(303)
    expect((await b.post('/admin/store-credit', grant(shopper.email))).status).toBe(303)
  })
})
