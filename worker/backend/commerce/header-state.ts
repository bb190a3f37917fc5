import { nowSeconds, sha256Hex } from '../../lib/crypto.ts'

export interface HeaderRow {
  userId: number | null
  firstName: string | null
  itemCount: number
  /** the variant ids in the member's default wishlist */
  wished: string[]
}

/**
 * The storefront header's personal bits (first name, cart count, the wishlist's variants for the hearts) in one D1 round trip, for the edge page cache's
 * rewriter (worker/edge-cache/personal-header.ts), which runs on every page of a shopper with a session. The cart is
 * found as `findCart` finds it: the token's cart when one is sent (a guest's or the caller's own), else the
 * customer's open cart.
 */
export async function headerState(db: D1Database, accessToken: string | null, cartToken: string | null): Promise<HeaderRow> {
  const accessHash = accessToken ? await sha256Hex(accessToken) : null
  const row = await db
    .prepare(
      `WITH me AS (
         SELECT u.id, u.first_name FROM oauth_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.access_hash = ?1 AND t.revoked_at IS NULL AND t.created_at + t.expires_in > ?2 AND u.blocked_at IS NULL
       ),
       cart AS (
         SELECT o.id FROM orders o
         WHERE o.state != 'complete' AND (
           (?3 IS NOT NULL AND o.token = ?3 AND (o.user_id IS NULL OR o.user_id = (SELECT id FROM me)))
           OR (?3 IS NULL AND o.user_id = (SELECT id FROM me))
         )
         ORDER BY o.id DESC LIMIT 1
       )
       SELECT (SELECT id FROM me) AS user_id, (SELECT first_name FROM me) AS first_name,
              (SELECT COALESCE(SUM(quantity), 0) FROM line_items WHERE order_id = (SELECT id FROM cart)) AS item_count,
              (SELECT group_concat(wi.variant_id) FROM wished_items wi JOIN wishlists w ON w.id = wi.wishlist_id
                WHERE w.user_id = (SELECT id FROM me) AND w.is_default = 1) AS wished`,
    )
    .bind(accessHash, nowSeconds(), cartToken)
    .first<{ user_id: number | null; first_name: string | null; item_count: number; wished: string | null }>()
  return { userId: row?.user_id ?? null, firstName: row?.first_name ?? null, itemCount: row?.item_count ?? 0, wished: row?.wished ? String(row.wished).split(',') : [] }
}
