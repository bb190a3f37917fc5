import type { Locale } from '#kernel/models.ts'
import { BackendError } from '../shared/errors.ts'

/**
 * Click & Collect places at checkout (migration 0400, decision 0055): a pickup rate (shipping_methods.pickup = 1)
 * offers the active places; the shopper's choice is a row of order_pickups beside the cart, never a default.
 */

/** A place as the shopper reads it, in their language. */
export interface PickupPlace {
  id: number
  name: string
  /** The address, one entry a line. */
  address: string[]
  hours: string
  /** When the shop said the order is ready to collect (a placed order); null before. */
  readyAt: string | null
}

interface PlaceRow {
  id: number
  name: string
  name_de: string
  address: string
  hours: string
  hours_de: string
  ready_at?: string | null
}

export const placeOf = (row: PlaceRow, locale: Locale): PickupPlace => ({
  id: row.id,
  name: locale === 'de' ? row.name_de : row.name,
  address: row.address.split('\n'),
  hours: locale === 'de' ? row.hours_de : row.hours,
  readyAt: row.ready_at ?? null,
})

/**
 * The place chosen for order `?1` as a JSON object (SQL), read in the cart's own batch with its shipping method: a
 * cart's place must still be offered (a retired one is chosen again), a placed order keeps its place.
 */
export const CHOSEN_PLACE_SQL = `(SELECT json_object('id', l.id, 'name', l.name, 'name_de', l.name_de, 'address', l.address, 'hours', l.hours, 'hours_de', l.hours_de, 'ready_at', p.ready_at)
  FROM order_pickups p JOIN collect_locations l ON l.id = p.location_id JOIN orders o ON o.id = p.order_id
  WHERE p.order_id = ?1 AND (l.retired_at IS NULL OR o.completed_at IS NOT NULL))`

export const parsePlace = (json: string | null | undefined, locale: Locale): PickupPlace | null => (json ? placeOf(JSON.parse(json) as PlaceRow, locale) : null)

/** The places offered at checkout now, by name. */
export async function activePlaces(db: D1Database, locale: Locale): Promise<PickupPlace[]> {
  const rows = (await db.prepare('SELECT * FROM collect_locations WHERE retired_at IS NULL ORDER BY name, id').all<PlaceRow>()).results
  return rows.map((r) => placeOf(r, locale))
}

/** Said when a pickup rate is chosen without a place (the checkout asks; nothing is chosen for the shopper). */
export const PLACE_MISSING = 'Choose where you will collect your order.'

/** SQL: 1 when the shop offers any place (then a pickup needs one; a shop without places collects as before: decision 0055). */
export const PLACES_OFFERED_SQL = 'EXISTS (SELECT 1 FROM collect_locations WHERE retired_at IS NULL)'

/**
 * The statements that keep the shopper's place with the chosen rate: a pickup rate needs an offered place while the
 * shop has any (422 otherwise, nothing written); any other rate drops a place chosen before.
 */
export async function placeStatements(db: D1Database, orderId: number, pickup: boolean, placeId: number | undefined): Promise<D1PreparedStatement[]> {
  if (!pickup) return [db.prepare('DELETE FROM order_pickups WHERE order_id = ?').bind(orderId)]
  const found = await db.prepare(`SELECT ${PLACES_OFFERED_SQL} AS any_place, EXISTS (SELECT 1 FROM collect_locations WHERE id = ? AND retired_at IS NULL) AS offered`).bind(placeId ?? null).first<{ any_place: number; offered: number }>()
  if (placeId === undefined) {
    if (found?.any_place) throw new BackendError(422, PLACE_MISSING, { pickup_location_id: ['is missing'] }, undefined, 'pickup_place_missing')
    return [db.prepare('DELETE FROM order_pickups WHERE order_id = ?').bind(orderId)]
  }
  if (!found?.offered) throw new BackendError(422, 'This pickup place is no longer offered: choose another.', { pickup_location_id: ['is not available'] }, undefined, 'pickup_place_unavailable')
  return [db.prepare('INSERT INTO order_pickups (order_id, location_id) VALUES (?, ?) ON CONFLICT (order_id) DO UPDATE SET location_id = excluded.location_id').bind(orderId, placeId)]
}
