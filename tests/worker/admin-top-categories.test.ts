// Top-level categories in the console. Each top category (Men, New in, Sale …) is its taxonomy's root (depth 0): the
// seeded home page's carousels show New in and Sale, and a hundred seeded products are in Sale. The console must offer
// them, or the home page cannot be saved and a product's categories saved from its page drop it out of Sale.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { get } from './helpers.ts'
import { operator } from './admin-helpers.ts'

/** The editor's form as a browser posts it (inputs, textareas and each select's chosen option), with changes. */
function formOf(html: string, changes: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {}
  const form = html.slice(html.indexOf('aria-label="Page and sections"'))
  for (const m of form.matchAll(/<input[^>]*?name="([^"]+)"[^>]*?>/g)) fields[m[1]!] = decode(/value="([^"]*)"/.exec(m[0])?.[1] ?? '')
  for (const m of form.matchAll(/<textarea[^>]*?name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g)) fields[m[1]!] = decode(m[2]!)
  for (const m of form.matchAll(/<select[^>]*?name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) fields[m[1]!] = /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(m[2]!)?.[1] ?? /<option[^>]*selected=""[^>]*value="([^"]*)"/.exec(m[2]!)?.[1] ?? ''
  return { ...fields, ...changes }
}
const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')

beforeAll(async () => {
  await seedCatalogue()
})

/** The ids of the category checkboxes a page shows ticked. */
const tickedTaxons = (html: string) => [...html.matchAll(/<input[^>]*name="taxon"[^>]*>/g)].filter((m) => /checked=""/.test(m[0])).map((m) => /value="(\d+)"/.exec(m[0])![1]!)

describe('top-level categories in the console', () => {
  it('shows the New in and Sale carousels with their categories chosen, and publishes the page as it is with a new heading', async () => {
    const { b } = await operator()
    const home = (await env.DB.prepare("SELECT id FROM cms_pages WHERE slug = 'home' AND locale = 'en'").first<{ id: number }>())!
    const taxonOf = async (permalink: string) => String((await env.DB.prepare('SELECT id FROM taxons WHERE permalink = ?').bind(permalink).first<{ id: number }>())!.id)

    const shown = await b.get(`/admin/content/${home.id}`)
    expect(shown.status).toBe(200)
    const fields = formOf(shown.body)
    const carousels = Object.entries(fields).filter(([name]) => name.endsWith('.shared.taxon'))
    expect(carousels.map(([, id]) => id)).toEqual([await taxonOf('new-in'), await taxonOf('sale')])

    const saved = await b.post(`/admin/content/${home.id}`, formOf(shown.body, { intent: 'publish', 'sections.0.en.title': 'Gear up for summer', 'sections.0.de.title': 'Ausrüstung für den Sommer' }))
    expect(saved.status).toBe(303)
    expect((await b.get(saved.location!)).body).toContain('Published: the page is live.')
    expect(await (await get('/')).text()).toContain('Gear up for summer')
    expect(await (await get('/de')).text()).toContain('Ausrüstung für den Sommer')
    // the carousels still show the categories they showed
    const stored = await env.DB.prepare("SELECT s.linked_resource_id AS taxon FROM cms_sections s JOIN cms_pages p ON p.id = s.cms_page_id WHERE p.slug = 'home' AND s.type = 'product_carousel' ORDER BY p.locale, s.position").all<{ taxon: number }>()
    expect(stored.results.map((r) => String(r.taxon))).toEqual([await taxonOf('new-in'), await taxonOf('sale'), await taxonOf('new-in'), await taxonOf('sale')])
  })

  it('lists a product’s top-level categories (Sale) ticked, and saving its categories with one more keeps it in Sale', async () => {
    const { b } = await operator()
    const taxonOf = async (permalink: string) => (await env.DB.prepare('SELECT id FROM taxons WHERE permalink = ?').bind(permalink).first<{ id: number }>())!.id
    const sale = await taxonOf('sale')
    const newIn = await taxonOf('new-in')
    const product = (await env.DB.prepare('SELECT product_id AS id FROM classifications WHERE taxon_id = ? AND product_id NOT IN (SELECT product_id FROM classifications WHERE taxon_id = ?) ORDER BY product_id LIMIT 1').bind(sale, newIn).first<{ id: number }>())!
    const classified = async () => (await env.DB.prepare('SELECT taxon_id FROM classifications WHERE product_id = ? ORDER BY taxon_id').bind(product.id).all<{ taxon_id: number }>()).results.map((r) => r.taxon_id)
    const before = await classified()

    const shown = await b.get(`/admin/products/${product.id}`)
    const ticked = tickedTaxons(shown.body)
    expect(ticked).toContain(String(sale))
    expect(shown.body).toMatch(new RegExp(`<input[^>]*name="taxon"[^>]*value="${newIn}"`))

    // the operator ticks New in as well and saves the boxes as the page shows them
    const form = new URLSearchParams([...ticked, String(newIn)].map((id) => ['taxon', id]))
    const saved = await b.post(`/admin/products/${product.id}/taxons`, form)
    expect(saved.status).toBe(303)
    expect(await classified()).toEqual([...before, newIn].sort((x, y) => x - y))
  })
})
