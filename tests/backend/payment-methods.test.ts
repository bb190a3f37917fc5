import { describe, expect, it } from 'vitest'
import { ApiError } from '#web/api/storefront-api.ts'
import { checkoutOperations } from '#worker/commerce/checkout.ts'
import type { SpreeClient } from '#worker/commerce/spree-client.ts'
import { call, guestCart } from '#tests/factories/api.ts'
import { STRIPE } from '#tests/factories/stripe.ts'

// One card provider seam (issue 43 point 6): the card method is listed as its provider names it, chosen once per
// request, and the storefront's client finds methods by type, never by a number a real Spree may give otherwise.

const listed = async (env?: object) => {
  const res = await call('/checkout/payment_methods', { orderToken: await guestCart(), env })
  expect(res.status).toBe(200)
  return (res.body.data as Array<{ id: string; attributes: { type: string } }>).map((m) => [m.id, m.attributes.type])
}

describe('GET /checkout/payment_methods names the provider that takes cards', () => {
  it('the test gateway offline, Stripe when its keys are set, and no card method on a production store without a provider', async () => {
    expect(await listed()).toEqual([
      ['1', 'Spree::Gateway::Bogus'],
      ['4', 'Spree::PaymentMethod::TestWallet'],
      ['5', 'Spree::PaymentMethod::TestPayLater'],
      ['2', 'Spree::PaymentMethod::GiftCard'],
      ['3', 'Spree::PaymentMethod::StoreCredit'],
    ])
    expect((await listed(STRIPE))[0]).toEqual(['1', 'Spree::Gateway::StripeGateway'])
    const keyless = await listed({ ENVIRONMENT: 'production', STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' })
    expect(keyless.map(([, type]) => type)).toEqual(['Spree::PaymentMethod::GiftCard', 'Spree::PaymentMethod::StoreCredit'])
  })
})

/** A Spree that numbers its methods its own way, recording what the client sends it. */
function remoteSpree(methods: Array<{ id: string; type: string }>) {
  const sent: Array<{ path: string; body?: unknown }> = []
  const client = {
    isAuthenticated: false,
    ctx: { session: {} },
    async request(path: string, options: { body?: unknown } = {}) {
      sent.push({ path, body: options.body })
      if (path === '/checkout/payment_methods') return { data: methods.map((m) => ({ id: m.id, type: 'payment_method', attributes: { type: m.type, name: m.type } })) }
      if (path === '/checkout/complete') throw new ApiError(409, 'stop here', undefined, undefined, 'order_changed')
      return { data: {} }
    },
  }
  return { client: client as unknown as SpreeClient, sent }
}

describe('the commerce client finds payment methods by type', () => {
  it('pays by card and gift card with the ids the backend lists, whatever they are', async () => {
    const { client, sent } = remoteSpree([
      { id: '7', type: 'Spree::Gateway::StripeGateway' },
      { id: '12', type: 'Spree::PaymentMethod::GiftCard' },
    ])
    await expect(checkoutOperations(client).makeOrder({ method: 'card', paymentMethodId: 'pm_card_visa123', giftCardCode: 'GIFT-1234' })).rejects.toThrow('stop here')
    const payments = sent.filter((s) => s.path === '/checkout/create_payment').map((s) => (s.body as { payment_method_id: string }).payment_method_id)
    expect(payments).toEqual(['12', '7'])
    // the methods are read once for the order's payments
    expect(sent.filter((s) => s.path === '/checkout/payment_methods')).toHaveLength(1)
  })

  it('a store that lists no card method refuses the card as the provider being unavailable, and creates no payment', async () => {
    const { client, sent } = remoteSpree([{ id: '2', type: 'Spree::PaymentMethod::GiftCard' }])
    const refusal = await checkoutOperations(client).makeOrder({ method: 'card', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }).catch((e: unknown) => e)
    expect(refusal).toBeInstanceOf(ApiError)
    expect((refusal as ApiError).status).toBe(503)
    expect((refusal as ApiError).code).toBe('provider_unavailable')
    expect(sent.some((s) => s.path === '/checkout/create_payment')).toBe(false)
  })
})
