// An amount-off coupon has no currency of its own: '20.00' takes 20.00 off in the cart's currency (AUD 20.00 from an
// AUD cart, USD 20.00 from a USD one), and its minimum is in the cart's currency too. The console says so where the
// operator types the amount and where the coupon is listed, so nobody sets an Australian-dollar figure for both.
import { describe, expect, it } from 'vitest'
import { call, guestCart } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { operator } from './admin-helpers.ts'

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ')

describe('an amount-off coupon in the console', () => {
  it('says its amount and minimum are in the cart’s currency, as a USD cart shows', async () => {
    const { b } = await operator()
    const form = text((await b.get('/admin/promotions')).body)
    expect(form).toContain("20.00 for 20.00 off in the cart's currency (AUD 20.00 or USD 20.00)")
    expect(form).toContain("Minimum order (items, in the cart's currency)")

    const code = `usd${crypto.randomUUID().slice(0, 6)}`
    const created = await b.post('/admin/promotions', { name: 'Twenty off', code, kind: 'fixed', amount: '20.00', min_total: '', starts_on: '', expires_on: '', usage_limit: '', per_customer_limit: '' })
    expect(created.status).toBe(303)
    expect(text((await b.get('/admin/promotions')).body)).toContain("20.00 off in the cart's currency")

    // what the words say: a USD cart gets USD 20.00 off
    const product = await createProduct()
    const token = await guestCart('USD')
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    const applied = await call('/cart/apply_coupon_code', { method: 'PATCH', orderToken: token, body: { coupon_code: code } })
    expect(applied.body.data.attributes.currency).toBe('USD')
    expect(applied.body.data.attributes.promo_total).toBe('-20.00')
  })
})
