import type { CatalogueOperations } from '../storefront-api.ts'
import { apiRequest, withQuery } from './request.ts'

/** Catalogue reads in the browser, through the BFF (worker/bff/catalogue.ts). */
export function browserCatalogue(): CatalogueOperations {
  const emptyList = { data: [], meta: { facets: [], totalPages: 0, totalCount: 0, count: 0 } }
  return {
    getCategory: async () => null,
    getCategoryTree: async () => [],
    getProducts: async () => emptyList,
    getProduct: async () => null,
    getProductById: async () => null,
    getCMSPage: async () => null,
    getMenus: (menuType) => apiRequest('GET', withQuery('/api/menus', { type: menuType })),
    getBanners: async () => [],
    getCategoryBanners: async () => [],
    search: async () => ({ products: [], categories: [], productsMeta: { totalCount: 0, count: 0 } }),
    getAvailableCountries: async () => [],
    getCountryDetails: async () => null,
  }
}
