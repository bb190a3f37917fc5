import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AU_ADDRESS, TEST_CARD, call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, giftCardBalance, stockOf } from '#tests/factories/catalogue.ts'

/**
 * Issue 7.1: a shopper is never charged more than they were shown. A gift card or store credit attached to cart B
 * and spent by cart A before B completes must refuse B's completion (409) and change nothing, not let the card pay.
 */

interface Ready {
  token: string
  bearer?: string
}

/** A cart with one unit, addresses and Standard shipping (9.95), optionally a gift card, store credit and a card. */
async function readyCart(variantId: number, opts: { giftCardCode?: string; member?: { bearer: string; userId: number }; storeCredit?: boolean; card?: boolean } = {}): Promise<Ready> {
  const token = await guestCart()
  if (opts.member) await env.DB.prepare('UPDATE orders SET user_id = ? WHERE token = ?').bind(opts.member.userId, token).run()
  const bearer = opts.member?.bearer
  const added = await call('/cart/add_item', { orderToken: token, bearer, body: { variant_id: variantId, quantity: 1 } })
  if (added.status !== 200) throw new Error(JSON.stringify(added.body))
  await call('/checkout', {
    method: 'PATCH',
    orderToken: token,
    bearer,
    body: { order: { email: `b-${token.slice(0, 6)}@example.com`, ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } },
  })
  if (opts.giftCardCode) {
    const applied = await call('/checkout/create_payment', { orderToken: token, bearer, body: { payment_method_id: '2', source_attributes: { gift_card_code: opts.giftCardCode } } })
    if (applied.status !== 200) throw new Error(JSON.stringify(applied.body))
  }
  if (opts.storeCredit) {
    const applied = await call('/checkout/add_store_credit', { method: 'POST', orderToken: token, bearer })
    if (applied.status !== 200) throw new Error(JSON.stringify(applied.body))
  }
  if (opts.card !== false) await call('/checkout/create_payment', { orderToken: token, bearer, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
  return { token, bearer }
}

const shown = async ({ token, bearer }: Ready) => (await call('/cart', { orderToken: token, bearer })).body.data.attributes.balance as string
/** Starts completions in overlapping waves: some read the card before others write it, some after. */
const staggered = (carts: Ready[]) => Promise.all(carts.map(async (c, i) => (await new Promise((r) => setTimeout(r, (i % 5) * 25)), complete(c))))
const complete = ({ token, bearer }: Ready, body?: unknown) => call('/checkout/complete', { method: 'PATCH', orderToken: token, bearer, body })

async function paymentsOf(token: string) {
  const { results } = await env.DB.prepare('SELECT p.id, p.method, p.state, p.amount_cents FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.token = ? ORDER BY p.id')
    .bind(token)
    .all<{ id: number; method: string; state: string; amount_cents: number | null }>()
  return results
}

/** What the card was charged for a placed order (0 when gift cards and store credit paid it all). */
const cardCharged = async (token: string) => (await paymentsOf(token)).filter((p) => p.method === 'card' && p.state === 'completed').reduce((s, p) => s + p.amount_cents!, 0)

const credit = async (userId: number) => (await env.DB.prepare('SELECT balance_cents FROM store_credits WHERE user_id = ?').bind(userId).first<{ balance_cents: number }>())!.balance_cents

describe('a cart that changed after its balance was shown', () => {
  it('refuses with 409 saying the order changed, not a gift card, when no gift card or store credit pays', async () => {
    const shirt = await createProduct({ stock: 10, prices: { AUD: { amount: 6695 } } })
    const b = await readyCart(shirt.variantId)
    expect(await shown(b)).toBe('76.90')
    // another tab adds a second shirt (133.90, shipping free from 100); this page still shows 76.90
    await call('/cart/add_item', { orderToken: b.token, body: { variant_id: shirt.variantId, quantity: 1 } })
    const refused = await complete(b, { expected_balance: '76.90' })
    expect(refused.status).toBe(409)
    expect(refused.body.error).not.toContain('gift card')
    expect(refused.body.error).toContain('$133.90')
    expect(refused.body.errors).toEqual({ payment: ['order changed'] })
    expect(await cardCharged(b.token)).toBe(0)
    expect((await complete(b, { expected_balance: '133.90' })).status).toBe(200)
    expect(await cardCharged(b.token)).toBe(13390)
  })
})

describe('a gift card spent by another order before this one completes', () => {
  it('refuses with 409 and the new balance due, changing nothing, then places the order once the shopper agrees', async () => {
    // 66.95 + 9.95 shipping = 76.90; a 50.00 card leaves 26.90 to pay by card
    const shirt = await createProduct({ stock: 10, prices: { AUD: { amount: 6695 } } })
    const card = await createGiftCard(5000)
    const b = await readyCart(shirt.variantId, { giftCardCode: card.code })
    expect(await shown(b)).toBe('26.90')

    const a = await readyCart(shirt.variantId, { giftCardCode: card.code })
    expect((await complete(a)).status).toBe(200)
    expect(await giftCardBalance(card.id)).toBe(0)

    const before = await paymentsOf(b.token)
    const refused = await complete(b)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toContain('has changed')
    expect(refused.body.error).toContain('$76.90')
    expect(refused.body.errors).toEqual({ payment: ['balance changed'] })
    expect(await paymentsOf(b.token)).toEqual(before)
    expect(await stockOf(shirt.variantId)).toBe(9)
    expect(await giftCardBalance(card.id)).toBe(0)
    expect((await call('/cart', { orderToken: b.token })).body.data.attributes).toMatchObject({ state: expect.not.stringMatching('complete'), balance: '76.90' })

    // retrying without agreeing to the new amount is refused again
    expect((await complete(b)).status).toBe(409)
    // the page shows 76.90 and the shopper pays that
    expect((await complete(b, { expected_balance: '26.90' })).status).toBe(409)
    const placed = await complete(b, { expected_balance: '76.90' })
    expect(placed.status).toBe(200)
    expect(await cardCharged(b.token)).toBe(7690)
  })

  it('refuses a partly spent card too; entering the code again shows the new balance and then completes', async () => {
    const shirt = await createProduct({ stock: 10, prices: { AUD: { amount: 6695 } } })
    const cheap = await createProduct({ stock: 10, prices: { AUD: { amount: 2005 } } })
    const card = await createGiftCard(5000)
    const b = await readyCart(shirt.variantId, { giftCardCode: card.code })
    // A spends 30.00 of the 50.00
    expect((await complete(await readyCart(cheap.variantId, { giftCardCode: card.code }))).status).toBe(200)
    expect(await giftCardBalance(card.id)).toBe(2000)

    const refused = await complete(b)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toContain('$56.90')
    expect(await giftCardBalance(card.id)).toBe(2000)

    const again = await call('/checkout/create_payment', { orderToken: b.token, body: { payment_method_id: '2', source_attributes: { gift_card_code: card.code } } })
    expect(again.body.data.attributes.balance).toBe('56.90')
    expect((await complete(b)).status).toBe(200)
    expect(await cardCharged(b.token)).toBe(5690)
    expect(await giftCardBalance(card.id)).toBe(0)
  })

  it('lets exactly the orders the card still covers through when 10 carts complete on one card at once', async () => {
    // each cart: 20.05 + 9.95 = 30.00, all of it shown as paid by a 100.00 card → exactly 3 fit
    const cheap = await createProduct({ stock: 100, prices: { AUD: { amount: 2005 } } })
    const card = await createGiftCard(10000)
    const carts = await Promise.all(Array.from({ length: 10 }, () => readyCart(cheap.variantId, { giftCardCode: card.code })))
    for (const cart of carts) expect(await shown(cart)).toBe('0.00')
    const before = await Promise.all(carts.map((c) => paymentsOf(c.token)))

    const results = await staggered(carts)
    expect(results.filter((r) => r.status === 200)).toHaveLength(3)
    expect(results.filter((r) => r.status === 409)).toHaveLength(7)
    expect(await giftCardBalance(card.id)).toBe(1000)
    expect(await stockOf(cheap.variantId)).toBe(97)
    for (const [i, cart] of carts.entries()) {
      if (results[i]!.status === 200) expect(await cardCharged(cart.token)).toBe(0)
      else expect(await paymentsOf(cart.token)).toEqual(before[i])
    }
  })
})

describe('store credit spent by another order before this one completes', () => {
  it('refuses with 409, leaving the payments and the credit as they were', async () => {
    const shirt = await createProduct({ stock: 10, prices: { AUD: { amount: 6695 } } })
    const member = await registerAndLogin()
    await env.DB.prepare("INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, 'AUD', 5000)").bind(member.userId).run()
    const b = await readyCart(shirt.variantId, { member, storeCredit: true })
    expect(await shown(b)).toBe('26.90')
    const a = await readyCart(shirt.variantId, { member, storeCredit: true })
    expect((await complete(a)).status).toBe(200)
    expect(await credit(member.userId)).toBe(0)

    const before = await paymentsOf(b.token)
    const refused = await complete(b)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toContain('$76.90')
    expect(await paymentsOf(b.token)).toEqual(before)
    expect(await credit(member.userId)).toBe(0)
    expect(await stockOf(shirt.variantId)).toBe(9)
    expect((await complete(b, { expected_balance: '76.90' })).status).toBe(200)
    expect(await cardCharged(b.token)).toBe(7690)
  })

  it('lets exactly the orders the credit still covers through when 10 carts complete at once', async () => {
    const cheap = await createProduct({ stock: 100, prices: { AUD: { amount: 2005 } } })
    const member = await registerAndLogin()
    await env.DB.prepare("INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, 'AUD', 10000)").bind(member.userId).run()
    const carts = await Promise.all(Array.from({ length: 10 }, () => readyCart(cheap.variantId, { member, storeCredit: true })))
    for (const cart of carts) expect(await shown(cart)).toBe('0.00')
    const results = await staggered(carts)
    expect(results.filter((r) => r.status === 200)).toHaveLength(3)
    expect(results.filter((r) => r.status === 409)).toHaveLength(7)
    expect(await credit(member.userId)).toBe(1000)
    for (const [i, cart] of carts.entries()) if (results[i]!.status === 200) expect(await cardCharged(cart.token)).toBe(0)
  })
})
