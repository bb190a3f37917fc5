import { describe, expect, it } from 'vitest'
import type { Product, Variant } from '#kernel/models.ts'
import { availabilityOf, chosenValues, chosenVariant, imagesFor, valueInStock, optionGroups } from '#web/features/product/variant-selection.ts'
import { appliedFilters, categoryTrail, pageHref, viewHref } from '#web/features/catalogue/listing-links.ts'
import { listedFacets } from '#web/features/catalogue/listed-facets.ts'
import { itemsPerPageOf, parseListingQuery, sortOf } from '#web/routes/category-query.ts'

const style = (url: string) => ({ url, width: 1, height: 1 })
const image = (url: string, optionValueId: string | null) => ({ alt: url, styles: { mobile: style(url), desktop: style(url), large: style(url) }, optionValueId })
const variant = (id: string, values: string[], stock: number): Variant => ({
  id, sku: id, optionValueIds: values, inStock: stock > 0, backorderable: false, price: { current: 100, original: 100 }, member_price: 60, onHand: stock,
})

/** A jacket in black (1) and red (4), sizes S (14) and M (15); black S sold out, red M has 2 left, red S 9. */
function jacket(overrides: Partial<Product> = {}): Product {
  return {
    _id: '2', name: 'Jacket', slug: 'jacket', description: '', price: { current: 100, original: 100 }, member_price: 60, displayPrice: '$100.00', displayMemberPrice: '$60.00',
    RRP: '$100.00', isOnSale: false, currency: 'AUD',
    images: [image('black-front', '1'), image('black-back', '1'), image('red-front', '4'), image('red-back', '4'), image('red-detail', '4')],
    optionTypes: [{ id: '2', name: 'size', presentation: 'Size' }, { id: '1', name: 'color', presentation: 'Color' }],
    optionValues: [
      { id: '14', optionTypeId: '2', name: 's', presentation: 'S' }, { id: '15', optionTypeId: '2', name: 'm', presentation: 'M' },
      { id: '1', optionTypeId: '1', name: 'black', presentation: 'Black', image_preview: '#000' }, { id: '4', optionTypeId: '1', name: 'red', presentation: 'Red', image_preview: '#c00' },
    ],
    variants: [variant('10', ['1', '14'], 0), variant('11', ['1', '15'], 5), variant('12', ['4', '14'], 9), variant('13', ['4', '15'], 2)],
    inStock: true, is_master: false, isGiftCard: false, discontinue_on: null, properties: [], breadcrumbs: [{ text: 'Home', link: '/' }, { text: 'Jacket', link: '/products/jacket' }], _categoriesRef: [],
    ...overrides,
  }
}

describe('product variant selection', () => {
  it('puts the colour group first and opens on the first variant in stock when the URL chooses nothing', () => {
    const p = jacket()
    expect(optionGroups(p).map((g) => g.type.name)).toEqual(['color', 'size'])
    expect(chosenValues(p, new URLSearchParams())).toEqual({ '1': '1', '2': '15' })
  })
  it('takes the colour and size from the URL, ignores values the product does not have, and finds the variant', () => {
    const p = jacket()
    const chosen = chosenValues(p, new URLSearchParams('color=4&size=999'))
    expect(chosen).toEqual({ '1': '4', '2': '14' })
    expect(chosenVariant(p, chosen)?.id).toBe('12')
  })
  it('shows the chosen colour’s images, however many there are', () => {
    const p = jacket()
    expect(imagesFor(p, { '1': '4' }).map((i) => i.alt)).toEqual(['red-front', 'red-back', 'red-detail'])
    expect(imagesFor(p, { '1': '1' }).map((i) => i.alt)).toEqual(['black-front', 'black-back'])
    // Images without a colour (a master-only product) are the gallery.
    expect(imagesFor(jacket({ images: [image('plain', null)] }), { '1': '4' }).map((i) => i.alt)).toEqual(['plain'])
  })
  it('marks a size sold out in the chosen colour only', () => {
    const p = jacket()
    const size = optionGroups(p).find((g) => g.type.name === 'size')!
    const small = p.optionValues.find((v) => v.id === '14')!
    expect(valueInStock(p, { '1': '1' }, size, small)).toBe(false)
    expect(valueInStock(p, { '1': '4' }, size, small)).toBe(true)
  })
  it('says in stock, low stock (3 or fewer), sold out or discontinued (spec §4)', () => {
    const p = jacket()
    expect(availabilityOf(p, p.variants[1]!)).toEqual({ state: 'in-stock' })
    expect(availabilityOf(p, p.variants[3]!)).toEqual({ state: 'low-stock', units: 2 })
    expect(availabilityOf(p, p.variants[0]!)).toEqual({ state: 'sold-out' })
    expect(availabilityOf(jacket({ discontinue_on: '2020-01-01T00:00:00Z' }), p.variants[1]!)).toEqual({ state: 'discontinued' })
    expect(availabilityOf(jacket({ inStock: false, is_master: true, variants: [] }), null)).toEqual({ state: 'in-stock' })
  })
})

describe('category listing links', () => {
  it('falls back to the default sort and items per page instead of refusing the page', () => {
    const query = parseListingQuery(new URLSearchParams('sort=cheapest&itemsPerPage=7'))
    expect(query).toMatchObject({ sort: undefined, itemsPerPage: 48, page: 1 })
    expect(sortOf(new URLSearchParams('sort=-name'))).toBe('-name')
    expect(itemsPerPageOf(new URLSearchParams('itemsPerPage=24'))).toBe(24)
    expect(parseListingQuery(new URLSearchParams('page=0'))).toBeNull()
  })
  it('links pages keeping the query, page 1 without a parameter', () => {
    expect(pageHref(new URLSearchParams('sort=name&page=3'), 1)).toBe('?sort=name')
    expect(pageHref(new URLSearchParams('sort=name'), 2)).toBe('?sort=name&page=2')
  })
  it('switches grid and list with a query link', () => {
    expect(viewHref(new URLSearchParams('o.color=1'), 'list')).toBe('?o.color=1&view=list')
    expect(viewHref(new URLSearchParams('view=list'), 'grid')).toBe('?')
  })
  it('turns each applied filter into a chip whose link drops only that filter and the page', () => {
    const search = new URLSearchParams('o.color=1&o.color=4&price=51,100&sort=name&page=2')
    // the facets as the category page sends them (listedFacets), not as the API answers
    const chips = appliedFilters(
      listedFacets([
        { name: 'color', label: 'Color', kind: 'color', options: [{ type: 'option', id: '1', value: '1', label: 'Black', count: 3, selected: true }, { type: 'option', id: '4', value: '4', label: 'Red', count: 2, selected: true }] },
        { name: 'brand', label: 'Brand', kind: 'checkbox', options: [{ type: 'property', id: 'bergfeld', value: 'bergfeld', label: 'Bergfeld', count: 1, selected: false }] },
        { name: 'price', label: 'Price', kind: 'price', options: [{ type: 'price', id: '51-100', value: '51,100', label: '51 – 100', count: 1, selected: true }] },
      ]),
      search,
    )
    expect(chips.map((c) => [c.label, decodeURIComponent(c.removeHref)])).toEqual([
      ['Color: Black', '?sort=name&o.color=4&price=51,100'],
      ['Color: Red', '?sort=name&o.color=1&price=51,100'],
      ['Price: 51 – 100', '?sort=name&o.color=1&o.color=4'],
    ])
  })
  it('sends each facet with its query key once and each option without its defaults', () => {
    const [colour, brand, price] = listedFacets([
      { name: 'color', label: 'Color', kind: 'color', options: [{ type: 'option', id: '1', value: '1', label: 'Black', count: 3, selected: true, swatch: '#111111' }, { type: 'option', id: '4', value: '4', label: 'Red', count: 2, selected: false, swatch: null }] },
      { name: 'brand', label: 'Brand', kind: 'checkbox', options: [{ type: 'property', id: 'bergfeld', value: 'bergfeld', label: 'Bergfeld', count: 1, selected: false }] },
      { name: 'price', label: 'Price', kind: 'price', options: [{ type: 'price', id: '51-100', value: '51,100', label: '51 – 100', count: 1, selected: false }] },
    ])
    expect([colour!.param, brand!.param, price!.param]).toEqual(['o.color', 'p.brand', 'price'])
    // as written into the page: nothing for a default
    expect(JSON.stringify(colour!.options)).toBe('[{"value":"1","label":"Black","count":3,"selected":true,"swatch":"#111111"},{"value":"4","label":"Red","count":2}]')
  })
  it('names every level of the breadcrumb trail from the category tree', () => {
    const leaf = { id: '2', name: 'Jackets', slug: 'jackets', permalink: 'men/jackets', items: [], taxonomy_position: 0, left: 2, hide_from_nav: false }
    const tree = [{ id: '1', name: 'Men', slug: 'men', permalink: 'men', items: [leaf], taxonomy_position: 0, left: 1, hide_from_nav: false }]
    expect(categoryTrail(tree, 'men/jackets')).toEqual([{ text: 'Men', link: '/t/men' }, { text: 'Jackets', link: '/t/men/jackets' }])
  })
})
