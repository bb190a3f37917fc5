import type { Currency } from '#web/api/models.ts'

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
  return results
    .filter((m) => !m.countries || m.countries.split(',').includes(countryIso))
    .map((m) => optionFor(m, currency))
    .sort((a, b) => a.method.name.localeCompare(b.method.name, 'en', { sensitivity: 'base' }))
}

