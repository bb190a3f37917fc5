import type * as Stripe from './stripe-types.ts'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import type { CartState } from '../commerce/cart-state.ts'
import type { OrderRow } from '../commerce/orders.ts'
import { providerError, stripeClient } from './stripe-client.ts'
import { cardOf } from './stripe-gateway.ts'

/**
 * Stripe's hosted payment page (a Checkout Session), the way to pay without JavaScript: the shopper is sent to
 * Stripe with the balance due as one line, authorises there (manual capture, as with the element), and comes back
 * to `success_url`, where the order is placed and the payment captured (stripe-checkout.ts). The session is keyed
 * by the order number and the balance, so pressing the button twice opens the same page. `saveOn`: the member's
 * Stripe customer when they chose to keep the card (only then is it attached and listed among their cards).
 */
export async function createHostedSession(env: Env, state: CartState, successUrl: string, cancelUrl: string, saveOn: string | null = null): Promise<{ id: string; url: string }> {
  const { order, totals } = state
  try {
    const session = await stripeClient(env).checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: String(order.id),
        // a member who chose to keep the card pays as their Stripe customer, so the card is attached to it
        ...(saveOn ? { customer: saveOn } : order.email ? { customer_email: order.email } : {}),
        line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: totals.balance, product_data: { name: `Order ${order.number}` } } }],
        payment_intent_data: {
          capture_method: 'manual',
          description: `Order ${order.number}`,
          metadata: { order_id: String(order.id), order_number: order.number ?? '' },
          ...(saveOn ? { setup_future_usage: 'off_session' as const } : {}),
        },
        metadata: { order_id: String(order.id) },
        success_url: `${successUrl}${successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: cancelUrl,
      },
      // the choice is part of the key: the same key with other parameters is refused by Stripe
      { idempotencyKey: `cs-${order.number}-${totals.balance}${saveOn ? `-save-${saveOn}` : ''}` },
    )
    if (!session.url) throw new BackendError(502, 'The payment provider did not open a payment page. Please try again.')
    return { id: session.id, url: session.url }
  } catch (error) {
    throw providerError(error)
  }
}

/**
 * Back from the hosted page: the session must be this order's; its authorisation becomes the checkout's card
 * payment (brand and last four from Stripe), replacing any other card payment of the checkout.
 */
export async function intentOfSession(env: Env, order: OrderRow, sessionId: string): Promise<Stripe.PaymentIntent> {
  let session: Stripe.Checkout.Session
  try {
    session = await stripeClient(env).checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.payment_method'] })
  } catch (error) {
    throw providerError(error)
  }
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null
  if (session.client_reference_id !== String(order.id) || !intent) {
    throw new BackendError(422, 'This payment page belongs to another order.', { stripe_session_id: ['is not of this order'] }, undefined, 'payment_not_completed')
  }
  if (intent.status === 'requires_payment_method' || intent.status === 'requires_action') {
    throw new BackendError(422, 'The payment on the payment page was not finished. Please pay again.', { payment: ['not finished'] }, undefined, 'payment_not_completed')
  }
  await adoptIntent(env.DB, order, intent)
  return intent
}

/** An authorisation made outside the checkout's own card payment (the hosted page) becomes that payment. */
export async function adoptIntent(db: D1Database, order: OrderRow, intent: Stripe.PaymentIntent): Promise<void> {
  const known = await db.prepare("SELECT id FROM payments WHERE order_id = ? AND payment_intent_id = ? AND state = 'checkout'").bind(order.id, intent.id).first()
  if (known) return
  const pm = typeof intent.payment_method === 'object' ? intent.payment_method : null
  const card = pm ? cardOf(pm) : null
  await db.batch([
    db.prepare("UPDATE payments SET state = 'void' WHERE order_id = ? AND method = 'card' AND state = 'checkout'").bind(order.id),
    db
      .prepare("INSERT INTO payments (order_id, method, last4, cc_type, card_name, gateway_payment_profile_id, payment_intent_id, provider_state) VALUES (?, 'card', ?, ?, ?, ?, ?, 'authorized')")
      .bind(order.id, card?.lastDigits ?? null, card?.ccType ?? null, card?.name ?? null, pm?.id ?? null, intent.id),
  ])
}
