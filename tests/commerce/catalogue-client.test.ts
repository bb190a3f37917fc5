import { beforeAll, describe, expect, it } from 'vitest'
import { catalogueOperations } from '#worker/commerce/catalogue.ts'
import type { Category, Product } from '#kernel/models.ts'
import { seedCatalogue, seedTable } from '#tests/backend/catalogue-helpers.ts'
import { testContext } from './catalogue-context.ts'
import { BannerModel, CategoryModel, CmsPageModel, CountryModel, MenuModel, ProductListModel, ProductModel, SearchResultModel } from './model-schemas.ts'

interface SeedProduct { id: number; slug: string; name: string; discontinue_on: string | null }
const now = new Date().toISOString()
const listed = () => seedTable<SeedProduct>('products').filter((p) => p.id > 1 && (p.discontinue_on === null || p.discontinue_on > now))
const amount = (display: string) => Number(display.replace(/[^\d.,]/g, '').replace(/,(\d{2})$/, '.$1').replace(/,/g, ''))

const ops = (overrides: Parameters<typeof testContext>[0] = {}) => catalogueOperations(testContext(overrides).ctx)

beforeAll(async () => {
  await seedCatalogue()
})

describe('products', () => {
  let product: Product
  beforeAll(async () => {
    const jacket = listed().find((p) => p.slug.includes('jacket') && !p.slug.includes('kids'))!
    product = (await ops().getProduct(jacket.slug))!
  })

  it('maps a product to the §3 model: prices, images with three styles, options, variants, properties', () => {
    ProductModel.parse(product)
    expect(product.images[0]!.styles.mobile).toMatchObject({ width: 240, height: 240 })
    expect(product.images[0]!.styles.desktop).toMatchObject({ width: 350, height: 468 })
    expect(product.images[0]!.styles.large).toMatchObject({ width: 650, height: 870 })
    expect(product.optionTypes.map((t) => t.name)).toEqual(['color', 'size'])
    const colours = product.optionValues.filter((v) => v.optionTypeId === product.optionTypes[0]!.id)
    expect(colours.length).toBeGreaterThan(0)
    expect(colours.every((c) => /^#[0-9a-f]{6}$/.test(c.image_preview ?? ''))).toBe(true)
    const known = new Set(product.optionValues.map((v) => v.id))
    expect(product.variants.every((v) => v.optionValueIds.length === 2 && v.optionValueIds.every((id) => known.has(id)))).toBe(true)
    expect(product.properties.map((p) => p.name)).toEqual(expect.arrayContaining(['gender', 'material']))
    expect(product.is_master).toBe(false)
    expect(product.RRP).toContain(product.price.original.toFixed(2))
    expect(product.displayPrice).toContain(product.price.current.toFixed(2))
    expect(product.isOnSale).toBe(product.price.current < product.price.original)
  })

  it('builds breadcrumbs from Home through its category, and references its categories', () => {
    expect(product.breadcrumbs[0]).toEqual({ text: 'Home', link: '/' })
    expect(product.breadcrumbs[1]!.link).toMatch(/^\/t\/(men|women)$/)
    expect(product.breadcrumbs[2]!.link).toMatch(/^\/t\/(men|women)\/jackets$/)
    expect(product.breadcrumbs.at(-1)).toEqual({ text: product.name, link: `/products/${product.slug}` })
    expect(product._categoriesRef.length).toBeGreaterThan(0)
  })

  it('follows the shopper: USD prices and German texts', async () => {
    const de = (await ops({ currency: 'USD', locale: 'de' }).getProduct(product.slug))!
    expect(de.currency).toBe('USD')
    expect(de.price.original).toBeLessThan(product.price.original)
    expect(de.name).toMatch(/jacke$/i)
    expect(de.breadcrumbs[0]!.text).toBe('Startseite')
    expect(de.optionTypes[0]!.presentation).toBe('Farbe')
  })

  it('the Club Price of a branded product is 30-70% below its RRP', async () => {
    const branded = product.properties.some((p) => p.name === 'brand') ? product : (await ops().getProduct(listed().find((p) => !p.name.startsWith('Basecamp'))!.slug))!
    expect(branded.member_price).not.toBeNull()
    const off = 1 - branded.member_price! / branded.price.original
    expect(off).toBeGreaterThan(0.29)
    expect(off).toBeLessThan(0.71)
  })

  it('the gift card is a master product and counts as in stock; a discontinued one keeps its date', async () => {
    const gift = (await ops().getProduct('gift-card'))!
    // a product without options is sold (and wished for) through its master: its one variant, with no option values
    expect(gift).toMatchObject({ is_master: true, inStock: true, variants: [{ sku: 'GIFT-CARD', optionValueIds: [] }] })
    const gone = seedTable<SeedProduct>('products').find((p) => p.discontinue_on !== null && p.discontinue_on <= now)!
    expect((await ops().getProduct(gone.slug))!.discontinue_on).toBe(gone.discontinue_on)
  })

  it('missing products are null, not errors; ids work too', async () => {
    expect(await ops().getProduct('no-such-thing')).toBeNull()
    expect(await ops().getProductById('abc')).toBeNull()
    expect(await ops().getProductById('99999999')).toBeNull()
    expect((await ops().getProductById(product._id))!.slug).toBe(product.slug)
  })
})

describe('categories and listings', () => {
  it('the category tree: roots by taxonomy position with their children, hidden ones flagged', async () => {
    const tree = (await ops().getCategoryTree()) as Category[]
    tree.forEach((c) => CategoryModel.parse(c))
    expect(tree.map((c) => c.slug).slice(0, 3)).toEqual(['men', 'women', 'kids'])
    expect(tree[0]!.items.map((c) => c.permalink)).toEqual(['men/jackets', 'men/tops', 'men/pants', 'men/shorts', 'men/footwear'])
    expect(tree.filter((c) => c.hide_from_nav).map((c) => c.slug)).toEqual(['special-events', 'last-chance-deals'])
  })

  it('getCategory finds by permalink, in the shopper language, and null when unknown', async () => {
    const jackets = (await ops({ locale: 'de' }).getCategory('men/jackets'))!
    expect(jackets).toMatchObject({ name: 'Jacken', slug: 'jackets', permalink: 'men/jackets', items: [] })
    expect((await ops().getCategory('men'))!.items).toHaveLength(5)
    expect(await ops().getCategory('men/hats')).toBeNull()
    expect(await ops().getCategory('')).toBeNull()
  })

  it('getProducts: cards with sale, RRP and Club Price labels, and the facets of spec §7', async () => {
    const sale = (await ops().getCategory('sale'))!
    const list = await ops().getProducts({ categoryId: sale.id, itemsPerPage: 12, page: 1 })
    ProductListModel.parse(list)
    expect(list.data).toHaveLength(12)
    expect(list.meta.totalPages).toBe(Math.ceil(list.meta.totalCount / 12))
    const onSale = list.data.filter((c) => c.salePrice !== null)
    expect(onSale.length).toBeGreaterThan(0)
    for (const card of onSale) expect(amount(card.salePrice!)).toBeLessThan(amount(card.price))
    expect(list.data.some((c) => c.clubPrice !== null)).toBe(true)
    const kinds = Object.fromEntries(list.meta.facets.map((f) => [f.name, f.kind]))
    expect(kinds).toMatchObject({ color: 'color', size: 'checkbox', brand: 'checkbox', price: 'price' })
    const colour = list.meta.facets.find((f) => f.name === 'color')!
    expect(colour.options.every((o) => /^\d+$/.test(o.value) && /^#/.test(o.swatch ?? ''))).toBe(true)
    expect(list.meta.facets.find((f) => f.kind === 'price')!.options.map((o) => o.value)).toEqual(['0,50', '51,100', '101,150', '151,200', '201,300'])
  })

  it('getProducts applies option, property and price filters and marks them selected', async () => {
    const men = (await ops().getCategory('men'))!
    const all = await ops().getProducts({ categoryId: men.id })
    const red = all.meta.facets.find((f) => f.name === 'color')!.options.find((o) => o.label === 'Red')!
    const brand = all.meta.facets.find((f) => f.name === 'brand')!.options[0]!
    const filtered = await ops().getProducts({
      categoryId: men.id,
      optionTypeFilters: [{ optionTypeName: 'color', optionValueId: red.value }],
      productPropertyFilters: [{ productPropertyName: 'brand', productPropertyValue: brand.value }],
    })
    expect(filtered.meta.totalCount).toBeGreaterThan(0)
    expect(filtered.meta.totalCount).toBeLessThanOrEqual(Math.min(red.count, brand.count))
    expect(filtered.meta.facets.find((f) => f.name === 'color')!.options.find((o) => o.value === red.value)!.selected).toBe(true)
    expect(filtered.meta.facets.find((f) => f.name === 'brand')!.options.find((o) => o.value === brand.value)!.selected).toBe(true)

    const bucket = all.meta.facets.find((f) => f.kind === 'price')!.options.find((o) => o.count > 0)!
    const priced = await ops().getProducts({ categoryId: men.id, priceFilter: bucket.value, itemsPerPage: 48 })
    expect(priced.meta.totalCount).toBe(bucket.count)
    const [min, max] = bucket.value.split(',').map(Number)
    for (const card of priced.data) {
      const paid = amount(card.salePrice ?? card.price)
      expect(paid).toBeGreaterThanOrEqual(min!)
      expect(paid).toBeLessThan(max! + 1)
    }
    expect(priced.meta.facets.find((f) => f.kind === 'price')!.options.find((o) => o.value === bucket.value)!.selected).toBe(true)
  })

  it('getProducts sorts by Club Price for the listing sort options', async () => {
    const list = await ops().getProducts({ sort: '-member_price', itemsPerPage: 48 })
    const values = list.data.map((c) => amount(c.clubPrice ?? c.salePrice ?? c.price))
    values.slice(1).forEach((v, i) => expect(values[i]!).toBeGreaterThanOrEqual(v))
  })
})

describe('search', () => {
  it('40 per page by relevance (what can be bought first), folding diacritics, with matching categories', async () => {
    const result = await ops().search('muller')
    SearchResultModel.parse(result)
    expect(result.products.length).toBeLessThanOrEqual(40)
    expect(result.products.every((p) => p.title.includes('Müller'))).toBe(true)
    expect(result.productsMeta.totalCount).toBe(listed().filter((p) => p.name.includes('Müller')).length)
    // decision 0009: no sort means relevance, and a product that can be bought comes before one that cannot
    const buyable = result.products.map((p) => p.inStock)
    expect(buyable).toEqual([...buyable].sort((a, b) => Number(b) - Number(a)))
    const jack = await ops().search('jack')
    // a name several branches share is told apart by its parent
    expect(jack.categories).toEqual(expect.arrayContaining([{ name: 'Men › Jackets', slug: 'men/jackets' }]))
    expect(await ops().search('   ')).toEqual({ products: [], categories: [], productsMeta: { totalCount: 0, count: 0 }, suggestions: [] })
  })

  it('a typo finds its categories and the query meant, written as the catalogue writes it (issue 39 point 7)', async () => {
    const typo = await ops().search('jakcet')
    SearchResultModel.parse(typo)
    expect(typo.suggestions).toContain('jacket')
    expect(typo.categories).toEqual(expect.arrayContaining([{ name: 'Women › Jackets', slug: 'women/jackets' }]))
    const de = await ops({ locale: 'de' }).search('Rucksak')
    expect(de.suggestions).toContain('Rucksack')
    expect(de.categories.map((c) => c.name).join(' ')).toMatch(/Rucksäcke/)
  })
})

describe('content', () => {
  it('the home page with its carousels resolved to in-stock product cards in the shopper currency', async () => {
    const page = (await ops({ currency: 'USD' }).getCMSPage('home'))!
    CmsPageModel.parse(page)
    expect(page.type).toBe('homepage')
    expect(page.cmsSections.map((s) => s.type)).toEqual(['hero_image', 'product_carousel', 'product_carousel', 'featured_article'])
    const [newIn, sale] = page.cmsSections.filter((s) => s.type === 'product_carousel')
    expect(newIn!.products!.length).toBeGreaterThan(0)
    expect(sale!.products!.every((c) => c.inStock && c.salePrice !== null)).toBe(true)
    expect(page.cmsSections[0]!.images![0]!.styles.desktop.url).toMatch(/\.svg$/)
  })

  it('section images carry a description of the picture as alt text, in the page language', async () => {
    const alt = async (locale: 'en' | 'de') => (await ops({ locale }).getCMSPage('home'))!.cmsSections[0]!.images![0]!.alt
    expect(await alt('en')).toBe('Snow-capped peaks above an alpine lake at sunrise')
    expect(await alt('de')).toBe('Schneebedeckte Gipfel über einem Bergsee bei Sonnenaufgang')
  })

  it('static pages in German, unknown pages null', async () => {
    expect((await ops({ locale: 'de' }).getCMSPage('about-us'))!.title).toBe('Über uns')
    expect(await ops().getCMSPage('no-such-page')).toBeNull()
    expect(await ops().getCMSPage('../etc/passwd')).toBeNull()
  })

  it("menus: the header 'Main menu' and the footer menu, nested, in both languages", async () => {
    const header = await ops().getMenus('header')
    MenuModel.parse(header)
    expect(header.isDisabled).toBe(false)
    expect(header.items[0]).toMatchObject({ label: 'Men', link: '/t/men' })
    expect(header.items[0]!.items[0]).toEqual({ label: 'Jackets', link: '/t/men/jackets', items: [] })
    const footer = await ops({ locale: 'de' }).getMenus('footer')
    expect(footer.items.map((i) => i.label)).toEqual(['Einkaufen', 'Hilfe', 'Über uns'])
  })

  it('banners, category banners and countries', async () => {
    const banners = await ops().getBanners()
    banners.forEach((b) => BannerModel.parse(b))
    expect(banners).toHaveLength(3)
    expect((await ops().getCategoryBanners('men'))[0]!.link).toBe('/t/men')
    expect(await ops().getCategoryBanners('nowhere')).toEqual([])
    const countries = await ops().getAvailableCountries()
    countries.forEach((c) => CountryModel.parse(c))
    expect(countries.find((c) => c.iso === 'AU')!.label).toBe('Australia')
    const au = (await ops().getCountryDetails('au'))!
    expect(au.states).toHaveLength(8)
    expect(au.states).toContainEqual({ abbr: 'VIC', name: 'Victoria' })
    expect(await ops().getCountryDetails('XX')).toBeNull()
    expect(await ops().getCountryDetails('../')).toBeNull()
  })
})
