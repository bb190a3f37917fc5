import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, giftCardBalance, stockOf } from '#tests/factories/catalogue.ts'
import { ADMIN_PASSWORD, auditOf, operator, placeOrder } from './admin-helpers.ts'

// Refunding one line of an order from the console (issue 14 item 3): valued and split like a return, once, with an
// optional restock; the shopper is emailed and cannot ask the refunded units back again.

const credit = async (userId: number) => (await env.DB.prepare("SELECT balance_cents FROM store_credits WHERE user_id = ? AND currency = 'AUD'").bind(userId).first<{ balance_cents: number }>())?.balance_cents ?? 0
const linesOf = async (number: string) =>
  (await env.DB.prepare('SELECT li.id, li.variant_id FROM line_items li JOIN orders o ON o.id = li.order_id WHERE o.number = ? ORDER BY li.id').bind(number).all<{ id: number; variant_id: number }>()).results
const refunded = async (number: string) =>
  (await env.DB.prepare("SELECT p.method, p.refunded_cents FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.state = 'completed' ORDER BY p.id").bind(number).all<{ method: string; refunded_cents: number }>())
    .results

describe('refunding one line', () => {
  it('gives back what the line cost, split as the order was paid, once; restocks if asked; the shopper is told', async () => {
    const { b, email: adminEmail } = await operator()
    const shopper = await registerAndLogin()
    const jacket = await createProduct({ stock: 5 })
    const cap = await createProduct({ stock: 5 })
    const card = await createGiftCard(5000)
    // member prices: 2 × 80.00 + 1 × 80.00 = 240.00 (free shipping): gift card 50, store credit 30, card 160
    const number = await placeOrder(jacket.variantId, { member: shopper, quantity: 2, more: [{ variantId: cap.variantId, quantity: 1 }], giftCardCode: card.code, storeCreditCents: 3000 })
    const [jacketLine, capLine] = await linesOf(number)
    await env.DB.prepare("UPDATE shipments SET state = 'shipped', shipped_at = ? WHERE order_id = (SELECT id FROM orders WHERE number = ?)").bind(new Date().toISOString(), number).run()
    const before = { gift: await giftCardBalance(card.id), credit: await credit(shopper.userId), stock: await stockOf(jacket.variantId) }

    const page = await b.get(`/admin/orders/${number}`)
    expect(page.body).toContain('Refund a line')
    expect(page.body).toContain('× 2: AUD 160.00')

    const form = { lineId: String(jacketLine!.id), reason: 'Zip broke', restock: 'on', password: ADMIN_PASSWORD }
    const wrong = await b.post(`/admin/orders/${number}/refund-line`, { ...form, password: 'not my password' })
    expect(wrong.status).toBe(422)
    expect((await b.post(`/admin/orders/${number}/refund-line`, { ...form, reason: '' })).body).toContain('A reason is required.')
    expect((await b.post(`/admin/orders/${number}/refund-line`, { ...form, lineId: '999999' })).status).toBe(409)
    expect(await refunded(number)).toEqual([
      { method: 'gift_card', refunded_cents: 0 },
      { method: 'store_credit', refunded_cents: 0 },
      { method: 'card', refunded_cents: 0 },
    ])

    const ok = await b.post(`/admin/orders/${number}/refund-line`, form)
    expect(ok.status).toBe(303)
    expect((await b.get(ok.location!)).body).toContain('The line was refunded and the customer has been emailed.')
    // 160.00 of 240.00 paid: each source gives back two thirds of what it paid (the odd cent to the largest remainder)
    expect(await refunded(number)).toEqual([
      { method: 'gift_card', refunded_cents: 3333 },
      { method: 'store_credit', refunded_cents: 2000 },
      { method: 'card', refunded_cents: 10667 },
    ])
    expect(await giftCardBalance(card.id)).toBe(before.gift + 3333)
    expect(await credit(shopper.userId)).toBe(before.credit + 2000)
    expect(await stockOf(jacket.variantId)).toBe(before.stock + 2)
    const refunds = await env.DB.prepare('SELECT provider_reference FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.method = ? AND r.order_id = (SELECT id FROM orders WHERE number = ?)').bind('card', number).first<{ provider_reference: string }>()
    expect(refunds!.provider_reference).toMatch(/^test_refund_/)
    const [entry] = await auditOf('order.refund_line')
    expect(entry).toMatchObject({ admin_email: adminEmail, subject_id: number, after: { line_item_id: jacketLine!.id, quantity: 2, cents: 16000, restocked: true, reason: 'Zip broke' } })
    const mail = await env.DB.prepare("SELECT body FROM outbox WHERE to_email = ? AND kind = 'order_update' ORDER BY id DESC").bind(shopper.email).first<{ body: string }>()
    expect(mail!.body).toContain('Zip broke')

    // once: the same form again refunds nothing more, and the line is no longer offered
    const again = await b.post(`/admin/orders/${number}/refund-line`, form)
    expect(again.status).toBe(409)
    expect(again.body).toContain('Nothing is left to refund on this line')
    expect((await refunded(number)).reduce((sum, p) => sum + p.refunded_cents, 0)).toBe(16000)
    const after = await b.get(`/admin/orders/${number}`)
    expect(after.body).toContain('Refunded 2 for AUD 160.00, back in stock')
    expect(after.body).not.toContain('× 2: AUD 160.00')

    // the shopper cannot ask the refunded units back; the other line they can
    const ask = (line: number) => call(`/account/orders/${number}/returns`, { bearer: shopper.bearer, body: { return_request: { reason: 'too_small', comment: '', items: [{ line_item_id: line, quantity: 1 }] } } })
    expect((await ask(jacketLine!.id)).status).toBe(422)
    expect((await ask(capLine!.id)).status).toBe(201)
    // a line with units waiting in a return request is not refunded beside it
    const waiting = await b.post(`/admin/orders/${number}/refund-line`, { ...form, lineId: String(capLine!.id), restock: '' })
    expect(waiting.status).toBe(409)
  })

  it('without restock the stock stays; a cancelled order offers no line refund', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId)
    const [line] = await linesOf(number)
    const ok = await b.post(`/admin/orders/${number}/refund-line`, { lineId: String(line!.id), reason: 'Lost in the post', password: ADMIN_PASSWORD })
    expect(ok.status).toBe(303)
    expect(await stockOf(product.variantId)).toBe(4)
    expect((await auditOf('order.refund_line'))[0]).toMatchObject({ subject_id: number, after: { restocked: false } })

    const other = await placeOrder(product.variantId)
    const [otherLine] = await linesOf(other)
    expect((await b.post(`/admin/orders/${other}/cancel`, { reason: 'Asked to', password: ADMIN_PASSWORD })).status).toBe(303)
    expect((await b.get(`/admin/orders/${other}`)).body).not.toContain('Refund a line')
    const refused = await b.post(`/admin/orders/${other}/refund-line`, { lineId: String(otherLine!.id), reason: 'x', password: ADMIN_PASSWORD })
    expect(refused.status).toBe(409)
    expect(refused.body).toContain('This order was cancelled')
  })

  it('cancelling an unshipped order after a line was refunded and restocked puts those units back once, not twice', async () => {
    const { b } = await operator()
    const jacket = await createProduct({ stock: 5 })
    const cap = await createProduct({ stock: 5 })
    const number = await placeOrder(jacket.variantId, { quantity: 2, more: [{ variantId: cap.variantId, quantity: 1 }] })
    const [jacketLine] = await linesOf(number)
    expect(await stockOf(jacket.variantId)).toBe(3)
    expect((await b.post(`/admin/orders/${number}/refund-line`, { lineId: String(jacketLine!.id), reason: 'Out of stock at the warehouse', restock: 'on', password: ADMIN_PASSWORD })).status).toBe(303)
    expect(await stockOf(jacket.variantId)).toBe(5)
    expect((await b.post(`/admin/orders/${number}/cancel`, { reason: 'Asked to', password: ADMIN_PASSWORD })).status).toBe(303)
    // the jacket's two units came back with the line refund; the cancel puts back only the cap
    expect(await stockOf(jacket.variantId)).toBe(5)
    expect(await stockOf(cap.variantId)).toBe(5)
  })
})
