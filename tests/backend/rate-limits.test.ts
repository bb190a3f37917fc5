import { SELF } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { WINDOWS } from '#worker/backend/services/rate-limit.ts'
import { shopperOperations } from '#worker/commerce/shopper.ts'
import { SpreeClient } from '#worker/commerce/spree-client.ts'
import { call, guestCart, registerAndLogin, uniqueEmail } from '#tests/factories/api.ts'
import { clientAddress, exhaustLimit, fromClient, inOneBurstWindow } from '#tests/factories/client.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { testContext } from '#tests/commerce/catalogue-context.ts'

function expectLimited(res: { status: number; body: any }, retryAfterAtMost: number) {
  expect(res.status).toBe(429)
  expect(res.body.error).toMatch(/^Too many attempts\. Please try again in \d+ (seconds|minutes?)\.$/)
  return retryAfterAtMost
}

/** The raw answer (status, Retry-After, body) of the embedded backend, for a client at `ip`. */
async function raw(path: string, ip: string, init: { method?: string; body?: unknown; orderToken?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...fromClient(ip), ...init.headers }
  if (init.body !== undefined) headers['content-type'] = 'application/json'
  if (init.orderToken) headers['x-spree-order-token'] = init.orderToken
  const res = await SELF.fetch(`https://store.test/api/v2/storefront${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any }
}

describe('coupon and gift card codes are limited per client, not per cart', () => {
  it('new carts do not reset the count of one address; another address is not affected', async () => {
    const product = await createProduct({ stock: 100 })
    const ip = clientAddress()
    await inOneBurstWindow()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const token = await guestCart()
      await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
      statuses.push((await call('/cart/apply_coupon_code', { ip, method: 'PATCH', orderToken: token, body: { coupon_code: `guess-${i}` } })).status)
    }
    expect(statuses).toEqual([...Array(10).fill(422), 429])
    // yet another new cart is still limited (gift card codes count the same: tests/worker/checkout-flow.test.ts)
    const token = await guestCart()
    const limited = await raw('/cart/apply_coupon_code', ip, { method: 'PATCH', orderToken: token, body: { coupon_code: 'guess-11' } })
    expectLimited(limited, 60)
    expect(limited.retryAfter).toBe('60')
    // a shopper-set X-Forwarded-For is no way around it
    const spoofed = await raw('/cart/apply_coupon_code', ip, { method: 'PATCH', orderToken: token, body: { coupon_code: 'x' }, headers: { 'x-forwarded-for': clientAddress() } })
    expect(spoofed.status).toBe(429)
    expect((await call('/cart/apply_coupon_code', { ip: clientAddress(), method: 'PATCH', orderToken: token, body: { coupon_code: 'guess' } })).status).toBe(422)
  })

  it('an hour of attempts from one address is limited for the rest of the hour, with Retry-After', async () => {
    const ip = clientAddress()
    await exhaustLimit(`code:ip:${ip}`, WINDOWS.codesPerAddress, 1200)
    const res = await raw('/cart/apply_coupon_code', ip, { method: 'PATCH', orderToken: await guestCart(), body: { coupon_code: 'guess' } })
    expectLimited(res, 1200)
    expect(Number(res.retryAfter)).toBeGreaterThan(1100)
    expect(Number(res.retryAfter)).toBeLessThanOrEqual(1200)
    expect(res.body.error).toBe('Too many attempts. Please try again in 20 minutes.')
  })
})

describe('cart creation', () => {
  it('is bounded per address: 30 a minute', async () => {
    const ip = clientAddress()
    await inOneBurstWindow()
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) statuses.push((await call('/cart', { ip, method: 'POST' })).status)
    expect(statuses).toEqual([...Array(30).fill(201), 429])
    expect((await call('/cart', { ip: clientAddress(), method: 'POST' })).status).toBe(201)
  })
})

describe('password guessing', () => {
  it('one address spraying many accounts is limited across accounts', async () => {
    const ip = clientAddress()
    await inOneBurstWindow()
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      statuses.push((await call('/spree_oauth/token', { ip, body: { grant_type: 'password', username: uniqueEmail('sprayed'), password: 'Summer2026' } })).status)
    }
    expect(statuses).toEqual([...Array(30).fill(400), 429])
    await exhaustLimit(`login:ip:${ip}`, WINDOWS.loginPerAddress)
    const res = await call('/spree_oauth/token', { ip, body: { grant_type: 'password', username: uniqueEmail(), password: 'Summer2026' } })
    expectLimited(res, WINDOWS.loginPerAddress.seconds)
  })

  // guesses at one account from many addresses, and current-password checks: tests/backend/login-throttle.test.ts

  it('reset-password attempts are limited per address (no unbounded PBKDF2), as signup is', async () => {
    const ip = clientAddress()
    await inOneBurstWindow()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(`/passwords/guessed-token-${i}`, { ip, method: 'PATCH', body: { user: { password: 'brandnew1', password_confirmation: 'brandnew1' } } })).status)
    }
    expect(statuses).toEqual([...Array(5).fill(422), 429])
    const signupIp = clientAddress()
    await exhaustLimit(`registration:ip:${signupIp}`, WINDOWS.registrationPerAddress)
    const signup = await call('/account', { ip: signupIp, body: { user: { email: uniqueEmail(), first_name: 'A', last_name: 'B', password: 'secret123' } } })
    expectLimited(signup, WINDOWS.registrationPerAddress.seconds)
  })
})

describe('the storefront passes the shopper address on the way each backend trusts it', () => {
  it('to a remote Spree as X-Forwarded-For from CF-Connecting-IP, never a header the shopper set', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }))
    const { ctx } = testContext({ commerceUrl: 'https://spree.example.com', clientIp: '203.0.113.9' })
    await shopperOperations(ctx).forgotPassword('a@example.com')
    const headers = new Headers(spy.mock.calls[0]![1]?.headers)
    expect(headers.get('x-forwarded-for')).toBe('203.0.113.9')
    expect(headers.get('cf-connecting-ip')).toBeNull()
  })

  it('a 429 from the backend reaches the shopper in their language with when to try again', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"error":"Too many"}', { status: 429, headers: { 'retry-after': '120' } }))
    const { ctx } = testContext({ commerceUrl: 'https://spree.example.com', locale: 'de', clientIp: '203.0.113.9' })
    const error = await new SpreeClient(ctx).request('/cart', { method: 'POST', auth: 'none' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 429, retryAfter: 120, message: 'Zu viele Versuche. Bitte versuchen Sie es in 2 Minuten erneut.' })
  })
})
