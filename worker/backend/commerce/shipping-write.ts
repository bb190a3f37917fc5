/**
 * The one writer of shipping zones and rates (decision 0082): the console's shipping forms (worker/admin/shipping-data.ts)
 * check, spend their token and audit; these build the statements. Checkout reads them (shipping.ts).
 */

/** A zone's words, GST rule and countries. */
export interface ZoneTerms {
  name: string
  name_de: string
  countries: string[]
  rest_of_world: boolean
  gst: 'included' | 'export'
}

/** A zone (a new one with the id taken before, last in the list) and exactly its countries. */
export function zoneStatements(db: D1Database, id: number, exists: boolean, input: ZoneTerms): D1PreparedStatement[] {
  const gst = input.gst === 'included' ? 1 : 0
  const rest = input.rest_of_world ? 1 : 0
  return [
    exists
      ? db.prepare('UPDATE shipping_zones SET name = ?, name_de = ?, gst_included = ?, rest_of_world = ? WHERE id = ?').bind(input.name, input.name_de, gst, rest, id)
      : db
          .prepare("INSERT INTO shipping_zones (id, code, name, name_de, gst_included, rest_of_world, position) VALUES (?, 'zone_' || lower(hex(randomblob(4))), ?, ?, ?, ?, (SELECT COALESCE(max(position), 0) + 1 FROM shipping_zones))")
          .bind(id, input.name, input.name_de, gst, rest),
    db.prepare('DELETE FROM shipping_zone_countries WHERE zone_id = ?').bind(id),
    db.prepare('INSERT INTO shipping_zone_countries (country_iso, zone_id) SELECT value, ? FROM json_each(?)').bind(id, JSON.stringify(input.countries)),
  ]
}

/** A rate's words, costs and free-over thresholds (cents), delivery days, and whether it is a pickup. */
export interface RateTerms {
  name: string
  name_de: string
  cost_aud: number
  cost_usd: number
  free_over_aud: number | null
  free_over_usd: number | null
  pickup: boolean
  days_min: number | null
  days_max: number | null
}

/** A rate: a new one in `zoneId` with the id taken before, or the one with `id` while it is not retired. */
export function rateStatement(db: D1Database, id: number, zoneId: number | null, input: RateTerms): D1PreparedStatement {
  const values = [input.name, input.name_de, input.cost_aud, input.cost_usd, input.free_over_aud, input.free_over_usd, input.pickup ? 1 : 0, input.days_min, input.days_max]
  return zoneId === null
    ? db.prepare('UPDATE shipping_methods SET name = ?, name_de = ?, cost_aud_cents = ?, cost_usd_cents = ?, free_over_aud_cents = ?, free_over_usd_cents = ?, pickup = ?, delivery_days_min = ?, delivery_days_max = ? WHERE id = ? AND retired_at IS NULL').bind(...values, id)
    : db.prepare("INSERT INTO shipping_methods (name, name_de, cost_aud_cents, cost_usd_cents, free_over_aud_cents, free_over_usd_cents, pickup, delivery_days_min, delivery_days_max, id, zone_id, code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'rate_' || lower(hex(randomblob(4))))").bind(...values, id, zoneId)
}

/**
 * A rate no longer offered: carts that had it choose again; one no placed order or shipment names is deleted (the
 * third statement's changes), one that they name kept, retired, so their invoices, refunds and reports still read it.
 */
export function retireRateStatements(db: D1Database, rateId: number): D1PreparedStatement[] {
  const used = 'EXISTS (SELECT 1 FROM orders o WHERE o.shipping_method_id = ?1 AND o.completed_at IS NOT NULL) OR EXISTS (SELECT 1 FROM shipments s WHERE s.shipping_method_id = ?1)'
  return [
    db.prepare('UPDATE orders SET shipping_method_id = NULL WHERE shipping_method_id = ?1 AND completed_at IS NULL').bind(rateId),
    db.prepare(`UPDATE shipping_methods SET retired_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1 AND retired_at IS NULL AND (${used})`).bind(rateId),
    db.prepare(`DELETE FROM shipping_methods WHERE id = ?1 AND retired_at IS NULL AND NOT (${used})`).bind(rateId),
  ]
}
