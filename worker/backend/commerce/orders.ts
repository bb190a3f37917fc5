import type { Currency } from '#kernel/models.ts'
import { BackendError, cartNotFound } from '../shared/errors.ts'
import { randomDigits, randomToken } from '../../lib/crypto.ts'
import { currentUserId } from './auth.ts'
import { requestParams, type BackendContext } from './http.ts'

export interface OrderRow {
  id: number
  number: string | null
  token: string
  user_id: number | null
  state: 'cart' | 'address' | 'delivery' | 'payment' | 'confirm' | 'complete'
  currency: Currency
  email: string | null
  bill_address_id: number | null
  ship_address_id: number | null
  shipping_method_id: number | null
  item_total_cents: number | null
  promo_total_cents: number | null
  ship_total_cents: number | null
  tax_total_cents: number | null
  total_cents: number | null
  gift_card_total_cents: number | null
  store_credit_total_cents: number | null
  club_savings_cents: number | null
  member_pricing: number | null
  completed_at: string | null
  /** The GST rule it was placed under: 1 a GST-free export, 0 GST included; null before it was placed (migration 0330). */
  /** Set when the console cancelled the placed order (Spree's 'canceled' state; migration 0150). */
  canceled_at?: string | null
  created_at: string
  updated_at: string
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

/** The `currency` parameter (query or body, as Spree's `current_currency`), or null when absent or not sold in. */
export async function requestCurrency(c: BackendContext): Promise<Currency | null> {
  const params = (await requestParams(c)) as { currency?: unknown } | null
  const value = typeof params?.currency === 'string' ? params.currency.toUpperCase() : undefined
  return value === 'AUD' || value === 'USD' ? value : null
}

/** Spree numbers an order when the cart is created (`R` + 9 digits), and the number stays through completion. */
export const orderNumber = () => `R${randomDigits(9)}`

export async function createOrder(db: D1Database, userId: number | null, currency: Currency): Promise<OrderRow> {
  const row = await db
    .prepare('INSERT INTO orders (number, token, user_id, currency) VALUES (?, ?, ?, ?) RETURNING *')
    .bind(orderNumber(), randomToken(24), userId, currency)
    .first<OrderRow>()
  return row!
}

/** A customer's open cart: the newest order of theirs that is not complete. */
export async function openCartOfUser(db: D1Database, userId: number): Promise<OrderRow | null> {
  return db
    .prepare("SELECT * FROM orders WHERE user_id = ? AND state != 'complete' ORDER BY id DESC LIMIT 1")
    .bind(userId)
    .first<OrderRow>()
}

export async function orderByToken(db: D1Database, token: string): Promise<OrderRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null
  return db.prepare('SELECT * FROM orders WHERE token = ?').bind(token).first<OrderRow>()
}

export async function reloadOrder(db: D1Database, id: number): Promise<OrderRow> {
  const row = await db.prepare('SELECT * FROM orders WHERE id = ?').bind(id).first<OrderRow>()
  if (!row) throw cartNotFound()
  return row
}

/**
 * The cart this request acts on, as Spree finds it: the `X-Spree-Order-Token` cart if one is sent (it must be a guest
 * cart or the caller's own), else the bearer's open cart. Completed orders are no longer carts.
 */
export async function findCart(c: BackendContext): Promise<OrderRow | null> {
  const userId = await currentUserId(c)
  const token = c.req.header('x-spree-order-token')
  if (token) {
    const order = await orderByToken(c.env.DB, token)
    if (!order || order.state === 'complete') return null
    if (order.user_id !== null && order.user_id !== userId) return null
    return order
  }
  if (userId !== null) return openCartOfUser(c.env.DB, userId)
  return null
}

export async function requireCart(c: BackendContext): Promise<OrderRow> {
  const order = await findCart(c)
  if (!order) throw cartNotFound()
  return order
}

/**
 * The cart changed: its `updated_at` moves. A statement, to go in the same batch (one round trip) as the change.
 * `ifChanged`: only when the statement before it in the batch changed a row (`changes()`), so a change that found
 * nothing (a 404) leaves the cart as it was.
 */
export function touchOrder(db: D1Database, id: number, { ifChanged = false } = {}): D1PreparedStatement {
  return db.prepare(`UPDATE orders SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?${ifChanged ? ' AND changes() > 0' : ''}`).bind(id)
}
