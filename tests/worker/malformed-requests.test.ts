// Every route of the whole worker (pages in English and German, the BFF, the Storefront API and OAuth) × every method ×
// every kind of body a broken or hostile client sends, plus control characters in paths and bad price ranges.
// Nothing may answer 5xx; each simulated client has its own address (CF-Connecting-IP), as at Cloudflare's edge, so
// the answers come from the handlers, not from rate limits.
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { AU_ADDRESS, call, freshIp, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { sampleCatalogue, seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { ORIGIN, authCookie } from './helpers.ts'

let product: CreatedProduct
let category = ''
let cartCookie = ''
let memberCookie = ''
let bearer = ''
let cartToken = ''
let wishlist = ''
let addressId = ''

beforeAll(async () => {
  await seedCatalogue(8)
  product = await createProduct({ stock: 50 })
  category = (await sampleCatalogue()).permalink
  const member = await registerAndLogin()
  bearer = member.bearer
  memberCookie = authCookie({ access_token: bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 })
  addressId = (await call('/account/addresses', { bearer, body: { address: AU_ADDRESS } })).body.data.id
  wishlist = (await call('/wishlists/default', { bearer })).body.data.attributes.token
  // A guest cart that has reached the payment step, so every checkout form action runs, not only its guard.
  cartToken = await guestCart()
  await call('/cart/add_item', { orderToken: cartToken, body: { variant_id: product.variantId, quantity: 1 } })
  await call('/checkout', { method: 'PATCH', orderToken: cartToken, body: { order: { email: 'guest@example.com', ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS } } })
  cartCookie = `cart_token=${cartToken}`
})

const PAGE_PATHS = () => [
  '/', '/Home', '/AboutUs', '/FAQs', '/Category', '/CMSPage', '/LatestVersion', '/Login', '/reset-password', '/ResetPassword',
  `/t/${category}`, `/t/${category.split('/')[0]}`, `/c/${category}`, `/c/a/b/c`, `/products/${product.slug}`, `/products/no-such-thing`,
  `/p/${product.productId}/${product.slug}`, '/Content/about', '/some-cms-page', '/no/such/page/here', '/MyAccount', '/MyAccount/MyProfile',
  '/MyAccount/OrderHistory', '/MyAccount/SavedAddressesDetails', '/my-account/order-details/R000', '/checkout', '/checkout/CheckoutType',
  '/checkout/shipping', '/checkout/billing', '/checkout/payment', '/checkout/thank-you', '/offline',
]
const BFF_PATHS = () => [
  '/api/session', '/api/session/auth', '/api/cart', '/api/cart/items', '/api/cart/items/1', '/api/cart/empty', '/api/cart/coupon',
  '/api/cart/coupon/ABC', '/api/cart/currency', '/api/checkout/shipping-address', '/api/checkout/billing-address',
  '/api/checkout/shipping-rates', '/api/checkout/shipping-method', '/api/checkout/complete', '/api/orders', '/api/orders/R1',
  '/api/auth/login', '/api/auth/logout', '/api/account', '/api/account/password', '/api/passwords', '/api/account/addresses',
  `/api/account/addresses/${addressId}`, '/api/wishlist', '/api/wishlist/items', '/api/wishlist/items/1', '/api/gift-cards',
  '/api/affiliate', '/api/newsletter', '/api/newsletter/unsubscribe', '/api/contact', '/api/menus?type=header',
  '/api/categories/tree', '/api/categories', `/api/products?categoryId=1`, `/api/products/${product.slug}`, '/api/products/by-id/1',
  '/api/cms-pages/home', '/api/banners', '/api/banners/category?slug=x', '/api/search?term=a', '/api/countries', '/api/countries/AU',
  '/api/nothing-here',
]
const API_PATHS = () => [
  '/account', '/account/addresses', `/account/addresses/${addressId}`, '/account/orders', '/account/orders/R1', '/affiliate', '/banners',
  '/cart', '/cart/add_item', '/cart/apply_coupon_code', '/cart/associate', '/cart/change_currency', '/cart/empty',
  '/cart/estimate_shipping_rates', '/cart/remove_coupon_code', '/cart/remove_coupon_code/X', '/cart/remove_line_item/1', '/cart/set_quantity',
  '/checkout', '/checkout/add_store_credit', '/checkout/advance', '/checkout/complete', '/checkout/create_payment', '/checkout/next',
  '/checkout/payment_methods', '/checkout/remove_gift_card', '/checkout/remove_store_credit', '/checkout/select_shipping_method',
  '/checkout/shipping_rates', '/cms_pages', '/cms_pages/home', '/contact_messages', '/countries', '/countries/AU', '/countries/default',
  '/gift_cards', '/menus', '/menus/1', '/newsletter/subscribe', '/newsletter/unsubscribe', '/order_status/R1', '/outbox', '/passwords',
  '/passwords/abc', '/products', `/products/${product.slug}`, '/store', '/taxons', `/taxons/${category}`, '/wishlists', `/wishlists/${wishlist}`,
  `/wishlists/${wishlist}/add_item`, `/wishlists/${wishlist}/remove_item/1`, '/wishlists/default',
].map((p) => `/api/v2/storefront${p}`).concat(['/spree_oauth/token', '/spree_oauth/revoke', '/robots.txt', '/sitemap.xml', '/sitemaps/products-1.xml'])

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
const BOUNDARY = 'xXxBoundary'
/** What a broken or hostile client sends as a body. */
const BODIES: Array<{ name: string; type?: string; body?: BodyInit }> = [
  { name: 'none' },
  { name: 'json object', type: 'application/json', body: '{"variant_id":"1","quantity":"x","user":{"email":1}}' },
  { name: 'broken json', type: 'application/json', body: '{"a":' },
  { name: 'text', type: 'text/plain', body: 'hello there' },
  { name: 'octet-stream', type: 'application/octet-stream', body: new Uint8Array([0, 255, 13, 10, 1, 2, 3]) },
  { name: 'broken multipart', type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb` },
  { name: 'multipart without boundary', type: 'multipart/form-data', body: 'intent=profile' },
  { name: 'garbage form', type: 'application/x-www-form-urlencoded', body: 'intent=%zz&&=&variantId=-1&quantity=1e9&intent=password' },
  { name: 'empty form', type: 'application/x-www-form-urlencoded', body: '' },
  { name: 'xml', type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
  { name: 'huge', type: 'application/x-www-form-urlencoded', body: `intent=profile&firstName=${'x'.repeat(60_000)}` },
]
const CONTROL = ['%0d%0a', '%0aSet-Cookie:%20x=1', '%00', '%7f', '%09', '%1b[31m']
// Broken percent-encoding: refused with 400 before any router (worker/middleware/safe-path.ts), so neither Hono nor
// React Router gets to decode (and warn about) it.
const BAD_ENCODING = ['%E0%A4%A', '%zz%']
const PRICES = ['300,0', 'a,b', '0,300', ',', '-1,5', '1e9,2', '5', '0,99999999999', '%00,1', '300,0&price=1,2']

interface Probe {
  method: string
  path: string
  headers: Record<string, string>
  body?: BodyInit
}

/** A simulated client: its own address, and either no session, a guest cart or a logged-in member. */
function client(session: 'none' | 'cart' | 'member') {
  const ip = freshIp()
  const cookie = session === 'cart' ? cartCookie : session === 'member' ? `${memberCookie}; ${cartCookie}` : ''
  return (method: string, path: string, body: (typeof BODIES)[number] = BODIES[0]!): Probe => {
    const headers: Record<string, string> = { 'cf-connecting-ip': ip, accept: path.startsWith('/api') || path.startsWith('/spree') ? 'application/json' : 'text/html' }
    if (cookie) headers.cookie = cookie
    if (path.startsWith('/api/v2') && session === 'member') headers.authorization = `Bearer ${bearer}`
    if (path.startsWith('/api/v2') && session === 'cart') headers['x-spree-order-token'] = cartToken
    if (method !== 'GET' && method !== 'HEAD') headers['sec-fetch-site'] = 'same-origin'
    if (body.type) headers['content-type'] = body.type
    return { method, path, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body.body }
  }
}

function probes(): Probe[] {
  const all: Probe[] = []
  const pages = PAGE_PATHS().flatMap((p) => [p, `/de${p === '/' ? '' : p}`])
  const routes = [...pages, ...BFF_PATHS(), ...API_PATHS()]
  // Pages with a form action (product, account, checkout) are tried as a stranger, a guest with a cart and a member;
  // API routes alternately as a guest with a cart and as a member; other pages as a member.
  const hasAction = (path: string) => /^(\/de)?\/(products|p|MyAccount|my-account|checkout)\//.test(path)
  for (const [index, path] of routes.entries()) {
    const sessions = hasAction(path) ? (['none', 'cart', 'member'] as const) : pages.includes(path) || index % 2 ? (['member'] as const) : (['cart'] as const)
    for (const session of sessions) {
      const send = client(session)
      for (const method of METHODS) {
        if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') all.push(send(method, path))
        else for (const body of BODIES) all.push(send(method, path, body))
      }
    }
    const send = client('member')
    for (const control of CONTROL) {
      const [base, query] = path.split('?')
      for (const method of ['GET', 'POST']) all.push(send(method, `${base}${base!.endsWith('/') ? '' : '/'}x${control}${query ? `?${query}` : ''}`, BODIES[7]))
    }
  }
  for (const path of [`/t/${category}`, `/de/t/${category}`, `/api/v2/storefront/taxons/${category}`, '/api/categories']) {
    const send = client('member')
    for (const encoding of BAD_ENCODING) all.push(send('GET', `${path}/x${encoding}`), send('POST', `${path}/x${encoding}`, BODIES[7]))
  }
  for (const base of [`/t/${category}`, `/de/t/${category}`, `/c/${category}`, '/api/products']) {
    const send = client('none')
    for (const price of PRICES) all.push(send('GET', `${base}?price=${price}`), send('GET', `${base}?price=${price}&page=2&sort=-price`))
  }
  return all
}

// The worker's own fetch handler, called in-process: the same middleware, routes and bindings as SELF, without
// SELF's per-request overhead (which grows over thousands of calls).
async function run(probe: Probe) {
  const request = new Request(ORIGIN + probe.path, { method: probe.method, headers: probe.headers, body: probe.body, redirect: 'manual' })
  const res = await worker.fetch(request, env as unknown as Env, createExecutionContext())
  await res.arrayBuffer()
  return res.status
}

describe('no 5xx from bad input anywhere', () => {
  it('answers every route × method × body, control characters in paths and bad price ranges with < 500', { timeout: 180_000 }, async () => {
    const all = probes()
    const statuses: number[] = []
    const failures: string[] = []
    const started = Date.now()
    for (let i = 0; i < all.length; i += 64) {
      const batch = all.slice(i, i + 64)
      const answers = await Promise.all(batch.map(run))
      answers.forEach((status, j) => {
        statuses.push(status)
        if (status >= 500) failures.push(`${batch[j]!.method} ${batch[j]!.path} (${batch[j]!.headers['content-type'] ?? 'no body'}) → ${status}`)
      })
    }
    const limited = statuses.filter((s) => s === 429 || s === 403).length
    const reached = statuses.length - limited
    console.log(`malformed requests: ${statuses.length} sent in ${Date.now() - started} ms, ${failures.length} answered 5xx, ${reached} reached a handler (${((100 * reached) / statuses.length).toFixed(1)} %), ${limited} were 429/403`)
    expect(failures.slice(0, 20)).toEqual([])
    expect(statuses.length).toBeGreaterThanOrEqual(10_000)
    expect(reached / statuses.length).toBeGreaterThanOrEqual(0.95)
  })

  it('answers a broken percent-encoding with 400 and a sentence, before a router decodes it', async () => {
    const send = client('member')
    for (const encoding of BAD_ENCODING) {
      for (const path of [`/t/${category}/x${encoding}`, `/de/p/x${encoding}`, `/api/v2/storefront/taxons/x${encoding}`]) {
        const probe = send('GET', path)
        const res = await worker.fetch(new Request(ORIGIN + path, { headers: probe.headers }), env as unknown as Env, createExecutionContext())
        expect(res.status, path).toBe(400)
        expect(await res.text(), path).toContain('broken %-encoding')
      }
    }
  })
})
