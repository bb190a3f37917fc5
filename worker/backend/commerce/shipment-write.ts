/**
 * The one writer of an order's shipment and parcels (decision 0082): a parcel sent (the console's fulfilment and bulk
 * dispatch), a Click & Collect order ready or collected, an order's shipment cancelled (refunds/give-back.ts). The
 * callers check, claim and audit; these build the statements for their batch.
 */

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

export interface ParcelTracking {
  carrier: string | null
  tracking: string | null
  url: string | null
}

/**
 * One parcel of `units` (line id, quantity): its fulfilment and items, and the shipment's state (`shipped` when it
 * is the last, then the returns window counts from now; `partial` until then) and tracking.
 */
export function parcelStatements(db: D1Database, orderId: number, t: ParcelTracking, units: ReadonlyArray<{ id: number; q: number }>, state: 'shipped' | 'partial', adminEmail: string): D1PreparedStatement[] {
  return [
    db.prepare('INSERT INTO fulfilments (order_id, carrier, tracking_id, tracking_url, admin_email) VALUES (?, ?, ?, ?, ?)').bind(orderId, t.carrier, t.tracking, t.url, adminEmail),
    db
      .prepare(
        `INSERT INTO fulfilment_items (fulfilment_id, line_item_id, quantity) SELECT (SELECT MAX(id) FROM fulfilments WHERE order_id = ?1), json_extract(j.value, '$.id'), json_extract(j.value, '$.q') FROM json_each(?2) AS j`,
      )
      .bind(orderId, JSON.stringify(units.map(({ id, q }) => ({ id, q })))),
    db
      .prepare(
        `UPDATE shipments SET state = ?1, carrier = ?2, tracking_id = ?3, shipped_at = CASE WHEN ?1 = 'shipped' THEN ${NOW} ELSE shipped_at END WHERE order_id = ?4 AND state NOT IN ('shipped', 'canceled')`,
      )
      .bind(state, t.carrier, t.tracking, orderId),
  ]
}

/** A Click & Collect order is at its place, ready to be collected. */
export const pickupReadyStatement = (db: D1Database, orderId: number) => db.prepare(`UPDATE order_pickups SET ready_at = ${NOW} WHERE order_id = ?`).bind(orderId)

/** A Click & Collect order handed over in store: shipped, without carrier or tracking number. */
export const collectedStatement = (db: D1Database, orderId: number) =>
  db.prepare(`UPDATE shipments SET state = 'shipped', carrier = NULL, tracking_id = NULL, shipped_at = ${NOW} WHERE order_id = ? AND state != 'shipped'`).bind(orderId)

/** The order's shipment cancelled with the order. */
export const shipmentCancelStatement = (db: D1Database, orderId: number) => db.prepare("UPDATE shipments SET state = 'canceled' WHERE order_id = ?").bind(orderId)
