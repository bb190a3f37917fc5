import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, operator } from './admin-helpers.ts'

// Console forms (issue 14 item 8): a bad value gets a 4xx that names the field beside it (aria-invalid) with a
// sentence, and changes nothing (no audit entry). Table-driven; forms needing an order/product are in their own tests.

const FORMS: Array<{ path: string; fields: Record<string, string>; field: string; says: string }> = [
  { path: '/admin/categories', fields: { name: '' }, field: 'name', says: 'The English name is required.' },
  { path: '/admin/store-credit', fields: { email: 'not-an-email', currency: 'AUD', amount: '10.00', reason: 'x', password: ADMIN_PASSWORD }, field: 'email', says: 'Enter a valid email address.' },
  { path: '/admin/store-credit', fields: { email: 'a@example.com', currency: 'AUD', amount: 'ten', reason: 'x', password: ADMIN_PASSWORD }, field: 'amount', says: 'Amount: enter an amount like 129.95.' },
  { path: '/admin/gift-cards', fields: { currency: 'AUD', amount: '5000.00', recipient_name: 'Ann', recipient_email: '' }, field: 'amount', says: 'Issue between 1.00 and 1000.00.' },
  { path: '/admin/gift-cards', fields: { currency: 'AUD', amount: '50.00', recipient_name: 'Ann', recipient_email: 'nope' }, field: 'recipient_email', says: 'Enter a valid email address.' },
]

const audits = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log').first<{ n: number }>())!.n

describe('console form messages', () => {
  it.each(FORMS)('$path refuses a bad $field with a message beside it and changes nothing', async ({ path, fields, field, says }) => {
    const { b } = await operator()
    const before = await audits()
    const res = await b.post(path, fields)
    expect(res.status, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expect(res.body).toContain(says)
    expect(res.body).toMatch(new RegExp(`name="${field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field}"`))
    expect(await audits()).toBe(before)
  })
})
