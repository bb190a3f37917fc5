import { describe, expect, it } from 'vitest'
import { SELF } from 'cloudflare:test'
import { ORIGIN, authCookie, get, html } from './helpers.ts'

function cookies(response: Response) {
  return response.headers.getSetCookie()
}

describe('locale, currency and country cookies', () => {
  it('sets en, AUD and AU on a first visit: one year, path /, SameSite=Lax', async () => {
    const set = cookies(await get('/'))
    for (const [name, value] of [
      ['locale', 'en'],
      ['currency', 'AUD'],
      ['country', 'AU'],
    ]) {
      const cookie = set.find((c) => c.startsWith(`${name}=`))
      expect(cookie, name).toBeDefined()
      expect(cookie).toContain(`${name}=${value}`)
      expect(cookie).toContain('Max-Age=31536000')
      expect(cookie).toContain('Path=/')
      expect(cookie).toContain('SameSite=Lax')
      expect(cookie).not.toContain('HttpOnly')
    }
  })

  it('takes the language from the /de prefix and remembers it', async () => {
    const response = await get('/de/AboutUs', { cookie: 'locale=en; currency=AUD; country=AU' })
    expect(cookies(response).find((c) => c.startsWith('locale='))).toContain('locale=de')
    expect(await html(response)).toContain('<html lang="de"')
  })

  it('reads the /de prefix in any case, as the route matching does: /DE/AboutUs is the German page in German', async () => {
    const body = await html(await get('/DE/AboutUs', { cookie: 'locale=en; currency=AUD; country=AU' }))
    expect(body).toContain('<html lang="de"')
    expect(body).toContain('Über uns')
  })

  it('writes nothing when the cookies already match', async () => {
    const response = await get('/', { cookie: 'locale=en; currency=USD; country=NZ' })
    expect(cookies(response)).toEqual([])
  })

  it('ignores a currency the store does not sell and falls back to AUD', async () => {
    const response = await get('/', { cookie: 'locale=en; currency=EUR; country=AU' })
    expect(cookies(response).find((c) => c.startsWith('currency='))).toContain('currency=AUD')
  })

  it('clears an unreadable bearer cookie as a guest would have none (account guard redirects home)', async () => {
    const response = await get('/MyAccount', { cookie: 'auth=not-base64-json' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/')
  })

  it('lets a valid bearer cookie past the account guard, and sends an expired one home', async () => {
    const now = Math.floor(Date.now() / 1000)
    const valid = await get('/MyAccount', { cookie: authCookie({ access_token: 'x'.repeat(20), created_at: now, expires_in: 3600 }) })
    expect(valid.status).not.toBe(302)
    const expired = await get('/MyAccount', { cookie: authCookie({ access_token: 'x'.repeat(20), created_at: now - 7200, expires_in: 3600 }) })
    expect(expired.status).toBe(302)
    expect(expired.headers.get('location')).toBe('/')
  })
})

describe('cross-site requests that change something are refused', () => {
  const targets = ['/api/auth/logout', '/products/anything', '/api/v2/storefront/cart']
  for (const path of targets) {
    it(`form post to ${path} from another site → 403`, async () => {
      const response = await SELF.fetch(ORIGIN + path, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: 'a=1',
        redirect: 'manual',
      })
      expect(response.status).toBe(403)
      expect(await response.text()).toContain('another website')
    })
    it(`JSON post to ${path} with Sec-Fetch-Site: cross-site → 403 with a JSON message`, async () => {
      const response = await SELF.fetch(ORIGIN + path, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        body: '{}',
      })
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ error: 'This request came from another website and was refused.' })
    })
  }

  it('lets a same-origin request through', async () => {
    const response = await SELF.fetch(ORIGIN + '/api/auth/logout', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } })
    expect(response.status).not.toBe(403)
  })

  it('a cross-site DELETE and PATCH are refused too', async () => {
    for (const method of ['DELETE', 'PATCH', 'PUT']) {
      const response = await SELF.fetch(ORIGIN + '/api/v2/storefront/cart', { method, headers: { origin: 'https://evil.example' } })
      expect(response.status, method).toBe(403)
    }
  })
})

describe('a known API address asked with a method it does not take', () => {
  // before: PUT /api/v2/storefront/cart, OPTIONS /spree_oauth/token … answered 404 'could not be found'
  it('answers 405 with Allow and a sentence in the error shape; an unknown address stays 404', async () => {
    const cases: Array<[string, string, string]> = [
      ['PUT', '/api/v2/storefront/cart', 'DELETE, GET, HEAD, POST'],
      ['OPTIONS', '/api/v2/storefront/products', 'GET, HEAD'],
      ['DELETE', '/api/v2/storefront/products/some-slug', 'GET, HEAD'],
      ['GET', '/spree_oauth/token', 'POST'],
      ['PUT', '/api/cart/items', 'POST'],
    ]
    for (const [method, path, allow] of cases) {
      const response = await SELF.fetch(ORIGIN + path, { method, headers: { accept: 'application/json', 'sec-fetch-site': 'same-origin' } })
      expect(response.status, `${method} ${path}`).toBe(405)
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow)
      const body = await response.json<{ error: string }>()
      expect(body.error).toMatch(new RegExp(`^This address does not accept ${method} requests; it accepts .+\\.$`))
    }
    for (const path of ['/api/v2/storefront/nothing-here', '/spree_oauth/nothing', '/api/nothing']) {
      const response = await SELF.fetch(ORIGIN + path, { method: 'PUT', headers: { accept: 'application/json', 'sec-fetch-site': 'same-origin' } })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('allow')).toBeNull()
    }
  })
})

describe('security headers and the CSP nonce', () => {
  it('puts the per-request nonce on every inline and module script, and allows no unsafe-inline scripts', async () => {
    const response = await get('/')
    const csp = response.headers.get('content-security-policy')!
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false)
    const body = await html(response)
    // JSON-LD blocks are data the browser never runs (CSP does not apply to them); every other script needs the nonce.
    const scripts = [...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/ld+json"'))
    expect(scripts.length).toBeGreaterThanOrEqual(2)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
  })

  it('uses a different nonce on every request', async () => {
    const a = (await get('/')).headers.get('content-security-policy')
    const b = (await get('/')).headers.get('content-security-policy')
    expect(a).not.toEqual(b)
  })

  it('sends the hardening headers, a request id and Server-Timing', async () => {
    const response = await get('/AboutUs')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/)
    expect(response.headers.get('server-timing')).toMatch(/ssr;dur=\d/)
  })
})


describe('the locale cookie follows the pages a shopper opens', () => {
  it('is not switched by a background fetch of a page in another language', async () => {
    const response = await get('/offline', { cookie: 'locale=de; currency=AUD; country=AU', 'sec-fetch-mode': 'cors' })
    expect(cookies(response).find((c) => c.startsWith('locale='))).toBeUndefined()
  })
  it('is switched by a navigation', async () => {
    const response = await get('/offline', { cookie: 'locale=de; currency=AUD; country=AU', 'sec-fetch-mode': 'navigate' })
    expect(cookies(response).find((c) => c.startsWith('locale='))).toContain('locale=en')
  })
})

describe('what shared caches may keep', () => {
  it('catalogue and content pages may be cached briefly; checkout and account pages never', async () => {
    expect((await get('/AboutUs')).headers.get('cache-control')).toContain('public')
    expect((await get('/checkout/thank-you')).headers.get('cache-control')).toBe('private, no-store')
    const now = Math.floor(Date.now() / 1000)
    const account = await get('/MyAccount', { cookie: authCookie({ access_token: 'x'.repeat(20), created_at: now, expires_in: 3600 }) })
    expect(account.headers.get('cache-control')).toBe('private, no-store')
  })
})
