import { cardProviderName } from '#worker/lib/card-provider.ts'
import { BackendError } from '../shared/errors.ts'
import type { CardProvider } from './provider.ts'
import { isStripeError, providerError, stripeClient } from './stripe-client.ts'
import { payAndPlace } from './stripe-checkout.ts'
import { paymentMethodCard, stripeExtraSource } from './stripe-gateway.ts'

/**
 * Stripe as the provider: the browser tokenises the card with Stripe.js (the store never sees a number), adding the
 * payment only looks the payment method up, and the completion authorises the balance due, places the order and
 * captures (stripe-checkout.ts); Stripe keeps a member's card once it charged it. Refunds are keyed so a lost answer
 * never refunds twice. Its hosted payment page serves shoppers without JavaScript (stripe-session-routes.ts), and its
 * webhooks follow what happened on Stripe's side (stripe-webhook-routes.ts).
 */
export const stripeProvider: CardProvider = {
  name: 'stripe',
  method: { type: 'Spree::Gateway::StripeGateway', name: 'Credit Card', description: 'Visa, Mastercard and American Express, through Stripe.' },
  tokenize: null,
  async lookup(env, profileId) {
    const card = await paymentMethodCard(env, profileId)
    return card ? { approved: true, card } : null
  },
  savesCardOnAdd: false,
  complete: (c, order, request) => payAndPlace(c, order, request.expectedCents, request.sessionId, request.returnUrl, request.storeUrl),
  async refund(env, payment, amountCents, subject) {
    if (!payment.payment_intent_id || cardProviderName(env) !== 'stripe') throw new BackendError(503, 'This payment was taken by Stripe, which is not configured now: nothing was refunded.')
    // Keyed by a `refund_attempts` row of its own (migration 0240): two refunds never share a key; the same subject
    // tried again for the same payment and amount reuses its row, so a refund whose answer was lost is done once.
    const attempt = (await env.DB.prepare(
      'INSERT INTO refund_attempts (payment_id, amount_cents, subject) VALUES (?, ?, ?) ON CONFLICT (subject, payment_id, amount_cents) DO UPDATE SET subject = excluded.subject RETURNING id',
    )
      .bind(payment.id, amountCents, subject)
      .first<number>('id'))!
    try {
      const refund = await stripeClient(env).refunds.create(
        { payment_intent: payment.payment_intent_id, amount: amountCents, reason: 'requested_by_customer' },
        { idempotencyKey: `refund-${attempt}` },
      )
      return { reference: refund.id, provider: 'stripe' }
    } catch (error) {
      // Stripe answered a refusal (4xx but a conflict or rate limit): nothing moved, and it keeps that answer under
      // the key for a day, so trying again needs a new one. Anything else (no answer, 5xx) may have refunded: the key stays.
      if (definiteRefusal(error)) await env.DB.prepare('DELETE FROM refund_attempts WHERE id = ?').bind(attempt).run()
      throw providerError(error)
    }
  },
  hostedPage: true,
  // what the Payment Element offers beside cards where the browser and the amount allow (decision 0079)
  extras: {
    wallet: { type: 'Spree::PaymentMethod::StripeWallet', name: 'Wallet', description: 'Apple Pay and Google Pay, through Stripe.' },
    pay_later: { type: 'Spree::PaymentMethod::StripePayLater', name: 'Pay later', description: 'Afterpay/Clearpay and Zip, through Stripe.' },
  },
  extraSource: stripeExtraSource,
}

function definiteRefusal(error: unknown): boolean {
  const status = isStripeError(error) ? error.statusCode : undefined
  return status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429
}
