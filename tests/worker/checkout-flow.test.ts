// Checkout as a guest with no JavaScript at all: every step is an HTML form post answered with a 303 to the next
// step, a refused post answers 422 with the form, the field's message and what was typed, and changes nothing.
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, formBrowser as browser } from './helpers.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { createGiftCard, createProduct, giftCardBalance, stockOf, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { uniqueEmail } from '#tests/factories/api.ts'
import { clientAddress, exhaustLimit, fromClient } from '#tests/factories/client.ts'
import { WINDOWS } from '#worker/backend/services/rate-limit.ts'

let product: CreatedProduct
beforeAll(async () => {
  await seedCatalogue(10)
  product = await createProduct({ stock: 5 })
})

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', addressLine1: '1 Collins Street', city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU', phoneNumber: '0412 345 678' }
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: EXPIRY, cvc: '123' }

async function orderState() {
  return env.DB.prepare('SELECT state, email, ship_address_id, bill_address_id, shipping_method_id FROM orders ORDER BY id DESC LIMIT 1').first<Record<string, unknown>>()
}

describe('guest checkout without JavaScript', () => {
  it('goes from an empty cart to a placed order through form posts only', async () => {
    const b = browser()
    // Guards: no cart → home, and the later steps send back to shipping.
    expect((await b.get('/checkout/shipping')).location).toBe('/')
    expect((await b.post('/checkout/shipping', { intent: 'address', ...ADDRESS })).location).toBe('/')

    const added = await b.post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    expect(added.status).toBe(303)
    expect(b.jar.has('cart_token')).toBe(true)
    expect((await b.get('/checkout/billing')).location).toBe('/checkout/shipping')
    expect((await b.get('/checkout/payment')).location).toBe('/checkout/shipping')

    const shipping = await b.get('/checkout/shipping')
    expect(shipping.status).toBe(200)
    expect(shipping.body).toContain('data-testid="shipping-address-form"')
    expect(shipping.body).toContain('method="post"')
    expect(shipping.body).not.toContain('data-testid="shipping-rate-form"')

    // Bad input: the form again with each field's message and what was typed; nothing is saved.
    const before = await orderState()
    const bad = await b.post('/checkout/shipping', { intent: 'address', email: 'not-an-email', ...ADDRESS, zipCode: '' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('Please, provide a valid email address.')
    expect(bad.body).toMatch(/data-testid="error-zipCode"[^>]*>This field is required\./)
    expect(bad.body).toContain('value="not-an-email"')
    expect(bad.body).toContain('value="1 Collins Street"')
    const shortPostcode = await b.post('/checkout/shipping', { intent: 'address', email: uniqueEmail(), ...ADDRESS, zipCode: '300', phoneNumber: '12' })
    expect(shortPostcode.status).toBe(422)
    expect(shortPostcode.body).toContain('Australian postcodes have 4 digits.')
    expect(shortPostcode.body).toContain('Please, provide a valid phone number.')
    expect(await orderState()).toEqual(before)

    const email = uniqueEmail('guest')
    const saved = await b.post('/checkout/shipping', { intent: 'address', email, ...ADDRESS })
    expect(saved.status).toBe(303)
    expect(saved.location).toBe('/checkout/shipping')
    const rates = await b.get('/checkout/shipping')
    expect(rates.body).toContain('data-testid="shipping-rate-form"')
    const rateIds = [...rates.body.matchAll(/name="rateId" value="([^"]+)"/g)].map((m) => m[1]!)
    expect(rateIds.length).toBeGreaterThan(0)
    expect((await b.get('/checkout/billing')).status).toBe(200)
    expect((await b.get('/checkout/payment')).location).toBe('/checkout/billing')

    // Express costs money, so the summary must show its price, not 'Calculated at checkout'
    const express = /name="rateId" value="([^"]+)"[^>]*\/><span[^>]*>Express<\/span><span[^>]*>([^<]+)<\/span>/.exec(rates.body)
    expect(express, 'the Express rate and its cost').toBeTruthy()
    const rate = await b.post('/checkout/shipping', { intent: 'rate', rateId: express![1]! })
    expect(rate.status).toBe(303)
    expect(rate.location).toBe('/checkout/billing')

    const billing = await b.post('/checkout/billing', { sameAsShipping: 'on' })
    expect(billing.status).toBe(303)
    expect(billing.location).toBe('/checkout/payment')
    const payment = await b.get('/checkout/payment')
    expect(payment.status).toBe(200)
    expect(payment.body).toContain('Tax: GST (Included in Price)')
    expect(payment.body).toContain(product.name)
    expect(payment.body).not.toContain('Calculated at checkout')
    expect(payment.body).toMatch(new RegExp(`data-testid="cart-shipping"[^>]*>.*?<dd[^>]*>${express![2]!.replace(/[$.]/g, '\\$&')}</dd>`))

    // Terms not agreed, a bad expiry, a declined card: the form again, the message, no order and no stock taken.
    const noTerms = await b.post('/checkout/payment', { ...CARD })
    expect(noTerms.status).toBe(422)
    expect(noTerms.body).toContain('Please agree to the terms and conditions before paying.')
    const declined = await b.post('/checkout/payment', { ...CARD, cardNumber: '4000000000000002', terms: 'on' })
    expect(declined.status).toBe(422)
    expect(declined.body).toContain('Your card was declined')
    expect(declined.body).not.toContain('4000000000000002')
    expect(await stockOf(product.variantId)).toBe(5)
    expect((await orderState())?.state).not.toBe('complete')

    const paid = await b.post('/checkout/payment', { ...CARD, terms: 'on' })
    expect(paid.status).toBe(303)
    const number = /^\/checkout\/thank-you\?order=(R\d+)$/.exec(paid.location ?? '')?.[1]
    expect(number, paid.location ?? paid.body.slice(0, 300)).toBeTruthy()
    const thanks = await b.get(paid.location!)
    expect(thanks.status).toBe(200)
    expect(thanks.body).toContain(`Your order number is ${number}`)
    expect(await stockOf(product.variantId)).toBe(4)
    const order = await env.DB.prepare('SELECT state, email FROM orders WHERE number = ?').bind(number).first<{ state: string; email: string }>()
    expect(order).toEqual({ state: 'complete', email })
    // The cart is empty again, so checkout sends the shopper home.
    expect((await b.get('/checkout/shipping')).location).toBe('/')
  })

  it('takes a separate billing address and refuses a bad one with German messages under /de', async () => {
    const b = browser()
    await b.post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    expect((await b.post('/de/checkout/shipping', { intent: 'address', email: uniqueEmail(), ...ADDRESS })).location).toBe('/de/checkout/shipping')
    const bad = await b.post('/de/checkout/billing', { ...ADDRESS, firstName: '', zipCode: 'abcd' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('Australische Postleitzahlen haben 4 Ziffern.')
    expect((await b.get('/de/checkout/payment')).location).toBe('/de/checkout/billing')
    const ok = await b.post('/de/checkout/billing', { ...ADDRESS, firstName: 'Grace', addressLine1: '2 Bourke Street' })
    expect(ok.location).toBe('/de/checkout/payment')
    const page = await b.get('/de/checkout/payment')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Steuer: GST (im Preis enthalten)')
    // the card's expiry field hints in German too: its label says MM/JJ, the placeholder said 'MM/YY'
    expect(page.body).toMatch(/<input(?=[^>]*name="expiry")(?=[^>]*placeholder="MM\/JJ")/)
  })

  it('refuses a form post from another site', async () => {
    const res = await SELF.fetch(`${ORIGIN}/checkout/shipping`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'https://evil.test', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=address',
    })
    expect(res.status).toBe(403)
    await res.text()
  })

  it('a shopper who guessed too many codes or made too many carts sees when to try again (429, Retry-After; en, de)', async () => {
    const shirt = await createProduct({ stock: 5 })
    for (const prefix of ['', '/de']) {
      const ip = clientAddress()
      const b = browser(ip)
      await b.post(`${prefix}/products/${shirt.slug}`, { variantId: String(shirt.variantId), quantity: '1' })
      await b.post(`${prefix}/checkout/shipping`, { intent: 'address', email: uniqueEmail(), ...ADDRESS })
      await b.post(`${prefix}/checkout/shipping`, { intent: 'rate', rateId: '1' })
      await b.post(`${prefix}/checkout/billing`, { sameAsShipping: 'on' })
      await exhaustLimit(`code:ip:${ip}`, WINDOWS.codesPerAddress, 600)
      const res = await SELF.fetch(`${ORIGIN}${prefix}/checkout/payment`, {
        method: 'POST',
        redirect: 'manual',
        headers: { accept: 'text/html', origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: [...b.jar].map(([k, v]) => `${k}=${v}`).join('; '), ...fromClient(ip) },
        body: new URLSearchParams({ giftCardCode: 'ABCD-EFGH-JKLM-NPQR', ...CARD, terms: 'on' }).toString(),
      })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(500)
      expect(await res.text()).toContain(prefix ? 'Zu viele Versuche. Bitte versuchen Sie es in 10 Minuten erneut.' : 'Too many attempts. Please try again in 10 minutes.')

      // too many new carts from one address: adding to the cart (which starts one) says so too
      const other = clientAddress()
      await exhaustLimit(`cart:ip:${other}`, WINDOWS.cartsPerAddress, 600)
      const refused = await SELF.fetch(`${ORIGIN}/api/cart/items`, {
        method: 'POST',
        headers: { accept: 'application/json', origin: ORIGIN, 'content-type': 'application/json', ...(prefix ? { cookie: 'locale=de' } : {}), ...fromClient(other) },
        body: JSON.stringify({ variantId: String(shirt.variantId), quantity: 1 }),
      })
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500)
      expect(((await refused.json()) as { error: string }).error).toMatch(/^(Too many attempts|Zu viele Versuche)/)
      expect(refused.headers.getSetCookie().some((c) => c.startsWith('cart_token='))).toBe(false)
    }
  })

  it('refuses to charge more than the page showed when the cart changed in another tab, and says so (en, de)', async () => {
    // 66.95 + Standard 9.95 = 76.90; a second shirt makes 133.90 (Standard is free from 100)
    const shirt = await createProduct({ stock: 5, prices: { AUD: { amount: 6695 } } })
    for (const prefix of ['', '/de']) {
      const b = browser()
      await b.post(`${prefix}/products/${shirt.slug}`, { variantId: String(shirt.variantId), quantity: '1' })
      await b.post(`${prefix}/checkout/shipping`, { intent: 'address', email: uniqueEmail(), ...ADDRESS })
      await b.post(`${prefix}/checkout/shipping`, { intent: 'rate', rateId: '1' })
      await b.post(`${prefix}/checkout/billing`, { sameAsShipping: 'on' })
      expect((await b.get(`${prefix}/checkout/payment`)).body).toContain('name="expectedBalance" value="76.90"')
      await b.post(`${prefix}/products/${shirt.slug}`, { variantId: String(shirt.variantId), quantity: '1' })
      const refused = await b.post(`${prefix}/checkout/payment`, { ...CARD, terms: 'on', expectedBalance: '76.90' })
      expect(refused.status).toBe(409)
      expect(refused.body).toContain(
        prefix
          ? 'Ihre Bestellung hat sich geändert, seit ihr Betrag angezeigt wurde, daher wurde sie nicht aufgegeben. Der offene Betrag beträgt jetzt 133,90'
          : 'Your order changed since its total was shown, so it was not placed. The balance due is now $133.90.',
      )
      expect(refused.body).not.toContain('gift card or store credit')
      expect(refused.body).toContain('name="expectedBalance" value="133.90"')
      expect((await orderState())?.state).not.toBe('complete')
    }
  })

  it('refuses to charge more than the page showed when a gift card was spent meanwhile, and says the new balance due (en, de)', async () => {
    // 66.95 + Standard 9.95 = 76.90; a 50.00 card leaves 26.90
    const shirt = await createProduct({ stock: 5, prices: { AUD: { amount: 6695 } } })
    for (const prefix of ['', '/de']) {
      const card = await createGiftCard(5000)
      const b = browser()
      await b.post(`${prefix}/products/${shirt.slug}`, { variantId: String(shirt.variantId), quantity: '1' })
      await b.post(`${prefix}/checkout/shipping`, { intent: 'address', email: uniqueEmail(), ...ADDRESS })
      await b.post(`${prefix}/checkout/shipping`, { intent: 'rate', rateId: '1' })
      await b.post(`${prefix}/checkout/billing`, { sameAsShipping: 'on' })
      // the code is accepted, the card declined: the code stays on the checkout and the page shows what is left
      await b.post(`${prefix}/checkout/payment`, { giftCardCode: card.code, ...CARD, cardNumber: '4000000000000002', terms: 'on' })
      const page = await b.get(`${prefix}/checkout/payment`)
      expect(page.body).toContain('name="expectedBalance" value="26.90"')

      // another order spends the card before this one is paid
      await env.DB.prepare('UPDATE gift_cards SET balance_cents = 0 WHERE id = ?').bind(card.id).run()
      const refused = await b.post(`${prefix}/checkout/payment`, { ...CARD, terms: 'on', expectedBalance: '26.90' })
      expect(refused.status).toBe(409)
      expect(refused.body).toContain(
        prefix
          ? 'Das Guthaben Ihrer Geschenkkarte oder Ihr Kundenguthaben hat sich geändert, daher wurde die Bestellung nicht aufgegeben. Der offene Betrag beträgt jetzt 76,90'
          : 'The balance of your gift card or store credit has changed, so the order was not placed. The balance due is now $76.90.',
      )
      expect(refused.body).toContain('name="expectedBalance" value="76.90"')
      expect(await stockOf(shirt.variantId)).toBe(5)
      expect((await orderState())?.state).not.toBe('complete')

      // agreeing to the new balance due places the order and charges exactly that
      const paid = await b.post(`${prefix}/checkout/payment`, { ...CARD, terms: 'on', expectedBalance: '76.90' })
      expect(paid.status).toBe(303)
      const charged = await env.DB.prepare("SELECT p.amount_cents FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = ? AND p.method = 'card' AND p.state = 'completed'")
        .bind(/order=(R\d+)/.exec(paid.location ?? '')?.[1] ?? '')
        .first<{ amount_cents: number }>()
      expect(charged?.amount_cents).toBe(7690)
      expect(await giftCardBalance(card.id)).toBe(0)
      await stockOf(shirt.variantId).then((n) => expect(n).toBe(4))
      await env.DB.prepare('UPDATE variants SET stock_on_hand = 5 WHERE id = ?').bind(shirt.variantId).run()
    }
  })
})
