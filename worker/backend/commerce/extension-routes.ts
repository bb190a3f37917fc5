import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { isProduction } from '#worker/env.ts'
import { BackendError, notFound } from '../shared/errors.ts'
import { currentUserId } from './auth.ts'
import { readParams } from './http.ts'
import { createOrder, findCart, openCartOfUser, requestCurrency } from './orders.ts'
import { cartResponse, requestLocale } from './respond.ts'
import { contactMail } from '#worker/mail/mails.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import { deliveryDateSentence } from '#worker/mail/delivery-date.ts'
import { EmailSchema, numeric, OptionalText, RequiredText } from './schemas.ts'
import { giftCardVariantId } from './variants.ts'
import { rateLimit } from '../services/rate-limit.ts'
import { formatMoney } from '#kernel/format.ts'
import type { Currency } from '#kernel/models.ts'
import { GIFT_CARD_AMOUNT_MAX, GIFT_CARD_AMOUNT_MIN, GIFT_CARD_LINES_MAX } from '#kernel/config.ts'

/** Extensions beyond the Spree v2 contract (docs/commerce-api.md). */
export const extensionRoutes = new Hono<{ Bindings: Env }>()


const GiftCardSchema = z.object({
  gift_card: z.object({
    // a form sends the amount as text (`gift_card[amount]=50`), read as a number like every other one
    amount: z.pipe(z.transform(numeric), z
      .number({ message: 'must be a number' }).check(z.int('must be a whole amount'), z.gte(GIFT_CARD_AMOUNT_MIN, `must be at least ${GIFT_CARD_AMOUNT_MIN}`), z.lte(GIFT_CARD_AMOUNT_MAX, `must be at most ${GIFT_CARD_AMOUNT_MAX}`))),
    recipient_name: RequiredText(100),
    recipient_email: EmailSchema,
    message: OptionalText(500, { multiline: true }),
    // optional delivery date (store time, YYYY-MM-DD): the code is emailed that morning instead of at completion
    deliver_on: z.nullish(z.pipe(z
      .string({ message: 'must be a date such as 2026-12-24' }).check(z.trim()), z.transform((v) => v || null))).check(z.superRefine((v, ctx) => {
        const problem = v ? deliveryDateSentence(v) : null
        if (problem) ctx.addIssue({ code: 'custom', message: problem })
      })),
  }),
})
const EmailBodySchema = z.object({ email: EmailSchema })
const AffiliateSchema = z.object({ code: z.string({ message: 'This field is required.' }).check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'This affiliate code is not valid.')) })
const GiftCardCodeSchema = z.object({
  code: z.string({ message: 'This field is required.' }).check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9-]{4,40}$/, 'This gift card code is not valid.')),
})
const ContactSchema = z.object({ name: RequiredText(100), email: EmailSchema, message: RequiredText(5000, { multiline: true }) })

/** Buying a gift card adds a gift card line (its own amount and recipient) to the customer's cart. Login needed. */
extensionRoutes.post('/gift_cards', async (c) => {
  const userId = await currentUserId(c)
  const { gift_card } = await readParams(c, GiftCardSchema)
  if (userId === null) throw new BackendError(401, 'Please login in to add gift card', { base: ['login required'] }, undefined, 'login_required')
  const variantId = await giftCardVariantId(c.env.DB)
  if (variantId === null) throw new BackendError(422, 'Gift cards are not sold in this store.', { gift_card: ['is not sold in this store'] }, undefined, 'gift_card_unavailable')
  const order = (await openCartOfUser(c.env.DB, userId)) ?? (await createOrder(c.env.DB, userId, (await requestCurrency(c)) ?? 'AUD'))
  // bounded per order (the completion issues every card in one batch); the count and the insert are one statement
  const { meta } = await c.env.DB.prepare(
    `INSERT INTO line_items (order_id, variant_id, quantity, gift_card_cents, recipient_name, recipient_email, gift_message, gift_deliver_on)
     SELECT ?1, ?2, 1, ?3, ?4, ?5, ?6, ?8 WHERE (SELECT COUNT(*) FROM line_items WHERE order_id = ?1 AND gift_card_cents IS NOT NULL) < ?7`,
  )
    .bind(order.id, variantId, gift_card.amount * 100, gift_card.recipient_name, gift_card.recipient_email, gift_card.message ?? null, GIFT_CARD_LINES_MAX, gift_card.deliver_on ?? null)
    .run()
  if (meta.changes === 0) {
    throw new BackendError(422, `An order can hold at most ${GIFT_CARD_LINES_MAX} gift cards for different recipients. Please place this order first.`, { base: ['too many gift cards'] }, undefined, 'gift_card_lines_limit', { max: GIFT_CARD_LINES_MAX })
  }
  await c.env.DB.prepare('UPDATE orders SET email = COALESCE(email, (SELECT email FROM users WHERE id = ?)) WHERE id = ?').bind(userId, order.id).run()
  return cartResponse(c, order)
})

extensionRoutes.post('/affiliate', async (c) => {
  const { code } = await readParams(c, AffiliateSchema)
  const [userId, cart] = await Promise.all([currentUserId(c), findCart(c)])
  await c.env.DB.prepare('INSERT INTO affiliate_visits (code, order_token, user_id) VALUES (?, ?, ?)').bind(code, cart?.token ?? null, userId).run()
  return c.json({ data: { code } })
})

/**
 * A gift card's balance by its code. Codes pay, so a lookup counts against the same per-client limit as redeeming
 * one (guessing codes here is as slow as guessing them at checkout); the answer names no owner and no history.
 */
extensionRoutes.post('/gift_cards/balance', async (c) => {
  const { code } = await readParams(c, GiftCardCodeSchema)
  await rateLimit(c, 'code')
  const card = await c.env.DB.prepare('SELECT balance_cents, currency FROM gift_cards WHERE code = ?').bind(code).first<{ balance_cents: number; currency: Currency }>()
  if (!card) throw new BackendError(422, 'This gift card code is not valid.', { code: ['is not valid'] }, undefined, 'gift_card_invalid')
  return c.json({ data: { balance: (card.balance_cents / 100).toFixed(2), display_balance: formatMoney(card.balance_cents / 100, card.currency, requestLocale(c)), currency: card.currency } })
})

/** A message for the store: kept and mailed to the store (worker/mail); limited per client (spam). */
extensionRoutes.post('/contact_messages', async (c) => {
  const input = await readParams(c, ContactSchema)
  await rateLimit(c, 'contact')
  // the message is kept and mailed to the store in one batch (Reply-To: the shopper)
  const results = await c.env.DB.batch([
    c.env.DB.prepare('INSERT INTO contact_messages (name, email, message) VALUES (?, ?, ?)').bind(input.name, input.email, input.message),
    await mailStatement(c.env, contactMail(c.env, { ...input, locale: requestLocale(c) })),
  ])
  await dispatchWritten(c.env, results)
  return c.json({ data: { received: true } })
})

/** Development only: the emails the store would have sent to `email`, newest first (tests follow reset links here). */
extensionRoutes.get('/outbox', async (c) => {
  if (isProduction(c.env)) throw notFound()
  const { email } = await readParams(c, z.object({ email: EmailSchema }))
  // a gift card with a later delivery date is not in the mailbox before that day
  const { results } = await c.env.DB.prepare(
    'SELECT id, to_email, kind, subject, body, created_at FROM outbox WHERE to_email = ? AND COALESCE(due_at, created_at) <= ? ORDER BY id DESC LIMIT 50',
  )
    .bind(email, new Date().toISOString())
    .all()
  return c.json({ data: results })
})

