import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import app from '#worker/index.ts'
import { configProblem, DEVELOPMENT_PEPPER, isProduction, type Env } from '#worker/env.ts'

// What a new user gets from `wrangler deploy` with the shipped wrangler.toml: its top-level [vars] (read by
// vitest.config.mts, no --env, no .dev.vars) and only the secrets they have put.
const SHIPPED_VARS = (env as unknown as { SHIPPED_VARS: Record<string, string> }).SHIPPED_VARS

function deployed(secrets: { PASSWORD_PEPPER?: string } = {}): Env {
  const { ENVIRONMENT: _e, PASSWORD_PEPPER: _p, COMMERCE_URL: _c, ...bindings } = env as unknown as Env
  return { ...bindings, ...SHIPPED_VARS, ...secrets } as Env
}

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
const fetchFrom = (target: Env, path: string, init?: RequestInit) => app.fetch(new Request(`https://store.test${path}`, init), target, ctx)

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
      expect(text).toMatch(/^Invalid configuration: .*PASSWORD_PEPPER.*wrangler secret put PASSWORD_PEPPER$/)
      expect(text).not.toContain('\n')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('PASSWORD_PEPPER must be set'))
  })

  it('refuses the public development pepper and a short one in production', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await fetchFrom(deployed({ PASSWORD_PEPPER: DEVELOPMENT_PEPPER }), '/')).status).toBe(503)
    expect((await fetchFrom(deployed({ PASSWORD_PEPPER: 'short' }), '/')).status).toBe(503)
    expect(configProblem({ ...deployed(), ENVIRONMENT: 'staging' })).toMatch(/PASSWORD_PEPPER/)
    expect(configProblem({ ...deployed(), ENVIRONMENT: 'prod' })).toMatch(/ENVIRONMENT must be/)
  })

  it('with a real pepper serves the store, and the outbox reader answers 404', async () => {
    const target = deployed({ PASSWORD_PEPPER: 'a-real-production-pepper-0123' })
    expect((await fetchFrom(target, '/api/v2/storefront/products')).status).toBe(200)
    expect((await fetchFrom(target, '/api/v2/storefront/outbox?email=a@example.com')).status).toBe(404)
  })

  it('development (.dev.vars or --env dev) runs with the development pepper and keeps the outbox reader', async () => {
    expect(configProblem({ ...deployed(), ENVIRONMENT: 'development' })).toBeNull()
    const res = await fetchFrom({ ...deployed(), ENVIRONMENT: 'development' }, '/api/v2/storefront/outbox?email=a@example.com')
    expect(res.status).toBe(200)
  })
})
