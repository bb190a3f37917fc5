// Issue 45 point 1: the header's personal bits (name, cart count, member flag, wishlist) travel in a signed,
// short-lived cookie, so a returning member's or a cart-holder's page view costs no D1 round trip; a change rewrites
// the cookie in its own answer; a forged, moved, expired or retired-key cookie is not believed (the database is read).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { clientAddress, fromClient } from '#tests/factories/client.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { bumpPageCacheVersion } from '#worker/edge-cache/content-version.ts'
import { HEADER_COOKIE, signHeaderState, verifyHeaderState } from '#worker/edge-cache/header-cookie.ts'
import { parseAuthCookie, SessionState } from '#worker/middleware/session.ts'
import { authCookie, ORIGIN } from './helpers.ts'

const testEnv = env as unknown as Env

/** A browser: keeps the cookies the store sets, sends them back; pages and JSON calls through the whole worker. */
function browser(workerEnv: Env = testEnv, ip = clientAddress()) {
  const jar = new Map<string, string>()
  async function send(path: string, init: { method?: string; json?: unknown } = {}) {
    const headers: Record<string, string> = { accept: init.json === undefined && !init.method ? 'text/html' : 'application/json', ...fromClient(ip) }
    if (init.method) Object.assign(headers, { origin: ORIGIN, 'content-type': 'application/json' })
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const ctx = createExecutionContext()
    const response = await worker.fetch(new Request(ORIGIN + path, { method: init.method ?? 'GET', redirect: 'manual', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }), workerEnv, ctx)
    const body = await response.text()
    await waitOnExecutionContext(ctx)
    for (const line of response.headers.getSetCookie()) {
      const [name, value] = line.split(';')[0]!.split('=') as [string, string]
      if (/max-age=0/i.test(line) || !value) jar.delete(name)
      else jar.set(name, value)
    }
    const timing = response.headers.get('server-timing') ?? ''
    return {
      response,
      body,
      d1: Number(/\bd1;desc="?(\d+)/.exec(timing)?.[1] ?? NaN),
      edge: /edge;desc="(\w+)"/.exec(timing)?.[1],
      issued: response.headers.getSetCookie().find((line) => line.startsWith(`${HEADER_COOKIE}=`)),
    }
  }
  return { jar, page: (path: string) => send(path), api: (method: string, path: string, json?: unknown) => send(path, { method, json }) }
}

const badge = (body: string) => /data-testid="cart-badge">(\d+)</.exec(body)?.[1] ?? null

let product: CreatedProduct
beforeAll(async () => {
  await seedCatalogue(4)
  product = await createProduct({ name: 'Header Cookie Anorak', stock: 50 })
})

describe('a page view of a shopper who changed nothing reads no database', () => {
  it("a returning member's cached page views: the first one reads D1 once and signs the cookie, the next ones read it 0 times", async () => {
    const member = await registerAndLogin({ firstName: 'Rosalind' })
    await call('/cart', { method: 'POST', bearer: member.bearer })
    await call('/cart/add_item', { bearer: member.bearer, body: { variant_id: product.variantId, quantity: 2 } })
    const shopper = browser()
    shopper.jar.set('auth', authCookie({ access_token: member.bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 }).slice('auth='.length))
    await browser().page('/t/women') // the shared copy, stored by someone without cookies

    const first = await shopper.page('/t/women')
    expect(first.edge).toBe('hit')
    expect(first.d1).toBe(1)
    expect(first.issued).toMatch(/; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    for (const path of ['/t/women', '/t/women', '/']) {
      const again = await shopper.page(path)
      expect(again.body).toContain('Hi Rosalind')
      expect(badge(again.body)).toBe('2')
      expect(again.issued).toBeUndefined()
      if (again.edge === 'hit') expect(again.d1).toBe(0)
    }
    expect((await shopper.page('/t/women')).d1).toBe(0)
  })

  it("a cart-holder's cached page view costs 0 round trips, and on a miss the header adds nothing to the render's own", async () => {
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 3 } })
    const shopper = browser()
    shopper.jar.set('cart_token', token)
    await shopper.page('/t/men') // signs the cookie
    const hit = await shopper.page('/t/men')
    expect(hit.edge).toBe('hit')
    expect(badge(hit.body)).toBe('3')
    expect(hit.d1).toBe(0)

    // a miss: the same render for a visitor without cookies and for the cart-holder costs the same round trips
    // (twice: the second render is the one whose per-isolate memos are as warm as the shopper's will be)
    let anonymousMiss = await browser().page('/t/men?view=list')
    for (let i = 0; i < 2; i++) {
      await bumpPageCacheVersion(testEnv)
      anonymousMiss = await browser().page('/t/men?view=list')
    }
    await bumpPageCacheVersion(testEnv)
    const shopperMiss = await shopper.page('/t/men?view=list')
    expect([anonymousMiss.edge, shopperMiss.edge]).toEqual(['miss', 'miss'])
    expect(badge(shopperMiss.body)).toBe('3')
    expect(shopperMiss.d1).toBe(anonymousMiss.d1)
    expect(shopperMiss.d1).toBeGreaterThan(0)
  })
})

describe('a change rewrites the cookie in its own answer', () => {
  it('cart add, login (the carts merge), wishlist, a name change and logout: each answer signs the new bits, the next page reads nothing', async () => {
    const member = await registerAndLogin({ firstName: 'Barbara' })
    const shopper = browser()
    const added = await shopper.api('POST', '/api/cart/items', { variantId: String(product.variantId), quantity: 2 })
    expect(added.response.status, added.body).toBe(200)
    expect(added.issued).toBeTruthy()
    let view = await shopper.page('/')
    expect(badge(view.body)).toBe('2')
    if (view.edge === 'hit') expect(view.d1).toBe(0)

    const login = await shopper.api('POST', '/api/auth/login', { username: member.email, password: member.password })
    expect(login.response.status, login.body).toBe(200)
    expect(login.issued).toBeTruthy()
    view = await shopper.page('/')
    expect(view.body).toContain('Hi Barbara')
    expect(badge(view.body)).toBe('2')
    if (view.edge === 'hit') expect(view.d1).toBe(0)

    const wished = await shopper.api('POST', '/api/wishlist/items', { variantId: String(product.variantId) })
    expect(wished.response.status, wished.body).toBe(200)
    expect(wished.issued).toBeTruthy()
    const verified = await verifyHeaderState(testEnv, new SessionState(parseAuthCookie(shopper.jar.get('auth')), shopper.jar.get('cart_token') ?? null), shopper.jar.get(HEADER_COOKIE))
    expect(verified?.wished).toEqual([String(product.variantId)])

    const renamed = await shopper.api('PATCH', '/api/account', { firstName: 'Babs', lastName: 'Lovelace', email: member.email })
    expect(renamed.response.status, renamed.body).toBe(200)
    view = await shopper.page('/')
    expect(view.body).toContain('Hi Babs')
    if (view.edge === 'hit') expect(view.d1).toBe(0)

    const logout = await shopper.api('POST', '/api/auth/logout')
    expect(logout.response.status).toBe(204)
    view = await shopper.page('/')
    expect(view.body).not.toContain('Babs')
    expect(view.body).toContain('data-testid="top-bar"')
  })

  it('a change this browser did not make shows on cached pages once the shopper opens a page outside the cache (the cart)', async () => {
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    const shopper = browser()
    shopper.jar.set('cart_token', token)
    await shopper.page('/t/women')
    // the same cart changed elsewhere (another tab's API client, a card provider's return): the cookie still says 1
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    expect(badge((await shopper.page('/t/women')).body)).toBe('1')
    const cart = await shopper.page('/Cart')
    expect(cart.issued).toBeTruthy()
    const after = await shopper.page('/t/women')
    expect([badge(after.body), after.edge, after.d1]).toEqual(['2', 'hit', 0])
  })

  it('a refused change (a 4xx) leaves the cookie as it is and reads nothing to re-sign it', async () => {
    const shopper = browser()
    await shopper.api('POST', '/api/cart/items', { variantId: String(product.variantId), quantity: 1 })
    const refused = await shopper.api('POST', '/api/cart/items', { variantId: 'not-a-variant', quantity: 1 })
    expect(refused.response.status).toBeGreaterThanOrEqual(400)
    expect(refused.response.status).toBeLessThan(500)
    expect(refused.issued).toBeUndefined()
  })
})

describe('a cookie that is not this shopper\'s own, fresh, from this store is not believed', () => {
  async function cartHolder(quantity: number) {
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity } })
    const shopper = browser()
    shopper.jar.set('cart_token', token)
    await shopper.page('/t/women')
    return { token, shopper, cookie: shopper.jar.get(HEADER_COOKIE)! }
  }

  /** The page `shopper` gets with `cookie` as their header cookie: it must show their own count, read from D1. */
  async function notBelieved(shopper: ReturnType<typeof browser>, cookie: string, own: string) {
    shopper.jar.set(HEADER_COOKIE, cookie)
    const view = await shopper.page('/t/women')
    expect(view.edge).toBe('hit')
    expect(badge(view.body)).toBe(own)
    expect(view.d1).toBe(1)
    expect(view.issued).toBeTruthy()
    expect(shopper.jar.get(HEADER_COOKIE)).not.toBe(cookie)
  }

  it('forged: a payload changed (9 items, a name) under the original signature', async () => {
    const { shopper, cookie } = await cartHolder(1)
    const [payload, mac] = cookie.split('.') as [string, string]
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    const forged = btoa(JSON.stringify({ ...claims, c: 9, a: 1, n: 'Mallory' })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    await notBelieved(shopper, `${forged}.${mac}`, '1')
    await notBelieved(shopper, `${payload}.${'A'.repeat(43)}`, '1')
    await notBelieved(shopper, 'garbage', '1')
  })

  it("replayed: shopper A's genuine cookie sent with shopper B's cart never shows A's count", async () => {
    const a = await cartHolder(4)
    const b = await cartHolder(1)
    await notBelieved(b.shopper, a.cookie, '1')
  })

  it('expired, signed by a retired key, or by no key of this store; the previous key is believed during a rotation', async () => {
    const { token, shopper } = await cartHolder(2)
    const session = new SessionState(null, token)
    const lie = { authenticated: true, firstName: 'Mallory', cartCount: 7, wished: [] }
    const an_hour_ago = Math.floor(Date.now() / 1000) - 3600
    await notBelieved(shopper, (await signHeaderState(testEnv, session, lie, an_hour_ago))!, '2')
    const retired = { ...testEnv, HEADER_STATE_SECRET: 'a-retired-secret-nobody-should-still-believe' }
    await notBelieved(shopper, (await signHeaderState(retired, session, lie))!, '2')

    // a rotation: the new secret signs, the previous one is still believed, the retired one is not
    const rotated = { ...testEnv, HEADER_STATE_SECRET: 'the-new-secret-of-at-least-32-characters', HEADER_STATE_SECRET_PREVIOUS: 'the-previous-secret-of-32-or-more-chars' }
    const previous = { ...testEnv, HEADER_STATE_SECRET: rotated.HEADER_STATE_SECRET_PREVIOUS }
    const byPrevious = (await signHeaderState(previous, session, { ...lie, firstName: null, authenticated: false, cartCount: 2 }))!
    expect(await verifyHeaderState(rotated, session, byPrevious)).toMatchObject({ cartCount: 2 })
    expect(await verifyHeaderState(rotated, session, (await signHeaderState(retired, session, lie))!)).toBeNull()
    expect(await verifyHeaderState(previous, session, (await signHeaderState(rotated, session, lie))!)).toBeNull()
    const inRotation = browser(rotated)
    inRotation.jar.set('cart_token', token)
    inRotation.jar.set(HEADER_COOKIE, byPrevious)
    await inRotation.page('/t/women')
    const view = await inRotation.page('/t/women')
    expect([badge(view.body), view.d1, view.issued]).toEqual(['2', 0, undefined])
  })
})
