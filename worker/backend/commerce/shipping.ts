import type { Currency } from '#kernel/models.ts'
import { SHIPPING_COUNTRIES } from '#kernel/destinations.ts'

export interface ShippingMethodRow {
  id: number
  name: string
  code: string
  cost_aud_cents: number
  cost_usd_cents: number
  free_over_aud_cents: number | null
  free_over_usd_cents: number | null
  /** The zone it delivers to (migration 0330); its countries and GST rule are the zone's. */
  zone_id: number | null
  name_de: string
  /** Set when the operator retired it: no longer offered, still named by the orders that used it. */
  retired_at: string | null
  /** 1: collected by the shopper (Click & Collect); never chosen for them (migration 0280). */
  pickup: number
  /** Business days it usually takes (or until ready to collect); null when the method does not say. */
  delivery_days_min: number | null
  delivery_days_max: number | null
}

export interface ShippingOption {
  method: ShippingMethodRow
  costCents: number
  freeOverCents: number | null
}

export function optionFor(method: ShippingMethodRow, currency: Currency): ShippingOption {
  return {
    method,
    costCents: currency === 'AUD' ? method.cost_aud_cents : method.cost_usd_cents,
    freeOverCents: currency === 'AUD' ? method.free_over_aud_cents : method.free_over_usd_cents,
  }
}

/**
 * The zone of a country (SQL over `country`, an expression): the zone that lists it, else the rest-of-the-world zone
 * if the shop has one, else NULL (nothing delivers there). Zones, their countries and rates are the console's
 * (migration 0330, docs/checkout.md 'Zones, rates and GST'), read on every request, so a change applies at once.
 */
export const zoneOf = (country: string) =>
  `COALESCE((SELECT zc.zone_id FROM shipping_zone_countries zc WHERE zc.country_iso = ${country}), (SELECT z.id FROM shipping_zones z WHERE z.rest_of_world = 1))`

/** The rates offered in a country's zone (not retired); `?1` is the country. */
const OFFERED_SQL = `SELECT * FROM shipping_methods WHERE retired_at IS NULL AND zone_id = ${zoneOf('?1')}`

/**
 * The GST rule for a delivery to `country` (SQL expression): 1 when the zone is GST-free (an export), 0 when its
 * prices include GST. A country no zone covers is not delivered to; it counts as abroad (no Australian GST).
 */
export const gstFreeSql = (country: string) => `COALESCE((SELECT 1 - z.gst_included FROM shipping_zones z WHERE z.id = ${zoneOf(country)}), 1)`

/** The rate's name in the shopper's language (the German one when the console gave it one). */
export const methodName = (method: Pick<ShippingMethodRow, 'name' | 'name_de'>, locale: string) => (locale === 'de' && method.name_de ? method.name_de : method.name)

/** The methods that ship to `countryIso`, sorted by name, case-insensitively (spec §9). */
export async function shippingOptions(db: D1Database, countryIso: string, currency: Currency): Promise<ShippingOption[]> {
  const { results } = await db.prepare(OFFERED_SQL).bind(countryIso).all<ShippingMethodRow>()
  return optionsOf(results, currency)
}

/**
 * As shippingOptions, or null when `countryIso` is no country the store knows: neither one it ships to nor one in
 * `countries` (what GET /countries lists). A made-up code ('ZZ') is told apart from a country no method serves (an
 * empty list). One round trip.
 */
export async function knownCountryShippingOptions(db: D1Database, countryIso: string, currency: Currency): Promise<ShippingOption[] | null> {
  const [methods, country] = await db.batch([
    db.prepare(OFFERED_SQL).bind(countryIso),
    db.prepare('SELECT iso FROM countries WHERE iso = ?1 UNION SELECT country_iso FROM shipping_zone_countries WHERE country_iso = ?1').bind(countryIso),
  ])
  if (country!.results.length === 0 && !SHIPPING_COUNTRIES.includes(countryIso)) return null
  return optionsOf(methods!.results as unknown as ShippingMethodRow[], currency)
}

function optionsOf(results: ShippingMethodRow[], currency: Currency): ShippingOption[] {
  return results
    .map((m) => optionFor(m, currency))
    .sort((a, b) => a.method.name.localeCompare(b.method.name, 'en', { sensitivity: 'base' }))
}


/** What a rate costs this cart: free once the items after promotions reach its threshold. */
export const costFor = (option: ShippingOption, merchandiseAfterPromotionsCents: number) =>
  option.freeOverCents !== null && merchandiseAfterPromotionsCents >= option.freeOverCents ? 0 : option.costCents

/**
 * The rate a checkout gets before the shopper chooses one (Spree selects a rate when it builds the shipments; its
 * estimator takes the cheapest, which here would be the free Click & Collect): the cheapest rate that DELIVERS to the
 * address, never a pickup, the quicker on a tie. Null when no delivering rate serves it (the shopper then chooses).
 */
export function defaultOption(options: ShippingOption[], merchandiseAfterPromotionsCents: number): ShippingOption | null {
  const cost = (o: ShippingOption) => costFor(o, merchandiseAfterPromotionsCents)
  const days = (o: ShippingOption) => o.method.delivery_days_max ?? Number.MAX_SAFE_INTEGER
  return options.filter((o) => !o.method.pickup).sort((a, b) => cost(a) - cost(b) || days(a) - days(b) || a.method.id - b.method.id)[0] ?? null
}
