import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, seedCatalogue, seedTable } from './catalogue-helpers.ts'
import {
  ErrorSchema, ImageSchema, listOf, one, OptionTypeSchema, OptionValueSchema, ProductPropertySchema, ProductSchema, TaxonSchema, VariantSchema,
} from './catalogue-schemas.ts'

interface SeedProduct { id: number; slug: string; name: string; discontinue_on: string | null; available_on: string }
interface SeedPrice { variant_id: number; currency: string; amount_cents: number; compare_at_cents: number | null; member_cents: number | null }

const now = new Date().toISOString()
const products = () => seedTable<SeedProduct>('products')
const listed = () => products().filter((p) => p.available_on <= now && (p.discontinue_on === null || p.discontinue_on > now))
const masterPrice = (productId: number, currency: string) => {
  const master = seedTable<{ id: number; product_id: number; is_master: number }>('variants').find((v) => v.product_id === productId && v.is_master === 1)!
  return seedTable<SeedPrice>('prices').find((p) => p.variant_id === master.id && p.currency === currency)!
}
const ids = (body: any) => body.data.map((p: any) => Number(p.id))
const included = (body: any, type: string) => (body.included ?? []).filter((r: any) => r.type === type)

beforeAll(async () => {
  await seedCatalogue()
})

describe('GET /products', () => {
  it('lists every available product, paged, in the contract shape with its media type', async () => {
    const res = await api('/products?per_page=25')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/vnd.api+json')
    const body = listOf(ProductSchema).parse(res.body)
    expect(body.meta.total_count).toBe(listed().length)
    expect(body.meta.total_pages).toBe(Math.ceil(listed().length / 25))
    expect(body.data).toHaveLength(25)
    expect(body.links.next).toContain('page=2')
  })

  it('pages never overlap and the last page holds the remainder', async () => {
    const first = await api('/products?per_page=40&page=1')
    const second = await api('/products?per_page=40&page=2')
    expect(ids(first.body).filter((id: number) => ids(second.body).includes(id))).toEqual([])
    const lastPage = Math.ceil(listed().length / 40)
    const last = await api(`/products?per_page=40&page=${lastPage}`)
    expect(last.body.data).toHaveLength(listed().length - 40 * (lastPage - 1))
    expect(last.body.links.next).toBeUndefined()
    const beyond = await api(`/products?per_page=40&page=${lastPage + 1}`)
    expect(beyond.status).toBe(200)
    expect(beyond.body.data).toEqual([])
  })

  it('leaves out discontinued products unless asked, and keeps the gift card', async () => {
    const discontinued = products().filter((p) => p.discontinue_on !== null && p.discontinue_on <= now)
    expect(discontinued.length).toBeGreaterThan(0)
    const all = await api('/products?per_page=100&filter[show_discontinued]=true')
    expect(all.body.meta.total_count).toBe(products().length)
    const gift = await api('/products?filter[ids]=1')
    expect(gift.body.data[0].attributes).toMatchObject({ slug: 'gift-card', backorderable: true, purchasable: true, gift_card: true })
  })

  it('prices in the asked currency with the RRP and the Club Price as decimal strings and display twins', async () => {
    const branded = listed().find((p) => masterPrice(p.id, 'USD').member_cents !== null && masterPrice(p.id, 'USD').amount_cents < masterPrice(p.id, 'USD').compare_at_cents!)!
    const usd = masterPrice(branded.id, 'USD')
    const res = await api(`/products?filter[ids]=${branded.id}&currency=usd`)
    const a = res.body.data[0].attributes
    expect(a.currency).toBe('USD')
    expect(a.price).toBe((usd.amount_cents / 100).toFixed(2))
    expect(a.compare_at_price).toBe((usd.compare_at_cents! / 100).toFixed(2))
    expect(a.member_price).toBe((usd.member_cents! / 100).toFixed(2))
    expect(a.display_price).toContain((usd.amount_cents / 100).toFixed(2))
    expect(a.display_member_price).toContain((usd.member_cents! / 100).toFixed(2))
    // The Club Price is 30-70% below the RRP on branded products.
    expect(usd.member_cents! / usd.compare_at_cents!).toBeGreaterThan(0.29)
    expect(usd.member_cents! / usd.compare_at_cents!).toBeLessThan(0.71)
    const aud = await api(`/products?filter[ids]=${branded.id}`)
    expect(aud.body.data[0].attributes.currency).toBe('AUD')
    expect(aud.body.data[0].attributes.price).toBe((masterPrice(branded.id, 'AUD').amount_cents / 100).toFixed(2))
  })

  it('answers in German when asked, and in English by default', async () => {
    const jacket = listed().find((p) => p.name.endsWith(' Jacket'))!
    const de = await api(`/products?filter[ids]=${jacket.id}&locale=de&include=product_properties,images`)
    expect(de.body.data[0].attributes.name).toMatch(/jacke$/i)
    // The pictures are described in German too (product_image_translations), each starting with the German name.
    const germanAlts = included(de.body, 'image').map((i: any) => i.attributes.alt as string)
    expect(germanAlts.length).toBeGreaterThan(0)
    for (const alt of germanAlts) expect(alt).toMatch(new RegExp(`^${de.body.data[0].attributes.name}.*, (Vorderansicht|Rückansicht|Seitenansicht|Laufsohle|Detail: .+)$`))
    expect(de.body.data[0].attributes.name).not.toMatch(/Jacket/)
    expect(de.body.data[0].attributes.description).toContain('Kostenlose Rückgabe innerhalb von 30 Tagen')
    const en = await api(`/products?filter[ids]=${jacket.id}&include=images`)
    expect(en.body.data[0].attributes.name).toBe(jacket.name)
    expect(included(en.body, 'image').every((i: any) => i.attributes.alt.startsWith(`${jacket.name}`) && /view|detail/.test(i.attributes.alt))).toBe(true)
  })
})

describe('filters', () => {
  it('filter[ids] and filter[skus] return exactly those products', async () => {
    const some = listed().slice(5, 9).map((p) => p.id)
    expect(ids((await api(`/products?filter[ids]=${some.join(',')}`)).body).sort()).toEqual([...some].sort())
    const variant = seedTable<{ id: number; product_id: number; sku: string; is_master: number }>('variants').find((v) => v.is_master === 0 && v.product_id === some[0])!
    expect(ids((await api(`/products?filter[skus]=${encodeURIComponent(variant.sku)}`)).body)).toEqual([some[0]])
  })

  it('filter[taxons] includes the categories below the one asked for', async () => {
    const taxons = seedTable<{ id: number; permalink: string }>('taxons')
    const men = taxons.find((t) => t.permalink === 'men')!
    const jackets = taxons.find((t) => t.permalink === 'men/jackets')!
    const inMen = (await api(`/products?filter[taxons]=${men.id}&per_page=100`)).body
    const inJackets = (await api(`/products?filter[taxons]=${jackets.id}&per_page=100`)).body
    expect(inJackets.meta.total_count).toBeGreaterThan(5)
    expect(inMen.meta.total_count).toBeGreaterThan(inJackets.meta.total_count)
    expect(ids(inJackets).every((id: number) => ids(inMen).includes(id))).toBe(true)
    const withTaxons = await api(`/products?filter[taxons]=${jackets.id}&include=taxons&per_page=5`)
    for (const p of withTaxons.body.data) expect(p.relationships.taxons.data.map((t: any) => t.id)).toContain(String(jackets.id))
  })

  it('filter[price] keeps only prices in the range, inclusive', async () => {
    const res = await api('/products?filter[price]=50,100&per_page=100')
    expect(res.body.meta.total_count).toBeGreaterThan(0)
    for (const p of res.body.data) {
      expect(Number(p.attributes.price)).toBeGreaterThanOrEqual(50)
      expect(Number(p.attributes.price)).toBeLessThanOrEqual(100)
    }
    const expected = listed().filter((p) => masterPrice(p.id, 'AUD').amount_cents >= 5000 && masterPrice(p.id, 'AUD').amount_cents <= 10000)
    expect(res.body.meta.total_count).toBe(expected.length)
  })

  it('filter[in_stock]=true drops sold-out products', async () => {
    const all = await api('/products?per_page=1')
    const inStock = await api('/products?filter[in_stock]=true&per_page=100')
    const soldOut = await api('/products?filter[in_stock]=false&per_page=100')
    expect(soldOut.body.meta.total_count).toBeGreaterThan(0)
    expect(inStock.body.meta.total_count + soldOut.body.meta.total_count).toBe(all.body.meta.total_count)
    expect(inStock.body.data.every((p: any) => p.attributes.in_stock)).toBe(true)
    expect(soldOut.body.data.every((p: any) => !p.attributes.in_stock)).toBe(true)
  })

  it('filter[options][color] and filter[option_value_ids] find products with a variant in that colour', async () => {
    const res = await api('/products?filter[options][color]=red&include=variants.option_values&per_page=100')
    expect(res.body.meta.total_count).toBeGreaterThan(0)
    const red = included(res.body, 'option_value').find((v: any) => v.attributes.name === 'red')
    for (const p of res.body.data) {
      const values = p.relationships.variants.data.flatMap((v: any) => res.body.included.find((r: any) => r.type === 'variant' && r.id === v.id).relationships.option_values.data.map((o: any) => o.id))
      expect(values).toContain(red.id)
    }
    const byId = await api(`/products?filter[option_value_ids]=${red.id}&per_page=1`)
    expect(byId.body.meta.total_count).toBe(res.body.meta.total_count)
    const unknownValue = await api('/products?filter[options][color]=ultraviolet')
    expect(unknownValue.status).toBe(200)
    expect(unknownValue.body.meta.total_count).toBe(0)
  })

  it('values of one option type widen, different types narrow', async () => {
    const red = (await api('/products?filter[options][color]=red&per_page=1')).body.meta.total_count
    const blue = (await api('/products?filter[options][color]=blue&per_page=1')).body.meta.total_count
    const either = (await api('/products?filter[options][color]=red,blue&per_page=1')).body.meta.total_count
    const redAndM = (await api('/products?filter[options][color]=red&filter[options][size]=m&per_page=1')).body.meta.total_count
    expect(either).toBeGreaterThanOrEqual(Math.max(red, blue))
    expect(either).toBeLessThanOrEqual(red + blue)
    expect(redAndM).toBeLessThan(red)
  })

  it('filter[properties][brand] matches the brand by its filter param (umlaut folded)', async () => {
    const res = await api('/products?filter[properties][brand]=muller-outdoor&include=product_properties&per_page=100')
    expect(res.body.meta.total_count).toBeGreaterThan(0)
    for (const p of res.body.data) {
      const props = res.body.included.filter((r: any) => r.type === 'product_property' && p.relationships.product_properties.data.some((d: any) => d.id === r.id))
      expect(props.find((r: any) => r.attributes.name === 'brand').attributes.value).toBe('Müller Outdoor')
    }
  })
})

describe('stock filters', () => {
  it('filter[backorderable] and filter[purchasable] follow the variants: backorderable ones sell without stock', async () => {
    const backorderable = (await api('/products?filter[backorderable]=true&per_page=100')).body
    expect(backorderable.meta.total_count).toBeGreaterThan(0)
    expect(backorderable.data.every((p: any) => p.attributes.backorderable && p.attributes.purchasable)).toBe(true)
    const purchasable = (await api('/products?filter[purchasable]=true&per_page=1')).body.meta.total_count
    const inStock = (await api('/products?filter[in_stock]=true&per_page=1')).body.meta.total_count
    const notPurchasable = (await api('/products?filter[purchasable]=false&per_page=100')).body
    expect(purchasable).toBeGreaterThanOrEqual(inStock)
    expect(notPurchasable.data.every((p: any) => !p.attributes.purchasable && !p.attributes.in_stock)).toBe(true)
  })
})

describe('sorting', () => {
  const values = (body: any, attr: string) => body.data.map((p: any) => p.attributes[attr])
  it.each([
    ['price', 'price', (a: number, b: number) => a <= b],
    ['-price', 'price', (a: number, b: number) => a >= b],
  ])('sort=%s orders by price', async (sort, attr, inOrder) => {
    const list = values((await api(`/products?sort=${sort}&per_page=100`)).body, attr).map(Number)
    list.slice(1).forEach((v: number, i: number) => expect(inOrder(list[i]!, v)).toBe(true))
    expect(new Set(list).size).toBeGreaterThan(10)
  })

  it('sort=member_price and -member_price order by the Club Price, falling back to the price', async () => {
    for (const [sort, inOrder] of [['member_price', (a: number, b: number) => a <= b], ['-member_price', (a: number, b: number) => a >= b]] as const) {
      const body = (await api(`/products?sort=${sort}&per_page=100&currency=USD`)).body
      const list = body.data.map((p: any) => Number(p.attributes.member_price ?? p.attributes.price))
      list.slice(1).forEach((v: number, i: number) => expect(inOrder(list[i]!, v)).toBe(true))
    }
  })

  it('sort=name and -name order alphabetically in the asked language', async () => {
    const asc = values((await api('/products?sort=name&per_page=100')).body, 'name')
    expect(asc).toEqual([...asc].sort((a: string, b: string) => a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0))
    const desc = values((await api('/products?sort=-name&per_page=5&locale=de')).body, 'name')
    expect(desc[0].localeCompare(desc[4]!)).toBeGreaterThan(0)
  })

  it.each(['created_at', '-created_at', 'available_on', '-available_on'])('sort=%s orders by that date', async (sort) => {
    // The seed makes each product available on the day it is created, so available_on shows both orders.
    const list = values((await api(`/products?sort=${sort}&per_page=60`)).body, 'available_on')
    list.slice(1).forEach((v: string, i: number) => expect(sort.startsWith('-') ? list[i] >= v : list[i] <= v).toBe(true))
  })

  it('sort=-updated_at puts the newest first', async () => {
    const list = values((await api('/products?sort=-updated_at&per_page=50')).body, 'updated_at')
    list.slice(1).forEach((v: string, i: number) => expect(list[i] >= v).toBe(true))
  })
})

describe('includes', () => {
  it('include=images,variants,option_types,product_properties,taxons,default_variant returns each in the contract shape', async () => {
    const res = await api('/products?per_page=3&include=images,variants.option_values,option_types,product_properties,taxons,default_variant')
    const body = res.body
    expect(included(body, 'image').length).toBeGreaterThan(0)
    included(body, 'image').forEach((r: any) => ImageSchema.parse(r))
    included(body, 'variant').forEach((r: any) => VariantSchema.parse(r))
    included(body, 'option_type').forEach((r: any) => OptionTypeSchema.parse(r))
    included(body, 'option_value').forEach((r: any) => OptionValueSchema.parse(r))
    included(body, 'product_property').forEach((r: any) => ProductPropertySchema.parse(r))
    included(body, 'taxon').forEach((r: any) => TaxonSchema.parse(r))
    const image = included(body, 'image')[0]
    expect(image.attributes.styles.map((s: any) => `${s.width}x${s.height}`)).toEqual(['240x240', '350x468', '650x870'])
    // Every relationship named by a product is present in `included`.
    for (const p of body.data) {
      for (const rel of ['images', 'variants', 'option_types', 'product_properties', 'taxons'] as const) {
        for (const ref of p.relationships[rel].data) expect(body.included.some((r: any) => r.type === ref.type && r.id === ref.id)).toBe(true)
      }
    }
  })

  it('include=option_types.option_values, variants.images and primary_variant', async () => {
    const res = await api('/products?per_page=2&filter[options][color]=red&include=option_types.option_values,variants.images,primary_variant')
    const body = res.body
    const colourType = included(body, 'option_type').find((t: any) => t.attributes.name === 'color')
    expect(colourType.relationships.option_values.data.length).toBe(12)
    expect(included(body, 'option_value').length).toBeGreaterThanOrEqual(12)
    const variants = included(body, 'variant')
    const master = variants.find((v: any) => v.attributes.is_master)
    expect(master.id).toBe(body.data[0].relationships.primary_variant.data.id)
    // A variant's images are those of its colour.
    const withImages = variants.find((v: any) => !v.attributes.is_master && v.relationships.images.data.length > 0)
    const image = included(body, 'image').find((i: any) => i.id === withImages.relationships.images.data[0].id)
    expect(withImages.relationships.option_values.data.map((o: any) => o.id)).toContain(image.attributes.option_value_id)
  })

  it('without include there is no included section', async () => {
    expect((await api('/products?per_page=2')).body.included).toBeUndefined()
  })
})

describe('facets in meta.filters', () => {
  it('counts option values, properties and price buckets of the current result', async () => {
    const jackets = seedTable<{ id: number; permalink: string }>('taxons').find((t) => t.permalink === 'men/jackets')!
    const body = (await api(`/products?filter[taxons]=${jackets.id}&per_page=1`)).body
    const colour = body.meta.filters.option_types.find((t: any) => t.name === 'color')
    expect(colour.option_values.length).toBeGreaterThan(1)
    const first = colour.option_values[0]
    const filtered = (await api(`/products?filter[taxons]=${jackets.id}&filter[option_value_ids]=${first.id}&per_page=1`)).body
    expect(first.count).toBe(filtered.meta.total_count)
    const brand = body.meta.filters.product_properties.find((p: any) => p.name === 'brand')
    const someBrand = brand.values[0]
    const byBrand = (await api(`/products?filter[taxons]=${jackets.id}&filter[properties][brand]=${someBrand.filter_param}&per_page=1`)).body
    expect(someBrand.count).toBe(byBrand.meta.total_count)
    expect(body.meta.filters.price.buckets.map((b: any) => b.range)).toEqual(['0-50', '51-100', '101-150', '151-200', '201-300'])
    const bucket = body.meta.filters.price.buckets.find((b: any) => b.count > 0)
    const inBucket = (await api(`/products?filter[taxons]=${jackets.id}&filter[price]=${bucket.min},${bucket.max}&per_page=1`)).body
    expect(bucket.count).toBe(inBucket.meta.total_count)
  })

  it('a chosen colour still shows the other colours with their counts, while other facets narrow', async () => {
    const all = (await api('/products?per_page=1')).body.meta.filters
    const red = all.option_types.find((t: any) => t.name === 'color').option_values.find((v: any) => v.name === 'red')
    const withRed = (await api(`/products?filter[option_value_ids]=${red.id}&per_page=1`)).body.meta.filters
    const colours = withRed.option_types.find((t: any) => t.name === 'color').option_values
    expect(colours.length).toBeGreaterThan(1)
    expect(colours.find((v: any) => v.name === 'red').count).toBe(red.count)
    const gender = (f: any) => f.product_properties.find((p: any) => p.name === 'gender').values.reduce((n: number, v: any) => n + v.count, 0)
    expect(gender(withRed)).toBeLessThan(gender(all))
  })

  it('facets=false leaves them out', async () => {
    expect((await api('/products?facets=false&per_page=1')).body.meta.filters).toBeUndefined()
  })
})

describe('GET /products/{slug}', () => {
  it('finds a product by slug and by id, with includes', async () => {
    const p = listed()[10]!
    const bySlug = await api(`/products/${p.slug}?include=images,variants,option_types`)
    expect(bySlug.status).toBe(200)
    one(ProductSchema).parse(bySlug.body)
    expect(bySlug.body.data.id).toBe(String(p.id))
    expect(included(bySlug.body, 'variant').length).toBe(bySlug.body.data.relationships.variants.data.length)
    const byId = await api(`/products/${p.id}`)
    expect(byId.body.data.attributes.slug).toBe(p.slug)
  })

  it('shows a discontinued product as unavailable rather than hiding it', async () => {
    const gone = products().find((p) => p.discontinue_on !== null && p.discontinue_on <= now)!
    const res = await api(`/products/${gone.slug}`)
    expect(res.status).toBe(200)
    expect(res.body.data.attributes).toMatchObject({ available: false, purchasable: false, discontinue_on: gone.discontinue_on })
  })

  it('answers 404 in the error shape for an unknown slug', async () => {
    const res = await api('/products/no-such-product')
    expect(res.status).toBe(404)
    ErrorSchema.parse(res.body)
  })
})

describe('bad parameters', () => {
  it.each([
    'sort=bogus', 'sort=price,-bogus', 'page=0', 'page=-1', 'page=abc', 'per_page=10000', 'per_page=0', 'per_page=1.5',
    'filter[price]=abc', 'filter[price]=100,10', 'filter[price]=,', 'filter[ids]=a,b', 'filter[taxons]=men', 'filter[in_stock]=maybe',
    'filter[options][nosuch]=x', 'filter[properties][nosuch]=x', 'filter[bogus]=1', 'filter[[x]]=1', 'include=bogus', 'include=images,secrets',
    'currency=EUR', 'locale=fr', 'facets=perhaps',
  ])('%s → 400 in the error shape', async (query) => {
    const res = await api(`/products?${query}`)
    expect(res.status).toBe(400)
    expect(ErrorSchema.parse(res.body).errors).toBeDefined()
  })

  it('never answers 500, whatever the query string', async () => {
    const key = fc.constantFrom('filter[name]', 'filter[price]', 'filter[ids]', 'filter[skus]', 'filter[taxons]', 'filter[options][color]', 'filter[properties][brand]', 'sort', 'page', 'per_page', 'include', 'currency', 'locale')
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, fc.string({ maxLength: 30 })), { maxLength: 4 }), async (pairs) => {
        const query = new URLSearchParams(pairs).toString()
        const res = await api(`/products?${query}`)
        expect(res.status).toBeLessThan(500)
      }),
      { numRuns: 60 },
    )
  })
})
