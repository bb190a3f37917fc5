import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, giftCardBalance } from '#tests/factories/catalogue.ts'
import { ADMIN_PASSWORD, operator, placeOrder } from './admin-helpers.ts'

/**
 * A console form that gives out money is done once (worker/admin/form-tokens.ts): the same form sent twice (a double
 * click, the browser resending the POST, the back button) changes nothing the second time, and the operator is told
 * the first sending did it, with a link to what it made.
 */

/** The one-time key the page gave the form posting to `action`. */
function keyOf(html: string, action: string): string {
  const form = html.split('<form').find((f) => f.includes(`action="${action}"`))
  const key = form && /name="form_token" value="([^"]+)"/.exec(form)?.[1]
  if (!key) throw new Error(`no form_token in the form to ${action}`)
  return key
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ')
const ALREADY = /This form was already sent \([^)]*, by [^)]+\): /

describe('issuing a gift card', () => {
  it('sent twice issues one card; the second answer says so, links to it and shows its code again to the operator who sent it', async () => {
    const { b } = await operator()
    const recipient = `once-${crypto.randomUUID().slice(0, 6)}@example.com`
    const fields = { form_token: keyOf((await b.get('/admin/gift-cards')).body, '/admin/gift-cards'), currency: 'AUD', amount: '50.00', recipient_name: 'Once', recipient_email: recipient }
    const cards = async () => (await env.DB.prepare('SELECT id, code, balance_cents FROM gift_cards WHERE recipient_email = ?').bind(recipient).all<{ id: number; code: string; balance_cents: number }>()).results

    const first = await b.post('/admin/gift-cards', fields)
    expect(first.status).toBe(200)
    const again = await b.post('/admin/gift-cards', fields)
    expect(again.status).toBe(409)
    const [card, ...more] = await cards()
    expect(more).toEqual([])
    expect(card!.balance_cents).toBe(5000)
    expect(text(again.body)).toMatch(ALREADY)
    expect(text(again.body)).toContain('the gift card was issued then. Nothing more was done, so nothing is doubled.')
    expect(again.body).toContain(`href="/admin/gift-cards/${card!.id}"`)
    expect(again.body).toContain(`New card code: ${card!.code}`)
    // a fresh form (the page the answer drew) issues a second card when that is what the operator wants
    expect((await b.post('/admin/gift-cards', { ...fields, form_token: keyOf(again.body, '/admin/gift-cards') })).status).toBe(200)
    expect(await cards()).toHaveLength(2)
  })

  it('two sendings at once (a double click) still issue one card', async () => {
    const { b } = await operator()
    const recipient = `click-${crypto.randomUUID().slice(0, 6)}@example.com`
    const fields = { form_token: crypto.randomUUID(), currency: 'AUD', amount: '20.00', recipient_name: 'Click', recipient_email: recipient }
    const answers = await Promise.all([b.post('/admin/gift-cards', fields), b.post('/admin/gift-cards', fields)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM gift_cards WHERE recipient_email = ?').bind(recipient).first<{ n: number }>())!.n).toBe(1)
  })

  it('a form without its key (a page from before, a hand-made request) is refused and issues nothing', async () => {
    const { b } = await operator()
    const recipient = `keyless-${crypto.randomUUID().slice(0, 6)}@example.com`
    for (const form_token of [undefined, '', 'short', '<script>']) {
      const refused = await b.post('/admin/gift-cards', { ...(form_token === undefined ? {} : { form_token }), currency: 'AUD', amount: '20.00', recipient_name: 'K', recipient_email: recipient })
      expect(refused.status).toBe(422)
      expect(text(refused.body)).toContain('This form is out of date')
    }
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM gift_cards WHERE recipient_email = ?').bind(recipient).first<{ n: number }>())!.n).toBe(0)
  })
})

describe('granting store credit', () => {
  it('sent twice grants it once, and the second answer links to the customer', async () => {
    const { b } = await operator()
    const shopper = await registerAndLogin()
    const fields = { form_token: keyOf((await b.get('/admin/gift-cards')).body, '/admin/store-credit'), email: shopper.email, currency: 'AUD', amount: '10.00', reason: 'Late delivery', password: ADMIN_PASSWORD }
    expect((await b.post('/admin/store-credit', fields)).status).toBe(303)
    const again = await b.post('/admin/store-credit', fields)
    expect(again.status).toBe(409)
    expect(text(again.body)).toMatch(ALREADY)
    expect(text(again.body)).toContain('the store credit was granted then.')
    expect(again.body).toContain(`href="/admin/customers/${shopper.userId}"`)
    const account = await call('/account', { bearer: shopper.bearer })
    expect(account.body.data.attributes.store_credits_by_currency.AUD).toBe('10.00')
  })
})

describe('adjusting a gift card', () => {
  it('sent twice moves the balance once', async () => {
    const { b } = await operator()
    const card = await createGiftCard(2000)
    const path = `/admin/gift-cards/${card.id}/adjust`
    const fields = { form_token: keyOf((await b.get(`/admin/gift-cards/${card.id}`)).body, path), amount: '5.00', reason: 'Goodwill', password: ADMIN_PASSWORD }
    expect((await b.post(path, fields)).status).toBe(303)
    const again = await b.post(path, fields)
    expect(again.status).toBe(409)
    expect(text(again.body)).toContain('the balance was adjusted then.')
    expect(again.body).toContain(`href="/admin/gift-cards/${card.id}"`)
    expect(text(again.body)).toContain('Balance AUD 25.00 of AUD 20.00')
    expect(await giftCardBalance(card.id)).toBe(2500)

    const clicked = { ...fields, form_token: crypto.randomUUID() }
    const answers = await Promise.all([b.post(path, clicked), b.post(path, clicked)])
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409])
    expect(await giftCardBalance(card.id)).toBe(3000)
  })
})

describe('refunding a payment', () => {
  it('sent twice refunds once, also when both are sent at once; two forms (two tabs) refund twice', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId)
    const payment = (await env.DB.prepare("SELECT p.id FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.state = 'completed'").bind(number).first<{ id: number }>())!
    const refunded = async () => (await env.DB.prepare('SELECT refunded_cents AS n, (SELECT COUNT(*) FROM refunds WHERE payment_id = ?1) AS rows FROM payments WHERE id = ?1').bind(payment.id).first<{ n: number; rows: number }>())!
    const path = `/admin/orders/${number}/refund`
    const fields = { form_token: keyOf((await b.get(`/admin/orders/${number}`)).body, path), paymentId: String(payment.id), amount: '10.00', reason: 'Damaged', password: ADMIN_PASSWORD }

    expect((await b.post(path, fields)).status).toBe(303)
    const again = await b.post(path, fields)
    expect(again.status).toBe(409)
    expect(text(again.body)).toMatch(ALREADY)
    expect(text(again.body)).toContain('the refund was made then (it is listed below).')
    expect(again.body).toContain(`href="/admin/orders/${number}"`)
    expect(await refunded()).toEqual({ n: 1000, rows: 1 })

    const clicked = { ...fields, form_token: crypto.randomUUID() }
    const answers = await Promise.all([b.post(path, clicked), b.post(path, clicked)])
    expect(answers.map((a) => a.status).sort()).toEqual([303, 409])
    expect(await refunded()).toEqual({ n: 2000, rows: 2 })

    // two tabs each drew their own form: both refunds are meant, and both are made
    const tabs = await Promise.all([b.post(path, { ...fields, form_token: crypto.randomUUID() }), b.post(path, { ...fields, form_token: crypto.randomUUID() })])
    expect(tabs.map((a) => a.status)).toEqual([303, 303])
    expect(await refunded()).toEqual({ n: 4000, rows: 4 })

    const keyless = await b.post(path, { ...fields, form_token: '' })
    expect(keyless.status).toBe(422)
    expect(await refunded()).toEqual({ n: 4000, rows: 4 })
  })
})
