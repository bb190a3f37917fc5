import type { ErrorCode } from '#kernel/error-codes.ts'
import type * as Stripe from './stripe-types.ts'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { createStripeRest, type StripeRest } from './stripe-rest.ts'

let cached: { key: string; client: StripeRest } | null = null

/**
 * The store's Stripe client (stripe-rest.ts: fetch, not the `stripe` library), used only when the keys are set.
 * `STRIPE_API_BASE` points it elsewhere than api.stripe.com: the tests' local fake.
 */
export function stripeClient(env: Env): StripeRest {
  if (!env.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured')
  const key = `${env.STRIPE_SECRET_KEY}|${env.STRIPE_API_BASE ?? ''}`
  if (cached?.key === key) return cached.client
  const client = createStripeRest({ secretKey: env.STRIPE_SECRET_KEY, base: env.STRIPE_API_BASE || undefined })
  cached = { key, client }
  return client
}

/** Stripe's errors (stripe-rest.ts names them as the `stripe` library does). */
interface StripeErrorLike {
  type: string
  code?: string
  decline_code?: string
  message: string
  statusCode?: number
  payment_intent?: Stripe.PaymentIntent
}

export function isStripeError(error: unknown): error is StripeErrorLike {
  return typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string' && (error as { type: string }).type.startsWith('Stripe')
}

/** When Stripe cannot be reached or fails on its side: nothing was charged, and the shopper is told so. */
export const providerDown = () =>
  new BackendError(503, 'The payment provider cannot be reached right now, so nothing was charged. Please try again in a few minutes.', { payment: ['provider unavailable'] }, undefined, 'provider_unavailable')

/** Card errors are the shopper's to fix; anything else from Stripe (connection, API, auth) is the provider being down. */
export function providerError(error: unknown): BackendError {
  if (error instanceof BackendError) return error
  if (isStripeError(error) && error.type === 'StripeCardError') return declined(error.decline_code ?? error.code)
  if (isStripeError(error)) return providerDown()
  throw error
}

/** What the shopper is told of a refusal: the bank's reason in plain words, never the raw code. */
export function declined(code: string | undefined): BackendError {
  const message =
    code === 'insufficient_funds'
      ? 'Your card was declined: insufficient funds. Please use another card.'
      : code === 'expired_card'
        ? 'The card has expired.'
        : code === 'incorrect_cvc'
          ? 'The security code of the card is not correct.'
          : code === 'authentication_required' || code === 'payment_intent_authentication_failure'
            ? 'Your bank could not confirm the payment. Please try again or use another card.'
            : 'Your card was declined. Please use another card.'
  const refusal: ErrorCode =
    code === 'insufficient_funds' ? 'insufficient_funds' : code === 'expired_card' ? 'card_expired' : code === 'incorrect_cvc' ? 'incorrect_cvc' : code === 'authentication_required' || code === 'payment_intent_authentication_failure' ? 'authentication_failed' : 'card_declined'
  return new BackendError(422, message, { payment: ['was declined'] }, undefined, refusal)
}
