import { DEFAULT_COUNTRY } from './config.ts'

// Where the store delivers and what that means for GST (docs/checkout.md 'Delivery abroad'). Apart from kernel/config.ts
// so the first-visit bundle does not carry what only checkout and the worker use.

/** The 27 member states of the European Union: one shipping zone (docs/checkout.md 'Delivery abroad'). */
export const EU_COUNTRIES = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'] as const
/** Where the store delivers: Australia, then the zones abroad (New Zealand, United States, United Kingdom, EU). */
export const SHIPPING_COUNTRIES: readonly string[] = [DEFAULT_COUNTRY, 'NZ', 'US', 'GB', ...EU_COUNTRIES]
/** Countries whose addresses need a state from the country's list (the others leave it empty). */
export const STATE_COUNTRIES: readonly string[] = ['AU', 'US']
/** A delivery outside Australia is an export: no Australian GST is charged on its goods or shipping. */
export const isGstFree = (countryIso: string | null | undefined) => Boolean(countryIso) && countryIso !== DEFAULT_COUNTRY

const regionNames = new Map<string, Intl.DisplayNames>()
/** A country's name in a language (`AU` → 'Australia', `DE` with 'de-DE' → 'Deutschland'); the code if it names none. */
export function countryName(iso: string, languageTag = 'en'): string {
  let names = regionNames.get(languageTag)
  if (!names) regionNames.set(languageTag, (names = new Intl.DisplayNames([languageTag], { type: 'region' })))
  try {
    return names.of(iso) ?? iso
  } catch {
    return iso
  }
}

/**
 * Something in the cart is to be shipped: a line that is not an (emailed) e-gift card. A cart of only gift cards has
 * no shipping step, address or charge (docs/checkout.md 'Nothing to ship').
 */
export const needsDelivery = (lines: ReadonlyArray<{ giftCard?: boolean }>) => lines.some((line) => !line.giftCard)
