import type { Country } from '#kernel/models.ts'
import type { StorefrontApi } from '../api/storefront-api.ts'
import { DEFAULT_COUNTRY } from '#kernel/config.ts'
import { countryName, SHIPPING_COUNTRIES, STATE_COUNTRIES } from '#kernel/destinations.ts'

/**
 * The destinations an address form offers (docs/checkout.md 'Delivery abroad'): Australia first, then the others by
 * their name in the page's language, each with its states where an address needs one.
 */
export async function shippingCountries(api: Pick<StorefrontApi, 'getAvailableCountries' | 'getCountryDetails'>): Promise<Country[]> {
  const [all, ...detailed] = await Promise.all([api.getAvailableCountries(), ...STATE_COUNTRIES.map((iso) => api.getCountryDetails(iso))])
  const states = new Map(detailed.filter((c): c is Country => Boolean(c)).map((c) => [c.iso, c.states]))
  // every destination, even one the commerce backend does not list (a remote Spree): named in English then
  const listed = new Map(all.map((c) => [c.iso, c.label]))
  return SHIPPING_COUNTRIES.map((iso) => ({ iso, label: listed.get(iso) ?? countryName(iso), states: states.get(iso) ?? [] }))
    .sort((a, b) => Number(b.iso === DEFAULT_COUNTRY) - Number(a.iso === DEFAULT_COUNTRY) || a.label.localeCompare(b.label))
}
