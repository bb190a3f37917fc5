/** The back-in-stock requests still waiting, per size of each product (decision 0073): the console's list. */
export interface WaitingAlertRow {
  product_id: number
  name: string
  variant_id: number
  options: string | null
  stock_on_hand: number
  /** confirmed requests: each is emailed once when the size is back */
  confirmed: number
  /** guests who have not yet followed their confirmation link */
  unconfirmed: number
  oldest: string
}

export async function listWaitingAlerts(db: D1Database): Promise<WaitingAlertRow[]> {
  const { results } = await db
    .prepare(
      `SELECT p.id AS product_id, p.name, v.id AS variant_id, v.stock_on_hand,
         (SELECT group_concat(ov.presentation, ' / ') FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id WHERE vov.variant_id = v.id) AS options,
         SUM(a.confirmed_at IS NOT NULL) AS confirmed, SUM(a.confirmed_at IS NULL) AS unconfirmed, MIN(a.created_at) AS oldest
       FROM stock_alerts a JOIN variants v ON v.id = a.variant_id JOIN products p ON p.id = v.product_id
       WHERE a.sent_at IS NULL AND a.unsubscribed_at IS NULL
       GROUP BY v.id ORDER BY confirmed DESC, oldest LIMIT 500`,
    )
    .all<WaitingAlertRow>()
  return results
}
