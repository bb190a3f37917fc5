import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '#kv-seed/catalogue.mjs'
import { SCENES } from '#kv-seed/content.mjs'
import { CATEGORY_TILES, categoryTileUrl, IMAGE_ROOT, productImageFiles, productSvg, sceneImageFiles, shapeColours, tileImageFiles } from '#kv-seed/images.mjs'
import { seedRows, seedTable } from './catalogue-helpers.ts'

// Issue 10: the sample imagery. What generate.mjs writes is exactly these generators' files, so checking the files
// they yield is checking what the store serves.
interface ImageRow { id: number; product_id: number; option_value_id: number | null; position: number; alt: string; mobile_url: string; desktop_url: string; large_url: string }
const images = () => seedTable<ImageRow>('product_images')
seedRows() // fills SCENES (the content generator registers each scene it uses)
const files = new Map([...productImageFiles(), ...sceneImageFiles(SCENES), ...tileImageFiles()].map((f) => [`/${f.path}`, f.contents]))

describe('sample product shots', () => {
  it('every product shows each of its colours in three views (front, back or side, detail), in order', () => {
    const colourIds = new Set(seedTable<{ id: number; option_type_id: number }>('option_values').filter((v) => v.option_type_id === 1).map((v) => v.id))
    const variantColours = new Map<number, Set<number>>()
    const variantProduct = new Map(seedTable<{ id: number; product_id: number }>('variants').map((v) => [v.id, v.product_id]))
    for (const vov of seedTable<{ variant_id: number; option_value_id: number }>('variant_option_values')) {
      if (!colourIds.has(vov.option_value_id)) continue
      const product = variantProduct.get(vov.variant_id)!
      variantColours.set(product, (variantColours.get(product) ?? new Set()).add(vov.option_value_id))
    }
    const byProduct = new Map<number, ImageRow[]>()
    for (const i of images()) byProduct.set(i.product_id, [...(byProduct.get(i.product_id) ?? []), i])
    expect(byProduct.size).toBe(seedTable('products').length)
    for (const [productId, list] of byProduct) {
      const colours = [...(variantColours.get(productId) ?? [null])]
      expect(list.length, `product ${productId}`).toBe(colours.length * 3)
      expect(list.map((i) => i.position).sort((a, b) => a - b)).toEqual(list.map((_, n) => n))
      for (const colour of colours) {
        const views = list.filter((i) => i.option_value_id === colour).sort((a, b) => a.position - b.position).map((i) => i.desktop_url.match(/-(\w+)-3x4\.svg$/)![1])
        expect(views, `product ${productId} colour ${colour}`).toHaveLength(3)
        expect(views[0]).toBe('front')
        expect(['back', 'side', 'sole']).toContain(views[1])
        expect(views[2]).toBe('detail')
      }
    }
  })

  it('every image the seed refers to is a generated file: product shots, CMS and banner scenes, category tiles', () => {
    const missing: string[] = []
    // Under the revision folder: /images/* is cached as immutable, so a changed drawing needs a new URL.
    const check = (url: string | null) => url && (!files.has(url) || !url.startsWith(`${IMAGE_ROOT}/`)) && missing.push(url)
    for (const i of images()) [i.mobile_url, i.desktop_url, i.large_url].forEach(check)
    for (const s of seedTable<Record<string, string | null>>('cms_sections')) {
      for (const key of ['image_one', 'image_two', 'image_three']) if (s[key]) for (const size of ['sm', 'md', 'lg', 'xl']) check(`${s[key]}-${size}.svg`)
    }
    seedTable<{ image_url: string }>('banners').forEach((b) => check(b.image_url))
    const tops = seedTable<{ permalink: string; depth: number; hide_from_nav: number }>('taxons').filter((t) => t.depth === 0 && !t.hide_from_nav)
    expect(tops.length).toBeGreaterThanOrEqual(10)
    for (const top of tops) for (const size of ['sm', 'lg'] as const) check(categoryTileUrl(top.permalink, size))
    expect(missing).toEqual([])
  })

  it('each image is a small, complete SVG (under 30 KB before compression)', () => {
    expect(files.size).toBeGreaterThan(2000)
    for (const [path, svg] of files) {
      expect(svg.length, path).toBeLessThan(30_000)
      expect(svg, path).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+">[\s\S]*<\/svg>\n$/)
      expect(svg, path).not.toMatch(/NaN|undefined|Infinity/)
    }
  })

  it('each kind of product has its own drawing: a down jacket is not a tee, a beanie is not a bottle', () => {
    const shapes = [...shapeColours().keys()]
    expect(shapes.length).toBeGreaterThanOrEqual(30)
    const fronts = new Set(shapes.map((shape) => productSvg(shape, 'red', 'front', '3x4')))
    expect(fronts.size).toBe(shapes.length)
    const shapeOf = (noun: string) => new Set(images().filter((i) => i.alt.includes(` ${noun} in `)).map((i) => i.desktop_url.split('/')[4]))
    expect(shapeOf('Down Jacket')).toEqual(new Set(['down-jacket']))
    expect(shapeOf('T-Shirt')).toEqual(new Set(['tee']))
    expect(shapeOf('Beanie')).toEqual(new Set(['beanie']))
    expect(shapeOf('Bib Shorts')).toEqual(new Set(['bib-shorts']))
  })

  it('has alt text for every image: product, colour and view; CMS images described in English and German', () => {
    const names = new Map(seedTable<{ id: number; name: string }>('products').map((p) => [p.id, p.name]))
    for (const i of images()) {
      expect(i.alt.startsWith(names.get(i.product_id)!), `image ${i.id}`).toBe(true)
      expect(i.alt).toMatch(/, (front view|back view|side view|outsole|detail: .+)$/)
    }
    const sections = seedTable<{ cms_page_id: number; image_one: string | null; content: string }>('cms_sections').filter((s) => s.image_one)
    const pages = new Map(seedTable<{ id: number; locale: string }>('cms_pages').map((p) => [p.id, p.locale]))
    const alts = sections.map((s) => ({ locale: pages.get(s.cms_page_id), alt: JSON.parse(s.content).alt_one as string }))
    expect(alts.every((a) => a.alt && a.alt.length > 12)).toBe(true)
    expect(new Set(alts.filter((a) => a.locale === 'de').map((a) => a.alt))).not.toEqual(new Set(alts.filter((a) => a.locale === 'en').map((a) => a.alt)))
    for (const tile of Object.values(CATEGORY_TILES)) expect(tile.alt[1]).not.toBe(tile.alt[0])
  })

  it('shares image files between products: a catalogue 5× larger refers to no new files', () => {
    const urls = (products: number) => new Set(generateCatalogue({ products }).product_images!.rows.map((r) => r[6] as string))
    const small = urls(420)
    const large = urls(2100)
    expect([...large].filter((u) => !files.has(u))).toEqual([])
    expect(large.size).toBeLessThanOrEqual(files.size)
    expect(small.size).toBeGreaterThan(300)
  })
})
