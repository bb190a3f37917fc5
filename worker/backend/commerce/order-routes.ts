import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { notFound } from '../shared/errors.ts'
import { requireUser } from './auth.ts'
import { loadCartState } from './cart-state.ts'
import { readParams } from './http.ts'
import { orderByToken, type OrderRow } from './orders.ts'
import { requestLocale } from './respond.ts'
import { cartDocument } from './serializers.ts'
import { PageParamsSchema } from './schemas.ts'
import { pagination } from '../catalogue/jsonapi.ts'
import { RETURN_REASONS } from '#kernel/config.ts'
import { storeUrl } from '../services/store-url.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import { BackendError } from '../shared/errors.ts'
import * as z from 'zod/mini'
import { checkReturnRequest, returnRequestStatements, returnSummary } from './returns.ts'
import { returnMail } from './return-mails.ts'
import { returnAddress } from './return-address.ts'

/** `/account/orders` (history, newest first, paged), `/account/orders/{number}` and `/order_status/{number}`. */
export const orderRoutes = new Hono<{ Bindings: Env }>()

orderRoutes.get('/account/orders', async (c) => {
  const userId = await requireUser(c)
  const { page, per_page } = await readParams(c, PageParamsSchema)
  const [rows, count] = await c.env.DB.batch([
    c.env.DB.prepare("SELECT * FROM orders WHERE user_id = ? AND state = 'complete' ORDER BY id DESC LIMIT ? OFFSET ?").bind(userId, per_page, (page - 1) * per_page),
    c.env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND state = 'complete'").bind(userId),
  ])
  const total = (count!.results[0] as { n: number }).n
  const docs = []
  for (const order of rows!.results as unknown as OrderRow[]) {
    docs.push(await placedOrderDocument(c.env.DB, order, requestLocale(c)))
  }
  return c.json({
    data: docs.map((d) => d.data),
    included: docs.flatMap((d) => d.included),
    ...pagination(new URL(c.req.url), page, per_page, total, docs.length),
  })
})

async function completedOrder(db: D1Database, number: string, where: string, value: string | number) {
  if (!/^R\d{9}$/.test(number)) return null
  return db.prepare(`SELECT * FROM orders WHERE number = ? AND state = 'complete' AND ${where} = ?`).bind(number, value).first<OrderRow>()
}

orderRoutes.get('/account/orders/:number', async (c) => {
  const userId = await requireUser(c)
  const order = await completedOrder(c.env.DB, c.req.param('number'), 'user_id', userId)
  if (!order) throw notFound('Order details not found')
  return c.json(await placedOrderDocument(c.env.DB, order, requestLocale(c)))
})

/**
 * A placed order as the contract shows it, plus: Spree's 'canceled' state for an order the console cancelled, and
 * (extensions, docs/commerce-api.md) its return requests and until when a new one can be made.
 */
async function placedOrderDocument(db: D1Database, order: OrderRow, locale: 'en' | 'de') {
  const doc = cartDocument(await loadCartState(db, order, locale))
  const { returns, returnableUntil } = await returnSummary(db, order)
  // where to send the goods: told while a return waits for them (approved, not yet received)
  const sendTo = returns.some((r) => r.stage === 'approved') ? await returnAddress(db) : null
  Object.assign(doc.data.attributes, {
    state: order.canceled_at ? 'canceled' : order.state,
    canceled_at: order.canceled_at ?? null,
    returnable_until: returnableUntil,
    returns: returns.map((r) => ({
      id: r.id,
      // the step it reached (received, refunded and closed, declined after approval), not only the answer
      state: r.stage,
      reason: r.reason,
      created_at: r.created_at,
      decided_at: r.decided_at,
      received_at: r.received_at,
      refunded_at: r.refunded_at,
      return_number: `${order.number}-${r.id}`,
      return_address: r.stage === 'approved' ? sendTo : null,
      refund_to: r.refund_to,
      note: r.decline_note ?? r.decision_note,
      refund_total: r.stage === 'refunded' && r.refund_cents !== null ? (r.refund_cents / 100).toFixed(2) : null,
      items: r.items.map((i) => ({ line_item_id: String(i.line_item_id), quantity: i.quantity })),
    })),
  })
  return doc
}

const ReturnRequestSchema = z.object({
  return_request: z.object({
    reason: z.enum(RETURN_REASONS, { message: 'Choose a reason for the return.' }),
    comment: z.pipe(z.nullish(z
      .string().check(z.trim(), z.maxLength(1000, 'must be at most 1000 characters'))), z.transform((v) => v || null)),
    items: z
      .array(z.object({ line_item_id: z.coerce.number().check(z.int(), z.positive()), quantity: z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(0, 'must not be negative'), z.lte(999)) })).check(z.minLength(1, 'Choose at least one item to return.'), z.maxLength(100)),
  }),
})

/** Extension: a member asks to return items of a placed order (docs/commerce-api.md; the console decides). */
orderRoutes.post('/account/orders/:number/returns', async (c) => {
  const userId = await requireUser(c)
  const { return_request: input } = await readParams(c, ReturnRequestSchema)
  const order = await completedOrder(c.env.DB, c.req.param('number'), 'user_id', userId)
  if (!order) throw notFound('Order details not found')
  const locale = requestLocale(c)
  const items = await checkReturnRequest(c.env.DB, order, input, locale)
  const request = { ...input, items }
  const mail = await returnMail(c.env.DB, order, { reason: input.reason, locale }, items, 'requested', await storeUrl(c.env, new URL(c.req.url).origin))
  try {
    await dispatchWritten(c.env, await c.env.DB.batch([...returnRequestStatements(c.env.DB, order.id, request, locale), await mailStatement(c.env, mail)]))
  } catch (error) {
    // the one-open-request index: the same request sent twice at once
    if (String(error).includes('UNIQUE')) throw new BackendError(409, locale === 'de' ? 'Eine Rücksendung für diese Bestellung wartet bereits auf unsere Antwort.' : 'A return for this order is already waiting for our answer.', undefined, undefined, 'return_already_open')
    throw error
  }
  return c.json(await placedOrderDocument(c.env.DB, (await completedOrder(c.env.DB, order.number!, 'id', order.id))!, locale), 201)
})

orderRoutes.get('/order_status/:number', async (c) => {
  const token = c.req.header('x-spree-order-token') ?? ''
  const byToken = await orderByToken(c.env.DB, token)
  const order = byToken ? await completedOrder(c.env.DB, c.req.param('number'), 'token', byToken.token) : null
  if (!order) throw notFound('Order details not found')
  return c.json(await placedOrderDocument(c.env.DB, order, requestLocale(c)))
})
