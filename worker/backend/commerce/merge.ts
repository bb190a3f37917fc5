import { openCartOfUser, reloadOrder, type OrderRow } from './orders.ts'

/**
 * Associates a guest cart with a customer at login. Without an open cart of their own the guest cart simply becomes
 * theirs; otherwise every guest line is added to their cart (quantities of the same variant are summed, so nothing is
 * lost), coupons come along, and the emptied guest cart is deleted. One batch: a failure leaves both carts as they were.
 */
export async function mergeCarts(db: D1Database, userId: number, guest: OrderRow): Promise<OrderRow> {
  const own = await openCartOfUser(db, userId)
  if (!own || own.id === guest.id) {
    await db.prepare("UPDATE orders SET user_id = ?1, email = (SELECT email FROM users WHERE id = ?1) WHERE id = ?2 AND state != 'complete'").bind(userId, guest.id).run()
    return reloadOrder(db, guest.id)
  }
  await db.batch([
    db
      .prepare(
        `UPDATE line_items SET quantity = quantity + (SELECT g.quantity FROM line_items g WHERE g.order_id = ?1
           AND g.variant_id = line_items.variant_id AND g.gift_card_cents IS NULL)
         WHERE order_id = ?2 AND gift_card_cents IS NULL AND variant_id IN
           (SELECT variant_id FROM line_items WHERE order_id = ?1 AND gift_card_cents IS NULL)`,
      )
      .bind(guest.id, own.id),
    db
      .prepare(
        `UPDATE line_items SET order_id = ?2 WHERE order_id = ?1 AND (gift_card_cents IS NOT NULL OR variant_id NOT IN
           (SELECT variant_id FROM line_items WHERE order_id = ?2 AND gift_card_cents IS NULL))`,
      )
      .bind(guest.id, own.id),
    db.prepare('INSERT OR IGNORE INTO order_promotions (order_id, promotion_id) SELECT ?2, promotion_id FROM order_promotions WHERE order_id = ?1').bind(guest.id, own.id),
    db.prepare("DELETE FROM orders WHERE id = ? AND state != 'complete'").bind(guest.id),
  ])
  return reloadOrder(db, own.id)
}
