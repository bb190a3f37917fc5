/**
 * Stripe's objects and request parameters, only the fields the store reads or sends (stripe-rest.ts and its
 * callers), written from Stripe's API reference for the version stripe-rest.ts asks for (STRIPE_API_VERSION).
 * Names follow Stripe's (`Stripe.PaymentIntent` here is `PaymentIntent`); fields left out are still in the JSON.
 * Enumerations Stripe may extend keep room for values added later (`| Other`), as Stripe's own types do.
 */

/** A value Stripe may add to an enumeration later. */
type Other = string & Record<never, never>

export type Metadata = Record<string, string>

/** A card's details on a payment method: never its number. */
export interface PaymentMethodCard {
  /** `amex`, `mastercard`, `visa`, … */
  brand: string
  last4: string
  exp_month: number
  exp_year: number
  /** The same card number gives the same fingerprint under any payment method. */
  fingerprint?: string | null
  /** A card from a wallet (Apple Pay, Google Pay): which one (decision 0079). */
  wallet?: { type: string } | null
}

export interface PaymentMethod {
  id: string
  object: 'payment_method'
  type: string
  card?: PaymentMethodCard
  billing_details: { name: string | null }
}

export interface Customer {
  id: string
  object: 'customer'
}

export type PaymentIntentStatus = 'canceled' | 'processing' | 'requires_action' | 'requires_capture' | 'requires_confirmation' | 'requires_payment_method' | 'succeeded' | Other

export type SetupFutureUsage = 'off_session' | 'on_session' | Other

/** Why the last attempt failed (a declined card): Stripe's code, the bank's decline code, a message. */
export interface LastPaymentError {
  type: string
  code?: string
  decline_code?: string
  message?: string
}

export interface PaymentIntent {
  id: string
  object: 'payment_intent'
  /** In the currency's smallest unit (cents). */
  amount: number
  /** Lower case ISO code: `aud`, `eur`. */
  currency: string
  status: PaymentIntentStatus
  /** The customer's id, or the customer when expanded. */
  customer: string | Customer | null
  metadata: Metadata
  /** The payment method's id, or the payment method when expanded (`expand: ['payment_method']`). */
  payment_method: string | PaymentMethod | null
  /** The bank's 3-D Secure page when `status` is `requires_action` (confirmed with a `return_url`). */
  next_action: { type: string; redirect_to_url?: { url: string | null; return_url: string | null } } | null
  last_payment_error: LastPaymentError | null
  setup_future_usage: SetupFutureUsage | null
}

export interface Refund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string | PaymentIntent | null
  status: 'canceled' | 'failed' | 'pending' | 'requires_action' | 'succeeded' | Other | null
}

/** A charge as `charge.refunded` sends it (webhook-refunds.ts checks each field before using it). */
export interface Charge {
  id: string
  object: 'charge'
  currency: string
  /** In cents, all refunds of the charge so far. */
  amount_refunded: number
  payment_intent: string | PaymentIntent | null
}

export declare namespace Checkout {
  interface Session {
    id: string
    object: 'checkout.session'
    /** The hosted payment page; null once the session is complete or expired. */
    url: string | null
    client_reference_id: string | null
    /** The intent's id, or the intent when expanded (`expand: ['payment_intent.payment_method']`). */
    payment_intent: string | PaymentIntent | null
    metadata: Metadata | null
  }
  interface SessionCreateParams {
    mode: 'payment' | 'setup' | 'subscription'
    client_reference_id?: string
    customer?: string
    customer_email?: string
    line_items?: Array<{
      quantity?: number
      price_data?: { currency: string; unit_amount?: number; product_data?: { name: string } }
    }>
    payment_intent_data?: {
      capture_method?: 'automatic' | 'automatic_async' | 'manual'
      description?: string
      metadata?: Metadata
      setup_future_usage?: 'off_session' | 'on_session'
    }
    metadata?: Metadata
    success_url?: string
    cancel_url?: string
  }
  type SessionRetrieveParams = RetrieveParams
}

// Request parameters: what the store sends.

/** `expand` of a retrieve: names of id fields to answer as objects. */
export interface RetrieveParams {
  expand?: string[]
}

export type PaymentIntentRetrieveParams = RetrieveParams

export interface PaymentIntentCreateParams {
  amount: number
  currency: string
  capture_method?: 'automatic' | 'automatic_async' | 'manual'
  allowed_payment_method_types?: string[]
  customer?: string
  description?: string
  metadata?: Metadata
}

export interface PaymentIntentConfirmParams {
  payment_method?: string
  return_url?: string
  use_stripe_sdk?: boolean
  setup_future_usage?: 'off_session' | 'on_session' | ''
  expand?: string[]
}

export interface PaymentIntentCaptureParams {
  amount_to_capture?: number
}

export interface PaymentIntentCancelParams {
  cancellation_reason?: 'abandoned' | 'duplicate' | 'fraudulent' | 'requested_by_customer'
}

export interface CustomerCreateParams {
  email?: string
  metadata?: Metadata
}

export interface RefundCreateParams {
  payment_intent?: string
  amount?: number
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer'
}

// Webhook events: the endpoint is subscribed to these three (docs/deploying.md); any other type that arrives is
// answered by the handler's `default` and not acted on.

interface EventOf<Type, Data> {
  id: string
  object: 'event'
  type: Type
  created: number
  livemode: boolean
  data: { object: Data }
}

export type Event = EventOf<'payment_intent.amount_capturable_updated' | 'payment_intent.payment_failed', PaymentIntent> | EventOf<'charge.refunded', Charge>
