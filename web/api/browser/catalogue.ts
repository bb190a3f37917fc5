import type { CatalogueOperations } from '../storefront-api.ts'
import { apiRequest, withQuery } from './request.ts'

/**
 * Catalogue reads in the browser, through the BFF (worker/bff/catalogue.ts). Every method answers the same shape as
 * the server implementation, nulls included, so a loader never knows where it runs.
 */
export function browserCatalogue(): CatalogueOperations {
  return {
    getCategory: (categorySlug, opts) =>
      apiRequest('GET', withQuery('/api/categories', { slug: categorySlug, disableFilterNav: opts?.disableFilterNav ? 'true' : undefined })),
    getCategoryTree: () => apiRequest('GET', '/api/categories/tree'),
    getProducts: (query) => {
      const params: Record<string, string | number | undefined | Array<string | number>> = {
        categoryId: query.categoryId,
        term: query.term,
        price: query.priceFilter,
        page: query.page,
        itemsPerPage: query.itemsPerPage,
        sort: query.sort || undefined,
        facets: query.facets === false ? 'false' : undefined,
      }
      for (const f of query.optionTypeFilters ?? []) params[`o.${f.optionTypeName}`] = [...((params[`o.${f.optionTypeName}`] as string[]) ?? []), f.optionValueId]
      for (const f of query.productPropertyFilters ?? []) params[`p.${f.productPropertyName}`] = [...((params[`p.${f.productPropertyName}`] as string[]) ?? []), f.productPropertyValue]
      return apiRequest('GET', withQuery('/api/products', params))
    },
    getProduct: (slug, opts) => apiRequest('GET', withQuery(`/api/products/${encodeURIComponent(slug)}`, { categoryId: opts?.categoryId })),
    getProductById: async (id) => (/^\d{1,12}$/.test(id) ? apiRequest('GET', `/api/products/by-id/${id}`) : null),
    getCMSPage: (contentPageSlug) => apiRequest('GET', `/api/cms-pages/${encodeURIComponent(contentPageSlug)}`),
    getSizeGuide: (product) => apiRequest('GET', withQuery('/api/size-guides', { product })),
    getMenus: (menuType) => apiRequest('GET', withQuery('/api/menus', { type: menuType })),
    getBanners: () => apiRequest('GET', '/api/banners'),
    getCategoryBanners: (categorySlug) => apiRequest('GET', withQuery('/api/banners/category', { slug: categorySlug })),
    search: (term, opts) => apiRequest('GET', withQuery('/api/search', { term, page: opts?.page, itemsPerPage: opts?.itemsPerPage })),
    getAvailableCountries: () => apiRequest('GET', '/api/countries'),
    getCountryDetails: (iso) => apiRequest('GET', `/api/countries/${encodeURIComponent(iso)}`),
  }
}
