import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { shopperOperations } from '#worker/commerce/shopper.ts'
import type { CommerceContext } from '#worker/commerce/context.ts'
import { SessionState, type AuthToken } from '#worker/middleware/session.ts'
import { ServerTiming } from '#worker/middleware/request-id.ts'
import type { Env } from '#worker/env.ts'
import { ApiError } from '#web/api/storefront-api.ts'
import { call, freshIp, uniqueEmail } from '#tests/factories/api.ts'
import { createGiftCard, createProduct } from '#tests/factories/catalogue.ts'

/** A shopper's requests: one SessionState carried from request to request, as the cookies would. */
function shopper(currency: 'AUD' | 'USD' = 'AUD') {
  const ip = freshIp()
  let auth: AuthToken | null = null
  let cartToken: string | null = null
  const api = () => {
    const session = new SessionState(auth, cartToken)
    const ctx: CommerceContext = {
      env: env as unknown as Env,
      waitUntil: () => {},
      locale: 'en',
      currency,
      country: 'AU',
      session,
      timing: new ServerTiming(),
      clientIp: ip,
    }
    const ops = shopperOperations(ctx)
    return new Proxy(ops, {
      get(target, key) {
        const fn = target[key as keyof typeof target] as (...args: unknown[]) => Promise<unknown>
        return async (...args: unknown[]) => {
          try {
            return await fn(...args)
          } finally {
            if (session.changes.auth) auth = session.auth
            if (session.changes.cart) cartToken = session.cartToken
          }
        }
      },
    })
  }
  return { api, get auth() { return auth }, set auth(v) { auth = v }, get cartToken() { return cartToken } }
}

const ADDRESS = {
  firstName: 'Ada', lastName: 'Lovelace', company: null, addressLine1: '1 Collins Street', apartment: null, streetName: null, streetNumber: null,
  city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU', phoneNumber: '0412 345 678', email: null, taxId: null,
}

describe('StorefrontApi shopper operations (commerce client → embedded backend)', () => {
  it('runs a guest cart, merges it at registration/login and checks out as a member', async () => {
    const jacket = await createProduct({ stock: 10, colour: 'Blue', size: 'L', image: true })
    const s = shopper()
    expect(await s.api().getCart()).toBeNull()
    const cart = await s.api().addToCart(String(jacket.variantId), 2)
    expect(s.cartToken).toBe(cart.token)
    expect(cart).toMatchObject({ itemCount: 2, itemTotalAmount: 200, currency: 'AUD', club_price_savings: '$40.00' })
    expect(cart.lineItems[0]).toMatchObject({ _variantId: String(jacket.variantId), qty: 2, price: { current: 100, original: 120 }, club_price: 80, options: { colour: 'Blue', size: 'L' } })
    expect(cart.totals).toMatchObject({ subtotal: '$200.00', total: '$200.00', tax: '$18.18' })
    expect(cart.lineItems[0]!.image?.styles).toEqual({
      mobile: { url: `/images/${jacket.slug}-sm.jpg`, width: 240, height: 240 },
      desktop: { url: `/images/${jacket.slug}-md.jpg`, width: 350, height: 468 },
      large: { url: `/images/${jacket.slug}-lg.jpg`, width: 650, height: 870 },
    })

    const email = uniqueEmail()
    const user = await s.api().registerUser({ email, password: 'secret123', firstName: 'Ada', lastName: 'L' })
    expect(user).toMatchObject({ email, firstName: 'Ada', completedOrders: 0, storeCredits: 0 })
    expect(s.auth?.access_token).toBeTruthy()
    expect(s.cartToken).toBeNull()
    const session = await s.api().getSession()
    expect(session.isAuthenticated).toBe(true)
    expect(session.cart).toMatchObject({ itemCount: 2, itemTotalAmount: 160, club_price_savings: '$40.00' })
    expect(session.wishlist?.wishedProducts).toEqual([])

    await s.api().saveCheckoutShippingAddress(ADDRESS)
    await s.api().saveCheckoutBillingAddress(ADDRESS)
    const rates = await s.api().getShipments()
    expect(rates.map((r) => r.name)).toEqual(['Click & Collect', 'Express', 'Standard'])
    const withShipping = await s.api().saveShippingMethod(rates.find((r) => r.name === 'Express')!.id)
    expect(withShipping.shipTotalAmount).toBe(19.95)
    await expect(s.api().makeOrder({ method: 'card', cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' })).rejects.toMatchObject({ status: 422 })
    const badExpiry = await s.api().makeOrder({ method: 'card', cardNumber: '4111111111111111', expiry: 'soon', cvc: '123' }).catch((e: ApiError) => e)
    expect((badExpiry as ApiError).errors?.expiry).toBeDefined()
    const order = await s.api().makeOrder({ method: 'card', cardNumber: '4111 1111 1111 1111', expiry: '12/40', cvc: '123' })
    expect(order).toMatchObject({ state: 'complete', totalAmount: 179.95, itemCount: 2, shipmentMethods: [{ name: 'Express' }] })
    expect(await s.api().getCart()).toBeNull()
    expect(await s.api().getOrder(order.number)).toMatchObject({ number: order.number })
    const history = await s.api().getOrders(1, 10)
    expect(history).toMatchObject({ totalCount: 1, totalPages: 1 })
    expect((await s.api().getCurrentUser())?.completedOrders).toBe(1)
  })

  it('refreshes an expired bearer with the refresh token, and logs out', async () => {
    const email = uniqueEmail()
    const s = shopper()
    await s.api().registerUser({ email, password: 'secret123', firstName: 'Bo', lastName: 'B' })
    const first = s.auth!
    s.auth = { ...first, created_at: first.created_at - 10_000 }
    expect(await s.api().isAuthenticated()).toBe(true)
    expect(s.auth!.access_token).not.toBe(first.access_token)
    expect((await s.api().getCurrentUser())?.email).toBe(email)
    await s.api().logOut()
    expect(s.auth).toBeNull()
    expect(await s.api().getCurrentUser()).toBeNull()
  })

  it('reports a bad login as invalid_grant and an unknown email on forgot-password as 404', async () => {
    const s = shopper()
    await expect(s.api().logIn(uniqueEmail(), 'wrong1234')).rejects.toMatchObject({ message: 'invalid_grant' })
    await expect(s.api().forgotPassword(uniqueEmail())).rejects.toMatchObject({ status: 404 })
    await expect(s.api().buyGiftCard({ amount: 50, recipientName: 'A', recipientEmail: 'a@example.com' })).rejects.toMatchObject({ message: 'Please login in to add gift card' })
  })

  it('manages addresses, the wishlist, currency, coupons and gift cards', async () => {
    const shirt = await createProduct({ colour: 'Green', size: 'S' })
    await createProduct({ kind: 'gift_card', prices: { AUD: { amount: 0 } } })
    const s = shopper()
    await s.api().registerUser({ email: uniqueEmail(), password: 'secret123', firstName: 'C', lastName: 'D' })
    const saved = await s.api().addAddress({ ...ADDRESS, isDefault: true })
    expect(saved).toMatchObject({ city: 'Melbourne', state: 'VIC', isDefault: true })
    expect(await s.api().updateAddress({ ...saved, city: 'Carlton', zipCode: '3053' })).toMatchObject({ city: 'Carlton' })
    expect(await s.api().getAddresses()).toHaveLength(1)
    await s.api().deleteAddress(saved._id)
    expect(await s.api().getAddresses()).toHaveLength(0)

    const wishlist = await s.api().addToWishlist(String(shirt.variantId))
    expect(wishlist.wishedProducts[0]).toMatchObject({ variantId: String(shirt.variantId), sku: shirt.sku, colour: 'Green', size: 'S', price: { regular: '$100.00', special: '$80.00' } })
    // The member pays the Club Price, so that is what the wishlist's total says.
    expect(wishlist.displayTotal).toBe('$80.00')
    const emptied = await s.api().removeFromWishlist(wishlist.wishedProducts[0]!.wishedProductId)
    expect(emptied.wishedProducts).toEqual([])
    expect(emptied.displayTotal).toBe('$0.00')

    await s.api().addToCart(String(shirt.variantId), 1)
    const usd = await s.api().changeCurrency('AUD', 'USD')
    expect(usd).toMatchObject({ currency: 'USD', itemTotalAmount: 56 })
    await s.api().changeCurrency('USD', 'AUD')
    await expect(s.api().applyCoupon('nope')).rejects.toBeInstanceOf(ApiError)
    const gift = await s.api().buyGiftCard({ amount: 25, recipientName: 'E', recipientEmail: 'e@example.com', message: 'Hi' })
    expect(gift.itemTotalAmount).toBe(105)
    const card = await createGiftCard(1000)
    await s.api().saveCheckoutShippingAddress(ADDRESS)
    await s.api().saveCheckoutBillingAddress(ADDRESS)
    await s.api().saveShippingMethod('3')
    const order = await s.api().makeOrder({ method: 'card', cardNumber: '4242424242424242', expiry: '01/39', cvc: '999', giftCardCode: card.code })
    expect(order.totalAmount).toBe(105)
    const payments = await env.DB.prepare("SELECT method, amount_cents FROM payments WHERE state = 'completed' AND order_id = (SELECT id FROM orders WHERE number = ?) ORDER BY method").bind(order.number).all()
    expect(payments.results).toEqual([{ method: 'card', amount_cents: 9500 }, { method: 'gift_card', amount_cents: 1000 }])
    await s.api().subscribeNewsletter('news@example.com')
    await s.api().setAffiliateCode('partner-1')
    await s.api().sendContactMessage({ name: 'A', email: 'a@example.com', message: 'Hello' })
    expect((await call('/outbox?email=e@example.com')).body.data[0].kind).toBe('gift_card')
  })
})
