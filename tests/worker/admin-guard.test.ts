import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { registerAndLogin } from '#tests/factories/api.ts'
import { adminApp } from '#worker/admin/app.tsx'
import { authCookie, ORIGIN } from './helpers.ts'
import { ADMIN_PASSWORD, consoleBrowser, createAdmin, operator } from './admin-helpers.ts'
import { SELF } from 'cloudflare:test'

/** Every console route the app declares, with its path parameters filled in. */
const routes = [...new Set(adminApp.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '1')}`))]

describe('the console guard', () => {
  it('declares routes to check', () => {
    expect(routes.length).toBeGreaterThan(3)
  })

  it('answers a stranger and a logged-in shopper a plain, uncached 404 at every console route but the login and setup pages', async () => {
    const shopper = await registerAndLogin()
    const token = await SELF.fetch(`${ORIGIN}/api/v2/storefront/account`, { headers: { authorization: `Bearer ${shopper.bearer}` } })
    expect(token.status).toBe(200)
    const shopperCookie = authCookie({ access_token: shopper.bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 })
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string]
      if (path === '/admin/login' || path === '/admin/setup') continue
      for (const cookie of [undefined, shopperCookie, 'admin_session=forged-token-aaaaaaaaaaaaaaaaaaaaaaaa']) {
        const res = await SELF.fetch(ORIGIN + path, {
          method,
          redirect: 'manual',
          headers: { accept: 'text/html', origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
          body: method === 'GET' ? undefined : 'password=x',
        })
        expect(res.status, `${route} with ${cookie ?? 'no cookie'}`).toBe(404)
        expect(res.headers.get('cache-control')).toBe('private, no-store')
        expect(await res.text()).toContain('Page not found')
      }
    }
  })

  it('refuses a shopper password at the console login, and lets an admin in with a Strict, HttpOnly session scoped to /admin', async () => {
    const shopper = await registerAndLogin()
    const b = consoleBrowser()
    const refused = await b.logIn(shopper.email, shopper.password)
    expect(refused.status).toBe(401)
    expect(refused.body).toContain('That email and password do not match a console account.')

    const admin = await createAdmin()
    const ok = await b.logIn(admin.email)
    expect(ok.status).toBe(303)
    expect(ok.location).toBe('/admin')
    const cookie = ok.headers.getSetCookie().find((c) => c.startsWith('admin_session='))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Strict/i)
    expect(cookie).toMatch(/Path=\/admin/i)
    expect(cookie).toMatch(/Secure/i)
    const dash = await b.get('/admin')
    expect(dash.status).toBe(200)
    expect(dash.headers.get('cache-control')).toBe('private, no-store')
    expect(dash.body).toContain('Orders waiting to be shipped')
    // no script at all: nothing of the console ships to a browser
    expect(dash.body).not.toContain('<script')

    const out = await b.post('/admin/logout', {})
    expect(out.status).toBe(303)
    expect((await b.get('/admin')).status).toBe(404)
  })

  it('shows field messages for a malformed login and refuses a cross-site one', async () => {
    const b = consoleBrowser()
    const bad = await b.post('/admin/login', { email: 'nope', password: '' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('Enter a valid email address.')
    expect(bad.body).toContain('Enter your password.')
    const cross = await b.post('/admin/login', { email: 'a@example.com', password: 'x' }, { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' })
    expect(cross.status).toBe(403)
  })

  it('limits login attempts per account', async () => {
    const admin = await createAdmin()
    const b = consoleBrowser()
    let last = 0
    for (let i = 0; i < 12 && last !== 429; i++) last = (await b.logIn(admin.email, 'wrong password')).status
    expect(last).toBe(429)
    // even the right password waits now
    expect((await b.logIn(admin.email, ADMIN_PASSWORD)).status).toBe(429)
  })

  it('writes who logged in to the audit log', async () => {
    const { email } = await operator()
    const row = await env.DB.prepare("SELECT admin_email FROM audit_log WHERE action = 'operator.login' ORDER BY id DESC LIMIT 1").first<{ admin_email: string }>()
    expect(row!.admin_email).toBe(email)
  })
})

describe('with COMMERCE_URL set', () => {
  it('points the operator to the remote Spree admin and has no console of its own', async () => {
    const remoteEnv = { ...env, COMMERCE_URL: 'https://spree.example.com' }
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
    const login = await adminApp.fetch(new Request(`${ORIGIN}/admin/login`), remoteEnv, ctx)
    expect(login.status).toBe(200)
    expect(await login.text()).toContain('https://spree.example.com/admin')
    expect((await adminApp.fetch(new Request(`${ORIGIN}/admin/orders`), remoteEnv, ctx)).status).toBe(404)
  })
})
