import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { requireUser } from './auth.ts'
import { readParams } from './http.ts'
import { requireCart, type OrderRow } from './orders.ts'
import { loadCartState } from './cart-state.ts'
import { completionConflict, completionProblems } from './complete.ts'
import type { BackendContext } from './http.ts'
import { rateLimit } from '../services/rate-limit.ts'
import { CardPaymentSchema, createCardPayment, createExtraPayment, ExtraPaymentSchema } from './card-payments.ts'
import { PAYMENT_METHOD_IDS, PAYMENT_METHODS } from './payments.ts'
import { chosenProvider } from '../payments/provider.ts'
import { cartResponse, requestLocale } from './respond.ts'
import { releaseDeals } from './deal-stock.ts'

/** Payment methods, card payments (test gateway), gift card codes and store credit. */
export const paymentRoutes = new Hono<{ Bindings: Env }>()

const GiftCardSourceSchema = z.object({
  gift_card_code: z.string({ message: 'This field is required.' }).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9-]{4,40}$/, 'This gift card code is not valid.')),
})

const CreatePaymentSchema = z.discriminatedUnion(
  'payment_method_id',
  [
    CardPaymentSchema,
    z.object({ payment_method_id: z.literal(PAYMENT_METHOD_IDS.gift_card), source_attributes: GiftCardSourceSchema }),
    ExtraPaymentSchema,
  ],
  { message: 'Choose a payment method listed by GET /checkout/payment_methods; store credit has its own endpoint.' },
)

/**
 * A payment is only taken for a checkout that could be completed but for the payment (items, email, addresses,
 * shipping method): otherwise the completion would be refused and leave a payment row behind.
 */
async function assertReadyToPay(c: BackendContext, order: OrderRow) {
  const state = await loadCartState(c.env.DB, order, requestLocale(c))
  const { payment, ...problems } = completionProblems(state)
  void payment
  if (Object.keys(problems).length) throw completionConflict(problems)
  return state
}

/** Refusals of a card by its provider: the cart's deal units are free again at once (decision 0081). */
const DECLINES = new Set(['card_declined', 'insufficient_funds', 'card_expired', 'incorrect_cvc', 'authentication_failed'])

paymentRoutes.get('/checkout/payment_methods', async (c) => {
  await requireCart(c)
  // the card method as its provider names it; a store with no provider (production without keys) lists none
  const provider = chosenProvider(c.env)
  const card = provider ? [{ id: PAYMENT_METHOD_IDS.card, ...provider.method }] : []
  // its wallet and pay-later methods (decision 0079), by the kind's id
  const extras = provider ? (['wallet', 'pay_later'] as const).flatMap((kind) => (provider.extras[kind] ? [{ id: PAYMENT_METHOD_IDS[kind], ...provider.extras[kind] }] : [])) : []
  return c.json({
    data: [...card, ...extras, ...PAYMENT_METHODS].map((m) => ({ id: m.id, type: 'payment_method', attributes: { type: m.type, name: m.name, description: m.description, preferences: {} } })),
  })
})

paymentRoutes.post('/checkout/create_payment', async (c) => {
  const order = await requireCart(c)
  const body = await readParams(c, CreatePaymentSchema)
  const state = await assertReadyToPay(c, order)
  const db = c.env.DB
  if (body.payment_method_id === PAYMENT_METHOD_IDS.card) {
    await createCardPayment(c, order, body).catch(async (error: unknown) => {
      const deals = state.lines.flatMap((l) => (l.variant?.deal ? [l.row.variant_id] : []))
      if (error instanceof BackendError && DECLINES.has(error.code ?? '')) await releaseDeals(c.env, deals, order.id)
      throw error
    })
    return cartResponse(c, order)
  }
  if (body.payment_method_id !== PAYMENT_METHOD_IDS.gift_card) {
    await createExtraPayment(c, state, body)
    return cartResponse(c, order)
  }
  // codes are secrets that pay: guessing them is rate limited like coupons
  await rateLimit(c, 'code', { cart: order.token })
  const code = body.source_attributes.gift_card_code
  const card = await db.prepare('SELECT id, currency, balance_cents FROM gift_cards WHERE code = ?').bind(code).first<{ id: number; currency: string; balance_cents: number }>()
  if (!card) throw new BackendError(422, 'This gift card code is not valid.', { 'source_attributes.gift_card_code': ['is not valid'] }, undefined, 'gift_card_invalid')
  if (card.balance_cents <= 0) throw new BackendError(422, 'This gift card has no balance left.', { 'source_attributes.gift_card_code': ['has no balance'] }, undefined, 'gift_card_empty')
  if (card.currency !== order.currency) {
    throw new BackendError(422, `This gift card is in ${card.currency}; the cart is in ${order.currency}.`, { 'source_attributes.gift_card_code': ['is in another currency'] }, undefined, 'gift_card_currency')
  }
  // The balance is remembered as the shopper sees it now; entering the code again shows (and remembers) the new one.
  await db.batch([
    db.prepare("UPDATE payments SET seen_balance_cents = ?3 WHERE order_id = ?1 AND gift_card_id = ?2 AND state = 'checkout'").bind(order.id, card.id, card.balance_cents),
    db
      .prepare(
        "INSERT INTO payments (order_id, method, gift_card_id, seen_balance_cents) SELECT ?1, 'gift_card', ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM payments WHERE order_id = ?1 AND gift_card_id = ?2 AND state = 'checkout')",
      )
      .bind(order.id, card.id, card.balance_cents),
  ])
  return cartResponse(c, order)
})

/** Extension: takes a gift card off the checkout again. */
paymentRoutes.delete('/checkout/remove_gift_card', async (c) => {
  const order = await requireCart(c)
  return cartResponse(c, order, { writes: [c.env.DB.prepare("DELETE FROM payments WHERE order_id = ? AND method = 'gift_card' AND state = 'checkout'").bind(order.id)] })
})

const AmountQuerySchema = z.object({
  amount: z.optional(z.pipe(z.pipe(z.pipe(z
    .union([z.string(), z.number()], { message: 'must be an amount such as 10 or 10.50' }), z.transform(String)), z.string().check(z.regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount such as 10 or 10.50'))), z.transform((v) => Math.round(Number(v) * 100))).check(z.refine((cents) => cents > 0, 'must be more than 0'))),
})

paymentRoutes.post('/checkout/add_store_credit', async (c) => {
  const userId = await requireUser(c)
  const order = await requireCart(c)
  const { amount } = await readParams(c, AmountQuerySchema)
  await assertReadyToPay(c, order)
  if (order.user_id !== userId) throw new BackendError(422, 'Log in and use your own cart to pay with store credit.', { amount: ['not your cart'] }, undefined, 'store_credit_unavailable')
  const credit = await c.env.DB.prepare('SELECT balance_cents FROM store_credits WHERE user_id = ? AND currency = ?').bind(userId, order.currency).first<{ balance_cents: number }>()
  if (!credit || credit.balance_cents <= 0) throw new BackendError(422, 'You have no store credit to use.', { amount: ['no store credit available'] }, undefined, 'store_credit_empty')
  return cartResponse(c, order, {
    writes: [
      c.env.DB.prepare("DELETE FROM payments WHERE order_id = ? AND method = 'store_credit' AND state = 'checkout'").bind(order.id),
      c.env.DB.prepare("INSERT INTO payments (order_id, method, requested_cents, seen_balance_cents) VALUES (?, 'store_credit', ?, ?)").bind(order.id, amount ?? null, credit.balance_cents),
    ],
  })
})

paymentRoutes.post('/checkout/remove_store_credit', async (c) => {
  const order = await requireCart(c)
  return cartResponse(c, order, { writes: [c.env.DB.prepare("DELETE FROM payments WHERE order_id = ? AND method = 'store_credit' AND state = 'checkout'").bind(order.id)] })
})
