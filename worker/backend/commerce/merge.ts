import { openCartOfUser, type OrderRow } from './orders.ts'
import { LINE_QUANTITY_MAX } from './schemas.ts'

/**
 * Associates a guest cart with a customer at login. Without an open cart of their own the guest cart simply becomes
 * theirs; otherwise every guest line is added to their cart (quantities of the same variant are summed, so nothing is
 * lost), coupons come along, and the emptied guest cart is deleted. One batch: a failure leaves both carts as they were.
 * Answers with the merged cart's id (the caller reads it once, for its answer).
 */
export async function mergeCarts(db: D1Database, userId: number, guest: OrderRow): Promise<{ orderId: number; capped: number }> {
  const own = await openCartOfUser(db, userId)
  if (!own || own.id === guest.id) {
    await db.prepare("UPDATE orders SET user_id = ?1, email = (SELECT email FROM users WHERE id = ?1) WHERE id = ?2 AND state != 'complete'").bind(userId, guest.id).run()
    return { orderId: guest.id, capped: 0 }
  }
  const [over] = await db.batch([
    // lines whose sum would pass the cart's bound (LINE_QUANTITY_MAX, as add_item keeps it): kept at the bound, said
    // so; counted in the batch, before its writes, so the count is of the carts it merges
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM line_items o JOIN line_items g ON g.order_id = ?1 AND g.variant_id = o.variant_id AND g.gift_card_cents IS NULL
         WHERE o.order_id = ?2 AND o.gift_card_cents IS NULL AND o.quantity + g.quantity > ?3`,
      )
      .bind(guest.id, own.id, LINE_QUANTITY_MAX),
    db
      .prepare(
        `UPDATE line_items SET quantity = MIN(?3, quantity + (SELECT g.quantity FROM line_items g WHERE g.order_id = ?1
           AND g.variant_id = line_items.variant_id AND g.gift_card_cents IS NULL))
         WHERE order_id = ?2 AND gift_card_cents IS NULL AND variant_id IN
           (SELECT variant_id FROM line_items WHERE order_id = ?1 AND gift_card_cents IS NULL)`,
      )
      .bind(guest.id, own.id, LINE_QUANTITY_MAX),
    db
      .prepare(
        `UPDATE line_items SET order_id = ?2 WHERE order_id = ?1 AND (gift_card_cents IS NOT NULL OR variant_id NOT IN
           (SELECT variant_id FROM line_items WHERE order_id = ?2 AND gift_card_cents IS NULL))`,
      )
      .bind(guest.id, own.id),
    db.prepare('INSERT OR IGNORE INTO order_promotions (order_id, promotion_id) SELECT ?2, promotion_id FROM order_promotions WHERE order_id = ?1').bind(guest.id, own.id),
    db.prepare("DELETE FROM orders WHERE id = ? AND state != 'complete'").bind(guest.id),
    db.prepare("UPDATE orders SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(own.id),
  ])
  return { orderId: own.id, capped: (over!.results[0] as { n: number } | undefined)?.n ?? 0 }
}
