import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import app from '#worker/index.ts'
import { configProblem, DEVELOPMENT_HEADER_SECRET, DEVELOPMENT_PEPPER, isProduction, type Env } from '#worker/env.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { AU_ADDRESS } from '#tests/factories/api.ts'
import { clientAddress, fromClient } from '#tests/factories/client.ts'

// What a new user gets from `wrangler deploy` with the shipped wrangler.toml: its top-level [vars] (read by
// vitest.config.mts, no --env, no .dev.vars) and only the secrets they have put.
const SHIPPED_VARS = (env as unknown as { SHIPPED_VARS: Record<string, string> }).SHIPPED_VARS
// ...and what `wrangler deploy --env dev` ships.
const DEV_VARS = (env as unknown as { DEV_VARS: Record<string, string> }).DEV_VARS

/** Everything a production store on the embedded backend needs (docs/deploying.md 'Deploying'). */
const LIVE = {
  PASSWORD_PEPPER: 'a-real-production-pepper-0123',
  HEADER_STATE_SECRET: 'a-production-header-state-secret-0123456789',
  STRIPE_SECRET_KEY: 'sk_live_from_wrangler_secret',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_from_the_dashboard',
  STRIPE_WEBHOOK_SECRET: 'whsec_from_wrangler_secret',
  RESEND_API_KEY: 're_from_wrangler_secret',
  STORE_URL: 'https://shop.basecamp-outfitters.com.au',
}

function deployed(secrets: Partial<Env> = {}, vars: Record<string, string> = SHIPPED_VARS): Env {
  const { ENVIRONMENT: _e, PASSWORD_PEPPER: _p, COMMERCE_URL: _c, ...bindings } = env as unknown as Env
  return { ...bindings, ...vars, ...secrets } as Env
}

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
const fetchFrom = (target: Env, path: string, init?: RequestInit, origin = 'https://store.test') => app.fetch(new Request(`${origin}${path}`, init), target, ctx)

describe('the shipped wrangler.toml', () => {
  it('is production unless told otherwise', () => {
    expect(SHIPPED_VARS.ENVIRONMENT).not.toBe('development')
    expect(isProduction(SHIPPED_VARS)).toBe(true)
    expect(isProduction({ ENVIRONMENT: undefined })).toBe(true)
    expect(isProduction({ ENVIRONMENT: 'staging' })).toBe(true)
  })

  it('deployed without secrets answers every request 503 with the one-line reason, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const target = deployed()
    for (const [path, init] of [
      ['/', undefined],
      ['/api/v2/storefront/outbox?email=a@example.com', undefined],
      ['/spree_oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":"password","username":"a@example.com","password":"secret123"}' }],
      ['/api/products', undefined],
    ] as const) {
      const res = await fetchFrom(target, path, init)
      expect(res.status, path).toBe(503)
      const text = await res.text()
      expect(text).toMatch(/^Invalid configuration: .*PASSWORD_PEPPER.*wrangler secret put PASSWORD_PEPPER/)
      expect(text).not.toContain('\n')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('PASSWORD_PEPPER must be set'))
  })

  it("refuses to start without the header cookie's own secret, with the development one or a short one (issue 45)", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const secret of [undefined, DEVELOPMENT_HEADER_SECRET, 'short-secret']) {
      const res = await fetchFrom(deployed({ ...LIVE, HEADER_STATE_SECRET: secret }), '/')
      expect(res.status).toBe(503)
      expect(await res.text()).toBe('Invalid configuration: HEADER_STATE_SECRET must be set (at least 32 characters, not the development value) in production: wrangler secret put HEADER_STATE_SECRET')
    }
    expect(logged).toHaveBeenCalled()
    expect((await fetchFrom(deployed(LIVE), '/api/v2/storefront/products')).status).toBe(200)
  })

  it('refuses the public development pepper and a short one in production', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await fetchFrom(deployed({ ...LIVE, PASSWORD_PEPPER: DEVELOPMENT_PEPPER }), '/')).status).toBe(503)
    expect((await fetchFrom(deployed({ ...LIVE, PASSWORD_PEPPER: 'short' }), '/')).status).toBe(503)
    expect(configProblem({ ...deployed(LIVE), PASSWORD_PEPPER: undefined, ENVIRONMENT: 'staging' })).toMatch(/PASSWORD_PEPPER/)
    expect(configProblem({ ...deployed(LIVE), ENVIRONMENT: 'prod' })).toMatch(/ENVIRONMENT must be/)
  })

  it('with every provider and its public address serves the store, and the outbox reader answers 404', async () => {
    const target = deployed(LIVE)
    expect((await fetchFrom(target, '/api/v2/storefront/products')).status).toBe(200)
    expect((await fetchFrom(target, '/api/v2/storefront/outbox?email=a@example.com')).status).toBe(404)
  })

  it('development (.dev.vars) runs with the development pepper on localhost and keeps the outbox reader', async () => {
    expect(configProblem({ ...deployed(), ENVIRONMENT: 'development' })).toBeNull()
    const res = await fetchFrom({ ...deployed(), ENVIRONMENT: 'development' }, '/api/v2/storefront/outbox?email=a@example.com', undefined, 'http://localhost:8787')
    expect(res.status).toBe(200)
  })
})

// Issue 38, finding 1: the start-up check covered only the pepper.
describe('a production store without its providers (issue 38)', () => {
  it('with only the pepper answers 503, naming the card provider, the mail provider and STORE_URL in one line, logged once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const target = deployed({ PASSWORD_PEPPER: LIVE.PASSWORD_PEPPER })
    const lines = new Set<string>()
    for (const path of ['/', '/api/v2/storefront/products', '/t/men']) {
      const res = await fetchFrom(target, path)
      expect(res.status, path).toBe(503)
      lines.add(await res.text())
    }
    expect(lines.size).toBe(1)
    const [line] = [...lines]
    expect(line).not.toContain('\n')
    expect(line).toMatch(/^Invalid configuration: /)
    expect(line).toContain('no card provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET')
    expect(line).toContain('no mail provider: set RESEND_API_KEY')
    expect(line).toContain("STORE_URL must be the store's public https address")
    expect(line).not.toContain('PASSWORD_PEPPER')
    expect(logged.mock.calls.filter(([first]) => first === line)).toHaveLength(1)
  })

  it.each([
    ['production', { STRIPE_WEBHOOK_SECRET: '' }, 'no card provider: set STRIPE_WEBHOOK_SECRET (or ALLOW_TEST_GATEWAY=true)'],
    ['staging', { STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' }, 'no card provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY (or ALLOW_TEST_GATEWAY=true)'],
    ['production', { RESEND_API_KEY: undefined }, 'no mail provider: set RESEND_API_KEY (or ALLOW_NO_MAIL=true)'],
    ['production', { STORE_URL: 'http://shop.basecamp-outfitters.com.au' }, 'STORE_URL'],
    ['staging', { STORE_URL: 'https://localhost:8787' }, 'STORE_URL'],
    ['production', { STORE_URL: 'shop.basecamp-outfitters.com.au' }, 'STORE_URL must be an absolute http(s) URL'],
    ['production', { ALLOW_TEST_GATEWAY: 'yes' }, 'ALLOW_TEST_GATEWAY: must be true, false or empty'],
  ] as const)('%s with %o answers 503: %s', async (environment, change, reason) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await fetchFrom(deployed({ ...LIVE, ENVIRONMENT: environment, ...change }), '/')
    expect(res.status).toBe(503)
    const line = await res.text()
    expect(line).toContain(reason)
    expect(line.split(';')).toHaveLength(1)
  })

  it('a production checkout with only the pepper cannot complete an order paid with 4242 4242 4242 4242', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const product = await createProduct({ stock: 5 })
    const target = deployed({ PASSWORD_PEPPER: LIVE.PASSWORD_PEPPER })
    const ip = clientAddress()
    const api = async (path: string, method: string, body?: unknown, token?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', ...fromClient(ip), ...(token ? { 'x-spree-order-token': token } : {}) }
      const res = await fetchFrom(target, `/api/v2/storefront${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: res.status, body: (await res.text()) as string }
    }
    const cart = await api('/cart', 'POST')
    const token = cart.status === 201 ? (JSON.parse(cart.body).data.attributes.token as string) : undefined
    await api('/cart/add_item', 'POST', { variant_id: product.variantId, quantity: 1 }, token)
    const order = { email: 'guest@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] }
    await api('/checkout', 'PATCH', { order }, token)
    const card = { number: '4242424242424242', month: 12, year: new Date().getUTCFullYear() + 2, verification_value: '123', name: 'Free Rider' }
    await api('/checkout/create_payment', 'POST', { payment_method_id: '1', source_attributes: card }, token)
    const complete = await api('/checkout/complete', 'PATCH', {}, token)
    expect(complete.status).not.toBe(200)
    expect(complete.body).toContain('no card provider')
    const completed = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders o JOIN line_items l ON l.order_id = o.id WHERE o.state = 'complete' AND l.variant_id = ?").bind(product.variantId).first<{ n: number }>()
    expect(completed!.n).toBe(0)
  })

  it('each check gives way only to its own opt-in: a staging store with the test gateway and no mail starts', async () => {
    const staging = deployed({ ...LIVE, ENVIRONMENT: 'staging', STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '', RESEND_API_KEY: '' })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(configProblem({ ...staging, ALLOW_TEST_GATEWAY: 'true' })).toMatch(/^Invalid configuration: no mail provider[^;]*$/)
    expect(configProblem({ ...staging, ALLOW_NO_MAIL: 'true' })).toMatch(/^Invalid configuration: no card provider[^;]*$/)
    expect(configProblem({ ...staging, ALLOW_NO_MAIL: 'true', ALLOW_TEST_GATEWAY: 'false' })).toMatch(/no card provider/)
    const both = { ...staging, ALLOW_TEST_GATEWAY: 'true', ALLOW_NO_MAIL: 'true' }
    expect((await fetchFrom(both, '/api/v2/storefront/products')).status).toBe(200)
    // a remote Spree takes the payments and sends the mail: only the pepper and the header cookie's secret are this worker's
    expect(configProblem(deployed({ PASSWORD_PEPPER: LIVE.PASSWORD_PEPPER, HEADER_STATE_SECRET: LIVE.HEADER_STATE_SECRET, COMMERCE_URL: 'https://spree.example.com' }))).toBeNull()
  })
})

describe('a development configuration on a public host (issue 38)', () => {
  it('`wrangler deploy --env dev` answers 503 on its workers.dev or custom address, naming the host', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(DEV_VARS.ENVIRONMENT).toBe('development')
    const dev = deployed({}, DEV_VARS)
    for (const origin of ['https://storefront.someone.workers.dev', 'https://shop.basecamp-outfitters.com.au', 'http://203.0.113.7:8787']) {
      const res = await fetchFrom(dev, '/api/v2/storefront/outbox?email=a@example.com', undefined, origin)
      expect(res.status, origin).toBe(503)
      const line = await res.text()
      expect(line).toBe(`Invalid configuration: ENVIRONMENT=development serves only on localhost, not on ${new URL(origin).hostname}: deploy without --env dev (production), or set ALLOW_PUBLIC_DEV_HOST=true`)
    }
    const test = await fetchFrom({ ...dev, ENVIRONMENT: 'test' }, '/', undefined, 'https://storefront.someone.workers.dev')
    expect(test.status).toBe(503)
    expect(await test.text()).toContain('ENVIRONMENT=test serves only on localhost')
  })

  it('serves on this machine (npm start, the browser tests, the bench) and with ALLOW_PUBLIC_DEV_HOST=true', async () => {
    const dev = deployed({}, DEV_VARS)
    for (const origin of ['http://localhost:8787', 'http://127.0.0.1:51234', 'http://[::1]:8787', 'https://store.test']) {
      expect((await fetchFrom(dev, '/api/v2/storefront/products', undefined, origin)).status, origin).toBe(200)
    }
    const opted = await fetchFrom({ ...dev, ALLOW_PUBLIC_DEV_HOST: 'true' }, '/api/v2/storefront/products', undefined, 'https://storefront.someone.workers.dev')
    expect(opted.status).toBe(200)
  })
})
