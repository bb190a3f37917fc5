import { Hono } from 'hono'
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
    docs.push(cartDocument(await loadCartState(c.env.DB, order, requestLocale(c))))
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
  return c.json(cartDocument(await loadCartState(c.env.DB, order, requestLocale(c))))
})

orderRoutes.get('/order_status/:number', async (c) => {
  const token = c.req.header('x-spree-order-token') ?? ''
  const byToken = await orderByToken(c.env.DB, token)
  const order = byToken ? await completedOrder(c.env.DB, c.req.param('number'), 'token', byToken.token) : null
  if (!order) throw notFound('Order details not found')
  return c.json(cartDocument(await loadCartState(c.env.DB, order, requestLocale(c))))
})
