import type { ErrorCode } from '#kernel/error-codes.ts'
import { BackendError } from '../shared/errors.ts'

export interface PromotionRow {
  id: number
  name: string
  code: string
  kind: 'percent' | 'fixed' | 'free_shipping'
  amount: number
  min_item_total_cents: number | null
  starts_at: string | null
  expires_at: string | null
  usage_limit: number | null
  per_customer_limit: number | null
  used_count: number
}

/** Who a per-customer limit counts: the account, else the checkout email, else the cart itself. */
export function customerKey(order: { id: number; user_id: number | null; email: string | null }): string {
  if (order.user_id !== null) return `user:${order.user_id}`
  if (order.email) return `email:${order.email.toLowerCase()}`
  return `order:${order.id}`
}

/** Why a promotion cannot apply to this order now, or null when it can. */
export async function promotionProblem(
  db: D1Database,
  promo: PromotionRow,
  order: { id: number; user_id: number | null; email: string | null },
  merchandiseCents: number,
  formatCents: (cents: number) => string,
): Promise<{ message: string; code: ErrorCode; params?: Record<string, string> } | null> {
  const now = new Date().toISOString()
  if (promo.starts_at && promo.starts_at > now) return { message: 'This coupon code is not active yet.', code: 'coupon_not_active' }
  if (promo.expires_at && promo.expires_at <= now) return { message: 'This coupon code has expired.', code: 'coupon_expired' }
  if (promo.usage_limit !== null && promo.used_count >= promo.usage_limit) return { message: 'This coupon code has been used up.', code: 'coupon_used_up' }
  if (promo.per_customer_limit !== null) {
    const row = await db
      .prepare('SELECT COUNT(*) AS n FROM promotion_redemptions WHERE promotion_id = ? AND customer_key = ?')
      .bind(promo.id, customerKey(order))
      .first<{ n: number }>()
    if ((row?.n ?? 0) >= promo.per_customer_limit) return { message: 'You have already used this coupon code.', code: 'coupon_already_used' }
  }
  if (promo.min_item_total_cents !== null && merchandiseCents < promo.min_item_total_cents) {
    const amount = formatCents(promo.min_item_total_cents)
    return { message: `This coupon code needs an item total of at least ${amount}.`, code: 'coupon_minimum', params: { amount } }
  }
  return null
}

export async function findPromotionByCode(db: D1Database, code: string): Promise<PromotionRow> {
  const promo = await db.prepare('SELECT * FROM promotions WHERE code = ?').bind(code.trim().toLowerCase()).first<PromotionRow>()
  if (!promo) throw new BackendError(422, 'The coupon code you entered doesn\'t exist. Please try again.', { coupon_code: ['does not exist'] }, undefined, 'coupon_unknown')
  return promo
}

/** A promotion's terms as the console's form sets them (its id is the row's, its use count the orders'). */
export type PromotionTerms = Omit<PromotionRow, 'id' | 'used_count'>

/** A promotion's terms written: a new one (`id` null; RETURNING id) or the one with `id`. */
export function promotionStatement(db: D1Database, id: number | null, t: PromotionTerms): D1PreparedStatement {
  const values = [t.name, t.code, t.kind, t.amount, t.min_item_total_cents, t.starts_at, t.expires_at, t.usage_limit, t.per_customer_limit]
  return id === null
    ? db.prepare('INSERT INTO promotions (name, code, kind, amount, min_item_total_cents, starts_at, expires_at, usage_limit, per_customer_limit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id').bind(...values)
    : db.prepare('UPDATE promotions SET name = ?, code = ?, kind = ?, amount = ?, min_item_total_cents = ?, starts_at = ?, expires_at = ?, usage_limit = ?, per_customer_limit = ? WHERE id = ?').bind(...values, id)
}
