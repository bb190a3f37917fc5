import { describe, expect, it, vi } from 'vitest'
import { catalogueOperations } from '#worker/commerce/catalogue.ts'
import { createServerApi } from '#worker/commerce/server-api.ts'
import { ApiError } from '#web/api/storefront-api.ts'
import productShow from '#tests/fixtures/spree-product-show.json'
import productList from '#tests/fixtures/spree-products-list.json'
import menus from '#tests/fixtures/spree-menus.json'
import { testContext } from './catalogue-context.ts'
import { MenuModel, ProductListModel, ProductModel } from './model-schemas.ts'

// With COMMERCE_URL set, the client talks HTTP to a real Spree 4.x. These answers were recorded in the contract's
// shape (Spree 4.10 Storefront API): no Club Price, colour hexes in `presentation`, Spree's own image styles.
const SPREE = 'https://spree.example.com/'

function answer(body: unknown, status = 200) {
  // A fresh Response per call: the transport reads each answer's body (within its deadline).
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } }))
}
const requested = (spy: ReturnType<typeof answer>, call = 0) => {
  const [input, init] = spy.mock.calls[call]!
  return { url: new URL(String(input)), headers: new Headers(init?.headers) }
}
const ops = (overrides: Parameters<typeof testContext>[0] = {}) => catalogueOperations(testContext({ commerceUrl: SPREE, ...overrides }).ctx)

describe('the HTTP transport to a real Spree (COMMERCE_URL)', () => {
  it('asks Spree for the product with the includes, locale and currency, as JSON:API', async () => {
    const spy = answer(productShow)
    await ops({ currency: 'USD', locale: 'de' }).getProduct('bomber-jacket')
    const { url, headers } = requested(spy)
    expect(url.origin + url.pathname).toBe('https://spree.example.com/api/v2/storefront/products/bomber-jacket')
    expect(url.searchParams.get('include')!.split(',')).toEqual(expect.arrayContaining(['images', 'variants.option_values', 'option_types', 'product_properties', 'taxons']))
    expect(url.searchParams.get('locale')).toBe('de')
    expect(url.searchParams.get('currency')).toBe('USD')
    expect(headers.get('accept')).toBe('application/vnd.api+json')
  })

  it('maps a recorded Spree product to the §3 model', async () => {
    answer(productShow)
    const product = (await ops({ currency: 'USD' }).getProduct('bomber-jacket'))!
    ProductModel.parse(product)
    expect(product).toMatchObject({
      _id: '96',
      name: 'Bomber Jacket',
      price: { current: 38.99, original: 49.99 },
      isOnSale: true,
      displayPrice: '$38.99',
      RRP: '$49.99',
      member_price: null,
      displayMemberPrice: null,
      currency: 'USD',
      inStock: true,
      is_master: false,
      _categoriesRef: ['19'],
    })
    // Spree's styles are mapped to the nearest of ours: 240 product, 448x600 listing, 650x870 zoomed.
    expect(product.images[0]!.styles.mobile.url).toContain('/product/')
    expect(product.images[0]!.styles.desktop).toMatchObject({ width: 448, height: 600 })
    expect(product.images[0]!.styles.large).toMatchObject({ width: 650, height: 870 })
    expect(product.optionValues.find((v) => v.name === 'red')).toMatchObject({ presentation: 'Red', image_preview: '#FF0000', optionTypeId: '1' })
    expect(product.variants.map((v) => v.inStock)).toEqual([true, false])
    expect(product.properties).toEqual([{ name: 'manufacturer', presentation: 'Manufacturer', value: 'Wilson' }])
    expect(product.breadcrumbs.map((b) => b.link)).toEqual(['/', '/t/categories', '/t/categories/men', '/t/categories/men/jackets-and-coats', '/products/bomber-jacket'])
    expect(product.breadcrumbs[3]!.text).toBe('Jackets and Coats')
  })

  it('maps a recorded listing, with Spree filters (no counts) as facets, and sends the listing filters', async () => {
    const spy = answer(productList)
    const list = await ops().getProducts({
      categoryId: '19',
      optionTypeFilters: [{ optionTypeName: 'color', optionValueId: '3' }],
      productPropertyFilters: [{ productPropertyName: 'brand', productPropertyValue: 'alpha' }],
      priceFilter: '0,50',
      page: 2,
      itemsPerPage: 24,
      sort: 'name',
    })
    ProductListModel.parse(list)
    const { url } = requested(spy)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'filter[taxons]': '19', 'filter[option_value_ids]': '3', 'filter[properties][brand]': 'alpha', 'filter[price]': '0,50.99', page: '2', per_page: '24', sort: 'name',
    })
    expect(list.meta).toMatchObject({ totalCount: 116, totalPages: 58, count: 2 })
    expect(list.data[0]).toMatchObject({ title: 'Bomber Jacket', price: '$49.99', salePrice: '$38.99', clubPrice: null, image: null, link: '/products/bomber-jacket' })
    expect(list.data[1]).toMatchObject({ price: '$61.99', salePrice: null, inStock: false })
    const colour = list.meta.facets.find((f) => f.name === 'color')!
    expect(colour.kind).toBe('color')
    expect(colour.options.find((o) => o.value === '3')).toMatchObject({ label: 'Red', swatch: '#FF0000', selected: true, count: 0 })
    expect(list.meta.facets.find((f) => f.name === 'brand')!.options.map((o) => [o.value, o.selected])).toEqual([['alpha', true], ['beta', false]])
  })

  it("maps a recorded menu: the root container's children, nested", async () => {
    const spy = answer(menus)
    const menu = await ops().getMenus('header')
    MenuModel.parse(menu)
    expect(menu).toEqual({ isDisabled: false, items: [{ label: 'Women', link: '/t/categories/women', items: [{ label: 'Skirts', link: '/t/categories/women/skirts', items: [] }] }] })
    expect(requested(spy).url.searchParams.get('filter[location]')).toBe('header')
  })

  it('404 means not found (null, or no banners on a Spree without our extension)', async () => {
    answer({ error: 'The resource you were looking for could not be found.' }, 404)
    expect(await ops().getProduct('nothing-here')).toBeNull()
    expect(await ops().getBanners()).toEqual([])
    expect(await ops().getCountryDetails('XX')).toBeNull()
  })

  it('a Spree error or an unreachable Spree becomes an ApiError a person can read', async () => {
    answer({ error: 'boom' }, 500)
    const serverError = await ops().getProducts({}).catch((e: unknown) => e)
    expect(serverError).toBeInstanceOf(ApiError)
    expect((serverError as ApiError).status).toBe(502)
    expect((serverError as ApiError).message).toMatch(/not available right now/)
    vi.mocked(globalThis.fetch).mockRestore()

    answer({ error: 'per_page must be at most 100', errors: { per_page: ['per_page must be at most 100'] } }, 400)
    const badRequest = (await ops().getProducts({}).catch((e: unknown) => e)) as ApiError
    expect(badRequest.status).toBe(400)
    expect(badRequest.errors).toEqual({ per_page: ['per_page must be at most 100'] })
    vi.mocked(globalThis.fetch).mockRestore()

    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'))
    const offline = (await ops().getProduct('bomber-jacket').catch((e: unknown) => e)) as ApiError
    expect(offline).toBeInstanceOf(ApiError)
    expect(offline.status).toBe(503)
    vi.mocked(globalThis.fetch).mockRestore()

    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 200 }))
    expect(((await ops().getProduct('bomber-jacket').catch((e: unknown) => e)) as ApiError).status).toBe(502)
  })
})

describe("a Spree without this store's extensions", () => {
  const extensions = () => createServerApi(testContext({ commerceUrl: SPREE }).ctx)
  const refusal = async (call: Promise<unknown>) => (await call.catch((e: unknown) => e)) as ApiError

  it("answers their paths with its generic 404: the shopper is told which service the shop does not offer", async () => {
    const spy = answer({ error: 'The resource you were looking for could not be found.' }, 404)
    const newsletter = await refusal(extensions().subscribeNewsletter('ada@example.com'))
    expect(requested(spy).url.pathname).toBe('/api/v2/storefront/newsletter/subscribe')
    expect(newsletter).toMatchObject({ status: 404, message: 'This shop has no newsletter.' })
    const contact = await refusal(extensions().sendContactMessage({ name: 'Ada', email: 'ada@example.com', message: 'Hello there' }))
    expect(contact).toMatchObject({ status: 404, message: 'Messages cannot be sent from this page; please write to us by email.' })
    vi.mocked(globalThis.fetch).mockRestore()
  })

  it('keeps a 404 that names a field: that is the backend refusing the input, not a missing extension', async () => {
    answer({ error: 'Unknown email', errors: { email: ['Unknown email'] } }, 404)
    const refused = await refusal(extensions().subscribeNewsletter('ada@example.com'))
    expect(refused).toMatchObject({ status: 404, message: 'Unknown email' })
    vi.mocked(globalThis.fetch).mockRestore()
  })
})
