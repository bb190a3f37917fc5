import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { stripeEnv } from '#tests/factories/stripe.ts'
import { refundQuantities } from '#worker/admin/quantity-refunds.ts'
import { cancel, refund } from '#worker/admin/order-actions.ts'
import { ActionRefused } from '#worker/admin/action-refused.ts'
import { loadOrderDetail } from '#worker/admin/order-detail.ts'
import { approveReturn, declineReturn, loadReturn, receiveReturn } from '#worker/admin/return-actions.ts'
import { refundReturn } from '#worker/admin/return-refund.ts'
import type { OrderDetail } from '#worker/admin/order-detail.ts'
import { createAdmin, placeOrder, storeAddress } from './admin-helpers.ts'

// Two operators refunding the same line, or deciding the same return, in the same second (docs/operations.md
// 'Operator console: refund claims'): the claim is written to D1 before the card provider is asked, so exactly one
// reaches the provider; the other is refused with a sentence; a provider refusal gives the claim back.

const URL_ = 'https://store.test/admin/orders/x'

/** A slow card provider (50 ms a refund, so two refunds overlap), counting the refunds it was asked for. */
function slowProvider(fail = 0) {
  const asked: number[] = []
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (!request.url.startsWith('http://stripe.fake/v1/refunds')) return realFetch(input, init)
    const amount = Number(new URLSearchParams(await request.text()).get('amount'))
    asked.push(amount)
    await new Promise((r) => setTimeout(r, 50))
    if (asked.length <= fail) return Response.json({ error: { type: 'api_error', message: 'Stripe is down for a moment.' } }, { status: 400 })
    return Response.json({ id: `re_fake${asked.length}`, object: 'refund', amount, currency: 'aud', status: 'succeeded', payment_intent: 'pi_fake' })
  })
  return asked
}

/** A guest order paid by card, made to look taken by Stripe so refunds go through the (fake) provider. */
async function cardOrder(quantity = 1) {
  const product = await createProduct({ stock: 5 })
  const number = await placeOrder(product.variantId, { quantity })
  await env.DB.prepare("UPDATE payments SET payment_intent_id = 'pi_fake' WHERE method = 'card' AND order_id = (SELECT id FROM orders WHERE number = ?)").bind(number).run()
  return number
}

const refundedOf = async (number: string) =>
  (await env.DB.prepare('SELECT SUM(p.refunded_cents) AS n, (SELECT COUNT(*) FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.number = ?1) AS rows FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ?1').bind(number).first<{ n: number; rows: number }>())!

async function admin() {
  const a = await createAdmin()
  return { ...a, firstName: 'Olive', sessionHash: '' }
}

afterEach(() => vi.restoreAllMocks())

/** Every unit of a line from the order's refund dialog (each call a form of its own, as two operators send two). */
const refundLine = (e: typeof stripeEnv, op: Awaited<ReturnType<typeof admin>>, detail: OrderDetail, input: { lineId: number; reason: string; restock: boolean }, url: string) =>
  refundQuantities(e, op, detail, { lines: [{ id: input.lineId, quantity: detail.lines.find((l) => l.id === input.lineId)!.quantity, restock: input.restock }], shipping: false, reason: input.reason, formToken: crypto.randomUUID() }, url)

describe('refund claims', () => {
  it('two operators refund the same line at once: one reaches the provider, the other is refused, nothing twice', async () => {
    const number = await cardOrder(2)
    const detail = (await loadOrderDetail(env.DB, number))!
    const line = detail.lines[0]!
    const asked = slowProvider()
    const [a, b] = [await admin(), await admin()]
    const input = { lineId: line.id, reason: 'Never arrived', restock: false }
    const results = await Promise.allSettled([refundLine(stripeEnv, a, detail, input, URL_), refundLine(stripeEnv, b, detail, input, URL_)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(String(refused.reason.message)).toContain('being refunded by another operator')
    expect(asked).toEqual([line.price_cents! * 2])
    expect(await refundedOf(number)).toEqual({ n: line.price_cents! * 2, rows: 1 })
  })

  it('a provider refusal releases the claim: the operator is told, and trying again refunds once', async () => {
    const number = await cardOrder()
    const asked = slowProvider(1)
    const a = await admin()
    const line = (await loadOrderDetail(env.DB, number))!.lines[0]!
    const input = { lineId: line.id, reason: 'Damaged', restock: false }
    await expect(refundLine(stripeEnv, a, (await loadOrderDetail(env.DB, number))!, input, URL_)).rejects.toBeInstanceOf(ActionRefused)
    expect(await refundedOf(number)).toEqual({ n: 0, rows: 0 })
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM refund_claims WHERE subject LIKE ? || ':%'").bind(`line:${line.id}`).first('n')).toBe(0)
    const tries = asked.length
    await refundLine(stripeEnv, a, (await loadOrderDetail(env.DB, number))!, input, URL_)
    expect(asked).toHaveLength(tries + 1)
    expect(await refundedOf(number)).toEqual({ n: line.price_cents, rows: 1 })
  })

  it('a return approved twice at once is approved once; refunded twice at once, or declined while its refund is at the provider, it is refunded once', async () => {
    await storeAddress()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const orders: string[] = []
    for (let i = 0; i < 2; i++) {
      const number = await placeOrder(product.variantId, { member: shopper })
      await env.DB.prepare("UPDATE payments SET payment_intent_id = 'pi_fake' WHERE method = 'card' AND order_id = (SELECT id FROM orders WHERE number = ?)").bind(number).run()
      await env.DB.prepare("UPDATE shipments SET state = 'shipped', shipped_at = ? WHERE order_id = (SELECT id FROM orders WHERE number = ?)").bind(new Date().toISOString(), number).run()
      const lineId = (await loadOrderDetail(env.DB, number))!.lines[0]!.id
      const asked = await call(`/account/orders/${number}/returns`, { bearer: shopper.bearer, body: { return_request: { reason: 'faulty', comment: '', items: [{ line_item_id: lineId, quantity: 1 }] } } })
      expect(asked.status).toBe(201)
      orders.push(number)
    }
    const returnOf = async (number: string) =>
      (await loadReturn(env.DB, (await env.DB.prepare('SELECT r.id FROM return_requests r JOIN orders o ON o.id = r.order_id WHERE o.number = ?').bind(number).first<{ id: number }>())!.id))!
    const asked = slowProvider()
    const [a, b] = [await admin(), await admin()]
    const received = async (number: string) => {
      const ret = await returnOf(number)
      await receiveReturn(stripeEnv, a, ret, ret.ret.items.map((i) => ({ line_item_id: i.line_item_id, quantity: i.quantity, restock: true })), URL_)
      return returnOf(number)
    }

    const twice = await returnOf(orders[0]!)
    const approvals = await Promise.allSettled([approveReturn(stripeEnv, a, twice, null, URL_), approveReturn(stripeEnv, b, twice, null, URL_)])
    expect(approvals.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(String((approvals.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.message)).toContain('moved on a moment ago')
    expect(asked).toHaveLength(0)
    const toRefund = await received(orders[0]!)
    const refunds = await Promise.allSettled([
      refundReturn(stripeEnv, a, toRefund, { to: 'original', shipping: false, formToken: crypto.randomUUID() }, URL_),
      refundReturn(stripeEnv, b, toRefund, { to: 'original', shipping: false, formToken: crypto.randomUUID() }, URL_),
    ])
    expect(refunds.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(asked).toHaveLength(1)
    expect((await refundedOf(orders[0]!)).rows).toBe(1)

    await approveReturn(stripeEnv, a, await returnOf(orders[1]!), null, URL_)
    const raced = await received(orders[1]!)
    const [refunded, declined] = await Promise.allSettled([refundReturn(stripeEnv, a, raced, { to: 'original', shipping: false, formToken: crypto.randomUUID() }, URL_), declineReturn(stripeEnv, b, raced, 'No', URL_)])
    // whichever took the return's claim first goes on; the other is refused, and the money moved at most once
    expect([refunded.status, declined.status].sort()).toEqual(['fulfilled', 'rejected'])
    expect((await returnOf(orders[1]!)).ret.stage).toBe(refunded.status === 'fulfilled' ? 'refunded' : 'declined')
    expect(asked).toHaveLength(refunded.status === 'fulfilled' ? 2 : 1)
    expect((await refundedOf(orders[1]!)).rows).toBe(refunded.status === 'fulfilled' ? 1 : 0)
  })
})

describe('refund claims: a payment refunded or an order cancelled twice at once', () => {
  it('two operators refund the whole card payment at once: one reaches the provider, the other is refused (409), not a 500', async () => {
    const number = await cardOrder()
    const detail = (await loadOrderDetail(env.DB, number))!
    const payment = detail.payments.find((p) => p.method === 'card')!
    const asked = slowProvider()
    const [a, b] = [await admin(), await admin()]
    const input = { paymentId: payment.id, cents: payment.amount_cents!, reason: 'Goodwill' }
    const results = await Promise.allSettled([refund(stripeEnv, a, detail, input, URL_), refund(stripeEnv, b, detail, input, URL_)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toBeInstanceOf(ActionRefused)
    // the second waits for the first, then finds nothing left to refund
    expect(String(refused.reason.message)).toBe('At most $0.00 can still be refunded to this payment.')
    expect(asked).toEqual([payment.amount_cents])
    expect(await refundedOf(number)).toEqual({ n: payment.amount_cents, rows: 1 })
    // a later partial refund of what is left is still possible (nothing is left here: refused by the amount check)
    await expect(refund(stripeEnv, a, (await loadOrderDetail(env.DB, number))!, { ...input, cents: 1 }, URL_)).rejects.toBeInstanceOf(ActionRefused)
  })

  it('two partial refunds from one page view at once both go through when both fit; a third that no longer fits is refused (409)', async () => {
    const number = await cardOrder()
    const detail = (await loadOrderDetail(env.DB, number))!
    const payment = detail.payments.find((p) => p.method === 'card')!
    const asked = slowProvider()
    const [a, b] = [await admin(), await admin()]
    const part = Math.floor(payment.amount_cents! / 3)
    const input = { paymentId: payment.id, cents: part, reason: 'Partly' }
    // before: the second was told 'being refunded by another operator … reload', though the payment still covered it
    const both = await Promise.allSettled([refund(stripeEnv, a, detail, input, URL_), refund(stripeEnv, b, detail, input, URL_)])
    expect(both.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled'])
    expect(asked).toEqual([part, part])
    expect(await refundedOf(number)).toEqual({ n: 2 * part, rows: 2 })
    // from the same stale view, two more of a third each: one fits, the other would give back more than was paid
    const more = await Promise.allSettled([refund(stripeEnv, a, detail, { ...input, cents: part + 1 }, URL_), refund(stripeEnv, b, detail, { ...input, cents: part + 1 }, URL_)])
    expect(more.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = more.find((r) => r.status === 'rejected') as PromiseRejectedResult
    expect(refused.reason).toBeInstanceOf(ActionRefused)
    expect(String(refused.reason.message)).toMatch(/^At most \$[\d.,]+ can still be refunded to this payment\.$/)
    expect(asked).toEqual([part, part, part + 1])
    expect(await refundedOf(number)).toEqual({ n: 3 * part + 1, rows: 3 })
  })

  it('two partial refunds one after the other both go through; a provider refusal gives the payment back', async () => {
    const number = await cardOrder()
    const asked = slowProvider(1)
    const a = await admin()
    const paymentOf = async () => (await loadOrderDetail(env.DB, number))!.payments.find((p) => p.method === 'card')!
    const input = async (cents: number) => ({ paymentId: (await paymentOf()).id, cents, reason: 'Partly' })
    await expect(refund(stripeEnv, a, (await loadOrderDetail(env.DB, number))!, await input(100), URL_)).rejects.toBeInstanceOf(ActionRefused)
    await refund(stripeEnv, a, (await loadOrderDetail(env.DB, number))!, await input(100), URL_)
    await refund(stripeEnv, a, (await loadOrderDetail(env.DB, number))!, await input(100), URL_)
    expect(asked).toEqual([100, 100, 100])
    expect(await refundedOf(number)).toEqual({ n: 200, rows: 2 })
  })

  it('an order cancelled by two operators at once is refunded and cancelled once; the other is refused (409), not a 500', async () => {
    const number = await cardOrder()
    const detail = (await loadOrderDetail(env.DB, number))!
    const asked = slowProvider()
    const [a, b] = [await admin(), await admin()]
    const results = await Promise.allSettled([cancel(stripeEnv, a, detail, 'Asked to', URL_), cancel(stripeEnv, b, detail, 'Asked to', URL_)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ActionRefused)
    expect(asked).toHaveLength(1)
    expect((await refundedOf(number)).rows).toBe(1)
  })

  it('a line refund at the same moment as a payment refund or a cancel: one reaches the provider, the other is refused (409), not a 500', async () => {
    const [a, b] = [await admin(), await admin()]
    for (const other of ['refund', 'cancel'] as const) {
      const number = await cardOrder(2)
      const detail = (await loadOrderDetail(env.DB, number))!
      const payment = detail.payments.find((p) => p.method === 'card')!
      const asked = slowProvider()
      const rival =
        other === 'refund'
          ? refund(stripeEnv, b, detail, { paymentId: payment.id, cents: payment.amount_cents!, reason: 'Goodwill' }, URL_)
          : cancel(stripeEnv, b, detail, 'Asked to', URL_)
      const results = await Promise.allSettled([refundLine(stripeEnv, a, detail, { lineId: detail.lines[0]!.id, reason: 'Damaged', restock: false }, URL_), rival])
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
      expect(refused.reason).toBeInstanceOf(ActionRefused)
      expect(String(refused.reason.message)).toMatch(/reload the order/)
      expect(asked).toHaveLength(1)
      expect((await refundedOf(number)).rows).toBe(1)
      vi.restoreAllMocks()
    }
  })

  it('a return refunded at the same moment as a refund of its payment: one reaches the provider, the other is refused (409)', async () => {
    await storeAddress()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { member: shopper, quantity: 2 })
    await env.DB.prepare("UPDATE payments SET payment_intent_id = 'pi_fake' WHERE method = 'card' AND order_id = (SELECT id FROM orders WHERE number = ?)").bind(number).run()
    await env.DB.prepare("UPDATE shipments SET state = 'shipped', shipped_at = ? WHERE order_id = (SELECT id FROM orders WHERE number = ?)").bind(new Date().toISOString(), number).run()
    const detail = (await loadOrderDetail(env.DB, number))!
    const asked0 = await call(`/account/orders/${number}/returns`, { bearer: shopper.bearer, body: { return_request: { reason: 'faulty', comment: '', items: [{ line_item_id: detail.lines[0]!.id, quantity: 2 }] } } })
    expect(asked0.status).toBe(201)
    const id = (await env.DB.prepare('SELECT r.id FROM return_requests r JOIN orders o ON o.id = r.order_id WHERE o.number = ?').bind(number).first<{ id: number }>())!.id
    const [a, b] = [await admin(), await admin()]
    await approveReturn(stripeEnv, a, (await loadReturn(env.DB, id))!, null, URL_)
    const approved = (await loadReturn(env.DB, id))!
    await receiveReturn(stripeEnv, a, approved, [{ line_item_id: detail.lines[0]!.id, quantity: 2, restock: true }], URL_)
    const ret = (await loadReturn(env.DB, id))!
    const payment = detail.payments.find((p) => p.method === 'card')!
    const asked = slowProvider()
    const results = await Promise.allSettled([refundReturn(stripeEnv, a, ret, { to: 'original', shipping: false, formToken: crypto.randomUUID() }, URL_), refund(stripeEnv, b, detail, { paymentId: payment.id, cents: payment.amount_cents!, reason: 'Goodwill' }, URL_)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ActionRefused)
    expect(asked).toHaveLength(1)
    expect((await refundedOf(number)).rows).toBe(1)
  })
})
