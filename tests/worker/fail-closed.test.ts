// Issue 38: what a store serves once started. The test gateway exists only in development and tests (or where
// ALLOW_TEST_GATEWAY=true), a card payment with no provider is refused, a store on a remote Spree has no embedded
// backend, HSTS is sent by production stores only, and the console's dashboard shows every opt-in in force.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import app from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { TEST_CARD, call, paymentReadyCart, registerAndLogin } from '#tests/factories/api.ts'
import { clientAddress, fromClient } from '#tests/factories/client.ts'
import { operator } from './admin-helpers.ts'
import { ORIGIN } from './helpers.ts'

const testEnv = env as unknown as Env
/** A production store with everything it needs to start (docs/deploying.md 'Deploying'). */
const LIVE: Env = {
  ...testEnv,
  ENVIRONMENT: 'production',
  PASSWORD_PEPPER: 'a-real-production-pepper-0123',
  HEADER_STATE_SECRET: 'a-production-header-state-secret-0123456789',
  STRIPE_SECRET_KEY: 'sk_live_from_wrangler_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_from_the_dashboard',
  STRIPE_WEBHOOK_SECRET: 'whsec_from_wrangler_secret',
  RESEND_API_KEY: 're_from_wrangler_secret',
  STORE_URL: 'https://shop.basecamp-outfitters.com.au',
}
/** A staging store without Stripe or mail that opted into the test gateway and no mail. */
const STAGING_OPTED_IN: Env = { ...LIVE, ENVIRONMENT: 'staging', STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '', RESEND_API_KEY: '', ALLOW_TEST_GATEWAY: 'true', ALLOW_NO_MAIL: 'true' }

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
const fetchFrom = (target: Env, url: string, init: RequestInit = {}) => app.fetch(new Request(url, init), target, ctx)
const post = (target: Env, path: string, body: unknown, origin = ORIGIN) =>
  fetchFrom(target, origin + path, { method: 'POST', headers: { 'content-type': 'application/json', origin, ...fromClient(clientAddress()) }, body: JSON.stringify(body) })
const tokenCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM test_gateway_tokens').first<{ n: number }>())!.n

describe('the test gateway outside development (issue 38)', () => {
  it('POST /test_gateway/tokens is the store\'s 404 in production and writes nothing', async () => {
    const before = await tokenCount()
    const res = await post(LIVE, '/test_gateway/tokens', { card: { ...TEST_CARD, number: '4242424242424242' } })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('tok_test_')
    expect(await tokenCount()).toBe(before)
  })

  it('exists in tests and on a staging store that opted in with ALLOW_TEST_GATEWAY=true', async () => {
    for (const target of [testEnv, STAGING_OPTED_IN]) {
      const res = await post(target, '/test_gateway/tokens', { card: { ...TEST_CARD, number: '4242424242424242' } })
      expect(res.status).toBe(201)
      expect(((await res.json()) as { id: string }).id).toMatch(/^tok_test_/)
    }
  })

  it('a production backend without a card provider refuses the card payment, and the order does not complete', async () => {
    const product = await createProduct({ stock: 5 })
    const token = await paymentReadyCart(product.variantId)
    // as if the start-up check were bypassed: the embedded backend itself never lets the test gateway approve a card
    const production = { ENVIRONMENT: 'production', STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' }
    const paid = await call('/checkout/create_payment', { orderToken: token, env: production, body: { payment_method_id: '1', source_attributes: { ...TEST_CARD, number: '4242424242424242' } } })
    expect(paid.status).toBe(503)
    expect(paid.body.error).toMatch(/nothing was charged/)
    const complete = await call('/checkout/complete', { method: 'PATCH', orderToken: token, env: production })
    expect(complete.status).not.toBe(200)
    const order = await env.DB.prepare('SELECT state FROM orders WHERE token = ?').bind(token).first<{ state: string }>()
    expect(order!.state).not.toBe('complete')
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token = ? AND p.method = 'card'").bind(token).first<{ n: number }>())!.n).toBe(0)
  })
})

describe('a store on a remote Spree (COMMERCE_URL, issue 38)', () => {
  it('answers 404 at the embedded backend\'s addresses instead of serving the local D1', async () => {
    const remote = { ...testEnv, COMMERCE_URL: 'https://spree.test' }
    const before = await tokenCount()
    const answers = [
      await fetchFrom(remote, `${ORIGIN}/api/v2/storefront/products`, { headers: { accept: 'application/json' } }),
      await fetchFrom(remote, `${ORIGIN}/api/v2/storefront/taxons`, { headers: { accept: 'application/json' } }),
      await post(remote, '/spree_oauth/token', { grant_type: 'password', username: 'a@example.com', password: 'secret123' }),
      await post(remote, '/api/v2/storefront/cart', {}),
      await post(remote, '/test_gateway/tokens', { card: TEST_CARD }),
      await post(remote, '/webhooks/stripe', {}),
    ]
    expect(answers.map((res) => res.status)).toEqual([404, 404, 404, 404, 404, 404])
    expect(await tokenCount()).toBe(before)
    // the same addresses are the embedded backend's when COMMERCE_URL is empty
    expect((await fetchFrom(testEnv, `${ORIGIN}/api/v2/storefront/products`)).status).toBe(200)
  })
})

describe('links in emails (issue 38)', () => {
  it('go to STORE_URL, not to the seeded localhost address or the host the request came to', async () => {
    await env.DB.prepare("UPDATE store SET url = 'localhost:8787' WHERE id = 1").run()
    const me = await registerAndLogin()
    const asked = await call('/passwords', { body: { user: { email: me.email } }, env: { STORE_URL: 'https://shop.basecamp-outfitters.com.au/' } })
    expect(asked.status).toBe(200)
    const mail = await env.DB.prepare("SELECT body FROM outbox WHERE to_email = ? AND kind = 'password_reset'").bind(me.email).first<{ body: string }>()
    expect(mail!.body).toMatch(/https:\/\/shop\.basecamp-outfitters\.com\.au\/reset-password\?token=[A-Za-z0-9_-]+/)
    expect(mail!.body).not.toContain('localhost')
    expect(mail!.body).not.toContain('store.test')
  })
})

describe('HSTS (issue 38)', () => {
  const hsts = async (target: Env, url: string) => (await fetchFrom(target, url)).headers.get('strict-transport-security')

  it('production and staging send two years, subdomains included, on https', async () => {
    expect(await hsts(LIVE, 'https://shop.basecamp-outfitters.com.au/robots.txt')).toBe('max-age=63072000; includeSubDomains')
    expect(await hsts(LIVE, 'https://shop.basecamp-outfitters.com.au/')).toBe('max-age=63072000; includeSubDomains')
    expect(await hsts(STAGING_OPTED_IN, 'https://staging.basecamp-outfitters.com.au/robots.txt')).toBe('max-age=63072000; includeSubDomains')
  })

  it('development on localhost sends none, over http or https (it would pin localhost to https for every project)', async () => {
    const development = { ...testEnv, ENVIRONMENT: 'development' }
    expect(await hsts(development, 'http://localhost:8787/robots.txt')).toBeNull()
    expect(await hsts(development, 'https://localhost:8787/robots.txt')).toBeNull()
    expect(await hsts(testEnv, 'https://store.test/robots.txt')).toBeNull()
  })
})

describe('the console dashboard (issue 38)', () => {
  it('shows every opt-in in force as a warning, and none without', async () => {
    const { b } = await operator()
    const cookie = [...b.jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const dashboard = async (target: Env) => {
      const res = await fetchFrom(target, `${ORIGIN}/admin`, { headers: { accept: 'text/html', cookie } })
      expect(res.status).toBe(200)
      return res.text()
    }
    const plain = await dashboard(testEnv)
    expect(plain).toContain('Orders waiting to be shipped')
    expect(plain).not.toContain('data-testid="opt-ins"')
    const opted = await dashboard({ ...testEnv, ALLOW_TEST_GATEWAY: 'true', ALLOW_NO_MAIL: 'true', ALLOW_PUBLIC_DEV_HOST: 'true' })
    const warning = opted.slice(opted.indexOf('role="alert"'), opted.indexOf('</ul>', opted.indexOf('data-testid="opt-ins"')))
    expect(warning).toContain('start-up checks switched off')
    expect(warning).toContain('ALLOW_TEST_GATEWAY=true: the offline test gateway is open outside development')
    expect(warning).toContain('ALLOW_NO_MAIL=true: the store may run without a mail provider')
    expect(warning).toContain('ALLOW_PUBLIC_DEV_HOST=true')
  })
})
