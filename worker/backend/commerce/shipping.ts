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
  countries: string | null
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

/** The methods that ship to `countryIso`, sorted by name, case-insensitively (spec §9). */
export async function shippingOptions(db: D1Database, countryIso: string, currency: Currency): Promise<ShippingOption[]> {
  const { results } = await db.prepare('SELECT * FROM shipping_methods').all<ShippingMethodRow>()
  return optionsOf(results, countryIso, currency)
}

/**
 * As shippingOptions, or null when `countryIso` is no country the store knows: neither one it ships to nor one in
 * `countries` (what GET /countries lists). A made-up code ('ZZ') is told apart from a country no method serves (an
 * empty list). One round trip.
 */
export async function knownCountryShippingOptions(db: D1Database, countryIso: string, currency: Currency): Promise<ShippingOption[] | null> {
  const [methods, country] = await db.batch([db.prepare('SELECT * FROM shipping_methods'), db.prepare('SELECT iso FROM countries WHERE iso = ?').bind(countryIso)])
  if (country!.results.length === 0 && !SHIPPING_COUNTRIES.includes(countryIso)) return null
  return optionsOf(methods!.results as unknown as ShippingMethodRow[], countryIso, currency)
}

function optionsOf(results: ShippingMethodRow[], countryIso: string, currency: Currency): ShippingOption[] {
  return results
    .filter((m) => !m.countries || m.countries.split(',').includes(countryIso))
    .map((m) => optionFor(m, currency))
    .sort((a, b) => a.method.name.localeCompare(b.method.name, 'en', { sensitivity: 'base' }))
}

