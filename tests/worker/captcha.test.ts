// The captcha (Cloudflare Turnstile) on signup and the contact form, issue 9 item 7 / issue 13: off without keys (no
// widget, no CSP origin, forms work as before); with keys, the server asks the verify URL about every answer and a
// missing, invalid or unverifiable answer is a clear 4xx (503 when the service cannot be asked) that changes nothing.
// The verify service is faked by intercepting the worker's outbound fetch.
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { uniqueEmail } from '#tests/factories/api.ts'
import { clientAddress, fromClient } from '#tests/factories/client.ts'
import { ORIGIN } from './helpers.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'

const EXPIRY = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`

const VERIFY_URL = 'https://captcha.fake/siteverify'
const KEYS = { CAPTCHA_SITE_KEY: 'site-key-test', CAPTCHA_SECRET_KEY: 'secret-key-test', CAPTCHA_VERIFY_URL: VERIFY_URL, CAPTCHA_SCRIPT_URL: 'https://captcha.fake/api.js' }
const GOOD = 'good-answer'

let verifyCalls: URLSearchParams[] = []
let verifyDown = false
beforeEach(() => {
  verifyCalls = []
  verifyDown = false
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (request.url !== VERIFY_URL) return realFetch(input, init)
    if (verifyDown) return new Response('upstream error', { status: 502 })
    const body = new URLSearchParams([...(await request.formData())].map(([k, v]) => [k, String(v)]))
    verifyCalls.push(body)
    const success = body.get('secret') === KEYS.CAPTCHA_SECRET_KEY && body.get('response') === GOOD
    return Response.json({ success, 'error-codes': success ? [] : ['invalid-input-response'] })
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

function send(path: string, init: { vars?: Partial<Env>; json?: unknown; form?: Record<string, string>; ip?: string } = {}) {
  const headers: Record<string, string> = { accept: init.json ? 'application/json' : 'text/html', origin: ORIGIN, ...fromClient(init.ip ?? clientAddress()) }
  let body: string | undefined
  if (init.json) [headers['content-type'], body] = ['application/json', JSON.stringify(init.json)]
  if (init.form) [headers['content-type'], body] = ['application/x-www-form-urlencoded', new URLSearchParams(init.form).toString()]
  const request = new Request(ORIGIN + path, { method: body ? 'POST' : 'GET', headers, body, redirect: 'manual' })
  return worker.fetch(request, { ...(env as unknown as Env), ...init.vars }, createExecutionContext())
}

const signup = (email: string, captchaToken?: string) => ({ email, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace', ...(captchaToken === undefined ? {} : { captchaToken }) })
const userCount = (email: string) => env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first<number>('n')

describe('without captcha keys', () => {
  it('changes nothing: no widget, no CSP origin, signup and contact work without an answer, nothing is asked', async () => {
    const page = await send('/Login')
    const csp = page.headers.get('content-security-policy')!
    expect(csp).not.toContain('captcha.fake')
    expect(csp).not.toContain('challenges.cloudflare.com')
    expect(await page.text()).not.toContain('data-testid="captcha"')
    const email = uniqueEmail()
    expect((await send('/api/account', { json: signup(email) })).status).toBe(200)
    // a site key alone (no secret) is not a captcha either: the server could not check it
    const half = await send('/ContactUs', { vars: { CAPTCHA_SITE_KEY: 'only-site' }, form: { intent: 'contact', name: 'Ada', email: uniqueEmail(), message: 'Hello' } })
    expect(half.status).toBe(200)
    expect(await half.text()).toContain('data-testid="contact-sent"')
    expect(verifyCalls).toHaveLength(0)
  })
})

describe('with captcha keys', () => {
  it('puts the widget on the signup form and its origin into script-src and frame-src only then', async () => {
    const page = await send('/Login', { vars: KEYS })
    const csp = page.headers.get('content-security-policy')!
    expect(csp).toMatch(/script-src [^;]*https:\/\/captcha\.fake/)
    expect(csp).toMatch(/frame-src 'self' https:\/\/captcha\.fake/)
    const html = await page.text()
    expect(html).toContain('data-testid="captcha"')
    expect(html).toContain('name="cf-turnstile-response"')
    expect(html).toContain('site-key-test')
    expect(html).not.toContain(KEYS.CAPTCHA_SECRET_KEY)
  })

  it('signup through the API: missing and wrong answers are 422 naming the captcha and create nobody; a good one passes', async () => {
    const email = uniqueEmail()
    const missing = await send('/api/account', { vars: KEYS, json: signup(email) })
    expect(missing.status).toBe(422)
    expect(await missing.json()).toMatchObject({ error: 'Please confirm you are not a robot.', errors: { captcha: ['is required'] } })
    const wrong = await send('/api/account', { vars: KEYS, json: signup(email, 'forged-answer') })
    expect(wrong.status).toBe(422)
    expect(await wrong.json()).toMatchObject({ errors: { captcha: ['is invalid'] } })
    const tooLong = await send('/api/account', { vars: KEYS, json: signup(email, 'x'.repeat(5000)) })
    expect(tooLong.status).toBe(400)
    expect(await userCount(email)).toBe(0)

    const ip = clientAddress()
    const ok = await send('/api/account', { vars: KEYS, json: signup(email, GOOD), ip })
    expect(ok.status).toBe(200)
    expect(await userCount(email)).toBe(1)
    // what the verify service was told: the secret, the answer and the shopper's address
    const last = verifyCalls.at(-1)!
    expect(Object.fromEntries(last)).toEqual({ secret: KEYS.CAPTCHA_SECRET_KEY, response: GOOD, remoteip: ip })
    expect(verifyCalls).toHaveLength(2) // the missing and the over-long answers never reached it
  })

  it('refuses with 503, and creates nobody, when the verify service cannot be asked', async () => {
    verifyDown = true
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const email = uniqueEmail()
    const down = await send('/api/account', { vars: KEYS, json: signup(email, GOOD) })
    expect(down.status).toBe(503)
    expect(((await down.json()) as { error: string }).error).toMatch(/cannot check that you are not a robot/)
    expect(await userCount(email)).toBe(0)
    expect(warn).toHaveBeenCalledWith('captcha: siteverify answered', 502) // the operator sees why in the log
  })

  it('signup without JavaScript: no answer is a 422 page saying so (en, de); with one the account is made', async () => {
    const email = uniqueEmail()
    const form = { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' }
    const refused = await send('/Login', { vars: KEYS, form })
    expect(refused.status).toBe(422)
    expect(await refused.text()).toContain('Please confirm you are not a robot.')
    const refusedDe = await send('/de/Login', { vars: KEYS, form: { ...form, 'cf-turnstile-response': 'forged' } })
    expect(refusedDe.status).toBe(422)
    expect(await refusedDe.text()).toContain('Die Prüfung, dass Sie kein Roboter sind, ist fehlgeschlagen')
    expect(await userCount(email)).toBe(0)
    const joined = await send('/Login', { vars: KEYS, form: { ...form, 'cf-turnstile-response': GOOD } })
    expect(joined.status).toBe(303)
    expect(await userCount(email)).toBe(1)
  })

  it('the contact form: refused without a good answer (nothing stored), sent with one', async () => {
    const email = uniqueEmail()
    const form = { intent: 'contact', name: 'Ada', email, message: 'Where is my parcel?' }
    const stored = () => env.DB.prepare('SELECT COUNT(*) AS n FROM contact_messages WHERE email = ?').bind(email).first<number>('n')
    const refused = await send('/ContactUs', { vars: KEYS, form })
    expect(refused.status).toBe(422)
    const body = await refused.text()
    expect(body).toContain('Please confirm you are not a robot.')
    expect(body).toContain('Where is my parcel?') // what was typed is kept
    const forged = await send('/ContactUs', { vars: KEYS, form: { ...form, 'cf-turnstile-response': 'forged' } })
    expect(forged.status).toBe(422)
    expect(await stored()).toBe(0)
    const sent = await send('/ContactUs', { vars: KEYS, form: { ...form, 'cf-turnstile-response': GOOD } })
    expect(sent.status).toBe(200)
    expect(await sent.text()).toContain('data-testid="contact-sent"')
    expect(await stored()).toBe(1)
  })
})

describe('card payments after repeated declines (card-testing defence), without JavaScript', () => {
  it('the payment step shows the captcha after three declines and pays once it is solved', async () => {
    await seedCatalogue(2)
    const product = await createProduct({ stock: 5 })
    const jar = new Map<string, string>()
    const ip = clientAddress()
    const post = async (path: string, form: Record<string, string>) => {
      const headers: Record<string, string> = { accept: 'text/html', origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...fromClient(ip), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') }
      const res = await worker.fetch(new Request(ORIGIN + path, { method: 'POST', headers, body: new URLSearchParams(form).toString(), redirect: 'manual' }), { ...(env as unknown as Env), ...KEYS }, createExecutionContext())
      for (const cookie of res.headers.getSetCookie()) {
        const [name, value] = cookie.split(';')[0]!.split('=')
        jar.set(name!, value!)
      }
      return { status: res.status, location: res.headers.get('location'), body: await res.text() }
    }
    await post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    const address = { firstName: 'Ada', lastName: 'Lovelace', addressLine1: '1 Collins Street', city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU', phoneNumber: '0412 345 678' }
    expect((await post('/checkout/shipping', { intent: 'address', email: uniqueEmail(), ...address })).status).toBe(303)
    await post('/checkout/shipping', { intent: 'rate', rateId: '1' })
    await post('/checkout/billing', { sameAsShipping: 'on' })
    const card = { intent: 'pay', expiry: EXPIRY, cvc: '123', terms: 'on' }
    for (let i = 1; i <= 3; i++) {
      const declined = await post('/checkout/payment', { ...card, cardNumber: '4000000000000002' })
      expect(declined.status).toBe(422)
      // the third decline already shows the captcha, beside the bank's reason
      expect(declined.body.includes('name="cf-turnstile-response"')).toBe(i === 3)
      if (i === 3) expect(declined.body).toContain('Several cards were declined. Please confirm you are not a robot, then pay again.')
    }
    expect(verifyCalls).toHaveLength(0)

    const asked = await post('/checkout/payment', { ...card, cardNumber: '4242424242424242' })
    expect(asked.status).toBe(422)
    expect(asked.body).toContain('Several cards were declined. Please confirm you are not a robot, then pay again.')
    expect(asked.body).toContain('name="cf-turnstile-response"')
    expect((await post('/checkout/payment', { ...card, cardNumber: '4242424242424242', 'cf-turnstile-response': 'forged' })).status).toBe(422)
    const paid = await post('/checkout/payment', { ...card, cardNumber: '4242424242424242', 'cf-turnstile-response': GOOD })
    expect(paid.status).toBe(303)
    expect(paid.location).toMatch(/^\/checkout\/thank-you\?order=/)
  })
})

describe('log-in after many wrong passwords for the account (backend login-throttle.ts)', () => {
  it('the /Login form (en, de, without JavaScript) and the API ask for the captcha; a solved one logs in', async () => {
    const email = uniqueEmail('guessed')
    expect((await send('/api/account', { json: { ...signup(email), password: 'kettle-Orbit-47' } })).status).toBe(200)
    // ten wrong passwords from strangers, the last a minute ago (its back-off is over)
    await env.DB.prepare('INSERT OR REPLACE INTO rate_limits (key, count, expires_at) VALUES (?, 10, ?)')
      .bind(`login:failures:${email}`, Math.floor(Date.now() / 1000) + 900 - 60)
      .run()
    for (const [prefix, sentence] of [['', 'Several wrong passwords were tried for this account.'], ['/de', 'Für dieses Konto wurden mehrmals falsche Passwörter eingegeben.']] as const) {
      const page = await send(`${prefix}/Login`, { vars: KEYS, form: { intent: 'login', 'login-email': email, 'login-password': 'kettle-Orbit-47' } })
      expect(page.status).toBe(422)
      const html = await page.text()
      expect(html).toContain(sentence)
      expect(html).toContain('data-testid="captcha"')
    }
    const asked = await send('/api/auth/login', { vars: KEYS, json: { username: email, password: 'kettle-Orbit-47' } })
    expect(asked.status).toBe(422)
    expect(((await asked.json()) as { errors: Record<string, string[]> }).errors.captcha).toEqual(['is required'])
    expect((await send('/api/auth/login', { vars: KEYS, json: { username: email, password: 'kettle-Orbit-47', captchaToken: GOOD } })).status).toBe(200)
  })
})
