/// <reference types="node" />
// The official JavaScript client of the Spree Storefront API v2 (@spree/storefront-api-v2-sdk 6.x) walks a whole
// storefront through the store served by `wrangler dev` (the e2e global setup), over HTTP. Every call must succeed,
// and every answer must follow the 4.10.1 contract (status, content type, response schema). Rows no API creates (a
// coupon, a member's store credit) are written with `wrangler d1 execute` into the same local D1.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { Contract } from './spree-contract.ts'
import { contractFetcher, sdk, type Exchange } from './sdk-fetcher.ts'
import { servedSql } from '../e2e/served-d1.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Where real Spree answers differently from its own contract and this store follows Spree (docs/spree-contract.md,
 * "Deviations"). Each has its own test below; nothing else may differ.
 */
const DEVIATIONS = [{ name: 'unset store texts are null', operation: 'GET /api/v2/storefront/store', problem: /^data\/attributes\/(meta_keywords|twitter|facebook|instagram|seo_title|meta_description|description|address|contact_phone|customer_support_email): must be string$/ }]
const deviation = (e: Exchange, problem: string) => DEVIATIONS.find((d) => e.operation && `${e.operation.method} ${e.operation.path}` === d.operation && d.problem.test(problem))
const contract = new Contract()
/** The operations in scope are the ones docs/spree-contract.md lists (one source for the docs and this count). */
const IN_SCOPE = [...readFileSync(join(root, 'docs', 'spree-contract.md'), 'utf8').matchAll(/^\| `(GET|POST|PATCH|PUT|DELETE) ([^`]+)` \|/gm)].map((m) => `${m[1]} ${m[2]}`)
const log: Exchange[] = []
const client = sdk.makeClient({ host: `${inject('baseUrl')}/`, createFetcher: contractFetcher(contract, log) as any })

/** The value of a successful SDK result; a failed one fails the test with Spree's own error text. */
// The SDK's document types are looser than the contract (and the contract is what is checked), so answers are `any`.
async function ok(label: string, call: Promise<{ isSuccess(): boolean; success(): any; fail(): any }>): Promise<any> {
  const result = await call
  if (!result.isSuccess()) {
    const error = result.fail()
    throw new Error(`${label}: ${error.message} ${JSON.stringify(error.errors ?? error.summary ?? '')}`)
  }
  return result.success()
}

/** Test-gateway tokenisation: the client-side step a payment provider's script does (outside the contract). */
async function tokenise(number: string) {
  const year = new Date().getUTCFullYear() + 2
  const res = await fetch(`${inject('baseUrl')}/test_gateway/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ card: { number, month: 12, year, verification_value: '123', name: 'Ada Lovelace' } }),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; card: { brand: string; last4: string; exp_month: number; exp_year: number } }
}

const ADDRESS = { firstname: 'Ada', lastname: 'Lovelace', address1: '1 Collins Street', city: 'Melbourne', zipcode: '3000', phone: '0412 345 678', state_name: 'VIC', country_iso: 'AUS' }
const run = crypto.randomUUID().slice(0, 8)
const email = `sdk-${run}@example.com`
const password = 'secret123'
const coupon = `sdk${run}`

afterAll(() => {
  const covered = new Set(log.filter((e) => e.operation).map((e) => `${e.operation!.method} ${e.operation!.path}`))
  const scope = IN_SCOPE
  const missing = scope.filter((o) => !covered.has(o))
  console.info(`Spree contract operations covered by the SDK walk: ${scope.filter((o) => covered.has(o)).length}/${scope.length} in scope (${log.length} calls)` + (missing.length ? `\n  not covered: ${missing.join(', ')}` : ''))
})

describe('the official Spree client walks the store, and every answer follows the contract', () => {
  let variantId = ''
  let secondVariantId = ''
  let guestToken = ''
  let bearer = ''

  it('browses the catalogue with filters, includes, sparse fieldsets and image transformations', async () => {
    const taxons = await ok('taxons', client.taxons.list({ filter: { roots: true }, include: 'children' } as any))
    expect(taxons.data.length).toBeGreaterThan(3)
    const jackets = await ok('taxon', client.taxons.show({ id: 'men/jackets', include: 'parent,children' } as any))
    const backpacks = await ok('taxon', client.taxons.show({ id: 'hiking/backpacks' }))
    const products = await ok(
      'products',
      client.products.list({
        filter: { taxons: jackets.data.id, purchasable: true, price: '0,1000', show_deleted: false },
        include: 'variants,images',
        sort: '-price',
        per_page: 6,
        fields: { product: 'name,slug,price,display_price' },
        image_transformation: { size: '240x240', quality: 80 },
      } as any),
    )
    expect(products.data.length).toBeGreaterThan(0)
    expect(Object.keys(products.data[0]!.attributes).sort()).toEqual(['display_price', 'name', 'price', 'slug'])
    expect(products.meta).toMatchObject({ count: products.data.length })
    const images = (products.included ?? []).filter((r: any) => r.type === 'image')
    expect(images.length).toBeGreaterThan(0)
    // each image answers the pre-scaled style that covers 240x240
    for (const image of images) expect(image.attributes.transformed_url).toBe(image.attributes.styles.find((s: any) => s.width >= 240 && s.height >= 240).url)
    const slug = products.data[0]!.attributes.slug
    const product = await ok('product', client.products.show({ id: slug, include: 'variants,option_types,images' } as any))
    const variants = (product.included ?? []).filter((r: any) => r.type === 'variant' && r.attributes.purchasable)
    variantId = variants[0]!.id
    const more = await ok('more products', client.products.list({ filter: { taxons: backpacks.data.id, purchasable: true }, per_page: 3 } as any))
    const other = await ok('other product', client.products.show({ id: more.data[0]!.attributes.slug, include: 'variants' } as any))
    secondVariantId = (other.included ?? []).find((r: any) => r.type === 'variant' && r.attributes.purchasable)!.id
    await ok('product variants', (client.products as any).spreeResponse('get', `api/v2/storefront/products/${slug}/variants`, {}, { per_page: 5 }))
    await ok('store', (client as any).products.spreeResponse('get', 'api/v2/storefront/store', {}, { include: 'default_country' }))
    const countries = await ok('countries', client.countries.list())
    expect(countries.data.length).toBeGreaterThan(3)
    const au = await ok('country by ISO3', client.countries.show({ iso: 'AUS', include: 'states' } as any))
    expect(au.data.attributes.iso).toBe('AU')
    await ok('default country', client.countries.default())
    const pages = await ok('cms pages', client.pages.list({ filter: { type: 'standard' } } as any))
    await ok('cms page', client.pages.show({ id: pages.data[0]!.attributes.slug } as any))
    const menus = await ok('menus', client.menus.list({ locale: 'en', filter: { location: 'header' } } as any))
    await ok('menu', client.menus.show({ id: menus.data[0]!.id } as any))
  })

  it('fills a guest cart, applies and removes a coupon and changes the currency', async () => {
    await servedSql(`INSERT INTO promotions (name, code, kind, amount) VALUES ('SDK walk 10%', '${coupon}', 'percent', 10)`)
    const cart = await ok('create cart', client.cart.create())
    guestToken = cart.data.attributes.token
    expect(cart.data.attributes.number).toMatch(/^R\d{9}$/)
    const order_token = guestToken
    const added = await ok('add item', client.cart.addItem({ order_token, variant_id: variantId, quantity: 2, include: 'line_items' } as any))
    const lineId = added.included!.find((r: any) => r.type === 'line_item')!.id
    await ok('set quantity', client.cart.setQuantity({ order_token, line_item_id: lineId, quantity: 1 }))
    await ok('add second item', client.cart.addItem({ order_token, variant_id: secondVariantId, quantity: 1 }))
    const withCoupon = await ok('apply coupon', client.cart.applyCouponCode({ order_token, coupon_code: coupon.toUpperCase() }))
    expect(Number(withCoupon.data.attributes.promo_total)).toBeLessThan(0)
    const removed = await ok('remove coupon', client.cart.removeCouponCode({ order_token, coupon_code: coupon }))
    expect(removed.data.attributes.promo_total).toBe('0.00')
    await ok('apply coupon again', client.cart.applyCouponCode({ order_token, coupon_code: coupon }))
    const usd = await ok('change currency', client.cart.changeCurrency({ order_token, new_currency: 'USD' }))
    expect(usd.data.attributes.currency).toBe('USD')
    const aud = await ok('change back', client.cart.changeCurrency({ order_token, new_currency: 'AUD' }))
    expect(aud.data.attributes.currency).toBe('AUD')
    const rates = await ok('estimate shipping', client.cart.estimateShippingRates({ order_token, country_iso: 'AU' }))
    expect(rates.data.length).toBeGreaterThan(0)
    const shown = await ok('show cart', client.cart.show({ order_token, include: 'line_items,variants,promotions', fields: { cart: 'number,item_count,total' } } as any))
    expect(Object.keys(shown.data.attributes).sort()).toEqual(['item_count', 'number', 'total'])

    const spare = (await ok('spare cart', client.cart.create())).data.attributes.token
    const spareCart = await ok('spare item', client.cart.addItem({ order_token: spare, variant_id: variantId, quantity: 1 }))
    await ok('apply coupon to spare', client.cart.applyCouponCode({ order_token: spare, coupon_code: coupon }))
    await ok('remove coupon by path', (client.cart as any).spreeResponse('delete', `api/v2/storefront/cart/remove_coupon_code/${coupon}`, { orderToken: spare }, {}))
    await ok('apply coupon to spare again', client.cart.applyCouponCode({ order_token: spare, coupon_code: coupon }))
    await ok('remove all coupons', client.cart.removeAllCoupons({ order_token: spare }))
    await ok('remove line', client.cart.removeItem({ order_token: spare, id: spareCart.data.relationships.line_items.data[0].id } as any))
    await ok('add again', client.cart.addItem({ order_token: spare, variant_id: variantId, quantity: 1 }))
    const emptied = await ok('empty cart', client.cart.emptyCart({ order_token: spare }))
    expect(emptied.data.attributes.item_count).toBe(0)
    await ok('delete cart', client.cart.remove({ order_token: spare }))
  })

  it('checks out as a guest with a tokenised card', async () => {
    const order_token = (await ok('cart for checkout', client.cart.create())).data.attributes.token
    await ok('add item', client.cart.addItem({ order_token, variant_id: secondVariantId, quantity: 1 }))
    await ok('address', client.checkout.orderUpdate({ order_token, order: { email: `guest-${email}`, bill_address_attributes: ADDRESS, ship_address_attributes: ADDRESS } } as any))
    await ok('next', client.checkout.orderNext({ order_token }))
    const shipments = await ok('shipping rates', client.checkout.shippingRates({ order_token }))
    const rate = shipments.included!.find((r: any) => r.type === 'shipping_rate')!
    await ok('select shipping', client.checkout.selectShippingMethod({ order_token, shipping_method_id: String(rate.attributes.shipping_method_id) } as any))
    const methods = await ok('payment methods', client.checkout.paymentMethods({ order_token }))
    const card = methods.data.find((m: any) => m.attributes.type === 'Spree::Gateway::Bogus')!
    const token = await tokenise('4242 4242 4242 4242')
    await ok(
      'pay with token',
      client.checkout.addPayment({
        order_token,
        payment_method_id: card.id,
        source_attributes: { gateway_payment_profile_id: token.id, cc_type: token.card.brand, last_digits: token.card.last4, month: token.card.exp_month, year: token.card.exp_year, name: 'Ada Lovelace' },
      } as any),
    )
    await ok('advance', client.checkout.advance({ order_token }))
    const placed = await ok('complete', client.checkout.complete({ order_token }))
    expect(placed.data.attributes.state).toBe('complete')
    const status = await ok('order status', client.order.status({ order_token, order_number: placed.data.attributes.number } as any))
    expect(status.data.attributes.number).toBe(placed.data.attributes.number)
  })

  it('creates an account, logs in and merges the guest cart', async () => {
    const account = await ok('register', client.account.create({ user: { email, password, password_confirmation: password, first_name: 'Ada', last_name: 'Lovelace', selected_locale: 'en' } } as any))
    expect(account.data.attributes.email).toBe(email)
    const token = await ok('login', client.authentication.getToken({ username: email, password }))
    bearer = token.access_token
    const refreshed = await ok('refresh', client.authentication.refreshToken({ refresh_token: token.refresh_token }))
    bearer = refreshed.access_token
    const merged = await ok('associate guest cart', client.cart.associateGuestCart({ bearer_token: bearer, guest_order_token: guestToken }))
    expect(merged.data.attributes.item_count).toBe(2)
    await ok('account', client.account.accountInfo({ bearer_token: bearer, include: 'default_billing_address' } as any))
    await ok('update account', client.account.update({ bearer_token: bearer, user: { first_name: 'Augusta' } } as any))
  })

  it('keeps an address book', async () => {
    const created = await ok('create address', client.account.createAddress({ bearer_token: bearer, address: { ...ADDRESS, label: 'Home' } } as any))
    await ok('update address', client.account.updateAddress({ bearer_token: bearer, id: created.data.id, address: { ...ADDRESS, address2: 'Level 2' } } as any))
    const spare = await ok('second address', client.account.createAddress({ bearer_token: bearer, address: { ...ADDRESS, city: 'Geelong', zipcode: '3220' } } as any))
    await ok('remove address', client.account.removeAddress({ bearer_token: bearer, id: spare.data.id } as any))
    const list = await ok('addresses', client.account.addressesList({ bearer_token: bearer }))
    expect(list.data.map((a: any) => a.id)).toEqual([created.data.id])
  })

  it('checks out as a member with store credit by amount and a tokenised card, then pays with the saved card', async () => {
    await servedSql(`INSERT INTO store_credits (user_id, currency, balance_cents) SELECT id, 'AUD', 2000 FROM users WHERE email = '${email}'`)
    const bearer_token = bearer
    await ok('checkout address', client.checkout.orderUpdate({ bearer_token, order: { email, bill_address_attributes: ADDRESS, ship_address_attributes: ADDRESS } } as any))
    const rates = await ok('shipping rates', client.checkout.shippingRates({ bearer_token }))
    const rate = rates.included!.find((r: any) => r.type === 'shipping_rate')!
    await ok('shipping', client.checkout.orderUpdate({ bearer_token, order: { shipments_attributes: [{ id: rates.data[0]!.id, selected_shipping_rate_id: rate.id }] } } as any))
    const credited = await ok('store credit', client.checkout.addStoreCredits({ bearer_token, amount: 5 }))
    expect(credited.data.attributes.store_credit_total).toBe('5.00')
    await ok('remove store credit', client.checkout.removeStoreCredits({ bearer_token }))
    await ok('store credit again', client.checkout.addStoreCredits({ bearer_token, amount: 7.5 }))
    const token = await tokenise('5555 5555 5555 4444')
    await ok('pay with token', client.checkout.addPayment({ bearer_token, payment_method_id: '1', source_attributes: { gateway_payment_profile_id: token.id, name: 'Ada Lovelace' } } as any))
    const placed = await ok('complete', client.checkout.complete({ bearer_token }))
    expect(placed.data.attributes).toMatchObject({ state: 'complete', store_credit_total: '7.50' })

    const cards = await ok('saved cards', client.account.creditCardsList({ bearer_token }))
    expect(cards.data.map((c: any) => c.attributes.last_digits)).toEqual(['4444'])
    const card = await ok('default card', client.account.defaultCreditCard({ bearer_token }))
    expect(card.data.attributes).toMatchObject({ cc_type: 'mastercard', default: true })

    await ok('new cart', client.cart.create({ bearer_token }))
    await ok('add item', client.cart.addItem({ bearer_token, variant_id: variantId, quantity: 1 }))
    await ok('checkout address', client.checkout.orderUpdate({ bearer_token, order: { email, bill_address_attributes: ADDRESS, ship_address_attributes: ADDRESS } } as any))
    const again = await ok('shipping rates', client.checkout.shippingRates({ bearer_token }))
    await ok('shipping', client.checkout.selectShippingMethod({ bearer_token, shipping_method_id: String(again.included![0]!.attributes.shipping_method_id) } as any))
    await ok('pay with saved card', client.checkout.addPayment({ bearer_token, payment_method_id: '1', source_id: card.data.id } as any))
    const second = await ok('complete', client.checkout.complete({ bearer_token }))
    expect(second.data.attributes.state).toBe('complete')

    const orders = await ok('order history', client.account.completedOrdersList({ bearer_token, per_page: 1 } as any))
    expect(orders.meta.total_count).toBe(2)
    await ok('order', client.account.completedOrder({ bearer_token, order_number: second.data.attributes.number, include: 'line_items' } as any))
    await ok('forget card', client.account.removeCreditCard({ bearer_token, id: card.data.id } as any))
    expect((await ok('saved cards', client.account.creditCardsList({ bearer_token }))).data).toEqual([])
  })

  it('keeps wishlists', async () => {
    const bearer_token = bearer
    const standard = await ok('default wishlist', client.wishlists.default({ bearer_token }))
    const created = await ok('create wishlist', client.wishlists.create({ bearer_token, name: 'Camping trip', is_private: true } as any))
    const wishlist_token = created.data.attributes.token
    await ok('rename wishlist', client.wishlists.update({ bearer_token, wishlist_token, name: 'Hiking trip' } as any))
    const item = await ok('add wished item', client.wishlists.addWishedItem({ bearer_token, wishlist_token, variant_id: variantId, quantity: 1 } as any))
    expect(item.data.type).toBe('wished_item')
    const updated = await ok('set wished quantity', client.wishlists.updateWishedItem({ bearer_token, wishlist_token, id: item.data.id, quantity: 3 } as any))
    expect(updated.data.attributes.quantity).toBe(3)
    await ok('show wishlist', client.wishlists.show({ bearer_token, wishlist_token, include: 'wished_items', is_variant_included: variantId } as any))
    const lists = await ok('wishlists', client.wishlists.list({ bearer_token }))
    expect(lists.data.map((w: any) => w.attributes.name).sort()).toEqual(['Hiking trip', standard.data.attributes.name].sort())
    await ok('remove wished item', client.wishlists.removeWishedItem({ bearer_token, wishlist_token, id: item.data.id } as any))
    const http = client.wishlists as any
    const auth = { bearerToken: bearer }
    const many = await ok('add wished items', http.spreeResponse('post', `api/v2/storefront/wishlists/${wishlist_token}/add_items`, auth, { wished_items: [{ variant_id: variantId, quantity: 1 }, { variant_id: secondVariantId, quantity: 2 }] }))
    const ids = many.data.relationships.wished_items.data.map((r: any) => r.id)
    expect(ids.length).toBe(2)
    await ok('remove wished items', http.spreeResponse('delete', `api/v2/storefront/wishlists/${wishlist_token}/remove_items`, auth, { wished_items_ids: ids }))
    await ok('delete wishlist', client.wishlists.remove({ bearer_token, wishlist_token } as any))
    await ok('logout', client.authentication.revokeToken({ token: bearer }))
  })

  it('deviation "unset store texts are null": the store answers null for a text it has none of, as Spree does', async () => {
    const store = await ok('store', (client.products as any).spreeResponse('get', 'api/v2/storefront/store', {}, {}))
    expect(store.data.attributes.twitter).toBeNull()
    const exchange = log.at(-1)!
    expect(exchange.problems.length).toBeGreaterThan(0)
    expect(exchange.problems.every((p) => deviation(exchange, p)?.name === 'unset store texts are null')).toBe(true)
  })

  it('the contract check itself refuses what the contract does not allow', () => {
    const cart = contract.find('GET', '/api/v2/storefront/cart')!
    const good = { data: { id: '1', type: 'cart', attributes: { number: 'R123456789' }, relationships: {} } }
    expect(contract.check(cart, 200, 'application/vnd.api+json', good)).toEqual([])
    expect(contract.check(cart, 200, 'application/json', good)).toEqual(['content type application/json is not application/vnd.api+json'])
    expect(contract.check(cart, 200, 'application/vnd.api+json', { data: { ...good.data, attributes: { number: null } } }).join()).toMatch(/number/)
    expect(contract.check(cart, 500, 'application/vnd.api+json', good)).toHaveLength(1)
  })

  it('every answer followed the contract', () => {
    expect(log.filter((e) => !e.operation).map((e) => `${e.method} ${e.path.split('?')[0]}`)).toEqual(['POST /spree_oauth/revoke'])
    const wrong = log
      .map((e) => ({ ...e, problems: e.problems.filter((p) => !deviation(e, p)) }))
      .filter((e) => e.problems.length > 0)
      .map((e) => `${e.method} ${e.path} → ${e.status}\n    ${e.problems.slice(0, 6).join('\n    ')}`)
    expect(wrong, wrong.join('\n')).toEqual([])
  })
})
