import type { Locale } from '#kernel/models.ts'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { isTransientFault } from '#worker/lib/transient.ts'
import { loadCartState, type CartState } from './cart-state.ts'
import { balanceChanged, balanceMoved, completeOrder, completionConflict, completionProblems } from './complete.ts'
import { reloadOrder, type OrderRow } from './orders.ts'
import { withDeals } from './deal-stock.ts'
import { assertPayLaterLimit } from './pay-later-limit.ts'

/**
 * Everything checked before an order may be paid for and placed: its steps, a balance that moved since the shopper
 * saw it (409), a coupon that stopped applying (taken off, 422). `payment` problems are left to the caller, which
 * may be about to authorise a card for the balance.
 */
export async function readyToPlace(db: D1Database, order: OrderRow, locale: Locale, expectedCents: number | null): Promise<{ state: CartState; needsPayment: boolean }> {
  const state = await loadCartState(db, order, locale)
  const { payment, ...problems } = completionProblems(state)
  if (Object.keys(problems).length) throw completionConflict({ ...problems, ...(payment ? { payment } : {}) })
  const moved = balanceMoved(state, expectedCents)
  if (moved) throw moved
  assertPayLaterLimit(state)
  // A coupon that stopped applying since the shopper last saw the cart (expired, used up) is taken off and the
  // order is not placed, so nobody pays a total they did not see.
  const applied = await db.prepare('SELECT p.id, p.code FROM order_promotions op JOIN promotions p ON p.id = op.promotion_id WHERE op.order_id = ?').bind(order.id).all<{ id: number; code: string }>()
  const stale = applied.results.filter((row) => !state.promotions.some((p) => p.promo.id === row.id))
  if (stale.length) {
    await db.prepare(`DELETE FROM order_promotions WHERE order_id = ? AND promotion_id IN (${stale.map((r) => r.id).join(',')})`).bind(order.id).run()
    throw new BackendError(422, `The coupon ${stale[0]!.code.toUpperCase()} no longer applies and was removed. Please review the new total.`, { coupon_code: ['no longer applies'] }, undefined, 'coupon_removed')
  }
  return { state, needsPayment: Boolean(payment) }
}

/**
 * Places the order (one guarded D1 batch). When a guard refuses, says why: stock gone, a gift card's or store
 * credit's balance moved (409), a coupon used up (409). A parallel call that placed this same order answers with it.
 * `storeUrl` is the store's address for the links in the emails it queues.
 */
export async function placeOrder(env: Env, state: CartState, locale: Locale, storeUrl: string): Promise<OrderRow> {
  // a deal's units are taken from its object first, and are sold or free again when this ends (decision 0081)
  const deals = state.lines.flatMap((l) => (l.variant?.deal && l.row.gift_card_cents === null ? [{ variantId: l.row.variant_id, qty: l.row.quantity, stock: l.variant.stockOnHand }] : []))
  return withDeals(env, state.order.id, deals, () => placeInD1(env, state, locale, storeUrl))
}

async function placeInD1(env: Env, state: CartState, locale: Locale, storeUrl: string): Promise<OrderRow> {
  const db = env.DB
  try {
    return await completeOrder(env, state, storeUrl)
  } catch (error) {
    if (error instanceof BackendError) throw error
    const fresh = await reloadOrder(db, state.order.id)
    if (fresh.state === 'complete') return fresh
    // D1 locked or reset for a moment: nothing was written, and the same completion sent again may well succeed (503)
    if (isTransientFault(error)) throw error
    const again = await loadCartState(db, fresh, locale)
    const now = completionProblems(again)
    if (Object.keys(now).length) throw completionConflict(now)
    if (again.totals.giftCardTotal !== state.totals.giftCardTotal || again.totals.storeCreditTotal !== state.totals.storeCreditTotal) {
      throw balanceChanged(again)
    }
    const couponsNow = new Set(again.promotions.map((p) => p.promo.id))
    const lost = state.promotions.find((p) => !couponsNow.has(p.promo.id))
    if (lost) {
      throw new BackendError(409, `The coupon ${lost.promo.code.toUpperCase()} can no longer be used, so the order was not placed. Please review the new total.`, { coupon_code: ['can no longer be used'] }, undefined, 'order_changed')
    }
    throw new BackendError(409, 'The order changed while it was being placed (a stock level, a coupon or a payment). Please review it and try again.', undefined, undefined, 'order_changed')
  }
}
