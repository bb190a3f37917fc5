import type { Locale } from '#kernel/models.ts'
import { BackendError } from '../shared/errors.ts'

/**
 * Click & Collect places at checkout (migration 0400, decision 0055): a pickup rate (shipping_methods.pickup = 1)
 * offers the active places; the shopper's choice is a row of order_pickups beside the cart, never a default.
 */

/** A place as the shopper reads it, in their language; `ready_at`: when the shop said a placed order is ready. */
export interface PickupPlace {
  id: number
  name: string
  /** The address, one entry a line. */
  address: string[]
  hours: string
  ready_at?: string | null
}

/** A place `l` as a JSON object (SQL) in `locale`: one of two fixed column names, never input. */
const placeJson = (locale: Locale, more = '') =>
  `json_object('id', l.id, 'name', l.name${locale === 'de' ? '_de' : ''}, 'address', l.address, 'hours', l.hours${locale === 'de' ? '_de' : ''}${more})`

export const parsePlace = (json: string | null | undefined): PickupPlace | null => {
  const place = json ? (JSON.parse(json) as Omit<PickupPlace, 'address'> & { address: string }) : null
  return place && { ...place, address: place.address.split('\n') }
}

/**
 * The place chosen for order `?1` (SQL), read in the cart's own statement with its shipping method: a cart's place
 * must still be offered (a retired one is chosen again), a placed order keeps its place.
 */
export const chosenPlaceSql = (locale: Locale) => `(SELECT ${placeJson(locale, ", 'ready_at', p.ready_at")}
  FROM order_pickups p JOIN collect_locations l ON l.id = p.location_id JOIN orders o ON o.id = p.order_id
  WHERE p.order_id = ?1 AND (l.retired_at IS NULL OR o.completed_at IS NOT NULL))`

/** SQL: 1 when the shop offers any place (then a pickup needs one; a shop without places collects as before). */
export const PLACES_OFFERED_SQL = 'EXISTS (SELECT 1 FROM collect_locations WHERE retired_at IS NULL)'

/** The places offered at checkout now, by name. */
export async function activePlaces(db: D1Database, locale: Locale): Promise<PickupPlace[]> {
  const rows = await db.prepare(`SELECT ${placeJson(locale)} AS place FROM collect_locations l WHERE retired_at IS NULL ORDER BY name, id`).all<{ place: string }>()
  return rows.results.map((r) => parsePlace(r.place)!)
}

/** Said when a pickup rate is chosen without a place that is offered (nothing is chosen for the shopper). */
export const PLACE_MISSING = 'Choose where you will collect your order.'

/**
 * The statements that keep the shopper's place with the chosen rate: a pickup rate needs an offered place while the
 * shop has any (422 otherwise, nothing written); any other rate drops a place chosen before.
 */
export async function placeStatements(db: D1Database, orderId: number, pickup: boolean, placeId: number | undefined): Promise<D1PreparedStatement[]> {
  // without a place given: is any offered (then one is needed); with one: is it offered
  const offered = pickup && (await db.prepare('SELECT 1 FROM collect_locations WHERE retired_at IS NULL AND id = COALESCE(?, id)').bind(placeId ?? null).first())
  if (pickup && (placeId === undefined) === Boolean(offered)) throw new BackendError(422, PLACE_MISSING, { pickup_location_id: ['is missing'] }, undefined, 'pickup_place_missing')
  if (placeId === undefined || !pickup) return [db.prepare('DELETE FROM order_pickups WHERE order_id = ?').bind(orderId)]
  return [db.prepare('INSERT INTO order_pickups (order_id, location_id) VALUES (?, ?) ON CONFLICT (order_id) DO UPDATE SET location_id = excluded.location_id').bind(orderId, placeId)]
}

/** A Click & Collect place's words, as the console's form sets them. */
export interface PlaceTerms {
  name: string
  name_de: string
  address: string
  hours: string
  hours_de: string
}

/** A place written: a new one with the id taken before (`exists` false), or the one with `id`. */
export function placeStatement(db: D1Database, id: number, exists: boolean, place: PlaceTerms, retiredAt: string | null): D1PreparedStatement {
  const columns = '(name, name_de, address, hours, hours_de, retired_at)'
  return db
    .prepare(exists ? `UPDATE collect_locations SET ${columns} = (?, ?, ?, ?, ?, ?) WHERE id = ?` : `INSERT INTO collect_locations ${columns.replace(')', ', id)')} VALUES (?, ?, ?, ?, ?, ?, ?)`)
    .bind(place.name, place.name_de, place.address, place.hours, place.hours_de, retiredAt, id)
}
