import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { call, guestCart, registerAndLogin } from '#tests/factories/api.ts'
import { createGiftCard, createProduct, giftCardBalance } from '#tests/factories/catalogue.ts'
import { adjustGiftCard, loadGiftCard, savePromotion } from '#worker/admin/promotions-data.ts'
import { ActionRefused } from '#worker/admin/action-refused.ts'
import { ADMIN_PASSWORD, auditOf, createAdmin, operator } from './admin-helpers.ts'

const COUPON = { name: 'Spring sale', kind: 'percent', amount: '15', min_total: '50.00', starts_on: '', expires_on: '', usage_limit: '100', per_customer_limit: '1' }

describe('promotions, gift cards and store credit in the console', () => {
  it('starts a coupon that a shopper can use at once, refusing bad values and a taken code', async () => {
    const { b } = await operator()
    const code = `spring${crypto.randomUUID().slice(0, 6)}`
    const bad = await b.post('/admin/promotions', { ...COUPON, code, amount: '150', expires_on: '2020-01-01', starts_on: '2021-01-01' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('Enter a whole percent from 1 to 100.')
    expect(bad.body).toContain('The end date must be after the start date.')

    expect((await b.post('/admin/promotions', { ...COUPON, code: code.toUpperCase() })).status).toBe(303)
    expect((await b.post('/admin/promotions', { ...COUPON, code })).status).toBe(409)
    expect((await b.get('/admin/promotions')).body).toContain(code)

    const product = await createProduct()
    const token = await guestCart()
    await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
    const applied = await call('/cart/apply_coupon_code', { method: 'PATCH', orderToken: token, body: { coupon_code: code.toUpperCase() } })
    expect(applied.status).toBe(200)
    expect(applied.body.data.attributes.promo_total).toBe('-15.00')
    expect((await auditOf('promotion.create'))[0]).toMatchObject({ subject_id: code, after: { code, amount: 15, per_customer_limit: 1 } })
  })

  it("a coupon's dates are Melbourne days: it starts at 00:00 Melbourne (still yesterday in UTC) and stops at Melbourne midnight, winter days too", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // 09:00 on Sunday 6 Dec in Melbourne (summer time, UTC+11): in UTC it is still Saturday 5 Dec
      vi.setSystemTime(new Date('2026-12-05T22:00:00.000Z'))
      const { b } = await operator()
      const form = (await b.get('/admin/promotions')).body
      expect(form).not.toContain('(UTC)')
      const code = `today${crypto.randomUUID().slice(0, 6)}`
      expect((await b.post('/admin/promotions', { ...COUPON, code, per_customer_limit: '', starts_on: '2026-12-06', expires_on: '2026-12-07' })).status).toBe(303)
      const stored = await env.DB.prepare('SELECT id, starts_at, expires_at FROM promotions WHERE code = ?').bind(code).first<{ id: number; starts_at: string; expires_at: string }>()
      expect(stored).toMatchObject({ starts_at: '2026-12-05T13:00:00.000Z', expires_at: '2026-12-06T13:00:00.000Z' })
      expect((await b.get('/admin/promotions')).body).toMatch(/>from 2026-12-06<\/span><span[^>]*>ends before 2026-12-07</)

      // the storefront agrees with the console: the coupon applies now
      const product = await createProduct()
      const apply = async () => {
        const token = await guestCart()
        await call('/cart/add_item', { orderToken: token, body: { variant_id: product.variantId, quantity: 1 } })
        return call('/cart/apply_coupon_code', { method: 'PATCH', orderToken: token, body: { coupon_code: code } })
      }
      const applied = await apply()
      expect(applied.status).toBe(200)
      expect(applied.body.data.attributes.promo_total).toBe('-15.00')

      // one second before Melbourne midnight on 6 Dec it still applies; at 00:00:01 on 7 Dec it has ended (UTC: 13:00 on 6 Dec)
      vi.setSystemTime(new Date('2026-12-06T12:59:59.000Z'))
      expect((await apply()).status).toBe(200)
      vi.setSystemTime(new Date('2026-12-06T13:00:01.000Z'))
      const ended = await apply()
      expect(ended.status).toBe(422)
      expect(JSON.stringify(ended.body)).toContain('This coupon code has expired.')

      // (a new log-in: the first session has timed out on the moved clock)
      const { b: later } = await operator()
      // a winter day starts at UTC+10, whatever the offset on the day the coupon is saved
      const winter = `winter${crypto.randomUUID().slice(0, 6)}`
      expect((await later.post('/admin/promotions', { ...COUPON, code: winter, starts_on: '2027-07-01', expires_on: '2027-07-02' })).status).toBe(303)
      expect(await env.DB.prepare('SELECT starts_at, expires_at FROM promotions WHERE code = ?').bind(winter).first()).toEqual({ starts_at: '2027-06-30T14:00:00.000Z', expires_at: '2027-07-01T14:00:00.000Z' })

      // a coupon saved when dates were UTC days keeps its instants, shown with their Melbourne time, when saved unchanged
      const legacy = `legacy${crypto.randomUUID().slice(0, 6)}`
      const old = await env.DB.prepare("INSERT INTO promotions (name, code, kind, amount, starts_at, expires_at) VALUES ('Old sale', ?, 'percent', 10, '2026-12-08T00:00:00.000Z', '2026-12-10T00:00:00.000Z') RETURNING id").bind(legacy).first<{ id: number }>()
      const page = (await later.get(`/admin/promotions/${old!.id}`)).body
      expect(page).toContain('value="2026-12-08"')
      expect(page).toContain('Saved when dates were UTC days: starts 8 Dec 2026, 11:00')
      expect((await later.post(`/admin/promotions/${old!.id}`, { ...COUPON, code: legacy, name: 'Old sale', amount: '10', starts_on: '2026-12-08', expires_on: '2026-12-10' })).status).toBe(303)
      expect(await env.DB.prepare('SELECT starts_at, expires_at FROM promotions WHERE id = ?').bind(old!.id).first()).toEqual({ starts_at: '2026-12-08T00:00:00.000Z', expires_at: '2026-12-10T00:00:00.000Z' })
      // picking another day makes it a Melbourne day
      expect((await later.post(`/admin/promotions/${old!.id}`, { ...COUPON, code: legacy, name: 'Old sale', amount: '10', starts_on: '2026-12-09', expires_on: '2026-12-10' })).status).toBe(303)
      expect(await env.DB.prepare('SELECT starts_at, expires_at FROM promotions WHERE id = ?').bind(old!.id).first()).toEqual({ starts_at: '2026-12-08T13:00:00.000Z', expires_at: '2026-12-10T00:00:00.000Z' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('issues a gift card shown once, adjusts its balance with a reason and the password, and grants store credit', async () => {
    const { b } = await operator()
    const issued = await b.post('/admin/gift-cards', { form_token: crypto.randomUUID(), currency: 'AUD', amount: '75.00', recipient_name: 'Ada', recipient_email: 'ada@example.com' })
    expect(issued.status).toBe(200)
    const code = /New card code: ([A-Z0-9-]{19})/.exec(issued.body)![1]!
    const card = await env.DB.prepare('SELECT id, balance_cents FROM gift_cards WHERE code = ?').bind(code).first<{ id: number; balance_cents: number }>()
    expect(card!.balance_cents).toBe(7500)
    expect((await auditOf('gift_card.issue'))[0]!.after_json).not.toContain(code)

    const existing = await createGiftCard(2000)
    const path = `/admin/gift-cards/${existing.id}/adjust`
    expect((await b.post(path, { form_token: crypto.randomUUID(), amount: '-30.00', reason: 'Typo', password: ADMIN_PASSWORD })).status).toBe(409)
    expect((await b.post(path, { form_token: crypto.randomUUID(), amount: '5.00', reason: 'Goodwill', password: 'nope' })).status).toBe(422)
    expect(await giftCardBalance(existing.id)).toBe(2000)
    expect((await b.post(path, { form_token: crypto.randomUUID(), amount: '5.00', reason: 'Goodwill', password: ADMIN_PASSWORD })).status).toBe(303)
    expect(await giftCardBalance(existing.id)).toBe(2500)
    expect((await auditOf('gift_card.adjust'))[0]).toMatchObject({ before: { balance_cents: 2000 }, after: { balance_cents: 2500, reason: 'Goodwill' } })

    const shopper = await registerAndLogin({ firstName: 'Jane' })
    expect((await b.post('/admin/store-credit', { form_token: crypto.randomUUID(), email: 'nobody@example.com', currency: 'AUD', amount: '10.00', reason: 'Sorry', password: ADMIN_PASSWORD })).status).toBe(409)
    const granted = await b.post('/admin/store-credit', { form_token: crypto.randomUUID(), email: shopper.email, currency: 'AUD', amount: '10.00', reason: 'Late delivery', password: ADMIN_PASSWORD })
    expect(granted.status).toBe(303)
    // the confirmation says what was granted and to whom, and what the customer now has
    const confirmation = (await b.get(granted.location!)).body
    expect(confirmation).toContain(`AUD 10.00 of store credit granted to Jane Lovelace (${shopper.email}). Their AUD store credit is now AUD 10.00; the email telling them is queued.`)
    expect(confirmation).not.toContain('The balance was adjusted.')
    const account = await call('/account', { bearer: shopper.bearer })
    expect(account.body.data.attributes.store_credits_by_currency.AUD).toBe('10.00')
    expect((await auditOf('store_credit.grant'))[0]).toMatchObject({ subject_id: shopper.email, after: { balance_cents: 1000, granted_cents: 1000 } })
    // a second grant names its own amount and the new balance
    const more = await b.post('/admin/store-credit', { form_token: crypto.randomUUID(), email: shopper.email, currency: 'AUD', amount: '25.00', reason: 'Goodwill', password: ADMIN_PASSWORD })
    expect((await b.get(more.location!)).body).toContain(`AUD 25.00 of store credit granted to Jane Lovelace (${shopper.email}). Their AUD store credit is now AUD 35.00; the email telling them is queued.`)
    // an address cannot put words in the console's mouth: an id that is no grant gives the plain sentence
    const gift = (await auditOf('gift_card.adjust'))[0]!
    const forged = (await b.get(`/admin/gift-cards?notice=credit-granted&grant=${gift.id}`)).body
    expect(forged).toContain('The store credit was granted.')
    expect(forged).not.toContain('of store credit granted to')
    expect((await b.get('/admin/gift-cards?notice=credit-granted&grant=abc')).status).toBe(200)
  })

  it('a balance change made from a card page that is out of date is refused with a sentence (409), not a 500, and changes nothing', async () => {
    const admin = { ...(await createAdmin()), firstName: 'Olive', sessionHash: '' }
    const card = await createGiftCard(6000)
    const seen = (await loadGiftCard(env.DB, card.id))!
    // two tabs (or a shopper paying with the card) between the operator's page and their adjustment
    await adjustGiftCard(env.DB, admin, seen, -5000, 'Spent in store')
    const audited = (await auditOf('gift_card.adjust')).length
    const stale = adjustGiftCard(env.DB, admin, seen, -5000, 'Spent in store')
    await expect(stale).rejects.toBeInstanceOf(ActionRefused)
    await expect(stale).rejects.toThrow('changed since')
    expect(await giftCardBalance(card.id)).toBe(1000)
    expect(await auditOf('gift_card.adjust')).toHaveLength(audited)
    // an addition from the old page is refused too: its audit line would state the wrong balances
    await expect(adjustGiftCard(env.DB, admin, seen, 500, 'Goodwill')).rejects.toBeInstanceOf(ActionRefused)
    expect(await giftCardBalance(card.id)).toBe(1000)
  })

  it('two coupons started with the same code at once: one is created, the other is refused (409), not a 500', async () => {
    const admin = { ...(await createAdmin()), firstName: 'Olive', sessionHash: '' }
    const code = `race-${Date.now()}`
    const input = { name: 'Race', code, kind: 'percent' as const, amount: 10, min_item_total_cents: null, starts_at: null, expires_at: null, usage_limit: null, per_customer_limit: null }
    const results = await Promise.allSettled([savePromotion(env.DB, admin, null, input), savePromotion(env.DB, admin, null, input)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason
    expect(refused).toBeInstanceOf(ActionRefused)
    expect(String(refused.message)).toContain(`Another promotion already uses the code ${code}.`)
    expect((await auditOf('promotion.create')).filter((e) => e.subject_id === code)).toHaveLength(1)
  })
})
