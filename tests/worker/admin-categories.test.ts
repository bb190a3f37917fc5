import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { get } from './helpers.ts'
import { createCategory, listCategories } from '#worker/admin/taxon-actions.ts'
import { ActionRefused } from '#worker/admin/action-refused.ts'
import { auditOf, createAdmin, operator } from './admin-helpers.ts'

const token = () => crypto.randomUUID()
const idOf = async (permalink: string) => (await env.DB.prepare('SELECT id FROM taxons WHERE permalink = ?').bind(permalink).first<{ id: number }>())!.id
/** The tree as the store reads it: taxonomy position, then the nested set. */
const navOrder = async () =>
  (await env.DB.prepare('SELECT t.permalink FROM taxons t JOIN taxonomies x ON x.id = t.taxonomy_id ORDER BY x.position, t.lft').all<{ permalink: string }>()).results.map((r) => r.permalink)

describe('categories in the console', () => {
  it('adds, renames in en and de, hides and orders categories; the store follows', async () => {
    const { b } = await operator()
    expect((await b.post('/admin/categories', { parent: '', name: 'Trail & Hike', name_de: 'Wandern', slug: '', form_token: token() })).status).toBe(303)
    const root = await idOf('trail-and-hike')
    for (const name of ['Boots', 'Packs', 'Poles']) expect((await b.post('/admin/categories', { parent: String(root), name, slug: '', form_token: token() })).status).toBe(303)
    expect(await navOrder()).toEqual(['trail-and-hike', 'trail-and-hike/boots', 'trail-and-hike/packs', 'trail-and-hike/poles'])
    expect((await auditOf('taxon.create')).at(-1)).toMatchObject({ subject_type: 'taxon', subject_id: String(root), before: null, after: { permalink: 'trail-and-hike', name: 'Trail & Hike', name_de: 'Wandern' } })

    const taken = await b.post('/admin/categories', { parent: String(root), name: 'Boots again', slug: 'boots', form_token: token() })
    expect(taken.status).toBe(409)
    expect(taken.body).toContain('A category at trail-and-hike/boots exists already')
    const bad = await b.post('/admin/categories', { parent: '999999', name: '', slug: 'No Spaces' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('The English name is required.')
    expect(bad.body).toContain('Use lower-case letters, digits and single dashes.')
    // a hand-made request without the form's fields: named as missing, not in the validator's words
    const bare = await b.post('/admin/categories', { parent: '' })
    expect(bare.status).toBe(422)
    expect(bare.body).toContain('This field is missing from what was sent.')
    expect(bare.body).not.toMatch(/expected string|received undefined|Invalid input/)

    // Poles first, then Boots, Packs: the nested set follows
    const poles = await idOf('trail-and-hike/poles')
    await b.post(`/admin/categories/${poles}/up`, {})
    await b.post(`/admin/categories/${poles}/up`, {})
    expect(await navOrder()).toEqual(['trail-and-hike', 'trail-and-hike/poles', 'trail-and-hike/boots', 'trail-and-hike/packs'])
    const first = await b.post(`/admin/categories/${poles}/up`, {})
    expect(first.status).toBe(409)
    expect(first.body).toContain('Poles is already the first at its level.')
    expect((await auditOf('taxon.order'))[0]).toMatchObject({ after: ['trail-and-hike/poles', 'trail-and-hike/boots', 'trail-and-hike/packs'] })

    const packs = await idOf('trail-and-hike/packs')
    expect((await b.post(`/admin/categories/${packs}`, { name: 'Backpacks', name_de: 'Rucksäcke', hide_from_nav: 'on' })).status).toBe(303)
    const taxon = await call(`/taxons/trail-and-hike/packs?locale=de`)
    expect(taxon.body.data.attributes).toMatchObject({ name: 'Rucksäcke', hide_from_nav: true, permalink: 'trail-and-hike/packs' })
    const tree = await call('/taxons/trail-and-hike')
    const children = tree.body.data.relationships.children.data.map((c: { id: string }) => c.id)
    expect(children).toEqual([poles, await idOf('trail-and-hike/boots'), packs].map(String))
    expect((await auditOf('taxon.update'))[0]).toMatchObject({ before: { name: 'Packs', hide_from_nav: false }, after: { name: 'Backpacks', name_de: 'Rucksäcke', hide_from_nav: true } })
    // the category page is there under its old address with the new name
    expect(await (await get('/de/t/trail-and-hike/packs')).text()).toContain('Rucksäcke')
  })

  it('edits a product’s properties in en and de; search and the product page follow', async () => {
    const { b } = await operator()
    const product = await createProduct()
    await env.DB.prepare("UPDATE products SET available_on = '2020-01-01T00:00:00Z' WHERE id = ?").bind(product.productId).run()
    await env.DB.prepare("INSERT OR IGNORE INTO properties (name, presentation, position) VALUES ('material', 'Material', 1)").run()
    const material = (await env.DB.prepare("SELECT id FROM properties WHERE name = 'material'").first<{ id: number }>())!.id
    const path = `/admin/products/${product.productId}/properties`
    const refused = await b.post(path, { [`property-${material}`]: '', [`property-${material}-de`]: 'Wolle' })
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('Material: give the English value too')
    const tooLong = await b.post(path, { [`property-${material}`]: 'x'.repeat(201) })
    expect(tooLong.status).toBe(422)
    expect(tooLong.body).toMatch(new RegExp(`<input[^>]*aria-invalid="true"[^>]*name="property-${material}"`))
    expect(tooLong.body).toContain('Material: at most 200 characters.')
    // the product's categories are checkboxes of one name: anything but ids is refused
    const taxons = await b.post(`/admin/products/${product.productId}/taxons`, { taxon: 'all' })
    expect(taxons.status).toBe(422)
    expect(taxons.body).toContain('Choose categories from the list.')
    // a chosen category: the store lists the product in it, audited with before and after
    const category = (await env.DB.prepare('SELECT id FROM taxons WHERE depth > 0 ORDER BY id LIMIT 1').first<{ id: number }>())!.id
    expect((await b.post(`/admin/products/${product.productId}/taxons`, { taxon: String(category) })).status).toBe(303)
    const inStore = await call(`/products/${product.slug}`)
    expect(inStore.body.data.relationships.taxons.data.map((t: { id: string }) => t.id)).toEqual([String(category)])
    expect((await auditOf('product.taxons'))[0]).toMatchObject({ subject_id: String(product.productId), before: [], after: [category] })

    expect((await b.post(path, { [`property-${material}`]: 'Merino Wool', [`property-${material}-de`]: 'Merinowolle' })).status).toBe(303)
    expect(await env.DB.prepare('SELECT value, filter_param FROM product_properties WHERE product_id = ? AND property_id = ?').bind(product.productId, material).first()).toEqual({ value: 'Merino Wool', filter_param: 'merino-wool' })
    expect(await env.DB.prepare("SELECT rowid FROM products_fts WHERE products_fts MATCH 'merinowolle'").first('rowid')).toBe(product.productId * 2 + 1)
    expect(await (await get(`/de/products/${product.slug}`)).text()).toContain('Merinowolle')
    expect((await auditOf('product.properties'))[0]).toMatchObject({ before: {}, after: { material: { value: 'Merino Wool', value_de: 'Merinowolle' } } })

    expect((await b.post(path, { [`property-${material}`]: '' })).status).toBe(303)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM product_properties WHERE product_id = ?').bind(product.productId).first('n')).toBe(0)
  })

  it('refuses a product’s categories with an unknown id or a broken body (422) and keeps the ones it had', async () => {
    const { b } = await operator()
    const product = await createProduct()
    const category = (await env.DB.prepare('SELECT id FROM taxons WHERE depth > 0 ORDER BY id LIMIT 1').first<{ id: number }>())!.id
    const path = `/admin/products/${product.productId}/taxons`
    expect((await b.post(path, { taxon: String(category) })).status).toBe(303)
    const chosen = async () => (await env.DB.prepare('SELECT taxon_id FROM classifications WHERE product_id = ?').bind(product.productId).all<{ taxon_id: number }>()).results.map((r) => r.taxon_id)
    const audits = (await auditOf('product.taxons')).length

    // a category that is not in the list (deleted since the page was shown, or made up): refused, nothing cleared
    const unknown = await b.post(path, { taxon: '999999999' })
    expect(unknown.status).toBe(422)
    expect(unknown.body).toContain('Choose categories from the list.')
    // a multipart body cut off mid-way: the same refusal, not a server error
    const broken = await b.post(path, {}, { 'content-type': 'multipart/form-data; boundary=xx' })
    expect(broken.status).toBe(422)
    expect(broken.body).toContain('Choose categories from the list.')

    expect(await chosen()).toEqual([category])
    expect((await auditOf('product.taxons')).length).toBe(audits)
  })

  it('two operators adding the same category at once: one is added, the other refused (409), no half-made category is left', async () => {
    const admin = { ...(await createAdmin()), firstName: 'Olive', sessionHash: '' }
    const taxonomies = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM taxonomies').first<number>('n'))!
    const before = await taxonomies()
    const input = { name: 'Race camp', nameDe: 'Wettlauf', hideFromNav: false }
    const results = await Promise.allSettled([createCategory(env.DB, admin, null, 'race-camp', input), createCategory(env.DB, admin, null, 'race-camp', input)])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason
    expect(refused).toBeInstanceOf(ActionRefused)
    expect(String(refused.message)).toBe('A category at race-camp exists already: choose another address.')
    expect(await taxonomies()).toBe(before + 1)
    const id = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<number>).value
    expect(await env.DB.prepare("SELECT t.lft, t.rgt, tt.name AS de FROM taxons t LEFT JOIN taxon_translations tt ON tt.taxon_id = t.id AND tt.locale = 'de' WHERE t.id = ?").bind(id).first()).toEqual({ lft: 1, rgt: 2, de: 'Wettlauf' })
    expect((await auditOf('taxon.create')).filter((a) => a.after.permalink === 'race-camp')).toHaveLength(1)

    // a sub-category at once twice: the same, and the tree is numbered with it
    const [a, b] = await Promise.allSettled([createCategory(env.DB, admin, (await listCategories(env.DB)).find((c) => c.id === id)!, 'heats', input), createCategory(env.DB, admin, (await listCategories(env.DB)).find((c) => c.id === id)!, 'heats', input)])
    expect([a.status, b.status].sort()).toEqual(['fulfilled', 'rejected'])
    expect(await env.DB.prepare("SELECT lft, rgt, depth FROM taxons WHERE permalink = 'race-camp/heats'").first()).toEqual({ lft: 2, rgt: 3, depth: 1 })
    expect(await env.DB.prepare("SELECT rgt FROM taxons WHERE id = ?").bind(id).first('rgt')).toBe(4)
  })
})
