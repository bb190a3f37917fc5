import { SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { catalogueOperations } from '#worker/commerce/catalogue.ts'
import { seedCatalogue } from '#tests/backend/catalogue-helpers.ts'
import { testContext } from './catalogue-context.ts'
import { CmsPageModel, CountryModel, MenuModel, ProductListModel, ProductModel, SearchResultModel } from './model-schemas.ts'

// The browser's StorefrontApi calls these BFF routes; loaders run on both sides, so the answers must be exactly what
// the server implementation returns.
const bff = async (path: string, cookie = '') => {
  const res = await SELF.fetch(`https://store.test${path}`, { headers: cookie ? { cookie } : {} })
  return { status: res.status, body: (await res.json()) as any }
}
const server = (overrides: Parameters<typeof testContext>[0] = {}) => catalogueOperations(testContext(overrides).ctx)

beforeAll(async () => {
  await seedCatalogue(80)
})

describe('BFF catalogue routes', () => {
  it('answer exactly what the server implementation returns', async () => {
    const api = server()
    const tree = await api.getCategoryTree()
    const jackets = (await api.getCategory('men/jackets'))!
    const list = await api.getProducts({ categoryId: jackets.id, itemsPerPage: 12 })
    const slug = list.data[0]!.slug
    const pairs: Array<[string, unknown]> = [
      ['/api/categories/tree', tree],
      ['/api/categories?slug=men/jackets', jackets],
      [`/api/products?categoryId=${jackets.id}&itemsPerPage=12`, list],
      [`/api/products/${slug}`, await api.getProduct(slug)],
      [`/api/products/by-id/${list.data[0]!.id}`, await api.getProductById(list.data[0]!.id)],
      ['/api/cms-pages/home', await api.getCMSPage('home')],
      ['/api/menus?type=footer', await api.getMenus('footer')],
      ['/api/banners', await api.getBanners()],
      ['/api/banners/category?slug=men', await api.getCategoryBanners('men')],
      ['/api/search?term=jack', await api.search('jack')],
      ['/api/countries', await api.getAvailableCountries()],
      ['/api/countries/AU', await api.getCountryDetails('AU')],
    ]
    for (const [path, expected] of pairs) {
      const res = await bff(path)
      expect(res.status, path).toBe(200)
      expect(res.body, path).toEqual(JSON.parse(JSON.stringify(expected)))
    }
    ProductListModel.parse(list)
    ProductModel.parse(await api.getProduct(slug))
    CmsPageModel.parse(await api.getCMSPage('home'))
    MenuModel.parse(await api.getMenus('footer'))
    SearchResultModel.parse(await api.search('jack'))
    ;(await api.getAvailableCountries()).forEach((c) => CountryModel.parse(c))
  })

  it('follow the shopper cookies: German and US dollars', async () => {
    const res = await bff('/api/categories?slug=women', 'locale=de; currency=USD')
    expect(res.body.name).toBe('Damen')
    const list = await bff(`/api/products?categoryId=${res.body.id}&itemsPerPage=12`, 'locale=de; currency=USD')
    expect(list.body).toEqual(await server({ locale: 'de', currency: 'USD' }).getProducts({ categoryId: res.body.id, itemsPerPage: 12 }))
  })

  it('take the category listing filters as o.{type}, p.{property} and price, like the page URL', async () => {
    const api = server()
    const all = await api.getProducts({})
    const colour = all.meta.facets.find((f) => f.name === 'color')!.options[0]!
    const gender = all.meta.facets.find((f) => f.name === 'gender')!.options[0]!
    const query = `o.color=${colour.value}&p.gender=${gender.value}&price=0,300&sort=name`
    const res = await bff(`/api/products?${query}`)
    expect(res.body).toEqual(
      await api.getProducts({
        optionTypeFilters: [{ optionTypeName: 'color', optionValueId: colour.value }],
        productPropertyFilters: [{ productPropertyName: 'gender', productPropertyValue: gender.value }],
        priceFilter: '0,300',
        sort: 'name',
      }),
    )
    expect(res.body.meta.totalCount).toBeGreaterThan(0)
    expect(res.body.meta.totalCount).toBeLessThan(all.meta.totalCount)
  })

  it('answer null for missing things, as the server implementation does', async () => {
    for (const path of ['/api/categories?slug=men/hats', '/api/products/no-such-product', '/api/products/by-id/99999999', '/api/cms-pages/nope', '/api/countries/XX']) {
      const res = await bff(path)
      expect(res.status, path).toBe(200)
      expect(res.body, path).toBeNull()
    }
  })

  it('refuse bad input with 400 and field messages, never 500', async () => {
    for (const path of [
      '/api/menus?type=sidebar', '/api/categories', '/api/products?page=0', '/api/products?itemsPerPage=1000', '/api/products?price=cheap',
      '/api/products?o.color=red', '/api/products?categoryId=men', '/api/products?sort=bogus', '/api/search', '/api/search?term=x&page=-1',
      '/api/banners/category',
    ]) {
      const res = await bff(path)
      expect(res.status, path).toBe(400)
      expect(typeof res.body.error, path).toBe('string')
    }
  })
})
