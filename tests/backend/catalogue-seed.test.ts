import { describe, expect, it } from 'vitest'
import { defaultSeedStatements, generateSeed } from '#kv-seed/sql.mjs'
import { seedTable } from './catalogue-helpers.ts'

// The sample store is what a fresh clone shows: these are the promises issue 3 makes about it.
const rows = <T>(name: string) => seedTable<T>(name)

describe('the sample store', () => {
  it('is deterministic: the same statements every time', () => {
    expect(defaultSeedStatements({ products: 30 })).toEqual(defaultSeedStatements({ products: 30 }))
  })

  it('has at least 400 products across every leaf category, plus the gift card', () => {
    const products = rows<{ id: number; slug: string; kind: string }>('products')
    expect(products.length).toBeGreaterThanOrEqual(401)
    expect(products.find((p) => p.slug === 'gift-card')).toMatchObject({ id: 1, kind: 'gift_card' })
    const taxons = rows<{ id: number; permalink: string; lft: number; rgt: number }>('taxons')
    const classified = new Set(rows<{ taxon_id: number }>('classifications').map((c) => c.taxon_id))
    const empty = taxons.filter((t) => t.rgt - t.lft === 1 && !classified.has(t.id)).map((t) => t.permalink)
    expect(empty).toEqual([])
    for (const permalink of ['new-in', 'sale', 'last-chance-deals', 'special-events/one-day-deal', 'gift-cards']) {
      expect(taxons.some((t) => t.permalink === permalink), permalink).toBe(true)
    }
  })

  it('has sold-out, discontinued and backorderable products, and colour × size variants', () => {
    const variants = rows<{ product_id: number; is_master: number; stock_on_hand: number; backorderable: number }>('variants')
    const byProduct = new Map<number, typeof variants>()
    for (const v of variants.filter((v) => v.is_master === 0)) byProduct.set(v.product_id, [...(byProduct.get(v.product_id) ?? []), v])
    const soldOut = [...byProduct.values()].filter((list) => list.every((v) => v.stock_on_hand === 0 && v.backorderable === 0))
    expect(soldOut.length).toBeGreaterThan(5)
    expect([...byProduct.values()].some((list) => list.some((v) => v.backorderable === 1))).toBe(true)
    expect(rows<{ discontinue_on: string | null }>('products').filter((p) => p.discontinue_on && p.discontinue_on < '2026').length).toBeGreaterThan(5)
    expect(Math.max(...[...byProduct.values()].map((l) => l.length))).toBeGreaterThanOrEqual(9)
  })

  it('prices every variant in AUD and USD with an RRP; sale prices below it; Club Prices 30-70% off on branded items only', () => {
    const prices = rows<{ variant_id: number; currency: string; amount_cents: number; compare_at_cents: number | null; member_cents: number | null }>('prices')
    const variants = rows<{ id: number }>('variants')
    expect(prices.length).toBe(variants.length * 2)
    const regular = prices.filter((p) => p.compare_at_cents !== null)
    expect(regular.every((p) => p.amount_cents <= p.compare_at_cents!)).toBe(true)
    expect(regular.some((p) => p.amount_cents < p.compare_at_cents!)).toBe(true)
    const club = regular.filter((p) => p.member_cents !== null)
    expect(club.every((p) => p.member_cents! / p.compare_at_cents! >= 0.3 && p.member_cents! / p.compare_at_cents! <= 0.7)).toBe(true)
    const brands = new Set(rows<{ product_id: number; property_id: number }>('product_properties').filter((p) => p.property_id === 1).map((p) => p.product_id))
    const masters = rows<{ id: number; product_id: number; is_master: number }>('variants').filter((v) => v.is_master === 1)
    for (const m of masters.slice(1, 60)) {
      const aud = prices.find((p) => p.variant_id === m.id && p.currency === 'AUD')!
      expect(aud.member_cents !== null, `product ${m.product_id}`).toBe(brands.has(m.product_id))
    }
  })

  it('speaks German with umlauts, including a Müller brand', () => {
    const german = rows<{ name: string }>('product_translations').map((t) => t.name)
    expect(german.some((n) => n.includes('Jacke'))).toBe(true)
    expect(german.some((n) => n.includes('Müller'))).toBe(true)
    expect(rows<{ name: string }>('taxon_translations').map((t) => t.name)).toContain('Schlafsäcke')
  })

  it('has the CMS pages, both menus and the countries the storefront needs, in both languages', () => {
    const pages = rows<{ slug: string; locale: string }>('cms_pages')
    for (const slug of ['home', 'about-us', 'faqs', 'privacy-policy', 'terms-and-conditions', 'product-returns', 'sizing-guides', 'contact-us', 'gift-cards', 'great-vic-bike-ride-2023', 'guide-jamboree-2023']) {
      expect(pages.filter((p) => p.slug === slug).map((p) => p.locale).sort(), slug).toEqual(['de', 'en'])
    }
    expect(rows<{ name: string; location: string; locale: string }>('menus').map((m) => `${m.name}/${m.location}/${m.locale}`).sort()).toEqual([
      'Footer menu/footer/de', 'Footer menu/footer/en', 'Main menu/header/de', 'Main menu/header/en',
    ])
    expect(rows<{ country_iso: string }>('states').filter((s) => s.country_iso === 'AU')).toHaveLength(8)
    expect(generateSeed({ products: 1 }).store!.rows[0]).toContain('AUD')
  })
})
