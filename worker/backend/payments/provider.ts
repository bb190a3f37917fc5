import { cardProviderName, type CardProviderName } from '#worker/lib/card-provider.ts'
import type { Env } from '#worker/env.ts'
import type { Authorization, CardBrand, CardDetails } from '../commerce/gateway.ts'
import type { BackendContext } from '../commerce/http.ts'
import type { OrderRow } from '../commerce/orders.ts'
import type { CardSource } from '../commerce/payments.ts'
import { providerDown } from './stripe-client.ts'
import { stripeProvider } from './stripe-provider.ts'
import { testProvider } from './test-provider.ts'

/** What the shopper's completion asks for (PATCH /checkout/complete). */
export interface CompletionRequest {
  /** The balance due the shopper was shown, in cents: a different one refuses, it never re-prices. */
  expectedCents: number | null
  /** Back from the provider's hosted payment page. */
  sessionId: string | null
  /** Where the bank's page sends the shopper back to. */
  returnUrl: string
  /** The store's public address, for the order's emails. */
  storeUrl: string
}

/** A captured card payment to give money back on. */
export interface RefundablePayment {
  id: number
  payment_intent_id: string | null
}

export interface RefundResult {
  /** The provider's reference of the refund (Stripe's `re_…`, the test gateway's `test_refund_…`). */
  reference: string
  provider: CardProviderName
}

/**
 * A card payment provider: everything the store asks of the one that takes cards. Adding a provider is its own file
 * implementing this, its name in worker/lib/card-provider.ts (when it is chosen, what the browser loads, the CSP),
 * and its tests; nothing else branches on which provider it is.
 */
export interface CardProvider {
  readonly name: CardProviderName
  /** How GET /checkout/payment_methods lists the card method (Spree's payment method type and words). */
  readonly method: { type: string; name: string; description: string }
  /** Raw card details to the provider's payment-method id: only a provider the store may hand numbers to. */
  readonly tokenize: ((db: D1Database, card: CardSource & { brand: CardBrand }) => Promise<{ id: string; card: CardDetails }>) | null
  /**
   * The card behind a payment-method id as the shopper adds it: its details and whether it may pay (the test gateway
   * decides now; Stripe authorises at completion), or null when the provider does not know it.
   */
  lookup(env: Env, profileId: string): Promise<(Authorization & { card: CardDetails & { fingerprint?: string | null } }) | null>
  /** A member's card is saved as the payment is added (true), or by the provider once it has charged it (false). */
  readonly savesCardOnAdd: boolean
  /** Charges the balance due and places the order, or refuses with nothing charged. */
  complete(c: BackendContext, order: OrderRow, request: CompletionRequest): Promise<OrderRow>
  /** Gives back part of a captured payment this provider took; the caller records it in D1. */
  refund(env: Env, payment: RefundablePayment, amountCents: number, subject: string | null): Promise<RefundResult>
  /** A hosted payment page for the balance due (paying without JavaScript), or null when the provider has none. */
  readonly hostedPage: boolean
  /**
   * The wallet and pay-later methods this provider offers beside cards (decision 0079), listed like the card method;
   * null when it offers none.
   */
  readonly extras: Record<ExtraKind, MethodWords | null>
  /**
   * A wallet or pay-later payment method as the shopper adds it: the provider's id and which one it is (Stripe's
   * `apple_pay`, `afterpay_clearpay`…), or a refusal (BackendError 4xx) when it is not one of that kind.
   */
  extraSource(env: Env, kind: ExtraKind, source: Record<string, unknown> | undefined): Promise<{ profileId: string; name: string }>
}

export type ExtraKind = 'wallet' | 'pay_later'
export interface MethodWords { type: string; name: string; description: string }

const PROVIDERS: Record<CardProviderName, CardProvider> = { stripe: stripeProvider, test_gateway: testProvider }

/** The provider that takes cards on this request (the choice is worker/lib/card-provider.ts's); none refuses 503. */
export function cardProvider(env: Env): CardProvider {
  const provider = chosenProvider(env)
  if (!provider) throw providerDown()
  return provider
}

/** The provider chosen for this request, or null when none takes cards (a production store without keys). */
export function chosenProvider(env: Env): CardProvider | null {
  const name = cardProviderName(env)
  return name ? PROVIDERS[name] : null
}

/** The provider that took a payment: Stripe's payments carry its PaymentIntent id. */
export const providerOfPayment = (payment: RefundablePayment): CardProvider => (payment.payment_intent_id ? stripeProvider : testProvider)
