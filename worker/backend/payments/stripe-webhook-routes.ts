import { Hono } from '#worker/lib/hono.ts'
import type * as Stripe from './stripe-types.ts'
import type { Env } from '#worker/env.ts'
import { BackendError, backendErrorResponse } from '../shared/errors.ts'
import { reloadOrder, type OrderRow } from '../commerce/orders.ts'
import { readyToPlace } from '../commerce/place-order.ts'
import { isStripeError } from './stripe-client.ts'
import { cardProviderName } from '#worker/lib/card-provider.ts'
import { verifiedEvent } from './stripe-rest.ts'
import { capture, retrieveIntent } from './stripe-gateway.ts'
import { settle, voidQuietly, type CardPayment } from './stripe-checkout.ts'
import { adoptIntent } from './stripe-hosted.ts'
import { storeUrl } from '../services/store-url.ts'
import { applyRefunded } from './webhook-refunds.ts'

/**
 * `POST /webhooks/stripe`: Stripe's events, each signature checked (HMAC-SHA256 on Web Crypto, stripe-rest.ts) and
 * each event id processed once (D1 `stripe_events`). An authorisation whose shopper never came back (closed tab after
 * 3-D Secure or the hosted page) places its order here and is captured, or voided when the order is refused; a failed
 * payment and a refund update the payment, only ever forward (webhook-refunds.ts). docs/operations.md.
 */
export const stripeWebhookRoutes = new Hono<{ Bindings: Env }>()
stripeWebhookRoutes.onError(backendErrorResponse)

stripeWebhookRoutes.post('/stripe', async (c) => {
  const env = c.env
  if (cardProviderName(env) !== 'stripe' || !env.STRIPE_WEBHOOK_SECRET) throw new BackendError(404, 'Stripe webhooks are not configured on this store.')
  const signature = c.req.header('stripe-signature')
  if (!signature) throw new BackendError(400, 'The Stripe-Signature header is missing.')
  const payload = await c.req.text()
  let event: Stripe.Event
  try {
    event = await verifiedEvent(payload, signature, env.STRIPE_WEBHOOK_SECRET)
  } catch (error) {
    if (isStripeError(error)) throw new BackendError(400, 'The webhook signature is not valid.')
    throw error
  }
  const db = env.DB
  const claimed = await db.prepare('INSERT INTO stripe_events (id, type) VALUES (?, ?) ON CONFLICT (id) DO NOTHING RETURNING id').bind(event.id, event.type).first()
  if (!claimed) return c.json({ received: true, duplicate: true })
  let ignored: string | null
  try {
    ignored = await handle(env, event, await storeUrl(env, new URL(c.req.url).origin))
  } catch (error) {
    // not processed: forget the claim so Stripe's retry gets another go
    await db.prepare('DELETE FROM stripe_events WHERE id = ?').bind(event.id).run()
    throw error
  }
  // an event the store cannot take is still answered 200: Stripe retries anything else for days, and no retry makes
  // it fit (decision 0005); it was recorded for an operator
  return c.json(ignored ? { received: true, ignored } : { received: true })
})

/** Processes one event; returns null, or the sentence saying why it was ignored (recorded for an operator). */
async function handle(env: Env, event: Stripe.Event, links: string): Promise<string | null> {
  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
      await placeAbandoned(env, event.data.object, links)
      return null
    case 'payment_intent.payment_failed': {
      // the event may be older than the intent (the next card on the same intent is being authenticated, or was
      // authorised): act on what Stripe says now, and only while the intent is still without a working card
      const open = await env.DB.prepare("SELECT 1 FROM payments WHERE payment_intent_id = ? AND state != 'completed' LIMIT 1").bind(event.data.object.id).first()
      if (!open) return null
      const intent = await retrieveIntent(env, event.data.object.id)
      if (intent.status !== 'requires_payment_method' && intent.status !== 'canceled') return null
      await env.DB.prepare("UPDATE payments SET provider_state = 'failed', failure_message = ?2, state = CASE WHEN state = 'checkout' THEN 'void' ELSE state END WHERE payment_intent_id = ?1 AND state != 'completed'")
        .bind(intent.id, intent.last_payment_error?.message ?? 'declined')
        .run()
      return null
    }
    case 'charge.refunded':
      return applyRefunded(env.DB, event.id, event.data.object)
    default:
      return null
  }
}

/** An authorisation is ready to capture: place its order if the browser did not (or capture what it placed). */
async function placeAbandoned(env: Env, sent: Stripe.PaymentIntent, links: string): Promise<void> {
  const orderId = Number(sent.metadata?.order_id)
  if (!Number.isInteger(orderId) || orderId <= 0) return
  const db = env.DB
  const order = await db.prepare('SELECT * FROM orders WHERE id = ?').bind(orderId).first<OrderRow>()
  if (!order) return voidQuietly(env, sent.id)
  // the event may be older than the intent: act on what Stripe says now
  const intent = await retrieveIntent(env, sent.id)
  if (intent.status !== 'requires_capture') return
  if (order.state === 'complete') {
    const paid = await db.prepare("SELECT id FROM payments WHERE order_id = ? AND payment_intent_id = ? AND state = 'completed'").bind(order.id, intent.id).first<{ id: number }>()
    if (!paid) return voidQuietly(env, intent.id)
    await capture(env, intent)
    await db.prepare("UPDATE payments SET provider_state = 'captured' WHERE id = ?").bind(paid.id).run()
    return
  }
  await adoptIntent(db, order, intent)
  const card = await db.prepare("SELECT * FROM payments WHERE order_id = ? AND payment_intent_id = ? AND state = 'checkout' ORDER BY id DESC LIMIT 1").bind(order.id, intent.id).first<CardPayment>()
  if (!card) return voidQuietly(env, intent.id)
  try {
    const { state } = await readyToPlace(db, await reloadOrder(db, order.id), 'en', null)
    await settle(env, state, card, intent, 'en', links)
  } catch (refusal) {
    // a refused order is an answer, not a failure: settle() or this has voided the authorisation
    if (!(refusal instanceof BackendError)) throw refusal
    await voidQuietly(env, intent.id)
    await db.prepare("UPDATE payments SET provider_state = 'canceled', state = 'void' WHERE id = ? AND state = 'checkout'").bind(card.id).run()
  }
}
