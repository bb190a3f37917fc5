import { beforeAll, describe, expect, it } from 'vitest'
import { api, seedCatalogue } from './catalogue-helpers.ts'
import {
  CmsPageSchema, CmsSectionSchema, CountrySchema, ErrorSchema, listOf, MenuItemSchema, MenuSchema, one, StateSchema, StoreSchema, TaxonomySchema, TaxonSchema,
} from './catalogue-schemas.ts'

beforeAll(async () => {
  await seedCatalogue()
})

const STATIC_PAGES = ['about-us', 'faqs', 'privacy-policy', 'terms-and-conditions', 'product-returns', 'sizing-guides', 'contact-us', 'gift-cards', 'great-vic-bike-ride-2023', 'guide-jamboree-2023']

describe('taxons', () => {
  it('lists root categories in taxonomy order, with children and taxonomy included', async () => {
    const res = await api('/taxons?filter[roots]=true&include=children,taxonomy&per_page=100')
    const body = listOf(TaxonSchema).parse(res.body)
    expect(body.data.map((t) => t.attributes.permalink)).toEqual([
      'men', 'women', 'kids', 'camping', 'hiking', 'cycling', 'travel', 'new-in', 'sale', 'gift-cards', 'special-events', 'last-chance-deals',
    ])
    const included = res.body.included as any[]
    const children = included.filter((r) => r.type === 'taxon')
    children.forEach((r) => TaxonSchema.parse(r))
    included.filter((r) => r.type === 'taxonomy').forEach((r) => TaxonomySchema.parse(r))
    expect(children.map((c) => c.attributes.permalink)).toContain('special-events/one-day-deal')
    const special = body.data.find((t) => t.attributes.permalink === 'special-events')!
    expect(special.attributes.hide_from_nav).toBe(true)
  })

  it('filters by parent permalink, parent id, ids and name; pages', async () => {
    const children = (await api('/taxons?filter[parent_permalink]=men')).body
    expect(children.data.map((t: any) => t.attributes.permalink)).toEqual(['men/jackets', 'men/tops', 'men/pants', 'men/shorts', 'men/footwear'])
    const men = (await api('/taxons/men')).body.data
    expect((await api(`/taxons?filter[parent_id]=${men.id}`)).body.meta.total_count).toBe(5)
    expect((await api(`/taxons?filter[ids]=${men.id}`)).body.data[0].attributes.name).toBe('Men')
    const jackets = (await api('/taxons?filter[name]=jack&per_page=100')).body
    expect(jackets.data.every((t: any) => /jack/i.test(t.attributes.name))).toBe(true)
    expect(jackets.meta.total_count).toBe(3)
    const page = (await api('/taxons?per_page=10&page=2')).body
    expect(page.data).toHaveLength(10)
    expect(page.meta.total_pages).toBe(Math.ceil(page.meta.total_count / 10))
    expect((await api('/taxons?filter[parent_permalink]=nowhere')).body.data).toEqual([])
  })

  it('shows one taxon by permalink (with a slash) or id, in German when asked', async () => {
    const res = await api('/taxons/women/dresses?locale=de&include=parent')
    one(TaxonSchema).parse(res.body)
    expect(res.body.data.attributes).toMatchObject({ name: 'Kleider', permalink: 'women/dresses', pretty_name: 'Damen -> Kleider', is_leaf: true })
    expect(res.body.included[0].attributes.name).toBe('Damen')
    const byId = await api(`/taxons/${res.body.data.id}`)
    expect(byId.body.data.attributes.name).toBe('Dresses')
  })

  it('answers 404 for an unknown permalink and 400 for a bad filter', async () => {
    const missing = await api('/taxons/men/hats')
    expect(missing.status).toBe(404)
    ErrorSchema.parse(missing.body)
    for (const q of ['filter[roots]=sometimes', 'filter[parent_id]=men', 'include=products', 'per_page=101', 'page=0']) {
      const res = await api(`/taxons?${q}`)
      expect(res.status, q).toBe(400)
      ErrorSchema.parse(res.body)
    }
  })
})

describe('CMS pages', () => {
  it('the home page has a hero image, new-in and sale carousels linked to their taxons, and a featured article', async () => {
    const res = await api('/cms_pages/home?include=cms_sections.linked_resource')
    one(CmsPageSchema).parse(res.body)
    expect(res.body.data.attributes.type).toBe('Spree::Cms::Pages::Homepage')
    const sections = res.body.included.filter((r: any) => r.type === 'cms_section')
    sections.forEach((s: any) => CmsSectionSchema.parse(s))
    expect(sections.map((s: any) => s.attributes.type.split('::').pop())).toEqual(['HeroImage', 'ProductCarousel', 'ProductCarousel', 'FeaturedArticle'])
    expect(sections[0].attributes.image_one_lg).toMatch(/^\/images\/(r\d+\/)?cms\/.+-lg\.svg$/)
    const linked = res.body.included.filter((r: any) => r.type === 'taxon').map((t: any) => t.attributes.permalink)
    expect(linked.sort()).toEqual(['new-in', 'sale'])
  })

  it.each(STATIC_PAGES)('static page %s exists in English and German', async (slug) => {
    const en = await api(`/cms_pages/${slug}?include=cms_sections`)
    const de = await api(`/cms_pages/${slug}?locale=de&include=cms_sections`)
    expect(en.status).toBe(200)
    expect(de.status).toBe(200)
    expect(en.body.data.attributes.locale).toBe('en')
    expect(de.body.data.attributes.locale).toBe('de')
    const hasText = (body: any) => Boolean(body.data.attributes.content) || body.included.length > 0
    expect(hasText(en.body) && hasText(de.body)).toBe(true)
  })

  it('the returns page promises free returns within 30 days', async () => {
    expect((await api('/cms_pages/product-returns')).body.data.attributes.content).toContain('Free returns within 30 days')
    expect((await api('/cms_pages/product-returns?locale=de')).body.data.attributes.content).toContain('innerhalb von 30 Tagen')
  })

  it('lists pages by type and title, and finds a page by id', async () => {
    const standard = (await api('/cms_pages?filter[type]=standard&per_page=100')).body
    expect(standard.data.every((p: any) => p.attributes.type === 'Spree::Cms::Pages::StandardPage')).toBe(true)
    expect(standard.meta.total_count).toBe(8)
    const home = (await api('/cms_pages?filter[type]=home')).body
    expect(home.data.map((p: any) => p.attributes.slug)).toEqual(['home'])
    const about = (await api('/cms_pages?filter[title]=About%20us')).body.data[0]
    expect((await api(`/cms_pages/${about.id}`)).body.data.attributes.slug).toBe('about-us')
  })

  it('answers 404 for an unknown page and 400 for a bad type', async () => {
    expect((await api('/cms_pages/nope')).status).toBe(404)
    expect((await api('/cms_pages?filter[type]=blog')).status).toBe(400)
    expect((await api('/cms_pages/home?include=everything')).status).toBe(400)
  })
})

describe('menus', () => {
  it("the header 'Main menu' nests categories under the root, linking to /t/ paths, in each language", async () => {
    for (const [locale, first] of [['en', 'Men'], ['de', 'Herren']] as const) {
      const res = await api(`/menus?filter[location]=header&locale=${locale}&include=menu_items`)
      const body = listOf(MenuSchema).parse(res.body)
      expect(body.data).toHaveLength(1)
      expect(body.data[0]!.attributes).toMatchObject({ name: 'Main menu', location: 'header', locale })
      const items = res.body.included
      items.forEach((i: any) => MenuItemSchema.parse(i))
      const root = items.find((i: any) => i.attributes.is_root)
      const top = root.relationships.children.data.map((c: any) => items.find((i: any) => i.id === c.id))
      expect(top[0].attributes).toMatchObject({ name: first, link: '/t/men', depth: 1 })
      const jackets = items.find((i: any) => i.id === top[0].relationships.children.data[0].id)
      expect(jackets.attributes.link).toBe('/t/men/jackets')
      expect(top.some((t: any) => t.attributes.link === '/t/special-events')).toBe(false)
    }
  })

  it("the footer 'Footer menu' has the footer links of spec §2", async () => {
    const res = await api('/menus?filter[location]=footer&include=menu_items')
    expect(res.body.data[0].attributes.name).toBe('Footer menu')
    const links = res.body.included.map((i: any) => i.attributes.link).filter(Boolean)
    expect(links).toEqual(expect.arrayContaining(['/aboutus', '/privacypolicy', '/termsandconditions', '/giftcards', '/sizingguides', '/productreturns', '/contactus']))
  })

  it('lists both menus without a location, shows one by id, and refuses a bad location', async () => {
    const both = (await api('/menus')).body
    expect(both.data.map((m: any) => m.attributes.location).sort()).toEqual(['footer', 'header'])
    expect((await api(`/menus/${both.data[0].id}`)).body.data.id).toBe(both.data[0].id)
    expect((await api('/menus/999999')).status).toBe(404)
    const bad = await api('/menus?filter[location]=sidebar')
    expect(bad.status).toBe(400)
    ErrorSchema.parse(bad.body)
  })
})

describe('banners (extension)', () => {
  it('home banners and a category banner, in the asked language', async () => {
    const home = (await api('/banners?filter[kind]=home')).body.data
    expect(home.length).toBe(3)
    expect(home[0].attributes.image_url).toMatch(/^\/images\/(r\d+\/)?banners\/.+\.svg$/)
    const men = (await api('/banners?filter[kind]=category&filter[taxon]=men&locale=de')).body.data
    expect(men).toHaveLength(1)
    expect(men[0].attributes.title).toContain('Herren')
    expect((await api('/banners?filter[kind]=category&filter[taxon]=nowhere')).body.data).toEqual([])
    expect((await api('/banners?filter[kind]=category')).status).toBe(400)
    expect((await api('/banners?filter[kind]=popup')).status).toBe(400)
  })
})

describe('countries and store', () => {
  it('lists countries with Australia as the default', async () => {
    const res = await api('/countries')
    const body = res.body
    body.data.forEach((c: any) => CountrySchema.parse(c))
    expect(body.data.map((c: any) => c.attributes.iso)).toEqual(expect.arrayContaining(['AU', 'US', 'NZ', 'DE', 'GB']))
    expect(body.data.filter((c: any) => c.attributes.default).map((c: any) => c.attributes.iso)).toEqual(['AU'])
  })

  it('shows a country by iso or iso3 with its states; Australia has its 8 states and territories', async () => {
    const au = await api('/countries/AU?include=states')
    one(CountrySchema).parse(au.body)
    au.body.included.forEach((s: any) => StateSchema.parse(s))
    expect(au.body.included.map((s: any) => s.attributes.abbr).sort()).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'])
    expect((await api('/countries/usa?include=states')).body.included.length).toBeGreaterThanOrEqual(50)
    expect((await api('/countries/DE?locale=de')).body.data.attributes.name).toBe('Deutschland')
    expect((await api('/countries/default')).body.data.attributes.iso).toBe('AU')
    expect((await api('/countries/XX')).status).toBe(404)
    expect((await api('/countries/1')).status).toBe(404)
  })

  it('answers each country and store read in one database round trip (the checkout address form asks on every visit)', async () => {
    const trips = (res: { headers: Headers }) => Number(/(?:^|,\s*)d1;desc=(\d+)/.exec(res.headers.get('server-timing') ?? '')?.[1])
    for (const path of ['/countries', '/countries/AU?include=states', '/countries/aus', '/countries/default?include=states', '/store?include=default_country', '/store']) {
      const res = await api(path)
      expect(res.status, path).toBe(200)
      expect(trips(res), path).toBe(1)
    }
    const missing = await api('/countries/XX')
    expect(missing.status).toBe(404)
    expect(trips(missing)).toBe(1)
    expect((await api('/countries/default?include=states')).body.included.map((s: any) => s.attributes.abbr)).toContain('NSW')
  })

  it('describes the store: AUD default, AUD and USD, English and German', async () => {
    const res = await api('/store?include=default_country')
    one(StoreSchema).parse(res.body)
    expect(res.body.data.attributes).toMatchObject({ default_currency: 'AUD', supported_currencies: 'AUD,USD', default_locale: 'en', supported_locales: 'en,de' })
    expect(res.body.included[0].attributes.iso).toBe('AU')
  })
})
