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
