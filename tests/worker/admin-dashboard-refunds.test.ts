// The dashboard's sales of today and this week say what was refunded on those orders and what is left after it: an
// order refunded in full the same morning was counted as revenue with nothing to show it went back.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createProduct } from '#tests/factories/catalogue.ts'
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
