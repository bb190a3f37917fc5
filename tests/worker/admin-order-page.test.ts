// The console's order page as an operator reads it on their first morning: which address the parcel goes to, what
// Club Prices saved (and what they did not), and what can still be sent to a customer whose order was cancelled.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { AU_ADDRESS, registerAndLogin } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { ADMIN_PASSWORD, operator, placeOrder } from './admin-helpers.ts'

/** The page's words as a reader meets them, in order, without markup. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

const BILLED = { ...AU_ADDRESS, firstname: 'Bea', lastname: 'Billing', address1: '99 Pitt Street', city: 'Sydney', zipcode: '2000', state_name: 'NSW' }

describe('the console order page', () => {
  it('says which address the parcel goes to and which one is billed', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { billAddress: BILLED })
    const text = textOf((await b.get(`/admin/orders/${number}`)).body)
    const shipTo = text.indexOf('Ship to')
    const billTo = text.indexOf('Bill to')
    expect(shipTo).toBeGreaterThan(-1)
    expect(billTo).toBeGreaterThan(shipTo)
    // the shipping address under 'Ship to', the billing one under 'Bill to'
    const shipBlock = text.slice(shipTo, billTo)
    const billBlock = text.slice(billTo)
    expect(shipBlock).toContain('1 Collins Street')
    expect(shipBlock).not.toContain('99 Pitt Street')
    expect(billBlock).toContain('99 Pitt Street')
    expect(billBlock).not.toContain('1 Collins Street')
  })

  it('an order billed to the shipping address says so once instead of showing the address twice', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId)
    const text = textOf((await b.get(`/admin/orders/${number}`)).body)
    expect(text).toContain('Bill to Same as the shipping address')
    expect(text.split('1 Collins Street').length - 1).toBe(1)
  })

  it('a guest’s order does not claim Club Price savings the guest never had; a member’s order shows what they saved', async () => {
    const { b } = await operator()
    // AUD 100.00, Club Price 80.00
    const product = await createProduct({ stock: 5 })
    const guest = textOf((await b.get(`/admin/orders/${await placeOrder(product.variantId)}`)).body)
    expect(guest).toContain('Guest or non-member')
    expect(guest).not.toContain('Club Price savings')
    expect(guest).toContain('Club membership would have saved AUD 20.00')

    const member = await registerAndLogin()
    const mine = textOf((await b.get(`/admin/orders/${await placeOrder(product.variantId, { member })}`)).body)
    expect(mine).toContain('Club member')
    expect(mine).toContain('Club Price savings AUD 20.00')
    expect(mine).not.toContain('would have saved')
  })

  it('a guest’s order with no Club Price on any line says nothing about what membership would have saved', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5, prices: { AUD: { amount: 10000, compareAt: 12000, member: null }, USD: { amount: 7000, compareAt: 8000, member: null } } })
    const guest = textOf((await b.get(`/admin/orders/${await placeOrder(product.variantId)}`)).body)
    expect(guest).toContain('Total AUD')
    expect(guest).not.toContain('would have saved')
    expect(guest).not.toContain('Club Price savings')
  })

  it('does not send the order confirmation again for a cancelled order (the customer would think it is coming)', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId)
    expect((await b.post(`/admin/orders/${number}/cancel`, { reason: 'Customer asked', password: ADMIN_PASSWORD })).status).toBe(303)
    const page = await b.get(`/admin/orders/${number}`)
    expect(page.body).not.toContain('Send the confirmation again')

    const confirmations = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE ref = ? AND kind = 'order_confirmation'").bind(number).first<{ n: number }>())!.n
    const before = await confirmations()
    const refused = await b.post(`/admin/orders/${number}/resend`, {})
    expect(refused.status).toBe(409)
    expect(textOf(refused.body)).toContain('This order was cancelled, so its confirmation is not sent again.')
    expect(await confirmations()).toBe(before)
  })
})
