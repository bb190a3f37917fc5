// Point 9 of issue 7: with COMMERCE_URL set, a backend that is down, hangs or answers 500 makes a degraded store, not a
// broken one. The "remote Spree" is the embedded backend behind a fetch spy this test controls, so it can be made to
// fail on any path; deadlines are short here (the worker reads them from its configuration).
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TEST_CARD, call, paymentReadyCart, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { sampleCatalogue, seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { backend } from '#worker/backend/index.ts'
import { KEEP_MS, cacheKeys } from '#worker/commerce/cache.ts'
import { bumpPageCacheVersion } from '#worker/edge-cache/content-version.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { ORIGIN, authCookie } from './helpers.ts'

const SPREE = 'https://spree.test'
const REMOTE = { COMMERCE_URL: SPREE, COMMERCE_READ_TIMEOUT_MS: '100', COMMERCE_WRITE_TIMEOUT_MS: '150' }
type Mode = 'down' | 'slow' | 'error'

/** Which calls fail and how; null: the backend answers normally. */
let fault: { mode: Mode; when: (path: string) => boolean; reached?: boolean } | null = null
const backendCtx = createExecutionContext()

function remoteSpree() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init)
    const url = new URL(request.url)
    if (url.origin !== SPREE) throw new Error(`unexpected outbound fetch to ${url.origin}`)
    const forward = () => backend.fetch(new Request(ORIGIN + url.pathname + url.search, request), env as unknown as Env, backendCtx)
    if (!fault || !fault.when(url.pathname)) return forward()
    if (fault.mode === 'down') throw new TypeError('Network connection lost.')
    if (fault.mode === 'error') {
      // a backend that did the work and then failed to answer (a crash after the commit, a proxy's error page)
      if (fault.reached) await (await forward()).arrayBuffer()
      return new Response('<html><h1>500 Internal Server Error</h1></html>', { status: 500, headers: { 'content-type': 'text/html' } })
    }
    // slow: never answers; only the caller's deadline ends the wait
    return new Promise<Response>((_, reject) => {
      const signal = init?.signal
      signal?.addEventListener('abort', () => reject(signal.reason))
    })
  })
}

afterEach(() => {
  fault = null
})

let product: CreatedProduct
let sample: Awaited<ReturnType<typeof sampleCatalogue>>
let memberCookie = ''

beforeAll(async () => {
  await seedCatalogue(6)
  sample = await sampleCatalogue()
  product = await createProduct({ stock: 30 })
  const member = await registerAndLogin()
  memberCookie = authCookie({ access_token: member.bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 })
})

function send(path: string, init: { method?: string; cookie?: string; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { accept: 'text/html', 'cf-connecting-ip': '10.55.0.1' }
  if (init.cookie) headers.cookie = init.cookie
  if (init.form) Object.assign(headers, { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN })
  const request = new Request(ORIGIN + path, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body: init.form ? new URLSearchParams(init.form) : undefined, redirect: 'manual' })
  return worker.fetch(request, { ...(env as unknown as Env), ...REMOTE }, createExecutionContext())
}

const UNAVAILABLE = 'The store is not available right now'
const PAGES = () => [
  { name: 'category', path: `/t/${sample.permalink}` },
  { name: 'product', path: `/products/${sample.product.slug}` },
  { name: 'account', path: '/MyAccount/MyProfile', cookie: memberCookie },
  { name: 'order history', path: '/MyAccount/OrderHistory', cookie: memberCookie },
]

describe.each(['down', 'slow', 'error'] as const)('a backend that is %s', (mode) => {
  it('pages that need it answer 503 with a page that says the store is not available, in its chrome', async () => {
    remoteSpree()
    for (const page of PAGES()) {
      fault = { mode, when: () => true }
      const started = Date.now()
      const response = await send(page.path, { cookie: page.cookie })
      const html = await response.text()
      expect(response.status, page.name).toBe(503)
      expect(html, page.name).toContain(UNAVAILABLE)
      expect(html, page.name).toContain('data-testid="site-header"')
      expect(response.headers.get('cache-control'), page.name).toBe('private, no-store')
      // the deadline, not the backend, decides how long the shopper waits
      expect(Date.now() - started, page.name).toBeLessThan(3_000)
    }
  })

  it('checkout answers 503 and says so, and the home page still opens', async () => {
    remoteSpree()
    const token = await paymentReadyCart(product.variantId)
    fault = { mode, when: () => true }
    for (const step of ['shipping', 'billing', 'payment']) {
      const response = await send(`/checkout/${step}`, { cookie: `cart_token=${token}` })
      expect(response.status, step).toBe(503)
      expect(await response.text(), step).toContain(UNAVAILABLE)
    }
    const home = await send('/')
    const html = await home.text()
    expect(home.status).toBe(200)
    expect(html).toContain('data-testid="site-header"')
    expect(html).toContain('Members save 30-70% on branded product.')
  })

  it('at payment, an unknown outcome says so and that trying again is safe', async () => {
    remoteSpree()
    const token = await paymentReadyCart(product.variantId)
    fault = { mode, when: (path) => path.endsWith('/checkout/complete'), reached: true }
    const form = { cardNumber: TEST_CARD.number, expiry: `12/${String(TEST_CARD.year % 100).padStart(2, '0')}`, cvc: TEST_CARD.verification_value, terms: 'on' }
    const response = await send('/checkout/payment', { cookie: `cart_token=${token}`, form })
    const html = await response.text()
    expect(response.status).toBe(503)
    expect(html).toContain('We could not confirm your order')
    expect(html).toContain('Trying again is safe')
    // What was typed stays, the card number does not.
    expect(html).not.toContain(TEST_CARD.number)
    if (mode === 'error') {
      // The backend had placed the order before it failed to answer: completing again returns that same order.
      const placed = await env.DB.prepare('SELECT number, state FROM orders WHERE token = ?').bind(token).first<{ number: string; state: string }>()
      expect(placed?.state).toBe('complete')
      const again = await call('/checkout/complete', { method: 'PATCH', orderToken: token })
      expect(again.status).toBe(200)
      expect(again.body.data.attributes.number).toBe(placed!.number)
      const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token = ? AND p.state = 'completed'").bind(token).first<{ n: number }>()
      expect(orders!.n).toBe(1)
    }
  })
})

describe('the KV cache serves stale-if-error', () => {
  it('keeps entries for days and serves a days-old CMS page when the backend is down', async () => {
    remoteSpree()
    const fresh = await send('/AboutUs')
    const text = await fresh.text()
    expect(fresh.status).toBe(200)
    const key = cacheKeys.cms('en', 'about-us')
    const listed = (await env.CACHE.list({ prefix: key })).keys.find((k) => k.name === key)
    expect(listed, 'the page was cached').toBeTruthy()
    // KV keeps it for days, well past the one-day stale-while-revalidate window
    expect(listed!.expiration! * 1000).toBeGreaterThan(Date.now() + KEEP_MS - 60_000)
    expect(KEEP_MS).toBeGreaterThanOrEqual(3 * 24 * 60 * 60_000)

    // Three days later the backend is down: the old page is served rather than an error.
    const entry = await env.CACHE.get<{ value: unknown; storedAt: number }>(key, 'json')
    await env.CACHE.put(key, JSON.stringify({ ...entry, storedAt: Date.now() - 3 * 24 * 60 * 60_000 }))
    // the edge page cache would answer before the KV layer is asked: start a new content version so the page renders
    await bumpPageCacheVersion(env as unknown as Env)
    fault = { mode: 'down', when: () => true }
    const stale = await send('/AboutUs')
    const staleText = await stale.text()
    expect(stale.status).toBe(200)
    expect(stale.headers.get('server-timing')).toContain('cache-cms;desc="error"')
    const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(text)?.[1]
    expect(title).toBeTruthy()
    expect(staleText).toContain(title!)
  })
})
