import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, giftCardBalance, stockOf } from '#tests/factories/catalogue.ts'
import { ADMIN_PASSWORD, auditOf, operator, placeOrder } from './admin-helpers.ts'

// The order's refund dialog (issue 41 point 2): units of each line refunded with a restock choice, the shipping, the
// total worked out before, 'refund everything'; valued and split like a return, each unit once, never more than the
// payments hold; restocking still possible after the money is all given back.

const credit = async (userId: number) => (await env.DB.prepare("SELECT balance_cents FROM store_credits WHERE user_id = ? AND currency = 'AUD'").bind(userId).first<{ balance_cents: number }>())?.balance_cents ?? 0
const linesOf = async (number: string) =>
  (await env.DB.prepare('SELECT li.id, li.variant_id FROM line_items li JOIN orders o ON o.id = li.order_id WHERE o.number = ? ORDER BY li.id').bind(number).all<{ id: number; variant_id: number }>()).results
const refunded = async (number: string) =>
  (await env.DB.prepare("SELECT p.method, p.refunded_cents FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.state = 'completed' ORDER BY p.id").bind(number).all<{ method: string; refunded_cents: number }>())
    .results
const total = async (number: string) => (await refunded(number)).reduce((sum, p) => sum + p.refunded_cents, 0)
const form = (extra: Record<string, string>) => ({ reason: 'Zip broke', password: ADMIN_PASSWORD, form_token: crypto.randomUUID(), intent: 'refund', ...extra })

describe('the refund dialog', () => {
  it('refunds 1 of 2 units: restocks 1 and gives back 1 unit’s share, split as paid; the same form again does nothing more', async () => {
    const { b, email: adminEmail } = await operator()
    const shopper = await registerAndLogin()
    const jacket = await createProduct({ stock: 5 })
    const cap = await createProduct({ stock: 5 })
    const card = await createGiftCard(5000)
    // member prices: 2 × 80.00 + 1 × 80.00 = 240.00 (free shipping): gift card 50, store credit 30, card 160
    const number = await placeOrder(jacket.variantId, { member: shopper, quantity: 2, more: [{ variantId: cap.variantId, quantity: 1 }], giftCardCode: card.code, storeCreditCents: 3000 })
    const [jacketLine, capLine] = await linesOf(number)
    const before = { gift: await giftCardBalance(card.id), credit: await credit(shopper.userId), stock: await stockOf(jacket.variantId) }

    const page = await b.get(`/admin/orders/${number}`)
    expect(page.body).toContain('Refund items')
    expect(page.body).toContain('2 left to refund')

    // worked out first: 80.00 (a third of 240.00 from each source), nothing moves
    const quote = await b.post(`/admin/orders/${number}/refund-units`, { [`qty-${jacketLine!.id}`]: '1', [`restock-${jacketLine!.id}`]: 'on', intent: 'quote' })
    expect(quote.status).toBe(200)
    expect(quote.body).toMatch(/Refund total AUD 80.00 \(GST AUD 7.27/)
    expect(await total(number)).toBe(0)

    expect((await b.post(`/admin/orders/${number}/refund-units`, form({ [`qty-${jacketLine!.id}`]: '3' }))).status).toBe(422)
    expect((await b.post(`/admin/orders/${number}/refund-units`, form({ [`qty-${jacketLine!.id}`]: '1', reason: '' }))).body).toContain('A reason is required.')
    expect((await b.post(`/admin/orders/${number}/refund-units`, form({ [`qty-${jacketLine!.id}`]: '1', password: 'not mine' }))).status).toBe(422)
    expect(await total(number)).toBe(0)

    const sent = form({ [`qty-${jacketLine!.id}`]: '1', [`restock-${jacketLine!.id}`]: 'on' })
    const ok = await b.post(`/admin/orders/${number}/refund-units`, sent)
    expect(ok.status, ok.body.slice(0, 500)).toBe(303)
    expect(await refunded(number)).toEqual([
      { method: 'gift_card', refunded_cents: 1667 },
      { method: 'store_credit', refunded_cents: 1000 },
      { method: 'card', refunded_cents: 5333 },
    ])
    expect(await giftCardBalance(card.id)).toBe(before.gift + 1667)
    expect(await credit(shopper.userId)).toBe(before.credit + 1000)
    expect(await stockOf(jacket.variantId)).toBe(before.stock + 1)
    expect((await auditOf('order.refund_units'))[0]).toMatchObject({ admin_email: adminEmail, subject_id: number, after: { lines: [{ line_item_id: jacketLine!.id, quantity: 1, cents: 8000, restocked: true }], cents: 8000 } })

    const again = await b.post(`/admin/orders/${number}/refund-units`, sent)
    expect(again.status).toBe(409)
    expect(await total(number)).toBe(8000)
    expect(await stockOf(jacket.variantId)).toBe(before.stock + 1)
    expect((await b.get(`/admin/orders/${number}`)).body).toContain('1 left to refund')

    // the shopper can ask back the one unit left, not two
    const ask = (line: number, quantity: number) => call(`/account/orders/${number}/returns`, { bearer: shopper.bearer, body: { return_request: { reason: 'too_small', comment: '', items: [{ line_item_id: line, quantity }] } } })
    await env.DB.prepare("UPDATE shipments SET state = 'shipped', shipped_at = ? WHERE order_id = (SELECT id FROM orders WHERE number = ?)").bind(new Date().toISOString(), number).run()
    expect((await ask(jacketLine!.id, 2)).status).toBe(422)
    expect((await ask(capLine!.id, 1)).status).toBe(201)
    // a line whose units wait in a return is not refunded beside it
    expect((await b.post(`/admin/orders/${number}/refund-units`, form({ [`qty-${capLine!.id}`]: '1' }))).status).toBe(409)
  })

  it('two operators refunding the same line at once refund it once', async () => {
    const [one, two] = [await operator(), await operator()]
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { quantity: 2 })
    const [line] = await linesOf(number)
    const results = await Promise.all([one.b.post(`/admin/orders/${number}/refund-units`, form({ [`qty-${line!.id}`]: '2' })), two.b.post(`/admin/orders/${number}/refund-units`, form({ [`qty-${line!.id}`]: '2' }))])
    expect(results.map((r) => r.status).sort()).toEqual([303, 409])
    const paid = (await env.DB.prepare("SELECT amount_cents FROM payments WHERE state = 'completed' AND order_id = (SELECT id FROM orders WHERE number = ?)").bind(number).first<number>('amount_cents'))!
    expect(await total(number)).toBe(paid)
    expect(await env.DB.prepare('SELECT SUM(quantity) AS n FROM quantity_refunds WHERE line_item_id = ?').bind(line!.id).first('n')).toBe(2)
  })

  it('refund everything gives back what was paid with the shipping; restocking stays possible after a full payment refund', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { quantity: 2 })
    const [line] = await linesOf(number)
    const paid = (await env.DB.prepare("SELECT id, amount_cents FROM payments WHERE state = 'completed' AND order_id = (SELECT id FROM orders WHERE number = ?)").bind(number).first<{ id: number; amount_cents: number }>())!

    // the whole payment refunded by amount: no stock moved
    const whole = await b.post(`/admin/orders/${number}/refund`, { paymentId: String(paid.id), amount: (paid.amount_cents / 100).toFixed(2), reason: 'Goodwill', password: ADMIN_PASSWORD, form_token: crypto.randomUUID() })
    expect(whole.status, whole.body.slice(0, 400)).toBe(303)
    expect(await stockOf(product.variantId)).toBe(3)
    // the dialog still offers the units: refunding them gives back 0.00 (never more than was captured) and restocks
    const everything = await b.post(`/admin/orders/${number}/refund-units`, form({ intent: 'all', [`restock-${line!.id}`]: 'on' }))
    expect(everything.status, everything.body.slice(0, 400)).toBe(303)
    expect(await stockOf(product.variantId)).toBe(5)
    expect(await total(number)).toBe(paid.amount_cents)
    expect((await b.get(`/admin/orders/${number}`)).body).not.toContain('Refund items')

    // on another order: everything, shipping included, equals what was paid
    const other = await placeOrder(product.variantId, { quantity: 1 })
    // shipping of 9.95 paid on top (as checkout would have charged it)
    await env.DB.batch([
      env.DB.prepare('UPDATE orders SET ship_total_cents = 995, total_cents = total_cents + 995 WHERE number = ?').bind(other),
      env.DB.prepare("UPDATE payments SET amount_cents = amount_cents + 995 WHERE state = 'completed' AND order_id = (SELECT id FROM orders WHERE number = ?)").bind(other),
    ])
    const otherPaid = (await env.DB.prepare("SELECT amount_cents FROM payments WHERE state = 'completed' AND order_id = (SELECT id FROM orders WHERE number = ?)").bind(other).first<number>('amount_cents'))!
    expect((await b.post(`/admin/orders/${other}/refund-units`, form({ intent: 'all' }))).status).toBe(303)
    expect(await total(other)).toBe(otherPaid)
    expect(await stockOf(product.variantId)).toBe(4)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM shipping_refunds WHERE order_id = (SELECT id FROM orders WHERE number = ?)').bind(other).first('n')).toBe(1)
  })

  it('cancelling an unshipped order after some units were refunded and restocked puts the others back once', async () => {
    const { b } = await operator()
    const jacket = await createProduct({ stock: 5 })
    const number = await placeOrder(jacket.variantId, { quantity: 2 })
    const [line] = await linesOf(number)
    expect(await stockOf(jacket.variantId)).toBe(3)
    expect((await b.post(`/admin/orders/${number}/refund-units`, form({ [`qty-${line!.id}`]: '1', [`restock-${line!.id}`]: 'on' }))).status).toBe(303)
    expect(await stockOf(jacket.variantId)).toBe(4)
    expect((await b.post(`/admin/orders/${number}/cancel`, { reason: 'Asked to', password: ADMIN_PASSWORD })).status).toBe(303)
    expect(await stockOf(jacket.variantId)).toBe(5)
    expect((await b.post(`/admin/orders/${number}/refund-units`, form({ [`qty-${line!.id}`]: '1' }))).status).toBe(409)
  })
})
