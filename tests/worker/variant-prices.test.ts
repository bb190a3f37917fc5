import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, guestCart, AU_ADDRESS, TEST_CARD } from '#tests/factories/api.ts'
import { createProduct, createSizedProduct } from '#tests/factories/catalogue.ts'
import { get } from './helpers.ts'
import { auditOf, operator } from './admin-helpers.ts'

/** The page's HTML without React's text separators (`SALE<!-- --> <!-- -->$1`). */
const html = async (path: string) => (await (await get(path)).text()).replace(/<!-- -->/g, '')

/** Issue 14 item 4: each size has its own prices; listings, facets and sort use the cheapest size's. */

const listed = async (productId: number) =>
  env.DB.prepare("SELECT amount_cents, compare_at_cents, member_cents, max_cents FROM product_prices WHERE product_id = ? AND currency = 'AUD'").bind(productId).first()
const tent = (name?: string) =>
  createSizedProduct(
    [
      { size: 'S', prices: { AUD: { amount: 10000, compareAt: 12000, member: 8000 }, USD: { amount: 7000, compareAt: 8000, member: 5600 } } },
      { size: 'XXL', prices: { AUD: { amount: 13000, compareAt: 15000, member: 10000 }, USD: { amount: 9000, compareAt: 9900, member: 7000 } } },
    ],
    name,
  )
const PRICES = { AUD_amount: '140.00', AUD_rrp: '150.00', AUD_member: '120.00', USD_amount: '95.00', USD_rrp: '', USD_member: '' }

describe('prices per size', () => {
  it('the API gives each variant its own prices and the product the cheapest size with the dearest as max_price', async () => {
    const product = await tent()
    const res = await call(`/products/${product.slug}?include=variants`)
    expect(res.status).toBe(200)
    expect(res.body.data.attributes).toMatchObject({ price: '100.00', compare_at_price: '120.00', member_price: '80.00', max_price: '130.00', display_max_price: '$130.00' })
    const xxl = res.body.included.find((r: any) => r.type === 'variant' && r.id === String(product.variants[1]!.id))
    expect(xxl.attributes).toMatchObject({ price: '130.00', display_price: '$130.00', compare_at_price: '150.00', member_price: '100.00' })
    const usd = await call(`/products/${product.slug}?include=variants&currency=USD`)
    expect(usd.body.data.attributes).toMatchObject({ price: '70.00', max_price: '90.00' })
    expect(usd.body.included.find((r: any) => r.id === String(product.variants[1]!.id)).attributes).toMatchObject({ price: '90.00', compare_at_price: '99.00', currency: 'USD' })
  })

  it('sorts and filters listings by the cheapest size, not the dearest', async () => {
    const cheapSmall = await createSizedProduct([
      { size: 'S', prices: { AUD: { amount: 9000 } } },
      { size: 'XXL', prices: { AUD: { amount: 20000 } } },
    ])
    const single = await createProduct({ prices: { AUD: { amount: 9500 } } })
    const sized = await tent()
    const ids = [cheapSmall.productId, single.productId, sized.productId].join(',')
    const order = async (sort: string) => (await call(`/products?filter[ids]=${ids}&sort=${sort}`)).body.data.map((p: any) => Number(p.id))
    expect(await order('price')).toEqual([cheapSmall.productId, single.productId, sized.productId])
    expect(await order('-price')).toEqual([sized.productId, single.productId, cheapSmall.productId])
    // only the XXL costs 150-250: the product is listed at its 90.00 size
    expect((await call(`/products?filter[ids]=${ids}&filter[price]=150,250`)).body.data).toEqual([])
    const cheap = await call(`/products?filter[ids]=${ids}&filter[price]=85,92`)
    expect(cheap.body.data.map((p: any) => Number(p.id))).toEqual([cheapSmall.productId])
    // the price facet's range runs over the cheapest sizes (90, 95, 100), not the 200.00 XXL
    expect((await call(`/products?filter[ids]=${ids}`)).body.meta.filters.price).toMatchObject({ min: '90.00', max: '100.00' })
  })

  it('the console prices one size: listing price, audit, refusals; the storefront shows that size and "from"', async () => {
    const { b } = await operator()
    const product = await tent('Zephyrsize Dome Tent')
    const [small, xxl] = product.variants
    const path = `/admin/products/${product.productId}/variants/${small!.id}/prices`
    expect((await b.get(`/admin/products/${product.productId}`)).body).toContain('Save prices of S')

    const refused = await b.post(path, { ...PRICES, AUD_member: '140.00' })
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('The AUD Club Price must be below the price.')
    expect((await b.post(`/admin/products/${product.productId}/variants/999999999/prices`, PRICES)).status).toBe(404)
    expect(await listed(product.productId)).toEqual({ amount_cents: 10000, compare_at_cents: 12000, member_cents: 8000, max_cents: 13000 })

    expect((await b.post(path, PRICES)).status).toBe(303)
    // the XXL (130.00) is now the cheapest size; the S is the dearest
    expect(await listed(product.productId)).toEqual({ amount_cents: 13000, compare_at_cents: 15000, member_cents: 10000, max_cents: 14000 })
    const [entry] = await auditOf('variant.prices')
    expect(entry).toMatchObject({ subject_id: String(product.productId), before: { variant_id: small!.id, prices: expect.arrayContaining([{ currency: 'AUD', amount_cents: 10000, compare_at_cents: 12000, member_cents: 8000 }]) } })
    expect(entry!.after.prices).toContainEqual({ currency: 'AUD', amount_cents: 14000, compare_at_cents: 15000, member_cents: 12000 })

    // without JavaScript the size picker reloads with ?size=: the page prices the chosen size
    const sizeOf = async (variantId: number) => (await env.DB.prepare('SELECT option_value_id FROM variant_option_values WHERE variant_id = ?').bind(variantId).first<{ option_value_id: number }>())!.option_value_id
    const page = await html(`/products/${product.slug}?size=${await sizeOf(xxl!.id)}`)
    expect(page).toMatch(/SALE \$130\.00/)
    expect(page).toContain('RRP: $150.00')
    const small140 = await html(`/products/${product.slug}?size=${await sizeOf(small!.id)}`)
    expect(small140).toMatch(/SALE \$140\.00/)
    expect(small140).toContain('"@type":"AggregateOffer","lowPrice":"130.00","highPrice":"140.00"')
    // cards say 'from' (German 'ab') when the sizes differ
    expect(await html('/Category?term=Zephyrsize')).toMatch(/from \$130\.00/)
    expect(await html('/de/Category?term=Zephyrsize')).toMatch(/ab 130,00/)
  })

  it('the cart charges the chosen size; a price raised before payment refuses rather than charging more', async () => {
    const { b } = await operator()
    const product = await tent()
    const xxl = product.variants[1]!
    const token = await guestCart()
    const added = await call('/cart/add_item', { orderToken: token, body: { variant_id: xxl.id, quantity: 1, include: 'line_items' } })
    expect(added.status).toBe(200)
    const line = added.body.included.find((r: any) => r.type === 'line_item')
    expect(line.attributes).toMatchObject({ price: '130.00' })
    await call('/checkout', { method: 'PATCH', orderToken: token, body: { order: { email: `v-${token.slice(0, 6)}@example.com`, ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
    await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    const shown = (await call('/cart', { orderToken: token })).body.data.attributes.balance as string
    expect(Number(shown)).toBeGreaterThanOrEqual(130)

    expect((await b.post(`/admin/products/${product.productId}/variants/${xxl.id}/prices`, { ...PRICES, AUD_amount: '135.00', AUD_member: '' })).status).toBe(303)
    const refused = await call('/checkout/complete', { method: 'PATCH', orderToken: token, body: { expected_balance: shown } })
    expect(refused.status).toBe(409)
    const placed = await call('/checkout/complete', { method: 'PATCH', orderToken: token, body: { expected_balance: (Number(shown) + 5).toFixed(2) } })
    expect(placed.status).toBe(200)
    const charged = await env.DB.prepare("SELECT li.price_cents FROM line_items li JOIN orders o ON o.id = li.order_id WHERE o.token = ?").bind(token).first<{ price_cents: number }>()
    expect(charged?.price_cents).toBe(13500)
  })
})
