import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { uniqueEmail } from '#tests/factories/api.ts'
import { clientAddress, exhaustLimit, fromClient } from '#tests/factories/client.ts'
import { WINDOWS } from '#worker/backend/services/rate-limit.ts'
import { createProduct } from '#tests/factories/catalogue.ts'

const ORIGIN = 'https://store.test'

/** A browser: keeps cookies between requests and sends same-origin headers like fetch from our own pages. */
function browser(ip = clientAddress()) {
  const jar = new Map<string, string>()
  return {
    jar,
    async fetch(path: string, init: { method?: string; body?: unknown; origin?: string } = {}) {
      const headers: Record<string, string> = { accept: 'application/json', origin: init.origin ?? ORIGIN, ...fromClient(ip) }
      if (init.body !== undefined) headers['content-type'] = 'application/json'
      if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
      const res = await SELF.fetch(ORIGIN + path, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';')
        const [name, value] = pair!.split('=')
        if (/max-age=0/i.test(cookie) || value === '') jar.delete(name!)
        else jar.set(name!, value!)
      }
      const text = await res.text()
      return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
    },
  }
}

describe('shopper BFF (/api/*)', () => {
  it('keeps the cart token and the bearer in HttpOnly cookies and merges the cart at login', async () => {
    const product = await createProduct({ stock: 5 })
    const b = browser()
    const added = await b.fetch('/api/cart/items', { method: 'POST', body: { variantId: String(product.variantId), quantity: 2 } })
    expect(added.status).toBe(200)
    expect(added.body.itemCount).toBe(2)
    expect(b.jar.get('cart_token')).toBe(added.body.token)
    const setCookie = added.headers.getSetCookie().find((c) => c.startsWith('cart_token='))!
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(added.headers.get('cache-control')).toBe('private, no-store')

    const email = uniqueEmail()
    const reg = await b.fetch('/api/account', { method: 'POST', body: { email, password: 'secret123', firstName: 'Ada', lastName: 'L' } })
    expect(reg.status).toBe(200)
    expect(b.jar.has('auth')).toBe(true)
    expect(b.jar.has('cart_token')).toBe(false)
    const session = await b.fetch('/api/session')
    expect(session.body).toMatchObject({ isAuthenticated: true, user: { email }, cart: { itemCount: 2, itemTotalAmount: 160 } })

    await b.fetch('/api/auth/logout', { method: 'POST' })
    expect(b.jar.has('auth')).toBe(false)
    expect((await b.fetch('/api/session')).body).toMatchObject({ isAuthenticated: false, user: null, cart: null })
    const login = await b.fetch('/api/auth/login', { method: 'POST', body: { username: email, password: 'wrong1234' } })
    expect(login.status).toBe(400)
    expect(login.body.error).toBe('invalid_grant')
  })

  it('changing the email needs the current password; a wrong one changes nothing', async () => {
    const b = browser()
    const email = uniqueEmail()
    expect((await b.fetch('/api/account', { method: 'POST', body: { email, password: 'secret123', firstName: 'Ada', lastName: 'L' } })).status).toBe(200)
    const moved = uniqueEmail('moved')
    const missing = await b.fetch('/api/account', { method: 'PATCH', body: { firstName: 'Ada', lastName: 'L', email: moved } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors.current_password).toBeDefined()
    const wrong = await b.fetch('/api/account', { method: 'PATCH', body: { firstName: 'Ada', lastName: 'L', email: moved, currentPassword: 'guess1234' } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.error).toBe('The current password is not correct.')
    expect((await b.fetch('/api/account')).body.email).toBe(email)
    expect((await b.fetch('/api/account', { method: 'PATCH', body: { firstName: 'Grace', lastName: 'L', email } })).status).toBe(200)
    const ok = await b.fetch('/api/account', { method: 'PATCH', body: { firstName: 'Grace', lastName: 'L', email: moved, currentPassword: 'secret123' } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ email: moved, firstName: 'Grace' })
  })

  it('a limited shopper gets 429 with Retry-After and a sentence saying when to try again', async () => {
    const product = await createProduct({ stock: 5 })
    const ip = clientAddress()
    const b = browser(ip)
    expect((await b.fetch('/api/cart/items', { method: 'POST', body: { variantId: String(product.variantId), quantity: 1 } })).status).toBe(200)
    await exhaustLimit(`code:ip:${ip}`, WINDOWS.codesPerAddress, 300)
    const coupon = await b.fetch('/api/cart/coupon', { method: 'POST', body: { code: 'GUESS10' } })
    expect(coupon.status).toBe(429)
    expect(Number(coupon.headers.get('retry-after'))).toBeGreaterThan(240)
    expect(coupon.body.error).toBe('Too many attempts. Please try again in 5 minutes.')
    const loginIp = clientAddress()
    await exhaustLimit(`login:ip:${loginIp}`, WINDOWS.loginPerAddress, 300)
    const login = await browser(loginIp).fetch('/api/auth/login', { method: 'POST', body: { username: uniqueEmail(), password: 'secret123' } })
    expect(login.status).toBe(429)
    expect(login.headers.get('retry-after')).toBeTruthy()
  })

  it('validates inputs with field messages and refuses cross-site writes', async () => {
    const b = browser()
    const bad = await b.fetch('/api/cart/items', { method: 'POST', body: { variantId: '../etc', quantity: 0 } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['quantity', 'variantId'])
    const cross = await b.fetch('/api/cart/items', { method: 'POST', origin: 'https://evil.example', body: { variantId: '1', quantity: 1 } })
    expect(cross.status).toBe(403)
    const forgot = await b.fetch('/api/passwords', { method: 'POST', body: { email: uniqueEmail() } })
    expect(forgot.status).toBe(404)
    const gift = await b.fetch('/api/gift-cards', { method: 'POST', body: { amount: 50, recipientName: 'A', recipientEmail: 'a@example.com' } })
    expect(gift.status).toBe(401)
    expect(gift.body.error).toBe('Please login in to add gift card')
  })

  it('says in words what is wrong with the order history page asked for', async () => {
    const b = browser()
    const cases: Array<[string, Record<string, string[]>]> = [
      ['page=abc', { page: ['must be a whole number'] }],
      ['page=0', { page: ['must be at least 1'] }],
      ['page=1.5', { page: ['must be a whole number'] }],
      ['pageSize=500', { pageSize: ['must be at most 100'] }],
    ]
    for (const [query, errors] of cases) {
      const res = await b.fetch(`/api/orders?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.errors, query).toEqual(errors)
    }
  })
})

const BFF_WRITES: Array<[string, string]> = [
  ['POST', '/api/cart/items'], ['PATCH', '/api/cart/items/1'], ['POST', '/api/cart/coupon'], ['POST', '/api/cart/currency'],
  ['POST', '/api/checkout/shipping-address'], ['POST', '/api/checkout/billing-address'], ['POST', '/api/checkout/shipping-method'],
  ['POST', '/api/checkout/complete'], ['POST', '/api/auth/login'], ['POST', '/api/account'], ['PATCH', '/api/account'],
  ['POST', '/api/account/password'], ['POST', '/api/passwords'], ['PATCH', '/api/passwords'], ['POST', '/api/account/addresses'],
  ['PATCH', '/api/account/addresses/1'], ['POST', '/api/wishlist/items'], ['POST', '/api/gift-cards'], ['POST', '/api/affiliate'],
  ['POST', '/api/newsletter'], ['POST', '/api/newsletter/unsubscribe'], ['POST', '/api/contact'],
]

async function rowCounts() {
  const tables = ['users', 'orders', 'line_items', 'addresses', 'payments', 'wished_items', 'newsletter_subscribers', 'affiliate_visits', 'contact_messages', 'outbox']
  const results = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${t}`)))
  return results.map((r) => (r.results[0] as { n: number }).n)
}

describe('shopper BFF refuses random bodies', () => {
  it('answers 4xx in the error shape, never 5xx, and changes nothing', async () => {
    const b = browser()
    const before = await rowCounts()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BFF_WRITES), fc.anything(), async ([method, path], body) => {
        const res = await b.fetch(path, { method, body })
        expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${res.status}`).toBeGreaterThanOrEqual(400)
        expect(res.status).toBeLessThan(500)
        expect(typeof res.body.error).toBe('string')
      }),
      { numRuns: 150 },
    )
    expect(await rowCounts()).toEqual(before)
  })
})
