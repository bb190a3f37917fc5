import type * as Stripe from './stripe-types.ts'
import type { Locale } from '#kernel/models.ts'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { currentUserId } from '../commerce/auth.ts'
import type { CartState, PaymentRow } from '../commerce/cart-state.ts'
import { balanceChanged, completionConflict } from '../commerce/complete.ts'
import type { BackendContext } from '../commerce/http.ts'
import type { OrderRow } from '../commerce/orders.ts'
import { placeOrder, readyToPlace } from '../commerce/place-order.ts'
import { requestLocale } from '../commerce/respond.ts'
import { declineRefusal } from './card-attempts.ts'
import { declined } from './stripe-client.ts'
import { authorize, capture, cardOf, customerOf, retrieveIntent, voidAuthorization } from './stripe-gateway.ts'
import { intentOfSession } from './stripe-hosted.ts'

/** The card payment of a checkout as the Stripe flow needs it. */
export type CardPayment = PaymentRow & { gateway_payment_profile_id: string | null; payment_intent_id: string | null; provider_state: string | null; credit_card_id: number | null; save_card: number; kind: string; kind_name: string | null }

const latestCard = (db: D1Database, orderId: number) =>
  db.prepare("SELECT * FROM payments WHERE order_id = ? AND method = 'card' AND state = 'checkout' ORDER BY id DESC LIMIT 1").bind(orderId).first<CardPayment>()

const setProvider = (db: D1Database, paymentId: number, fields: { intent?: string; provider: string; state?: 'void'; failure?: string | null }) =>
  db
    .prepare('UPDATE payments SET payment_intent_id = COALESCE(?2, payment_intent_id), provider_state = ?3, state = COALESCE(?4, state), failure_message = ?5 WHERE id = ?1')
    .bind(paymentId, fields.intent ?? null, fields.provider, fields.state ?? null, fields.failure ?? null)
    .run()

/**
 * Checkout with Stripe: authorise the balance due on the shopper's card, place the order in D1 (the guarded batch),
 * then capture. An authorisation whose order is refused (stock gone, a moved balance, a used-up coupon) is voided,
 * so nobody is charged without an order. The bank's 3-D Secure page and Stripe's hosted payment page both come
 * back here with the authorisation already made (`payment_intent_id` on the payment, or the session id).
 */
export async function payAndPlace(c: BackendContext, order: OrderRow, expectedCents: number | null, sessionId: string | null, returnUrl: string, storeUrl: string): Promise<OrderRow> {
  const env = c.env
  const db = env.DB
  const locale = requestLocale(c)
  const userId = await currentUserId(c)
  let intent: Stripe.PaymentIntent | null = sessionId ? await intentOfSession(env, order, sessionId) : null
  let card = await latestCard(db, order.id)
  // back from the bank, or a retried call after the authorisation: never authorise the same card payment twice
  if (!intent && card?.payment_intent_id && (card.provider_state === 'requires_action' || card.provider_state === 'authorized')) intent = await retrieveIntent(env, card.payment_intent_id)
  let state: CartState
  try {
    state = (await readyToPlace(db, order, locale, expectedCents)).state
  } catch (refusal) {
    if (intent?.status === 'requires_capture') await voidQuietly(env, intent.id)
    throw refusal
  }
  // gift cards and store credit may pay it all: a zero balance needs no card
  if (state.totals.balance === 0) {
    if (intent?.status === 'requires_capture') await voidQuietly(env, intent.id)
    return placeOrder(env, state, locale, storeUrl)
  }
  card = await latestCard(db, order.id)
  if (!card) throw completionConflict({ payment: ['Add a payment for the balance of the order.'] })
  if (!intent) {
    if (!card.gateway_payment_profile_id?.startsWith('pm_')) throw new BackendError(422, 'Enter the card again: it was not entered with the payment provider.', { payment: ['is not a payment method of the provider'] }, undefined, 'card_unknown')
    const member = userId !== null && order.user_id === userId
    const customerId = member ? await customerOf(env, userId, order.email) : null
    intent = await authorize(env, {
      order,
      amountCents: state.totals.balance,
      paymentMethodId: card.gateway_payment_profile_id,
      attemptId: card.id,
      returnUrl,
      customerId,
      saveCard: card.kind === 'card' && member && card.credit_card_id === null && card.save_card === 1,
      methodType: card.kind === 'pay_later' && card.kind_name ? card.kind_name : 'card',
    })
  }
  return settle(env, state, card, intent, locale, storeUrl)
}

/** What an intent's state means for the order: the bank's page, a decline, or an authorisation to place and capture. */
export async function settle(env: Env, state: CartState, card: CardPayment, intent: Stripe.PaymentIntent, locale: Locale, storeUrl: string): Promise<OrderRow> {
  const db = env.DB
  switch (intent.status) {
    case 'requires_action': {
      await setProvider(db, card.id, { intent: intent.id, provider: 'requires_action' })
      const url = intent.next_action?.redirect_to_url?.url
      if (!url) throw new BackendError(502, 'The payment provider asked for a step the store cannot show. Please use another card.')
      throw new BackendError(402, 'Your bank asks you to confirm this payment.', { payment: ['requires_action'], redirect_url: [url] }, undefined, 'authentication_required')
    }
    case 'requires_payment_method': {
      const error = intent.last_payment_error
      await setProvider(db, card.id, { intent: intent.id, provider: 'failed', state: 'void', failure: error?.message ?? 'declined' })
      const refusal = declined(error?.decline_code ?? error?.code)
      // the operator console's dashboard counts failed payments
      await db.prepare('INSERT INTO payment_failures (order_id, message) VALUES (?, ?)').bind(state.order.id, refusal.message).run()
      throw await declineRefusal({ env }, state.order.token, refusal.message, refusal.errors ?? {}, refusal.code)
    }
    case 'requires_capture':
    case 'succeeded':
      break
    default:
      await setProvider(db, card.id, { intent: intent.id, provider: intent.status === 'canceled' ? 'canceled' : 'failed', state: 'void' })
      throw new BackendError(409, 'The payment was not completed. Please pay again.', { payment: [intent.status] }, undefined, 'payment_not_completed')
  }
  // the card is charged exactly the balance due the order shows, in its currency, or not at all
  if (intent.amount !== state.totals.balance || intent.currency !== state.order.currency.toLowerCase()) {
    if (intent.status === 'requires_capture') await voidQuietly(env, intent.id)
    await setProvider(db, card.id, { intent: intent.id, provider: 'canceled', state: 'void' })
    throw balanceChanged(state)
  }
  await setProvider(db, card.id, { intent: intent.id, provider: 'authorized' })
  let placed: OrderRow
  try {
    placed = await placeOrder(env, state, locale, storeUrl)
  } catch (refusal) {
    if (intent.status === 'requires_capture') await voidQuietly(env, intent.id)
    await setProvider(db, card.id, { provider: 'canceled', state: 'void' })
    throw refusal
  }
  await captureQuietly(env, card.id, intent)
  await rememberCard(db, state.order, card, intent)
  return placed
}

/**
 * The order is placed: capture. If Stripe cannot be reached now, the order stands and the authorisation waits
 * (7 days); the `payment_intent.amount_capturable_updated` webhook retry or the operator captures it.
 */
async function captureQuietly(env: Env, paymentId: number, intent: Stripe.PaymentIntent) {
  try {
    await capture(env, intent)
    await setProvider(env.DB, paymentId, { provider: 'captured' })
  } catch (error) {
    console.warn('stripe capture failed; the authorisation is kept', intent.id, error instanceof Error ? error.message : error)
  }
}

/** A refusal must not turn into a 500 because the void failed: an authorisation nobody captures expires by itself. */
export async function voidQuietly(env: Env, intentId: string) {
  try {
    await voidAuthorization(env, intentId)
  } catch (error) {
    console.warn('stripe void failed; the authorisation will expire', intentId, error instanceof Error ? error.message : error)
  }
}

/**
 * A member's new card, saved on their Stripe customer by this payment, joins their saved cards. Stripe's own record
 * decides: only an intent confirmed with `setup_future_usage` (the member ticked 'Save this card') attached the card.
 */
async function rememberCard(db: D1Database, order: OrderRow, card: CardPayment, intent: Stripe.PaymentIntent) {
  const details = typeof intent.payment_method === 'object' && intent.payment_method ? cardOf(intent.payment_method) : null
  if (order.user_id === null || card.credit_card_id !== null || !card.gateway_payment_profile_id || !intent.customer || !intent.setup_future_usage || !details) return
  await db
    .prepare(
      `INSERT INTO credit_cards (user_id, payment_method_id, gateway_payment_profile_id, cc_type, last_digits, month, year, name, is_default)
       VALUES (?1, 1, ?2, ?3, ?4, ?5, ?6, ?7, NOT EXISTS (SELECT 1 FROM credit_cards WHERE user_id = ?1 AND is_default = 1))
       ON CONFLICT (user_id, gateway_payment_profile_id) DO NOTHING`,
    )
    .bind(order.user_id, card.gateway_payment_profile_id, details.ccType, details.lastDigits, details.month, details.year, card.card_name ?? details.name)
    .run()
}
