import type * as Stripe from './stripe-types.ts'
import type { Env } from '#worker/env.ts'
import type { CardBrand, CardDetails } from '../commerce/gateway.ts'
import type { OrderRow } from '../commerce/orders.ts'
import { BackendError } from '../shared/errors.ts'
import { payLaterRefusal, walletRefusal } from '../commerce/pay-later-limit.ts'
import { isStripeError, providerError, stripeClient } from './stripe-client.ts'

/**
 * Stripe's side of a card payment: what a payment method is (brand, last four, expiry, fingerprint: never the
 * number), authorising the balance due (manual capture), capturing, voiding and refunding. Every call that moves
 * money carries an idempotency key, so a retried request never charges twice.
 */

export interface StripeCard extends CardDetails {
  /** Stripe's fingerprint of the card number: the same card under any payment method id (card-testing limits). */
  fingerprint: string | null
}

const BRANDS: Record<string, CardBrand> = { visa: 'visa', mastercard: 'mastercard', amex: 'amex' }

export function cardOf(pm: Stripe.PaymentMethod): StripeCard | null {
  const card = pm.card
  const brand = card ? BRANDS[card.brand] : undefined
  if (!card || !brand) return null
  return { ccType: brand, lastDigits: card.last4, month: card.exp_month, year: card.exp_year, name: pm.billing_details?.name ?? null, fingerprint: card.fingerprint ?? null }
}

/** The card behind a payment method id, or null when Stripe does not know it (a made-up or another account's id). */
export async function paymentMethodCard(env: Env, paymentMethodId: string): Promise<StripeCard | null> {
  if (!/^pm_[A-Za-z0-9_]{6,100}$/.test(paymentMethodId)) return null
  try {
    const pm = await stripeClient(env).paymentMethods.retrieve(paymentMethodId)
    const card = cardOf(pm)
    if (!card) throw new BackendError(422, 'We accept Visa, Mastercard and American Express.', { payment: ['is not a card type we accept'] }, undefined, 'card_brand_not_accepted')
    return card
  } catch (error) {
    if (isStripeError(error) && error.code === 'resource_missing') return null
    throw providerError(error)
  }
}

/** Stripe's pay-later payment method types the store takes (AUD; Afterpay/Clearpay and Zip), and the wallets. */
const PAY_LATER_TYPES = ['afterpay_clearpay', 'zip']
const WALLETS = ['apple_pay', 'google_pay']

/**
 * A wallet or pay-later payment method from the Payment Element: its id and which one it is; refused (422) when it is
 * not of the kind the shopper chose, 404-like (`card_unknown`) when Stripe does not know it.
 */
export async function stripeExtraSource(env: Env, kind: 'wallet' | 'pay_later', source: Record<string, unknown> | undefined): Promise<{ profileId: string; name: string }> {
  const id = typeof source?.gateway_payment_profile_id === 'string' ? source.gateway_payment_profile_id : ''
  if (!/^pm_[A-Za-z0-9_]{6,100}$/.test(id)) throw new BackendError(422, 'Confirm the payment in the payment form first.', { 'source_attributes.gateway_payment_profile_id': ['is not a payment method of the provider'] }, undefined, 'card_unknown')
  let pm: Stripe.PaymentMethod
  try {
    pm = await stripeClient(env).paymentMethods.retrieve(id)
  } catch (error) {
    if (isStripeError(error) && error.code === 'resource_missing') throw new BackendError(422, 'The payment provider does not know this payment. Please confirm it again.', { 'source_attributes.gateway_payment_profile_id': ['is not known to the payment provider'] }, undefined, 'card_unknown')
    throw providerError(error)
  }
  const name = kind === 'wallet' ? (pm.type === 'card' ? pm.card?.wallet?.type : undefined) : pm.type
  if (!name || !(kind === 'wallet' ? WALLETS : PAY_LATER_TYPES).includes(name)) {
    throw (kind === 'wallet' ? walletRefusal : payLaterRefusal)('payment')
  }
  return { profileId: pm.id, name }
}

export interface AuthorizeInput {
  order: OrderRow
  amountCents: number
  paymentMethodId: string
  /** The payment row this attempt is: a new card (a new row) after a decline confirms with a new key. */
  attemptId: number
  returnUrl: string
  customerId: string | null
  /** Keep the card on the member's Stripe customer for next time. */
  saveCard: boolean
  /** Stripe's payment method type: `card` (cards and wallets), or the pay-later method's (`afterpay_clearpay`, `zip`). */
  methodType?: string
}

const cents = (order: OrderRow) => order.currency.toLowerCase()

/**
 * One PaymentIntent per order and balance due (the idempotency key is the order number and the amount), confirmed
 * with the shopper's card for authorisation only (`capture_method: manual`): nothing is charged until the order
 * has been placed in D1. The bank may ask for 3-D Secure: then the intent answers `requires_action` with a URL.
 */
export async function authorize(env: Env, input: AuthorizeInput): Promise<Stripe.PaymentIntent> {
  const stripe = stripeClient(env)
  const { order, amountCents } = input
  try {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: amountCents,
      currency: cents(order),
      capture_method: 'manual',
      allowed_payment_method_types: [input.methodType ?? 'card'],
      description: `Order ${order.number}`,
      metadata: { order_id: String(order.id), order_number: order.number ?? '' },
      ...(input.customerId ? { customer: input.customerId } : {}),
    }
    let intent = await stripe.paymentIntents.create(params, { idempotencyKey: `pi-${order.number}-${amountCents}` })
    // a replayed key answers the intent as it was created (an earlier attempt of this order): act on what it is now
    intent = await stripe.paymentIntents.retrieve(intent.id)
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      // an earlier card of this checkout left it voided, authorised or at the bank: this card replaces it
      if (intent.status === 'requires_capture' || intent.status === 'requires_action') await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `cancel-${intent.id}` }).catch(() => null)
      intent = await stripe.paymentIntents.create(params, { idempotencyKey: `pi-${order.number}-${amountCents}-${input.attemptId}` })
    }
    return await stripe.paymentIntents.confirm(
      intent.id,
      {
        payment_method: input.paymentMethodId,
        return_url: input.returnUrl,
        // the bank's page is reached by a redirect (with or without JavaScript), not an iframe of Stripe.js
        use_stripe_sdk: false,
        expand: ['payment_method'],
        ...(input.saveCard && input.customerId ? { setup_future_usage: 'off_session' as const } : {}),
      },
      { idempotencyKey: `confirm-${intent.id}-${input.attemptId}` },
    )
  } catch (error) {
    // a declined card: the intent says why (`last_payment_error`), and the caller records it
    if (isStripeError(error) && error.type === 'StripeCardError' && error.payment_intent) return error.payment_intent
    throw providerError(error)
  }
}

export async function retrieveIntent(env: Env, id: string): Promise<Stripe.PaymentIntent> {
  try {
    return await stripeClient(env).paymentIntents.retrieve(id, { expand: ['payment_method'] })
  } catch (error) {
    throw providerError(error)
  }
}

/** Takes the authorised money: only after the order was placed. */
export async function capture(env: Env, intent: Stripe.PaymentIntent): Promise<Stripe.PaymentIntent> {
  if (intent.status !== 'requires_capture') return intent
  return stripeClient(env).paymentIntents.capture(intent.id, {}, { idempotencyKey: `capture-${intent.id}` })
}

/** Releases an authorisation whose order was refused, so nobody is charged without an order. */
export async function voidAuthorization(env: Env, intentId: string): Promise<void> {
  const stripe = stripeClient(env)
  try {
    await stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' }, { idempotencyKey: `cancel-${intentId}` })
  } catch (error) {
    // already canceled (the webhook and the browser both refused): nothing is held either way
    if (isStripeError(error) && error.code === 'payment_intent_unexpected_state') return
    throw error
  }
}

/** A member's Stripe customer, created on first use (their saved cards are its payment methods). */
export async function customerOf(env: Env, userId: number, email: string | null): Promise<string> {
  const db = env.DB
  const [known, account] = await db.batch<{ customer_id?: string; created_at?: string }>([
    db.prepare('SELECT customer_id FROM stripe_customers WHERE user_id = ?').bind(userId),
    db.prepare('SELECT created_at FROM users WHERE id = ?').bind(userId),
  ])
  const customerId = known!.results[0]?.customer_id
  if (customerId) return customerId
  try {
    // the key names this account, not only its id: users' ids are not AUTOINCREMENT, so an account deleted and a new
    // one given its id within Stripe's 24 hours would otherwise get the deleted one's customer back (same email) or an
    // idempotency error (another email) instead of a customer of its own
    const idempotencyKey = `customer-${userId}-${account!.results[0]?.created_at ?? ''}`
    const customer = await stripeClient(env).customers.create({ ...(email ? { email } : {}), metadata: { user_id: String(userId) } }, { idempotencyKey })
    await db.prepare('INSERT INTO stripe_customers (user_id, customer_id) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING').bind(userId, customer.id).run()
    return customer.id
  } catch (error) {
    throw providerError(error)
  }
}
