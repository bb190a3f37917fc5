import { openCartOfUser, type OrderRow } from './orders.ts'

/**
 * Associates a guest cart with a customer at login. Without an open cart of their own the guest cart simply becomes
 * theirs. Otherwise the two carts meet by variant: a product in both keeps the larger of its two quantities, never
 * their sum (a shopper who put the same hoodie in the cart on two visits wants one hoodie, not two: issue 42), a
 * product in one of them comes along as it is, and so does every gift card line (each is a card of its own). Coupons
 * come along too, and the emptied guest cart is deleted. One batch: a failure leaves both carts as they were.
 *
 * Answers with the merged cart's id (the caller reads it once, for its answer) and `added`: how many units the saved
 * cart put into the cart the shopper had just been looking at (its lines the guest cart lacked, and what it held more
 * of a shared line), which the storefront tells the shopper. Both quantities are within the bound add_item keeps, so
 * the larger one is too.
 */
export async function mergeCarts(db: D1Database, userId: number, guest: OrderRow): Promise<{ orderId: number; added: number }> {
  const own = await openCartOfUser(db, userId)
  if (!own || own.id === guest.id) {
    await db.prepare("UPDATE orders SET user_id = ?1, email = (SELECT email FROM users WHERE id = ?1) WHERE id = ?2 AND state != 'complete'").bind(userId, guest.id).run()
    return { orderId: guest.id, added: 0 }
  }
  // the guest's quantity of a saved line's variant (0 when the guest cart lacks it); gift card lines never match
  const guestQuantity = `COALESCE((SELECT g.quantity FROM line_items g WHERE g.order_id = ?1 AND g.variant_id = o.variant_id AND g.gift_card_cents IS NULL), 0)`
  const [added] = await db.batch([
    // counted in the batch, before its writes, so the count is of the carts it merges
    db
      .prepare(
        `SELECT COALESCE(SUM(CASE WHEN o.gift_card_cents IS NOT NULL THEN o.quantity ELSE MAX(0, o.quantity - ${guestQuantity}) END), 0) AS n
         FROM line_items o WHERE o.order_id = ?2`,
      )
      .bind(guest.id, own.id),
    db
      .prepare(
        `UPDATE line_items AS o SET quantity = MAX(o.quantity, ${guestQuantity})
         WHERE o.order_id = ?2 AND o.gift_card_cents IS NULL AND o.variant_id IN
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
    db.prepare("UPDATE orders SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(own.id),
  ])
  return { orderId: own.id, added: (added!.results[0] as { n: number } | undefined)?.n ?? 0 }
}
