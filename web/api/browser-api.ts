import type { StorefrontApi } from './storefront-api.ts'
import { browserCatalogue } from './browser/catalogue.ts'
import { browserShopper } from './browser/shopper.ts'

/** The browser side of `StorefrontApi`: every call goes to the BFF at /api/*. */
export function createBrowserApi(): StorefrontApi {
  return { ...browserCatalogue(), ...browserShopper() }
}
