import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { readParams } from '../commerce/http.ts'
import { requireCart } from '../commerce/orders.ts'
import { readyToPlace } from '../commerce/place-order.ts'
import { requestLocale } from '../commerce/respond.ts'
import { booleanish, ReturnUrlSchema } from '../commerce/schemas.ts'
import { rateLimit } from '../services/rate-limit.ts'
import { chosenProvider } from './provider.ts'
import { createHostedSession } from './stripe-hosted.ts'
import { customerOf } from './stripe-gateway.ts'
import { currentUserId } from '../commerce/auth.ts'

/** Extension: Stripe's hosted payment page for the checkout's balance due (paying without JavaScript). */
export const stripeSessionRoutes = new Hono<{ Bindings: Env }>()

const SessionSchema = z.object({
  success_url: ReturnUrlSchema,
  cancel_url: ReturnUrlSchema,
  expected_balance: z.optional(z.pipe(z.coerce
    .string().check(z.regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount such as 26.90')), z.transform((v) => Math.round(Number(v) * 100)))),
  /** Extension: a member keeps the card used on the hosted page for next time. */
  save_card: z.optional(z.pipe(z.transform(booleanish), z.boolean({ message: 'must be true or false' }))),
})

stripeSessionRoutes.post('/checkout/stripe_session', async (c) => {
  if (!chosenProvider(c.env)?.hostedPage) throw new BackendError(404, 'The hosted payment page is not available: this store takes cards with its test gateway.', undefined, undefined, 'not_found')
  const order = await requireCart(c)
  const body = await readParams(c, SessionSchema)
  const { state } = await readyToPlace(c.env.DB, order, requestLocale(c), body.expected_balance ?? null)
  if (state.totals.balance === 0) throw new BackendError(422, 'Nothing is left to pay by card.', { payment: ['balance is zero'] }, undefined, 'nothing_to_pay')
  await rateLimit(c, 'payment', { cart: order.token })
  const userId = body.save_card ? await currentUserId(c) : null
  const saveOn = userId !== null && order.user_id === userId ? await customerOf(c.env, userId, order.email) : null
  const session = await createHostedSession(c.env, state, body.success_url, body.cancel_url, saveOn)
  return c.json({ data: { id: session.id, type: 'stripe_checkout_session', attributes: { url: session.url } } }, 201)
})
