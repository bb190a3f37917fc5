import type Stripe from 'stripe'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'

/** Stripe is the card provider when both keys are set; otherwise the test gateway is (a fresh clone, offline). */
export const stripeEnabled = (env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'>) => Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)

export type StripeApi = Stripe

let cached: { key: string; client: Stripe } | null = null

/**
 * The `stripe` library, imported only when the keys are set (it is a large module; a store without Stripe never
 * loads it), talking through fetch. `STRIPE_API_BASE` points it elsewhere than api.stripe.com: the tests' local fake.
 */
export async function stripeClient(env: Env): Promise<Stripe> {
  if (!env.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured')
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null
  const key = `${env.STRIPE_SECRET_KEY}|${env.STRIPE_API_BASE ?? ''}`
  if (cached?.key === key) return cached.client
  const { default: StripeLib } = await import('stripe')
  const client = new StripeLib(env.STRIPE_SECRET_KEY, {
    // looked up at call time, so a test's fetch spy (and workerd's own fetch) is what runs
    httpClient: StripeLib.createFetchHttpClient((input, init) => fetch(input, init)),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const) } : {}),
  })
  cached = { key, client }
  return client
}

/** The library's Web Crypto provider, for verifying webhook signatures asynchronously. */
export async function stripeCrypto() {
  const { default: StripeLib } = await import('stripe')
  return StripeLib.createSubtleCryptoProvider()
}

/** The library's errors, told apart without importing it where it was never loaded. */
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
  new BackendError(503, 'The payment provider cannot be reached right now, so nothing was charged. Please try again in a few minutes.', { payment: ['provider unavailable'] })

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
  return new BackendError(422, message, { payment: ['was declined'] })
}
