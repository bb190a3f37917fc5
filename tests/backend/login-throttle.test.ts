import { env } from 'cloudflare:workers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { backend } from '#worker/backend/index.ts'
import type { Env } from '#worker/env.ts'
import { call, uniqueEmail } from '#tests/factories/api.ts'
import { clientAddress, fromClient } from '#tests/factories/client.ts'

/**
 * Guesses at one account from many addresses (docs/security.md 'Rate limits', docs/decisions/0007): the first 5 wrong
 * passwords cost nothing extra; after them each guess from an address the account never logged in from waits twice as
 * long as the one before, and after 10 it needs a solved captcha (where one is configured). The owner's own address is
 * never slowed. Time is frozen (Date only) so each wait is exact.
 */

const VERIFY_URL = 'https://captcha.fake/siteverify'
const CAPTCHA = { CAPTCHA_SITE_KEY: 'site-key-test', CAPTCHA_SECRET_KEY: 'secret-key-test', CAPTCHA_VERIFY_URL: VERIFY_URL } satisfies Partial<Env>
const GOOD = 'good-answer'
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext

/** A password grant from the client at `ip`, with the answer's Retry-After. */
async function grant(ip: string, username: string, password: string, { vars = {}, captcha }: { vars?: Partial<Env>; captcha?: string } = {}) {
  const res = await backend.fetch(
    new Request('https://store.test/spree_oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...fromClient(ip) },
      body: JSON.stringify({ grant_type: 'password', username, password, ...(captcha ? { captcha_token: captcha } : {}) }),
    }),
    { ...(env as unknown as Env), ...vars },
    ctx,
  )
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any }
}

async function account() {
  const email = uniqueEmail('owner')
  const password = 'kettle-Orbit-47'
  expect((await call('/account', { body: { user: { email, first_name: 'Ada', last_name: 'Lovelace', password } } })).status).toBe(200)
  const home = clientAddress()
  expect((await grant(home, email, password)).status).toBe(200)
  return { email, password, home }
}

let now = Date.now()
const pass = (seconds: number) => vi.setSystemTime((now += seconds * 1000))

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime((now = Date.now()))
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (request.url !== VERIFY_URL) return realFetch(input, init)
    const body = await request.formData()
    return Response.json({ success: body.get('response') === GOOD && body.get('secret') === CAPTCHA.CAPTCHA_SECRET_KEY })
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('guesses at one account from many addresses', () => {
  it('are slowed from unknown addresses (429, Retry-After doubling), then need a captcha; the owner at home is never slowed', async () => {
    const owner = await account()
    const guess = (extra: { captcha?: string; password?: string } = {}) => grant(clientAddress(), owner.email, extra.password ?? `guess-${Math.random()}1`, { vars: CAPTCHA, ...extra })
    for (let i = 0; i < 5; i++) expect((await guess()).status).toBe(400)

    const waits: number[] = []
    for (let i = 0; i < 5; i++) {
      const slowed = await guess()
      expect(slowed.status).toBe(429)
      expect(slowed.body.error).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/)
      waits.push(Number(slowed.retryAfter))
      // the owner, from the address they logged in from, is let in meanwhile
      expect((await grant(owner.home, owner.email, owner.password, { vars: CAPTCHA })).status).toBe(200)
      pass(Number(slowed.retryAfter))
      expect((await guess()).status).toBe(400)
    }
    expect(waits).toEqual([1, 2, 4, 8, 16])

    // ten wrong passwords: after the wait, a guess from an unknown address needs a solved captcha
    pass(60)
    const asked = await guess()
    expect(asked.status).toBe(422)
    expect(asked.body.error).toBe('Several wrong passwords were tried for this account. Please confirm you are not a robot, then log in again.')
    expect(asked.body.errors).toEqual({ captcha_token: ['is required'] })
    expect((await guess({ captcha: 'forged' })).body.errors).toEqual({ captcha_token: ['is invalid'] })
    // the owner away from home solves it and is in; the owner at home is asked nothing
    expect((await guess({ captcha: GOOD, password: owner.password })).status).toBe(200)
    expect((await grant(owner.home, owner.email, owner.password, { vars: CAPTCHA })).status).toBe(200)
  })

  it('never count a right password, and the back-off ends 15 minutes after the last wrong one', async () => {
    const owner = await account()
    for (let i = 0; i < 31; i++) expect((await grant(clientAddress(), owner.email, owner.password)).status, `login ${i + 1}`).toBe(200)
    for (let i = 0; i < 5; i++) expect((await grant(clientAddress(), owner.email, `guess-${i}1`)).status).toBe(400)
    expect((await grant(clientAddress(), owner.email, owner.password)).status).toBe(429)
    pass(15 * 60)
    expect((await grant(clientAddress(), owner.email, owner.password)).status).toBe(200)
  })

  it('without a captcha configured, the wait keeps doubling; a password reset ends it', async () => {
    const owner = await account()
    await env.DB.prepare('INSERT INTO rate_limits (key, count, expires_at) VALUES (?, 14, ?)')
      .bind(`login:failures:${owner.email}`, Math.floor(now / 1000) + 900)
      .run()
    const slowed = await grant(clientAddress(), owner.email, owner.password)
    expect(slowed.status).toBe(429)
    expect(Number(slowed.retryAfter)).toBe(2 ** 9)
    vi.useRealTimers() // the outbox shows mail up to the real now
    await call('/passwords', { body: { user: { email: owner.email } } })
    const mail = (await call(`/outbox?email=${encodeURIComponent(owner.email)}`)).body.data[0].body as string
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail)![1]!
    expect((await call(`/passwords/${token}`, { method: 'PATCH', body: { user: { password: 'brandnew-47', password_confirmation: 'brandnew-47' } } })).status).toBe(200)
    expect((await grant(clientAddress(), owner.email, 'brandnew-47')).status).toBe(200)
  })
})

describe('a logged-in customer asked for the current password', () => {
  it("is not slowed by strangers' guesses; a stolen session gets 10 wrong tries, then 429", async () => {
    const owner = await account()
    const bearer = (await grant(owner.home, owner.email, owner.password)).body.access_token as string
    for (let i = 0; i < 32; i++) await grant(clientAddress(), owner.email, `guess-${i}1`)
    const changed = await call('/account', { method: 'PATCH', bearer, body: { user: { current_password: owner.password, password: 'brandnew-47', password_confirmation: 'brandnew-47' } } })
    expect(changed.status).toBe(200)

    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await call('/account', { method: 'PATCH', bearer, body: { user: { email: uniqueEmail(), current_password: `guess-${i}1` } } })).status)
    expect(statuses).toEqual([...Array(10).fill(422), 429])
  })
})
