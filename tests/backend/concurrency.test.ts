import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AU_ADDRESS, TEST_CARD, call, guestCart, registerAndLogin, uniqueEmail } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, createPromotion, giftCardBalance, stockOf } from '#tests/factories/catalogue.ts'

/** A guest cart with `quantity` of the variant, addresses, Standard shipping and an approved card: ready to complete. */
async function readyCart(variantId: number, quantity = 1, giftCardCode?: string) {
  const token = await guestCart()
  const added = await call('/cart/add_item', { orderToken: token, body: { variant_id: variantId, quantity } })
  if (added.status !== 200) throw new Error(JSON.stringify(added.body))
  await call('/checkout', {
    method: 'PATCH',
    orderToken: token,
    body: { order: { email: `c-${token.slice(0, 6)}@example.com`, ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } },
  })
  if (giftCardCode) await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '2', source_attributes: { gift_card_code: giftCardCode } } })
  await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
  return token
}

const complete = (token: string) => call('/checkout/complete', { method: 'PATCH', orderToken: token })

describe('concurrent completions', () => {
  it('sells exactly the units in stock when more carts than units complete at once, never going below zero', async () => {
    const scarce = await createProduct({ stock: 5 })
    const tokens = []
    for (let i = 0; i < 12; i++) tokens.push(await readyCart(scarce.variantId))
    const results = await Promise.all(tokens.map(complete))
    const placed = results.filter((r) => r.status === 200)
    expect(placed).toHaveLength(5)
    for (const r of results) expect(r.status === 200 || r.status === 422 || r.status === 409).toBe(true)
    for (const r of results.filter((r) => r.status !== 200)) expect(typeof r.body.error).toBe('string')
    expect(await stockOf(scarce.variantId)).toBe(0)
    const sold = await env.DB.prepare("SELECT SUM(li.quantity) AS n FROM line_items li JOIN orders o ON o.id = li.order_id WHERE o.state = 'complete' AND li.variant_id = ?")
      .bind(scarce.variantId)
      .first<{ n: number }>()
    expect(sold!.n).toBe(5)
    // the refused carts are still open carts, unchanged
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE state != 'complete' AND token IN (" + tokens.map(() => '?').join(',') + ')').bind(...tokens).first<{ n: number }>()
    expect(open!.n).toBe(7)
  })

  it('lets a backorderable variant go below zero but no other', async () => {
    const back = await createProduct({ stock: 1, backorderable: true })
    const tokens = [await readyCart(back.variantId, 2), await readyCart(back.variantId, 2)]
    const results = await Promise.all(tokens.map(complete))
    expect(results.map((r) => r.status)).toEqual([200, 200])
    expect(await stockOf(back.variantId)).toBe(-3)
  })

  it('never spends more than a gift card holds, however many orders use it at once', async () => {
    const shirt = await createProduct({ stock: 100, prices: { AUD: { amount: 3000 } } })
    const card = await createGiftCard(5000)
    const tokens = []
    for (let i = 0; i < 6; i++) tokens.push(await readyCart(shirt.variantId, 1, card.code))
    const results = await Promise.all(tokens.map(complete))
    const spent = await env.DB.prepare("SELECT COALESCE(SUM(amount_cents), 0) AS n FROM payments WHERE gift_card_id = ? AND state = 'completed'").bind(card.id).first<{ n: number }>()
    const balance = await giftCardBalance(card.id)
    expect(balance).toBeGreaterThanOrEqual(0)
    expect(spent!.n + balance).toBe(5000)
    expect(spent!.n).toBeLessThanOrEqual(5000)
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1)
    for (const r of results) expect([200, 409, 422]).toContain(r.status)
  })

  it('redeems a coupon with one use left exactly once when several orders use it at once', async () => {
    const product = await createProduct({ stock: 100 })
    const promo = await createPromotion({ kind: 'percent', amount: 50, usageLimit: 1 })
    const tokens = []
    for (let i = 0; i < 4; i++) {
      const token = await readyCart(product.variantId)
      const applied = await call('/cart/apply_coupon_code', { method: 'PATCH', orderToken: token, body: { coupon_code: promo.code } })
      expect(applied.status).toBe(200)
      tokens.push(token)
    }
    const results = await Promise.all(tokens.map(complete))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.errors.coupon_code).toEqual(['can no longer be used'])
    const used = await env.DB.prepare('SELECT used_count FROM promotions WHERE id = ?').bind(promo.id).first<{ used_count: number }>()
    expect(used!.used_count).toBe(1)
    const discounted = await env.DB.prepare('SELECT COUNT(*) AS n FROM order_promotions op JOIN orders o ON o.id = op.order_id WHERE op.promotion_id = ? AND o.state = ?').bind(promo.id, 'complete').first<{ n: number }>()
    expect(discounted!.n).toBe(1)
  })

  it('places one order when the same completion is retried in parallel', async () => {
    const jacket = await createProduct({ stock: 10 })
    const token = await readyCart(jacket.variantId, 2)
    const results = await Promise.all(Array.from({ length: 8 }, () => complete(token)))
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200))
    const numbers = new Set(results.map((r) => r.body.data.attributes.number))
    expect(numbers.size).toBe(1)
    expect(await stockOf(jacket.variantId)).toBe(8)
    const order = await env.DB.prepare('SELECT id, email FROM orders WHERE token = ?').bind(token).first<{ id: number; email: string }>()
    const cards = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND state = 'completed'").bind(order!.id).first<{ n: number }>()
    expect(cards!.n).toBe(1)
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_email = ? AND kind = 'order_confirmation'").bind(order!.email).first<{ n: number }>()
    expect(mails!.n).toBe(1)
  })
})

describe('concurrent account requests', () => {
  it('registers one account when the same email signs up several times at once', async () => {
    const email = uniqueEmail()
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call('/account', { body: { user: { email, first_name: 'A', last_name: 'B', password: 'secret123' } } })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422])
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>()
    expect(count!.n).toBe(1)
  })

  it('keeps a browser logged in when its requests refresh the same token at once, and ends that at logout', async () => {
    const { refresh } = await registerAndLogin()
    const results = await Promise.all(Array.from({ length: 5 }, () => call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token: refresh } })))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(results.map((r) => r.body.access_token)).size).toBe(5)
    // logging out with the rotated token closes the reuse window at once
    await call('/spree_oauth/revoke', { body: { token: refresh } })
    expect((await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token: refresh } })).body.error).toBe('invalid_grant')
  })
})
