// The dashboard's sales of today and this week say what was refunded on those orders and what is left after it: an
// order refunded in full the same morning was counted as revenue with nothing to show it went back.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createProduct } from '#tests/factories/catalogue.ts'
import { startOfWeek, storeMidnight } from '#worker/admin/dashboard-data.ts'
import { ADMIN_PASSWORD, operator, placeOrder } from './admin-helpers.ts'

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
const panel = (html: string, title: string) => text(new RegExp(`aria-label="${title}">([\\s\\S]*?)</section>`).exec(html)![1]!)

describe('the dashboard after a refund', () => {
  it('shows, per panel, the orders’ total, what was refunded on them and what is left', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId)
    const order = (await env.DB.prepare("SELECT o.total_cents, p.id AS payment FROM orders o JOIN payments p ON p.order_id = o.id AND p.method = 'card' AND p.state = 'completed' WHERE o.number = ?").bind(number).first<{ total_cents: number; payment: number }>())!
    const aud = (cents: number) => `AUD ${(cents / 100).toFixed(2)}`

    const before = (await b.get('/admin')).body
    for (const title of ['Today', 'This week']) expect(panel(before, title)).not.toContain('Refunded')

    const refunded = await b.post(`/admin/orders/${number}/refund`, { form_token: crypto.randomUUID(), paymentId: String(order.payment), amount: '10.00', reason: 'Goodwill', password: ADMIN_PASSWORD })
    expect(refunded.status).toBe(303)
    const after = (await b.get('/admin')).body
    for (const title of ['Today', 'This week']) {
      const shown = panel(after, title)
      expect(shown).toContain(`1 order in AUD ${aud(order.total_cents)}`)
      expect(shown).toContain('Refunded on them −AUD 10.00')
      expect(shown).toContain(`After refunds ${aud(order.total_cents - 1000)}`)
    }
  })
})

describe('the dashboard’s days', () => {
  it('start at midnight in Melbourne, with the offset of that day, not of the moment the page is read', () => {
    // 08:30 on Sunday 6 Dec in Melbourne (UTC+11): today began at 13:00 UTC on the 5th, the week on Monday 30 Nov
    const december = new Date('2026-12-05T21:30:00.000Z')
    expect(storeMidnight(december).toISOString()).toBe('2026-12-05T13:00:00.000Z')
    expect(startOfWeek(december).toISOString()).toBe('2026-11-29T13:00:00.000Z')
    // 23:30 on 5 Jul (UTC+10)
    expect(storeMidnight(new Date('2026-07-05T13:30:00.000Z')).toISOString()).toBe('2026-07-04T14:00:00.000Z')
    // noon on Sunday 4 Oct 2026, daylight saving began at 02:00: the day and the week began on standard time (UTC+10)
    const dstDay = new Date('2026-10-04T01:00:00.000Z')
    expect(storeMidnight(dstDay).toISOString()).toBe('2026-10-03T14:00:00.000Z')
    expect(startOfWeek(dstDay).toISOString()).toBe('2026-09-27T14:00:00.000Z')
    // Tuesday 6 Oct: the week began on Monday 5 Oct, after the change (UTC+11)
    expect(startOfWeek(new Date('2026-10-06T01:00:00.000Z')).toISOString()).toBe('2026-10-04T13:00:00.000Z')
    // noon on Sunday 5 Apr 2026, back to standard time at 03:00: the day began on summer time (UTC+11)
    expect(storeMidnight(new Date('2026-04-05T02:00:00.000Z')).toISOString()).toBe('2026-04-04T13:00:00.000Z')
  })
})
