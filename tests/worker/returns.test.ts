import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { AU_ADDRESS, call, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, giftCardBalance, stockOf } from '#tests/factories/catalogue.ts'
import { createFakeStripe } from '#tests/fakes/stripe-api.ts'
import { STRIPE, stripeEnv } from '#tests/factories/stripe.ts'
import { approveReturn, loadReturn, receiveReturn } from '#worker/admin/return-actions.ts'
import { refundReturn } from '#worker/admin/return-refund.ts'
import { ADMIN_PASSWORD, auditOf, createAdmin, operator, placeOrder, storeAddress } from './admin-helpers.ts'

// Shopper returns: a member asks from their order (window, quantities, one open request); the console approves (the
// return address emailed), receives the goods line by line, refunds (split across gift card, store credit and card,
// once; the units marked for it back in stock) or declines before the refund; an email at each step.

const credit = async (userId: number) => (await env.DB.prepare("SELECT balance_cents FROM store_credits WHERE user_id = ? AND currency = 'AUD'").bind(userId).first<{ balance_cents: number }>())?.balance_cents ?? 0
const mails = async (to: string) =>
  (await env.DB.prepare("SELECT locale, subject, body, payload FROM outbox WHERE to_email = ? AND kind = 'return_update' ORDER BY id").bind(to).all<{ locale: string; subject: string; body: string; payload: string }>()).results
const lineOf = async (number: string) => (await env.DB.prepare('SELECT li.id FROM line_items li JOIN orders o ON o.id = li.order_id WHERE o.number = ?').bind(number).first<{ id: number }>())!.id
const ship = (number: string, daysAgo = 2) =>
  env.DB.prepare("UPDATE shipments SET state = 'shipped', carrier = 'Sendle', tracking_id = 'SEND1', shipped_at = ? WHERE order_id = (SELECT id FROM orders WHERE number = ?)")
    .bind(new Date(Date.now() - daysAgo * 86_400_000).toISOString(), number)
    .run()
const ask = (bearer: string, number: string, items: Array<{ line_item_id: number; quantity: number }>, extra: { reason?: string; locale?: string } = {}) =>
  call(`/account/orders/${number}/returns${extra.locale ? `?locale=${extra.locale}` : ''}`, { bearer, body: { return_request: { reason: extra.reason ?? 'too_small', comment: 'Fits tight', items } } })
const returnId = async (number: string) => (await env.DB.prepare("SELECT r.id FROM return_requests r JOIN orders o ON o.id = r.order_id WHERE o.number = ? ORDER BY r.id DESC").bind(number).first<{ id: number }>())!.id

describe('returns', () => {
  it('a member asks within the window; the console approves (the return address emailed), receives one unit and refunds it split across gift card, store credit and card, once', async () => {
    const { b, email: adminEmail } = await operator()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const card = await createGiftCard(5000)
    // 2 × member 80.00 = 160.00 (free shipping): gift card 50, store credit 30, card 80
    const number = await placeOrder(product.variantId, { member: shopper, quantity: 2, giftCardCode: card.code, storeCreditCents: 3000 })
    const line = await lineOf(number)

    const early = await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 1 }])
    expect(early.status).toBe(422)
    expect(early.body.error).toContain('not shipped yet')
    await ship(number)

    const tooMany = await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 3 }])
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.error).toBe('You can return at most 2 of one of these items (you bought 2).')
    expect((await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 1 }], { reason: 'because' })).status).toBe(422)
    expect((await ask(shopper.bearer, number, [{ line_item_id: 999999, quantity: 1 }])).status).toBe(422)
    expect((await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 0 }])).body.error).toContain('Choose at least one item')
    const stranger = await registerAndLogin()
    expect((await ask(stranger.bearer, number, [{ line_item_id: line, quantity: 1 }])).status).toBe(404)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM return_requests r JOIN orders o ON o.id = r.order_id WHERE o.number = ?').bind(number).first('n')).toBe(0)

    const asked = await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 1 }], { locale: 'de' })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    expect(asked.body.data.attributes.returns).toMatchObject([{ state: 'requested', reason: 'too_small', items: [{ line_item_id: String(line), quantity: 1 }] }])
    const again = await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 1 }])
    expect(again.status).toBe(409)
    expect(again.body.error).toContain('already waiting')
    const [requested] = await mails(shopper.email)
    expect(requested).toMatchObject({ locale: 'de', subject: `Ihre Rücksendeanfrage zu Bestellung ${number} ist da` })

    const id = await returnId(number)
    expect((await b.get('/admin/returns')).body).toContain(`/admin/returns/${id}`)
    const page = await b.get(`/admin/returns/${id}`)
    expect(page.body).toContain('Approve and email the return address')
    expect(await stockOf(product.variantId)).toBe(3)

    await storeAddress()
    const approved = await b.post(`/admin/returns/${id}/approve`, { note: 'Thanks!' })
    expect(approved.status, approved.body.slice(0, 500)).toBe(303)
    // approved: nothing is refunded or restocked before the goods arrive; the shopper is told where to send them
    expect(await stockOf(product.variantId)).toBe(3)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM refunds WHERE return_id = ?').bind(id).first('n')).toBe(0)
    const [, approvedMail] = await mails(shopper.email)
    expect(approvedMail!.locale).toBe('de')
    expect(approvedMail!.subject).toBe(`Ihre Rücksendung zu Bestellung ${number} ist angenommen: so senden Sie sie`)
    expect(approvedMail!.body).toContain('12 Flinders Lane')
    expect(approvedMail!.body).toContain(`Rücksendenummer ${number}-${id}`)
    expect((await auditOf('return.approve'))[0]).toMatchObject({ admin_email: adminEmail, subject_id: number, after: { return_id: id, stage: 'approved' } })
    expect((await call(`/account/orders/${number}`, { bearer: shopper.bearer })).body.data.attributes.returns).toMatchObject([{ state: 'approved', return_number: `${number}-${id}`, return_address: ['Test store', '12 Flinders Lane', 'Melbourne VIC 3000', 'Australia'] }])
    // idempotent: a replayed approval changes nothing and sends no second email
    expect((await b.post(`/admin/returns/${id}/approve`, { note: '' })).status).toBe(409)
    expect(await mails(shopper.email)).toHaveLength(2)

    // received: more than was asked back is refused; then one unit, back in stock (at the refund)
    expect((await b.post(`/admin/returns/${id}/receive`, { [`received-${line}`]: '2', [`restock-${line}`]: 'on' })).status).toBe(422)
    const receivedRes = await b.post(`/admin/returns/${id}/receive`, { [`received-${line}`]: '1', [`restock-${line}`]: 'on' })
    expect(receivedRes.status, receivedRes.body.slice(0, 500)).toBe(303)
    expect((await b.post(`/admin/returns/${id}/receive`, { [`received-${line}`]: '1', [`restock-${line}`]: 'on' })).status).toBe(409)
    expect(await stockOf(product.variantId)).toBe(3)
    expect((await mails(shopper.email)).at(-1)!.subject).toBe(`Ihre Rücksendung zu Bestellung ${number} ist angekommen`)
    const toRefund = await b.get(`/admin/returns/${id}`)
    expect(toRefund.body).toMatch(/Gift card •••• \w{4}: AUD 25.00/)
    expect(toRefund.body).toMatch(/Store credit: AUD 15.00/)

    // refunded: the money split as the order was paid, once; the unit back in stock; closed
    const form = { to: 'original', password: ADMIN_PASSWORD, form_token: crypto.randomUUID() }
    expect((await b.post(`/admin/returns/${id}/refund`, { ...form, password: 'wrong password' })).status).toBe(422)
    const refundedRes = await b.post(`/admin/returns/${id}/refund`, form)
    expect(refundedRes.status, refundedRes.body.slice(0, 500)).toBe(303)
    expect(await stockOf(product.variantId)).toBe(4)
    expect(await giftCardBalance(card.id)).toBe(2500)
    expect(await credit(shopper.userId)).toBe(1500)
    const refunds = await env.DB.prepare('SELECT p.method, r.amount_cents, r.provider_reference FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.return_id = ? ORDER BY p.method').bind(id).all()
    expect(refunds.results).toEqual([
      { method: 'card', amount_cents: 4000, provider_reference: expect.stringMatching(/^test_refund_/) },
      { method: 'gift_card', amount_cents: 2500, provider_reference: null },
      { method: 'store_credit', amount_cents: 1500, provider_reference: null },
    ])
    const refundedMail = (await mails(shopper.email)).at(-1)!
    expect(refundedMail.body).toContain('Auf Ihre Karte: 40,00')
    expect(JSON.parse(refundedMail.payload)).toMatchObject({ status: 'refunded', refundTo: 'original', refunds: [{ method: 'gift_card', amountCents: 2500 }, { method: 'store_credit', amountCents: 1500 }, { method: 'card', amountCents: 4000 }] })
    expect((await auditOf('return.refund'))[0]).toMatchObject({ admin_email: adminEmail, subject_id: number, after: { return_id: id, stage: 'refunded', goods_cents: 8000 } })
    // the same form again refunds nothing more
    expect((await b.post(`/admin/returns/${id}/refund`, form)).status).toBe(409)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM refunds WHERE return_id = ?').bind(id).first('n')).toBe(3)
    expect(await stockOf(product.variantId)).toBe(4)

    // one unit is left to return; the shopper's order page says what happened
    expect((await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 2 }])).body.error).toContain('at most 1')
    const order = await call(`/account/orders/${number}`, { bearer: shopper.bearer })
    expect(order.body.data.attributes.returns).toMatchObject([{ state: 'refunded', refund_total: '80.00', refund_to: 'original' }])

    // a declined request gives its units back to what may be returned
    expect((await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 1 }], { reason: 'changed_mind' })).status).toBe(201)
    const second = await returnId(number)
    expect((await b.post(`/admin/returns/${second}/decline`, { note: '' })).status).toBe(422)
    expect((await b.post(`/admin/returns/${second}/decline`, { note: 'Worn outdoors' })).status).toBe(303)
    const declined = (await mails(shopper.email)).at(-1)!
    expect(declined).toMatchObject({ locale: 'en', subject: `Your return request for order ${number}` })
    expect(declined.body).toContain('Worn outdoors')
    expect(await stockOf(product.variantId)).toBe(4)
    expect((await auditOf('return.decline'))[0]).toMatchObject({ subject_id: number, after: { note: 'Worn outdoors' } })
    expect((await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 1 }])).status).toBe(201)
  })

  it('refuses a request after the 30-day window, in the shopper’s language, and for a cancelled order', async () => {
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { member: shopper })
    await ship(number, 31)
    const late = await ask(shopper.bearer, number, [{ line_item_id: await lineOf(number), quantity: 1 }], { locale: 'de' })
    expect(late.status).toBe(422)
    expect(late.body.error).toBe('Rücksendungen sind innerhalb von 30 Tagen nach Versand möglich; diese Frist ist für diese Bestellung abgelaufen.')

    const other = await placeOrder(product.variantId, { member: shopper })
    await env.DB.prepare("UPDATE orders SET canceled_at = '2026-01-01T00:00:00Z' WHERE number = ?").bind(other).run()
    const canceled = await ask(shopper.bearer, other, [{ line_item_id: await lineOf(other), quantity: 1 }])
    expect(canceled.status).toBe(422)
    expect(canceled.body.error).toContain('cancelled')
    // and the order shows as cancelled (Spree's state)
    expect((await call(`/account/orders/${other}`, { bearer: shopper.bearer })).body.data.attributes.state).toBe('canceled')
  })

  it('refunds a Stripe card through the provider (fake Stripe API), split with a gift card', async () => {
    const fake = createFakeStripe('http://stripe.fake')
    const realFetch = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init)
      return request.url.startsWith(fake.base) ? fake.handle(request) : realFetch(input, init)
    })
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const card = await createGiftCard(2000)
    const auth = { bearer: shopper.bearer, env: STRIPE }
    await call('/cart', { method: 'POST', ...auth })
    await call('/cart/add_item', { ...auth, body: { variant_id: product.variantId, quantity: 1 } })
    await call('/checkout', { method: 'PATCH', ...auth, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
    expect((await call('/checkout/create_payment', { ...auth, body: { payment_method_id: '2', source_attributes: { gift_card_code: card.code } } })).status).toBe(200)
    const pm = fake.createPaymentMethod('4242424242424242').id
    expect((await call('/checkout/create_payment', { ...auth, body: { payment_method_id: '1', source_attributes: { gateway_payment_profile_id: pm } } })).status).toBe(200)
    const placed = await call('/checkout/complete', { method: 'PATCH', ...auth })
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const number = placed.body.data.attributes.number as string
    await ship(number)
    expect((await ask(shopper.bearer, number, [{ line_item_id: await lineOf(number), quantity: 1 }], { reason: 'faulty' })).status).toBe(201)

    const admin = { ...(await createAdmin()), firstName: 'Olive', sessionHash: '' }
    await storeAddress()
    const id = await returnId(number)
    await approveReturn(stripeEnv, admin, (await loadReturn(env.DB, id))!, null, 'https://store.test/admin/returns/1/approve')
    const approved = (await loadReturn(env.DB, id))!
    await receiveReturn(stripeEnv, admin, approved, [{ line_item_id: approved.ret.items[0]!.line_item_id, quantity: 1, restock: true }], 'https://store.test/admin/returns/1/receive')
    expect(fake.refunds).toEqual([])
    const detail = (await loadReturn(env.DB, id))!
    const [cardPaid, giftPaid] = (['card', 'gift_card'] as const).map((m) => detail.order.payments.find((p) => p.method === m)!.amount_cents!)
    const unit = detail.order.lines[0]!.price_cents!
    await refundReturn(stripeEnv, admin, detail, { to: 'original', shipping: false, formToken: crypto.randomUUID() }, 'https://store.test/admin/returns/1/refund')
    // the unit's price (not the shipping) goes back in the shares the gift card and the card paid the order
    const cardShare = Math.round((unit * cardPaid!) / (cardPaid! + giftPaid!))
    expect(fake.refunds).toMatchObject([{ amount: cardShare, payment_intent: expect.stringMatching(/^pi_/) }])
    expect(await giftCardBalance(card.id)).toBe(unit - cardShare)
    const ref = await env.DB.prepare("SELECT r.provider_reference FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.method = 'card' AND r.return_id = ?").bind(detail.ret.id).first<string>('provider_reference')
    expect(ref).toMatch(/^re_/)
    vi.restoreAllMocks()
  })

  it('refunds as store credit with the shipping, or on a new gift card; a return declined after its goods came in moves no stock', async () => {
    const { b } = await operator()
    await storeAddress()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 20 })
    const step = async (path: string, form: Record<string, string>) => {
      const res = await b.post(path, form)
      expect(res.status, res.body.slice(0, 400)).toBe(303)
    }
    const walk = async (to: string, shipping: boolean) => {
      const number = await placeOrder(product.variantId, { member: shopper, quantity: 2 })
      await env.DB.prepare('UPDATE orders SET ship_total_cents = 1000 WHERE number = ?').bind(number).run()
      await ship(number)
      const line = await lineOf(number)
      expect((await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 2 }])).status).toBe(201)
      const id = await returnId(number)
      await step(`/admin/returns/${id}/approve`, { note: '' })
      // two asked back, one came (damaged: not restocked)
      await step(`/admin/returns/${id}/receive`, { [`received-${line}`]: '1' })
      return { number, id, line }
    }
    const creditBefore = await credit(shopper.userId)
    const first = await walk('store_credit', true)
    const stock = await stockOf(product.variantId)
    await step(`/admin/returns/${first.id}/refund`, { to: 'store_credit', shipping: 'on', password: ADMIN_PASSWORD, form_token: crypto.randomUUID() })
    // one unit (80.00) and the shipping (10.00, capped by what was paid) as credit; the payment counts it as refunded
    const row = await env.DB.prepare('SELECT p.refund_to, p.goods_cents, p.shipping_cents FROM return_progress p WHERE return_id = ?').bind(first.id).first()
    expect(row).toMatchObject({ refund_to: 'store_credit', goods_cents: 8000 })
    const given = (row as { goods_cents: number; shipping_cents: number }).goods_cents + (row as { shipping_cents: number }).shipping_cents
    expect(await credit(shopper.userId)).toBe(creditBefore + given)
    expect(await env.DB.prepare('SELECT SUM(refunded_cents) AS n FROM payments WHERE order_id = (SELECT id FROM orders WHERE number = ?)').bind(first.number).first('n')).toBe(given)
    expect(await stockOf(product.variantId)).toBe(stock)
    expect((await mails(shopper.email)).at(-1)!.body).toContain('As store credit')

    const second = await walk('gift_card', false)
    await step(`/admin/returns/${second.id}/refund`, { to: 'gift_card', password: ADMIN_PASSWORD, form_token: crypto.randomUUID() })
    const card = await env.DB.prepare('SELECT g.code, g.balance_cents FROM return_progress p JOIN gift_cards g ON g.id = p.gift_card_id WHERE p.return_id = ?').bind(second.id).first<{ code: string; balance_cents: number }>()
    expect(card!.balance_cents).toBe(8000)
    expect((await mails(shopper.email)).at(-1)!.body).toContain(card!.code)

    const third = await walk('original', false)
    const before = await stockOf(product.variantId)
    await step(`/admin/returns/${third.id}/decline`, { note: 'The jacket was worn' })
    expect(await stockOf(product.variantId)).toBe(before)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM refunds WHERE return_id = ?').bind(third.id).first('n')).toBe(0)
    expect((await call(`/account/orders/${third.number}`, { bearer: shopper.bearer })).body.data.attributes.returns).toMatchObject([{ state: 'declined', note: 'The jacket was worn' }])
    // declined: nothing more can happen to it
    expect((await b.post(`/admin/returns/${third.id}/refund`, { to: 'original', password: ADMIN_PASSWORD, form_token: crypto.randomUUID() })).status).toBe(409)
    // the returns list filters by stage and by order number
    const list = await b.get(`/admin/returns?stage=declined&q=${third.number}`)
    expect(list.body).toContain(`/admin/returns/${third.id}`)
    expect(list.body).not.toContain(`/admin/returns/${second.id}"`)
    expect((await b.get('/admin/returns?stage=refunded')).body).toContain(`/admin/returns/${second.id}"`)
  })
})
