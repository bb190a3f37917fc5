import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { pagination } from '../catalogue/jsonapi.ts'
import { notFound } from '../shared/errors.ts'
import { requireUser } from './auth.ts'
import { pathId, readParams } from './http.ts'
import { PageParamsSchema } from './schemas.ts'

/** `/account/credit_cards`: a customer's saved cards (with a real provider, its saved payment methods). */
export const creditCardRoutes = new Hono<{ Bindings: Env }>()

interface CreditCardRow {
  id: number
  payment_method_id: number
  gateway_payment_profile_id: string
  cc_type: string
  last_digits: string
  month: number
  year: number
  name: string | null
  is_default: number
}

const creditCardResource = (card: CreditCardRow) => ({
  id: String(card.id),
  type: 'credit_card',
  attributes: {
    cc_type: card.cc_type,
    last_digits: card.last_digits,
    month: card.month,
    year: card.year,
    name: card.name,
    gateway_payment_profile_id: card.gateway_payment_profile_id,
    default: card.is_default === 1,
  },
  relationships: { payment_method: { data: { type: 'payment_method', id: String(card.payment_method_id) } } },
})

const ListSchema = z.extend(PageParamsSchema, {
  filter: z.optional(z.object({ payment_method_id: z.optional(z.coerce.number({ message: 'must be an id' }).check(z.int('must be an id'), z.positive('must be an id'))) })),
})

creditCardRoutes.get('/account/credit_cards', async (c) => {
  const userId = await requireUser(c)
  const { page, per_page, filter } = await readParams(c, ListSchema)
  const method = filter?.payment_method_id ?? null
  const { results } = await c.env.DB.prepare('SELECT * FROM credit_cards WHERE user_id = ? AND (?2 IS NULL OR payment_method_id = ?2) ORDER BY is_default DESC, id DESC')
    .bind(userId, method)
    .all<CreditCardRow>()
  const shown = results.slice((page - 1) * per_page, page * per_page)
  return c.json({ data: shown.map(creditCardResource), ...pagination(new URL(c.req.url), page, per_page, results.length, shown.length) })
})

creditCardRoutes.get('/account/credit_cards/default', async (c) => {
  const userId = await requireUser(c)
  const card = await c.env.DB.prepare('SELECT * FROM credit_cards WHERE user_id = ? AND is_default = 1').bind(userId).first<CreditCardRow>()
  // Spree answers 200 with no data when the customer has no card yet
  return c.json({ data: card ? creditCardResource(card) : null })
})

creditCardRoutes.delete('/account/credit_cards/:id', async (c) => {
  const userId = await requireUser(c)
  const id = pathId(c.req.param('id'))
  const card = await c.env.DB.prepare('SELECT * FROM credit_cards WHERE id = ? AND user_id = ?').bind(id, userId).first<CreditCardRow>()
  if (!card) throw notFound('This card could not be found.')
  // The newest remaining card becomes the default; past payments keep their brand and digits.
  await c.env.DB.batch([
    c.env.DB.prepare('DELETE FROM credit_cards WHERE id = ?').bind(id),
    c.env.DB.prepare(
      'UPDATE credit_cards SET is_default = 1 WHERE id = (SELECT id FROM credit_cards WHERE user_id = ?1 ORDER BY id DESC LIMIT 1) AND NOT EXISTS (SELECT 1 FROM credit_cards WHERE user_id = ?1 AND is_default = 1)',
    ).bind(userId),
  ])
  return c.body(null, 204)
})
