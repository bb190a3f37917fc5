import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { AU_ADDRESS, call, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, giftCardBalance, stockOf } from '#tests/factories/catalogue.ts'
import { createFakeStripe } from '#tests/fakes/stripe-api.ts'
import { STRIPE, stripeEnv } from '#tests/factories/stripe.ts'
import { approveReturn, loadReturn } from '#worker/admin/return-actions.ts'
import { ADMIN_PASSWORD, auditOf, createAdmin, operator, placeOrder } from './admin-helpers.ts'

// Shopper returns: a member asks from their order (window, quantities, one open request), the console approves
// (restock, refund split across gift card, store credit and card, once) or declines; an email at each step.

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
  it('a member asks within the window; the console approves: restocked, refunded split across gift card, store credit and card, once', async () => {
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
    // the split the operator sees before approving: half of what each source paid (one of two units)
    expect(page.body).toMatch(/Gift card •••• \w{4}(<!-- -->)?: <span[^>]*>AUD 25.00/)
    expect(page.body).toMatch(/Store credit(<!-- -->)?: <span[^>]*>AUD 15.00/)
    expect((await b.post(`/admin/returns/${id}/approve`, { note: '', password: 'wrong password' })).status).toBe(422)
    expect(await stockOf(product.variantId)).toBe(3)

    const approved = await b.post(`/admin/returns/${id}/approve`, { note: 'Thanks!', password: ADMIN_PASSWORD })
    expect(approved.status, approved.body.slice(0, 500)).toBe(303)
    expect(await stockOf(product.variantId)).toBe(4)
    expect(await giftCardBalance(card.id)).toBe(2500)
    expect(await credit(shopper.userId)).toBe(1500)
    const refunds = await env.DB.prepare('SELECT p.method, r.amount_cents, r.provider_reference FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.return_id = ? ORDER BY p.method').bind(id).all()
    expect(refunds.results).toEqual([
      { method: 'card', amount_cents: 4000, provider_reference: expect.stringMatching(/^test_refund_/) },
      { method: 'gift_card', amount_cents: 2500, provider_reference: null },
      { method: 'store_credit', amount_cents: 1500, provider_reference: null },
    ])
    const [, approvedMail] = await mails(shopper.email)
    expect(approvedMail!.locale).toBe('de')
    expect(approvedMail!.body).toContain('Auf Ihre Karte: 40,00')
    expect(JSON.parse(approvedMail!.payload)).toMatchObject({ status: 'approved', note: 'Thanks!', refunds: [{ method: 'gift_card', amountCents: 2500 }, { method: 'store_credit', amountCents: 1500 }, { method: 'card', amountCents: 4000 }] })
    expect((await auditOf('return.approve'))[0]).toMatchObject({ admin_email: adminEmail, subject_id: number, after: { return_id: id, state: 'approved' } })

    // idempotent: a replayed approval refunds and restocks nothing more
    const twice = await b.post(`/admin/returns/${id}/approve`, { note: '', password: ADMIN_PASSWORD })
    expect(twice.status).toBe(409)
    expect(await stockOf(product.variantId)).toBe(4)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM refunds WHERE return_id = ?').bind(id).first('n')).toBe(3)

    // one unit is left to return; the shopper's order page says what happened
    expect((await ask(shopper.bearer, number, [{ line_item_id: line, quantity: 2 }])).body.error).toContain('at most 1')
    const order = await call(`/account/orders/${number}`, { bearer: shopper.bearer })
    expect(order.body.data.attributes.returns).toMatchObject([{ state: 'approved', refund_total: '80.00' }])

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

    const admin = await createAdmin()
    const detail = (await loadReturn(env.DB, await returnId(number)))!
    const [cardPaid, giftPaid] = (['card', 'gift_card'] as const).map((m) => detail.order.payments.find((p) => p.method === m)!.amount_cents!)
    const unit = detail.order.lines[0]!.price_cents!
    await approveReturn(stripeEnv, { ...admin, firstName: 'Olive', sessionHash: '' }, detail, null, 'https://store.test/admin/returns/1/approve')
    // the unit's price (not the shipping) goes back in the shares the gift card and the card paid the order
    const cardShare = Math.round((unit * cardPaid!) / (cardPaid! + giftPaid!))
    expect(fake.refunds).toMatchObject([{ amount: cardShare, payment_intent: expect.stringMatching(/^pi_/) }])
    expect(await giftCardBalance(card.id)).toBe(unit - cardShare)
    const ref = await env.DB.prepare("SELECT r.provider_reference FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.method = 'card' AND r.return_id = ?").bind(detail.ret.id).first<string>('provider_reference')
    expect(ref).toMatch(/^re_/)
    vi.restoreAllMocks()
  })
})
