import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError, backendErrorResponse } from './shared/errors.ts'
import { readParams } from './commerce/http.ts'
import { cardBrand, testGateway } from './commerce/gateway.ts'
import { CardSourceSchema } from './commerce/payments.ts'

/**
 * The test gateway's client-side step, standing in for a payment provider's script (Stripe.js creating a payment
 * method): the browser sends the card here, not to the store, and pays the store with the token it gets back
 * (`source_attributes.gateway_payment_profile_id`). Outside the Spree contract by nature; answered in the
 * provider's style: `{id, card: {brand, last4, exp_month, exp_year, name}}`.
 */
export const testGatewayRoutes = new Hono<{ Bindings: Env }>()

testGatewayRoutes.post('/tokens', async (c) => {
  const { card } = await readParams(c, z.object({ card: CardSourceSchema }))
  const brand = cardBrand(card.number)
  if (!brand) throw new BackendError(422, 'We accept Visa, Mastercard and American Express.', { 'card.number': ['is not a card type we accept'] }, undefined, 'card_brand_not_accepted')
  const token = await testGateway.tokenize(c.env.DB, { ...card, brand })
  return c.json(
    { id: token.id, card: { brand: token.card.ccType, last4: token.card.lastDigits, exp_month: token.card.month, exp_year: token.card.year, name: token.card.name } },
    201,
  )
})
testGatewayRoutes.onError(backendErrorResponse)
