// Issue 45 point 2 (decision 0081): a deal variant's stock is held by its Durable Object. Carts reserve units (never
// prices); removal, an emptied cart, a declined card and the hold's time running out free them; a completion takes
// them and D1 records the sale; the object and D1 agree again after a lost completion or a console count; a shopper
// who loses hears 'sold out' at once, in English or German; and a crowd never gets more than the stock.
import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createProduct, stockOf, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { AU_ADDRESS, call, guestCart, paymentReadyCart, TEST_CARD } from '#tests/factories/api.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { reconcileDeal, type DealStock } from '#worker/backend/commerce/deal-stock.ts'
import { formBrowser } from './helpers.ts'
import type { Env } from '#worker/env.ts'

const e = env as unknown as Env
const object = (variantId: number) => e.DEAL_STOCK!.get(e.DEAL_STOCK!.idFromName(String(variantId)))
const counts = (variantId: number) => object(variantId).counts()

async function deal(stock: number): Promise<CreatedProduct> {
  const product = await createProduct({ stock })
  await e.DB.prepare('UPDATE variants SET deal = 1 WHERE id = ?').bind(product.variantId).run()
  return product
}

const add = (token: string, variantId: number, quantity = 1) => call('/cart/add_item', { orderToken: token, body: { variant_id: variantId, quantity } })
const orderId = async (token: string) => (await e.DB.prepare('SELECT id FROM orders WHERE token = ?').bind(token).first<number>('id'))!

async function pay(token: string, card = TEST_CARD) {
  const payment = await call('/checkout/create_payment', { orderToken: token, body: { payment_method_id: '1', source_attributes: card } })
  if (payment.status !== 200) return payment
  return call('/checkout/complete', { method: 'PATCH', orderToken: token })
}

beforeAll(async () => {
  await seedCatalogue(5)
})

describe('a deal variant reserves units for carts', () => {
  it('holds the units of a cart; a second cart gets what is left, then sold out at once with a code', async () => {
    const product = await deal(3)
    const first = await guestCart()
    expect((await add(first, product.variantId, 2)).status).toBe(200)
    expect(await counts(product.variantId)).toEqual({ onHand: 3, held: 2, taking: 0 })
    const second = await guestCart()
    expect((await add(second, product.variantId, 1)).status).toBe(200)
    const lost = await add(second, product.variantId, 1)
    expect(lost.status).toBe(422)
    expect(lost.body.code).toBe('deal_sold_out')
    expect(lost.body.error).toMatch(/sold out/)
    // the loser's cart keeps its one unit; D1 is unchanged until an order is placed
    const cart = await call('/cart', { orderToken: second })
    expect(cart.body.data.attributes.item_count).toBe(1)
    expect(await stockOf(product.variantId)).toBe(3)
  })

  it('a quantity change holds the new count; removing the line frees its units at once', async () => {
    const product = await deal(4)
    const token = await guestCart()
    const added = await add(token, product.variantId, 1)
    const lineId = added.body.included.find((i: { type: string }) => i.type === 'line_item').id
    expect((await call('/cart/set_quantity', { method: 'PATCH', orderToken: token, body: { line_item_id: lineId, quantity: 4 } })).status).toBe(200)
    expect((await counts(product.variantId)).held).toBe(4)
    expect((await add(await guestCart(), product.variantId, 1)).body.code).toBe('deal_sold_out')
    expect((await call(`/cart/remove_line_item/${lineId}`, { method: 'DELETE', orderToken: token })).status).toBe(200)
    expect((await counts(product.variantId)).held).toBe(0)
    expect((await add(await guestCart(), product.variantId, 4)).status).toBe(200)
  })

  it('emptying the cart frees its units', async () => {
    const product = await deal(2)
    const token = await guestCart()
    await add(token, product.variantId, 2)
    expect((await call('/cart/empty', { method: 'PATCH', orderToken: token })).status).toBe(200)
    expect((await counts(product.variantId)).held).toBe(0)
  })

  it('the alarm frees a hold whose time ran out', async () => {
    const product = await deal(2)
    const token = await guestCart()
    await add(token, product.variantId, 2)
    expect((await add(await guestCart(), product.variantId, 1)).body.code).toBe('deal_sold_out')
    // ten minutes pass: the hold's time is moved back rather than waited for
    await runInDurableObject(object(product.variantId), (_instance: DealStock, state) => {
      state.storage.sql.exec('UPDATE holds SET until = ?', Date.now() - 1)
    })
    expect(await runDurableObjectAlarm(object(product.variantId))).toBe(true)
    expect((await counts(product.variantId)).held).toBe(0)
    expect((await add(await guestCart(), product.variantId, 2)).status).toBe(200)
  })
})

describe('a deal is completed through its object, and D1 records it', () => {
  it('an order takes its units: the object and D1 both count them sold, and the price is the one shown', async () => {
    const product = await deal(5)
    const token = await paymentReadyCart(product.variantId, 2)
    const before = (await call('/cart', { orderToken: token })).body.data.attributes.total
    const placed = await pay(token)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(placed.body.data.attributes.state).toBe('complete')
    expect(placed.body.data.attributes.total).toBe(before)
    expect(await stockOf(product.variantId)).toBe(3)
    expect(await counts(product.variantId)).toEqual({ onHand: 3, held: 0, taking: 0 })
  })

  it('a declined card frees the cart’s units at once; nothing is sold', async () => {
    const product = await deal(1)
    const token = await paymentReadyCart(product.variantId, 1)
    expect((await counts(product.variantId)).held).toBe(1)
    const declined = await pay(token, { ...TEST_CARD, number: '4000000000000002' })
    expect(declined.status).toBe(422)
    expect(declined.body.code).toBe('card_declined')
    expect(await counts(product.variantId)).toEqual({ onHand: 1, held: 0, taking: 0 })
    expect(await stockOf(product.variantId)).toBe(1)
    // another shopper can have the unit now
    expect((await add(await guestCart(), product.variantId, 1)).status).toBe(200)
  })

  it('a cart whose hold ran out and whose units went elsewhere is refused at completion with sold out; nothing is charged', async () => {
    const product = await deal(1)
    const token = await paymentReadyCart(product.variantId, 1)
    await runInDurableObject(object(product.variantId), (_instance: DealStock, state) => {
      state.storage.sql.exec('UPDATE holds SET until = ?', Date.now() - 1)
    })
    await runDurableObjectAlarm(object(product.variantId))
    const winner = await paymentReadyCart(product.variantId, 1)
    const lost = await pay(token)
    expect(lost.status).toBe(422)
    expect(lost.body.code).toBe('deal_sold_out')
    expect((await e.DB.prepare("SELECT state FROM orders WHERE token = ?").bind(token).first<string>('state'))).not.toBe('complete')
    expect((await pay(winner)).status).toBe(200)
    expect(await stockOf(product.variantId)).toBe(0)
    expect(await counts(product.variantId)).toEqual({ onHand: 0, held: 0, taking: 0 })
  })

  it('after a lost completion and a console count, reconcile makes the object agree with D1', async () => {
    const product = await deal(6)
    const token = await paymentReadyCart(product.variantId, 2)
    const id = await orderId(token)
    // a completion whose worker died after taking the units and writing D1, before settling: D1 says 4, the object
    // still counts 2 in flight
    await object(product.variantId).take(id, 2, 6)
    await e.DB.batch([
      e.DB.prepare('UPDATE variants SET stock_on_hand = 4 WHERE id = ?').bind(product.variantId),
      e.DB.prepare("UPDATE orders SET state = 'complete', completed_at = '2026-12-07T00:00:00Z' WHERE id = ?").bind(id),
    ])
    expect(await counts(product.variantId)).toEqual({ onHand: 4, held: 0, taking: 2 })
    // and an operator counted the shelf meanwhile: 10 (what D1 now says)
    await e.DB.prepare('UPDATE variants SET stock_on_hand = 10 WHERE id = ?').bind(product.variantId).run()
    expect(await reconcileDeal(e, product.variantId)).toBe(true)
    expect(await counts(product.variantId)).toEqual({ onHand: 10, held: 0, taking: 0 })
  })

  it('a completion still in flight while reconciling keeps its units out', async () => {
    const product = await deal(5)
    const token = await paymentReadyCart(product.variantId, 2)
    await object(product.variantId).take(await orderId(token), 2, 5)
    expect(await reconcileDeal(e, product.variantId)).toBe(true)
    expect(await counts(product.variantId)).toEqual({ onHand: 3, held: 0, taking: 2 })
    await object(product.variantId).settle(await orderId(token), false)
    expect(await counts(product.variantId)).toEqual({ onHand: 5, held: 0, taking: 0 })
  })
})

describe('a crowd never gets more than the stock', () => {
  it('50 parallel adds for 10 units: exactly 10 held, 40 told sold out; then 10 orders and D1 at 0', async () => {
    const product = await deal(10)
    const tokens = await Promise.all(Array.from({ length: 50 }, () => guestCart()))
    const answers = await Promise.all(tokens.map((t) => add(t, product.variantId, 1)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10)
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(Array(40).fill('deal_sold_out'))
    expect(await counts(product.variantId)).toEqual({ onHand: 10, held: 10, taking: 0 })
    const winners = tokens.filter((_, i) => answers[i]!.status === 200)
    for (const t of winners) await readyForPayment(t)
    const paid = await Promise.all(winners.map((t) => pay(t)))
    expect(paid.map((p) => p.status)).toEqual(Array(10).fill(200))
    expect(await stockOf(product.variantId)).toBe(0)
    expect(await counts(product.variantId)).toEqual({ onHand: 0, held: 0, taking: 0 })
  })
})

describe('sold out in the shopper’s language, with and without the deal', () => {
  it('the German and English product forms say sold out in their language; a plain variant keeps its own words', async () => {
    const product = await deal(1)
    const holder = await guestCart()
    await add(holder, product.variantId, 1)
    const de = await formBrowser().post(`/de/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    expect(de.status).toBe(422)
    expect(de.body).toContain('Dieses Angebot ist ausverkauft')
    const en = await formBrowser().post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    expect(en.status).toBe(422)
    expect(en.body).toContain('This deal is sold out')
    // a variant that is not a deal: D1 alone, as before, and no object is asked
    const plain = await createProduct({ stock: 1 })
    const token = await guestCart()
    expect((await add(token, plain.variantId, 1)).status).toBe(200)
    expect((await add(await guestCart(), plain.variantId, 2)).body.code).toBe('stock_limited')
    expect(await counts(plain.variantId)).toEqual({ onHand: null, held: 0, taking: 0 })
  })
})

async function readyForPayment(token: string) {
  const order = { email: `guest-${token.slice(0, 6)}@example.com`, ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] }
  const res = await call('/checkout', { method: 'PATCH', orderToken: token, body: { order } })
  if (res.status !== 200) throw new Error(`checkout failed: ${JSON.stringify(res.body)}`)
}

describe('the console makes a size a deal', () => {
  it('the product page offers it; the change is audited and the object starts from D1’s count', async () => {
    const { operator, auditOf } = await import('./admin-helpers.ts')
    const product = await createProduct({ stock: 7 })
    const { b } = await operator()
    const page = await b.get(`/admin/products/${product.productId}`)
    expect(page.body).toContain('Make it a deal')
    const made = await b.post(`/admin/products/${product.productId}/variants/${product.variantId}/deal`, { deal: 'on' })
    expect(made.status).toBe(303)
    expect(await e.DB.prepare('SELECT deal FROM variants WHERE id = ?').bind(product.variantId).first<number>('deal')).toBe(1)
    expect((await auditOf('variant.deal'))[0]).toMatchObject({ subject_id: String(product.variantId), before: { deal: false }, after: { deal: true } })
    expect(await counts(product.variantId)).toEqual({ onHand: 7, held: 0, taking: 0 })
    expect((await b.get(`/admin/products/${product.productId}`)).body).toContain('End the deal')
    const bad = await b.post(`/admin/products/${product.productId}/variants/${product.variantId}/deal`, { deal: 'maybe' })
    expect(bad.status).toBe(422)
    expect(await e.DB.prepare('SELECT deal FROM variants WHERE id = ?').bind(product.variantId).first<number>('deal')).toBe(1)
  })
})
