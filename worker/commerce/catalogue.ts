import type { CatalogueOperations } from '#web/api/storefront-api.ts'
import type { CommerceContext } from './context.ts'

// Until the catalogue backend lands (issue 3) the store has nothing to show: every read finds nothing.
export function catalogueOperations(_ctx: CommerceContext): CatalogueOperations {
  const emptyList = { data: [], meta: { facets: [], totalPages: 0, totalCount: 0, count: 0 } }
  return {
    getCategory: async () => null,
    getCategoryTree: async () => [],
    getProducts: async () => emptyList,
    getProduct: async () => null,
    getProductById: async () => null,
    getCMSPage: async () => null,
    getMenus: async () => ({ items: [], isDisabled: false }),
    getBanners: async () => [],
    getCategoryBanners: async () => [],
    search: async () => ({ products: [], categories: [], productsMeta: { totalCount: 0, count: 0 } }),
    getAvailableCountries: async () => [],
    getCountryDetails: async () => null,
  }
}
