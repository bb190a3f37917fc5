import * as z from 'zod/mini'
import { BackendError, invalid } from '../shared/errors.ts'
import { currentUserId } from './auth.ts'
import { cardBrand, type CardDetails } from './gateway.ts'
import type { BackendContext } from './http.ts'
import type { OrderRow } from './orders.ts'
import { CardSourceSchema, PAYMENT_METHOD_IDS } from './payments.ts'
import { booleanish, IdSchema, OptionalText } from './schemas.ts'
import { rateLimit } from '../services/rate-limit.ts'
import { declineRefusal, requireCaptchaAfterDeclines } from '../payments/card-attempts.ts'
import { cardProvider, type CardProvider, type ExtraKind } from '../payments/provider.ts'
import { payLaterEligible } from '#kernel/pay-later.ts'
import { payLaterRefusal, walletRefusal } from './pay-later-limit.ts'
import type { CartState } from './cart-state.ts'

/** A card tokenised by the provider, as the contract sends it (brand, digits and expiry are the provider's to say). */
const TokenSourceSchema = z.object({
  gateway_payment_profile_id: z.string({ message: 'This field is required.' }).check(z.trim(), z.minLength(1, 'This field is required.'), z.maxLength(100, 'is not a payment method of the provider')),
  name: OptionalText(100),
})

export const CardPaymentSchema = z.object({
  payment_method_id: z.literal(PAYMENT_METHOD_IDS.card),
  /** Extension: the captcha answer, asked for after repeated declines where a captcha is configured. */
  captcha_token: z.optional(z.string().check(z.maxLength(4096))),
  /** A saved card of the customer (Spree's credit card id). */
  source_id: z.optional(IdSchema),
  source_attributes: z.optional(z.record(z.string(), z.unknown(), { message: 'must be the card details' })),
  /** Extension: keep a member's new card for next time. Spree's default (kept) when left out; the store's form sends it. */
  save_card: z.optional(z.pipe(z.transform(booleanish), z.boolean({ message: 'must be true or false' }))),
})

/** Zod issues of a nested schema, reported under `source_attributes.…` as the request names them. */
function parseSource<S extends z.ZodMiniType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw)
  if (!result.success) throw invalid({ issues: result.error.issues.map((i) => ({ ...i, path: ['source_attributes', ...i.path] })) })
  return result.data
}

/** The card to pay with: a saved card, a provider token, or (the test gateway's convenience) raw card details. */
async function resolveCard(c: BackendContext, provider: CardProvider, body: z.output<typeof CardPaymentSchema>) {
  const db = c.env.DB
  if (body.source_id !== undefined) {
    const userId = await currentUserId(c)
    const saved = userId === null ? null : await db.prepare('SELECT id, gateway_payment_profile_id FROM credit_cards WHERE id = ? AND user_id = ?').bind(body.source_id, userId).first<{ id: number; gateway_payment_profile_id: string }>()
    if (!saved) throw new BackendError(404, 'This saved card could not be found.', { source_id: ['is not one of your cards'] }, undefined, 'card_unknown')
    return { profileId: saved.gateway_payment_profile_id, field: 'source_id', name: null, savedId: saved.id }
  }
  const raw = body.source_attributes
  if (!raw) throw new BackendError(422, 'Add the card to pay with.', { source_attributes: ['This field is required.'] }, undefined, 'card_missing')
  if ('gateway_payment_profile_id' in raw) {
    const token = parseSource(TokenSourceSchema, raw)
    return { profileId: token.gateway_payment_profile_id, field: 'source_attributes.gateway_payment_profile_id', name: token.name, savedId: null }
  }
  if (!provider.tokenize) {
    throw new BackendError(422, 'Enter the card in the payment form: card numbers go to the payment provider, never to the store.', { 'source_attributes.number': ['is not accepted by this store'] }, undefined, 'invalid_request')
  }
  // The raw card goes straight to the test gateway's tokenisation and is forgotten: only the token is kept.
  const card = parseSource(CardSourceSchema, raw)
  const brand = cardBrand(card.number)
  if (!brand) throw new BackendError(422, 'We accept Visa, Mastercard and American Express.', { 'source_attributes.number': ['is not a card type we accept'] }, undefined, 'card_brand_not_accepted')
  const token = await provider.tokenize(db, { ...card, brand })
  return { profileId: token.id, field: 'source_attributes.number', name: card.name ?? null, savedId: null }
}

/**
 * Pays the order's balance by card: the provider authorises the payment method, the payment records it (brand, last
 * four digits and the provider's id), replacing an earlier card payment of this checkout. A customer paying their
 * own cart keeps the card among their saved cards (Spree's credit cards; the first is the default).
 */
export async function createCardPayment(c: BackendContext, order: OrderRow, body: z.output<typeof CardPaymentSchema>) {
  const db = c.env.DB
  // No provider (a production store without Stripe keys and no ALLOW_TEST_GATEWAY): nothing may approve the card
  const provider = cardProvider(c.env)
  const source = await resolveCard(c, provider, body)
  await requireCaptchaAfterDeclines(c, order.token, body.captcha_token)
  const auth = await provider.lookup(c.env, source.profileId)
  await rateLimit(c, 'payment', { cart: order.token, ...(auth?.card.fingerprint ? { card: auth.card.fingerprint } : {}) })
  if (!auth) throw new BackendError(422, 'The payment provider does not know this card. Please enter it again.', { [source.field]: ['is not known to the payment provider'] }, undefined, 'card_unknown')
  if (!auth.approved) {
    // kept for the operator console's dashboard (failed payments); the checkout itself is unchanged
    await db.prepare('INSERT INTO payment_failures (order_id, message) VALUES (?, ?)').bind(order.id, auth.message).run()
    throw await declineRefusal(c, order.token, auth.message, { [source.field]: ['was declined'] }, auth.code)
  }
  const card: CardDetails = { ...auth.card, name: source.name ?? auth.card.name }
  const userId = await currentUserId(c)
  const statements: D1PreparedStatement[] = [db.prepare("UPDATE payments SET state = 'void' WHERE order_id = ? AND method = 'card' AND state = 'checkout'").bind(order.id)]
  const savedId = source.savedId
  // a provider that saves cards itself (Stripe, on the member's customer) does so once the payment went through
  const save = body.save_card !== false
  if (provider.savesCardOnAdd && save && savedId === null && userId !== null && order.user_id === userId) {
    statements.push(
      db
        .prepare(
          `INSERT INTO credit_cards (user_id, payment_method_id, gateway_payment_profile_id, cc_type, last_digits, month, year, name, is_default)
           VALUES (?1, 1, ?2, ?3, ?4, ?5, ?6, ?7, NOT EXISTS (SELECT 1 FROM credit_cards WHERE user_id = ?1 AND is_default = 1))
           ON CONFLICT (user_id, gateway_payment_profile_id) DO NOTHING`,
        )
        .bind(userId, source.profileId, card.ccType, card.lastDigits, card.month, card.year, card.name),
    )
  }
  statements.push(
    db
      .prepare(
        `INSERT INTO payments (order_id, method, last4, cc_type, card_name, gateway_payment_profile_id, credit_card_id, save_card)
         VALUES (?1, 'card', ?2, ?3, ?4, ?5, COALESCE(?6, (SELECT id FROM credit_cards WHERE user_id = ?7 AND gateway_payment_profile_id = ?5)), ?8)`,
      )
      .bind(order.id, card.lastDigits, card.ccType, card.name, source.profileId, savedId, userId, save ? 1 : 0),
  )
  await db.batch(statements)
}

export const ExtraPaymentSchema = z.object({
  payment_method_id: z.enum([PAYMENT_METHOD_IDS.wallet, PAYMENT_METHOD_IDS.pay_later]),
  /** The provider's payment method (Stripe's Payment Element); the test gateway needs none. */
  source_attributes: z.optional(z.record(z.string(), z.unknown(), { message: 'must be the payment details' })),
})

/**
 * Pays the order's balance with a wallet or pay-later (decision 0079): the card provider's own payment (`method =
 * 'card'`, so refunds, webhooks and the console treat it as one) with its kind and which one it was, replacing an
 * earlier card payment of this checkout. Refused when the provider offers no such method (`wallet_unavailable`) or
 * the balance is outside the pay-later limits (`pay_later_limit`).
 */
export async function createExtraPayment(c: BackendContext, state: CartState, body: z.output<typeof ExtraPaymentSchema>) {
  const db = c.env.DB
  const order = state.order
  const provider = cardProvider(c.env)
  const kind: ExtraKind = body.payment_method_id === PAYMENT_METHOD_IDS.wallet ? 'wallet' : 'pay_later'
  if (!provider.extras[kind]) throw (kind === 'wallet' ? walletRefusal : payLaterRefusal)('payment_method_id')
  if (kind === 'pay_later' && !payLaterEligible(state.totals.balance, order.currency)) throw payLaterRefusal('payment_method_id')
  await rateLimit(c, 'payment', { cart: order.token })
  const source = await provider.extraSource(c.env, kind, body.source_attributes)
  await db.batch([
    db.prepare("UPDATE payments SET state = 'void' WHERE order_id = ? AND method = 'card' AND state = 'checkout'").bind(order.id),
    db
      .prepare("INSERT INTO payments (order_id, method, gateway_payment_profile_id, save_card, kind, kind_name) VALUES (?, 'card', ?, 0, ?, ?)")
      .bind(order.id, source.profileId, kind, source.name),
  ])
}
