import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { backend } from '#worker/backend/index.ts'
import type { Env } from '#worker/env.ts'
import { CHARGE_MAX_CENTS, GIFT_CARD_AMOUNT_MAX, GIFT_CARD_AMOUNT_MIN, GIFT_CARD_LINE_MAX_QUANTITY, GIFT_CARD_LINES_MAX, D1_QUERIES_PER_COMPLETION_MAX } from '#kernel/config.ts'
import { AU_ADDRESS, TEST_CARD, call, freshIp, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, createPromotion } from '#tests/factories/catalogue.ts'

/**
 * Issue 7.7: gift cards have bounds, and completing any order stays within D1's per-invocation query limit
 * (docs/checkout.md). Every statement the backend runs is counted, one per statement inside a batch too.
 */

interface Counter {
  queries: number
  batches: number[]
}

/** env.DB that counts what D1 would count: each statement run, alone or inside a batch. */
function countingDb(db: D1Database, counter: Counter): D1Database {
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    for (const method of ['first', 'all', 'run', 'raw'] as const) {
      const original = (stmt[method] as (...a: unknown[]) => unknown).bind(stmt)
      ;(stmt as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => (counter.queries++, original(...args))
    }
    const bind = stmt.bind.bind(stmt)
    stmt.bind = (...values: unknown[]) => wrap(bind(...values))
    return stmt
  }
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql))
      if (prop === 'batch') return (statements: D1PreparedStatement[]) => (counter.queries += statements.length, counter.batches.push(statements.length), target.batch(statements))
      const value = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

async function countedComplete(bearer: string): Promise<{ status: number; body: any; counter: Counter }> {
  const counter: Counter = { queries: 0, batches: [] }
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
  const res = await backend.fetch(
    new Request('https://store.test/api/v2/storefront/checkout/complete', { method: 'PATCH', headers: { accept: 'application/json', authorization: `Bearer ${bearer}`, 'cf-connecting-ip': freshIp() } }),
    { ...(env as unknown as Env), DB: countingDb(env.DB, counter) },
    ctx,
  )
  return { status: res.status, body: await res.json(), counter }
}

const buy = (bearer: string, amount: number) =>
  call('/gift_cards', { bearer, body: { gift_card: { amount, recipient_name: 'Grace', recipient_email: 'grace@example.com', message: 'Happy birthday! '.repeat(20) } } })

beforeAll(async () => {
  await createProduct({ kind: 'gift_card', prices: { AUD: { amount: 0 }, USD: { amount: 0 } } })
})

describe('gift card bounds', () => {
  it('keeps the amount within the configured range and the quantity of a gift card line at most the cap', async () => {
    const { bearer } = await registerAndLogin()
    expect((await buy(bearer, GIFT_CARD_AMOUNT_MIN - 1)).body.errors['gift_card.amount']).toEqual([`must be at least ${GIFT_CARD_AMOUNT_MIN}`])
    expect((await buy(bearer, GIFT_CARD_AMOUNT_MAX + 1)).body.errors['gift_card.amount']).toEqual([`must be at most ${GIFT_CARD_AMOUNT_MAX}`])
    const cart = await buy(bearer, GIFT_CARD_AMOUNT_MAX)
    expect(cart.status).toBe(200)
    const lineId = cart.body.data.relationships.line_items.data[0].id
    const tooMany = await call('/cart/set_quantity', { method: 'PATCH', bearer, body: { line_item_id: lineId, quantity: GIFT_CARD_LINE_MAX_QUANTITY + 1 } })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.errors.quantity).toEqual([`must be at most ${GIFT_CARD_LINE_MAX_QUANTITY}`])
    expect((await call('/cart/set_quantity', { method: 'PATCH', bearer, body: { line_item_id: lineId, quantity: GIFT_CARD_LINE_MAX_QUANTITY } })).status).toBe(200)
    for (let i = 1; i < GIFT_CARD_LINES_MAX; i++) expect((await buy(bearer, 10)).status).toBe(200)
    const over = await buy(bearer, 10)
    expect(over.status).toBe(422)
    expect(over.body.error).toContain(`at most ${GIFT_CARD_LINES_MAX} gift cards`)
  })
})

describe('completing an order at the bounds', () => {
  it(`places an order with the most gift cards and 40 other lines in at most ${D1_QUERIES_PER_COMPLETION_MAX} D1 queries`, async () => {
    const { bearer } = await registerAndLogin()
    for (let i = 0; i < GIFT_CARD_LINES_MAX; i++) {
      const cart = await buy(bearer, 25)
      const lines = cart.body.data.relationships.line_items.data as Array<{ id: string }>
      await call('/cart/set_quantity', { method: 'PATCH', bearer, body: { line_item_id: lines.at(-1)!.id, quantity: GIFT_CARD_LINE_MAX_QUANTITY } })
    }
    const products = await Promise.all(Array.from({ length: 40 }, () => createProduct({ stock: 5, prices: { AUD: { amount: 1000 } } })))
    for (const p of products) expect((await call('/cart/add_item', { bearer, body: { variant_id: p.variantId, quantity: 2 } })).status).toBe(200)
    const promo = await createPromotion({ kind: 'percent', amount: 10, usageLimit: 5, perCustomerLimit: 1 })
    expect((await call('/cart/apply_coupon_code', { method: 'PATCH', bearer, body: { coupon_code: promo.code } })).status).toBe(200)
    await call('/checkout', { method: 'PATCH', bearer, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
    const card = await createGiftCard(5000)
    expect((await call('/checkout/create_payment', { bearer, body: { payment_method_id: '2', source_attributes: { gift_card_code: card.code } } })).status).toBe(200)
    expect((await call('/checkout/create_payment', { bearer, body: { payment_method_id: '1', source_attributes: TEST_CARD } })).status).toBe(200)

    const { status, body, counter } = await countedComplete(bearer)
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200)
    expect(body.data.attributes.state).toBe('complete')
    expect(counter.queries).toBeLessThanOrEqual(D1_QUERIES_PER_COMPLETION_MAX)
    // the completion is one batch whose size does not grow with the order
    expect(Math.max(...counter.batches)).toBeLessThanOrEqual(25)

    const issued = await env.DB.prepare('SELECT COUNT(*) AS n, SUM(balance_cents) AS cents FROM gift_cards g JOIN line_items li ON li.id = g.line_item_id WHERE li.order_id = (SELECT id FROM orders WHERE number = ?)')
      .bind(body.data.attributes.number)
      .first<{ n: number; cents: number }>()
    expect(issued).toEqual({ n: GIFT_CARD_LINES_MAX * GIFT_CARD_LINE_MAX_QUANTITY, cents: GIFT_CARD_LINES_MAX * GIFT_CARD_LINE_MAX_QUANTITY * 2500 })
    const mails = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_email = 'grace@example.com' AND kind = 'gift_card' AND body LIKE '%Happy birthday%'").first<{ n: number }>()
    expect(mails!.n).toBeGreaterThanOrEqual(GIFT_CARD_LINES_MAX * GIFT_CARD_LINE_MAX_QUANTITY)
    const stock = await env.DB.prepare(`SELECT SUM(stock_on_hand) AS n FROM variants WHERE id IN (${products.map((p) => p.variantId).join(',')})`).first<{ n: number }>()
    expect(stock!.n).toBe(40 * 3)
    const redeemed = await env.DB.prepare('SELECT used_count FROM promotions WHERE id = ?').bind(promo.id).first<{ used_count: number }>()
    expect(redeemed!.used_count).toBe(1)
    expect(await env.DB.prepare('SELECT balance_cents FROM gift_cards WHERE id = ?').bind(card.id).first()).toEqual({ balance_cents: 0 })
  })
})

describe('an order the card provider would refuse never reaches checkout', () => {
  it('refuses a quantity that takes the cart past 999,999.99 (422, with the figure) and changes nothing', async () => {
    // a price stored before the console's cap (600,000.00), bought twice, would be a charge Stripe refuses
    const product = await createProduct({ stock: 5, prices: { AUD: { amount: 60_000_000 }, USD: { amount: 40_000_000 } } })
    const token = await guestCart()
    expect((await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })).status).toBe(200)
    const twice = await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    expect(twice.status).toBe(422)
    expect(twice.body.error).toBe('An order can be at most $999,999.99 (the most a card can be charged at once); this would make it $1,200,000.00. Choose fewer.')
    const cart = await call('/cart?include=line_items', { orderToken: token })
    const lineId = cart.body.data.relationships.line_items.data[0].id
    expect(cart.body.included[0].attributes.quantity).toBe(1)
    const set = await call('/cart/set_quantity', { method: 'PATCH', orderToken: token, body: { line_item_id: lineId, quantity: 2 } })
    expect(set.status).toBe(422)
    expect(set.body.errors.quantity[0]).toContain('would take the order past')
    expect((await call('/cart?include=line_items', { orderToken: token })).body.included[0].attributes.quantity).toBe(1)
    expect(CHARGE_MAX_CENTS).toBe(99_999_999)
  })
})
