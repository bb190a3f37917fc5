// Point 8 of issue 7: an answer that carries one shopper's data is never kept by a shared cache.
import { createExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { AU_ADDRESS, TEST_CARD, call, paymentReadyCart, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { sampleCatalogue, seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import headersFile from '../../web/public/_headers?raw'
import { ORIGIN } from './helpers.ts'

let product: CreatedProduct
let bearer = ''
let cartToken = ''
let orderNumber = ''
let wishlist = ''

beforeAll(async () => {
  await seedCatalogue(4)
  product = await createProduct({ stock: 20 })
  bearer = (await registerAndLogin()).bearer
  await call('/account/addresses', { bearer, body: { address: AU_ADDRESS } })
  wishlist = (await call('/wishlists/default', { bearer })).body.data.attributes.token
  const placed = await paymentReadyCart(product.variantId)
  await call('/checkout/create_payment', { orderToken: placed, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
  orderNumber = (await call('/checkout/complete', { method: 'PATCH', orderToken: placed })).body.data.attributes.number
  // order_status is read with the token of the order it names
  cartToken = placed
})

function send(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const request = new Request(ORIGIN + path, { redirect: 'manual', ...init, headers: { 'cf-connecting-ip': '10.7.7.7', ...init.headers } })
  return worker.fetch(request, env as unknown as Env, createExecutionContext())
}

describe('personal answers are private, no-store', () => {
  it("the Storefront API's account, cart, orders, addresses, wishlist and order status", async () => {
    const member = { authorization: `Bearer ${bearer}`, accept: 'application/json' }
    const paths: Array<[string, Record<string, string>, string?]> = [
      ['/api/v2/storefront/account', member],
      ['/api/v2/storefront/account/orders', member],
      ['/api/v2/storefront/account/addresses', member],
      ['/api/v2/storefront/wishlists/default', member],
      [`/api/v2/storefront/wishlists/${wishlist}`, member],
      ['/api/v2/storefront/cart', member, 'POST'],
      ['/api/v2/storefront/cart', member],
      [`/api/v2/storefront/order_status/${orderNumber}`, { 'x-spree-order-token': cartToken, accept: 'application/json' }],
    ]
    for (const [path, headers, method] of paths) {
      const response = await send(path, { method: method ?? 'GET', headers })
      await response.arrayBuffer()
      expect(response.status, path).toBeLessThan(300)
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
    }
    // The anonymous catalogue stays free to cache.
    const products = await send('/api/v2/storefront/products')
    await products.arrayBuffer()
    expect(products.headers.get('cache-control') ?? '').not.toContain('no-store')
  })

  it('the no-JavaScript add-to-cart answer, which holds the cart and its token', async () => {
    const form = new URLSearchParams({ variantId: String(product.variantId), quantity: '1' })
    // Without text/html in Accept the action answers the page with the cart in its hydration data.
    const { product: page } = await sampleCatalogue()
    const response = await send(`/products/${page.slug}`, { method: 'POST', headers: { accept: '*/*', 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }, body: form })
    const html = await response.text()
    expect(response.status).toBe(200)
    expect(html).toContain('\\"token\\"')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    // And a plain GET of the same page, which carries nobody's data, may still be cached briefly.
    const plain = await send(`/products/${page.slug}`, { headers: { accept: 'text/html' } })
    await plain.text()
    expect(plain.status).toBe(200)
    expect(plain.headers.get('cache-control')).toContain('s-maxage')
  })
})

describe('static assets', () => {
  it('are served with X-Content-Type-Options: nosniff by _headers', () => {
    // Workers static assets apply _headers rules by path; every file must match a rule that sets nosniff.
    const rules: Array<{ pattern: RegExp; headers: string[] }> = []
    for (const line of headersFile.split('\n')) {
      if (!line.trim() || line.trim().startsWith('#')) continue
      if (!/^\s/.test(line)) rules.push({ pattern: new RegExp(`^${line.trim().replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`), headers: [] })
      else rules.at(-1)!.headers.push(line.trim().toLowerCase())
    }
    for (const file of ['/assets/entry-abc123.js', '/assets/app-abc.css', '/images/products/1.webp', '/favicon.svg', '/sw.js', '/manifest.webmanifest']) {
      const headers = rules.filter((r) => r.pattern.test(file)).flatMap((r) => r.headers)
      expect(headers, file).toContain('x-content-type-options: nosniff')
    }
  })
})
