// Categories moved to a place in one step and deleted when empty (issue 40 point 3): each a one-time form, audited,
// refused with a sentence (English on the console, German beside it in category-refusals.ts) that changes nothing, and
// the storefront's tree, listings and menus follow at once.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call } from '#tests/factories/api.ts'
import { createProduct, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { CATEGORY_REFUSAL_TEXTS } from '#worker/admin/category-refusals.ts'
import { get } from './helpers.ts'
import { auditOf, operator } from './admin-helpers.ts'

const token = () => crypto.randomUUID()
const idOf = async (permalink: string) => (await env.DB.prepare('SELECT id FROM taxons WHERE permalink = ?').bind(permalink).first<{ id: number }>())?.id
/** The tree as the store reads it (taxonomy position, then the nested set), with each category's depth. */
const tree = async (root: string) =>
  (
    await env.DB.prepare("SELECT t.permalink, t.depth, t.lft, t.rgt FROM taxons t JOIN taxonomies x ON x.id = t.taxonomy_id WHERE x.id = (SELECT taxonomy_id FROM taxons WHERE permalink = ?) ORDER BY t.lft")
      .bind(root)
      .all<{ permalink: string; depth: number; lft: number; rgt: number }>()
  ).results
const childrenOf = async (permalink: string) => (await call(`/taxons/${permalink}`)).body.data.relationships.children.data.map((c: { id: string }) => Number(c.id))
const listed = async (permalink: string) => (await call(`/products?filter[taxons]=${await idOf(permalink)}`)).body.data.map((p: { id: string }) => Number(p.id))
const unescape = (html: string) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&')

let b: Awaited<ReturnType<typeof operator>>['b']
let fleece: CreatedProduct
beforeAll(async () => {
  ;({ b } = await operator())
  const add = async (parent: string, name: string) => {
    const res = await b.post('/admin/categories', { parent: parent ? String(await idOf(parent)) : '', name, slug: '', form_token: token() })
    expect(res.status).toBe(303)
  }
  await add('', 'Alpine')
  for (const name of ['Ropes', 'Helmets', 'Harnesses']) await add('alpine', name)
  await add('', 'Coast')
  await add('coast', 'Kayaks')
  fleece = await createProduct({ name: 'Ridgeline harness' })
  await env.DB.prepare('INSERT INTO classifications (product_id, taxon_id, position) VALUES (?, ?, 0)').bind(fleece.productId, await idOf('alpine/harnesses')).run()
})

describe('moving a category in one step', () => {
  it('puts a sub-category at a position among its siblings, audited; the store lists the children in that order', async () => {
    const harnesses = (await idOf('alpine/harnesses'))!
    expect((await b.post('/admin/categories/move', { category: String(harnesses), parent: String(await idOf('alpine')), position: '1', form_token: token() })).status).toBe(303)
    expect((await tree('alpine')).map((t) => t.permalink)).toEqual(['alpine', 'alpine/harnesses', 'alpine/ropes', 'alpine/helmets'])
    expect(await childrenOf('alpine')).toEqual([harnesses, await idOf('alpine/ropes'), await idOf('alpine/helmets')])
    expect((await auditOf('taxon.move'))[0]).toMatchObject({ subject_id: String(harnesses), before: { parent: 'alpine', position: 3 }, after: { parent: 'alpine', position: 1 } })
  })

  it('moves a sub-category with its products under another top-level category: address kept, listings and menu follow', async () => {
    const harnesses = (await idOf('alpine/harnesses'))!
    expect(await listed('alpine')).toContain(fleece.productId)
    const res = await b.post('/admin/categories/move', { category: String(harnesses), parent: String(await idOf('coast/kayaks')), position: '1', form_token: token() })
    expect(res.status).toBe(303)
    // the address stays (links, menus and search rankings keep working); the nested sets of both trees are whole
    expect(await tree('coast')).toEqual([
      { permalink: 'coast', depth: 0, lft: 1, rgt: 6 },
      { permalink: 'coast/kayaks', depth: 1, lft: 2, rgt: 5 },
      { permalink: 'alpine/harnesses', depth: 2, lft: 3, rgt: 4 },
    ])
    expect((await tree('alpine')).map((t) => [t.permalink, t.lft, t.rgt])).toEqual([['alpine', 1, 6], ['alpine/ropes', 2, 3], ['alpine/helmets', 4, 5]])
    expect(await childrenOf('coast/kayaks')).toEqual([harnesses])
    // the product is listed under its new ancestors and no longer under the old one
    expect(await listed('coast')).toContain(fleece.productId)
    expect(await listed('alpine')).not.toContain(fleece.productId)
    expect(await (await get('/t/coast/kayaks')).text()).toContain('Ridgeline harness')
    expect((await auditOf('taxon.move'))[0]).toMatchObject({ before: { parent: 'alpine', position: 1 }, after: { parent: 'coast/kayaks', position: 1 } })
  })

  it('reorders the top level to a position in one step', async () => {
    const coast = (await idOf('coast'))!
    expect((await b.post('/admin/categories/move', { category: String(coast), parent: '', position: '1', form_token: token() })).status).toBe(303)
    const top = (await env.DB.prepare('SELECT t.permalink FROM taxons t JOIN taxonomies x ON x.id = t.taxonomy_id WHERE t.parent_id IS NULL ORDER BY x.position, x.id').all<{ permalink: string }>()).results.map((r) => r.permalink)
    expect(top[0]).toBe('coast')
    expect(top.indexOf('alpine')).toBeGreaterThan(0)
  })

  it('refuses a move into itself, across levels, to a position not there or to an unknown place, changing nothing', async () => {
    const alpine = (await idOf('alpine'))!
    const ropes = (await idOf('alpine/ropes'))!
    const kayaks = (await idOf('coast/kayaks'))!
    const before = [await tree('alpine'), await tree('coast'), (await auditOf('taxon.move')).length]
    const cases: Array<[number, Record<string, string>, string, number]> = [
      [kayaks, { parent: String(await idOf('alpine/harnesses')) }, CATEGORY_REFUSAL_TEXTS.category_into_itself.en({ name: 'Kayaks' }), 422],
      [ropes, { parent: '' }, CATEGORY_REFUSAL_TEXTS.category_level.en({ name: 'Ropes' }), 422],
      [alpine, { parent: String(kayaks) }, CATEGORY_REFUSAL_TEXTS.category_level.en({ name: 'Alpine' }), 422],
      [ropes, { parent: String(alpine), position: '9' }, 'Choose a position from 1 to 2.', 422],
      [ropes, { parent: '99999999' }, CATEGORY_REFUSAL_TEXTS.category_parent_unknown.en(), 422],
      [ropes, { parent: String(alpine), position: 'first' }, 'Give the position as a whole number, 1 for the first.', 422],
    ]
    for (const [id, fields, says, status] of cases) {
      const res = await b.post('/admin/categories/move', { category: String(id), position: '1', ...fields, form_token: token() })
      expect(res.status).toBe(status)
      expect(unescape(res.body)).toContain(says)
    }
    // a move without the form's token, and the same form sent twice: nothing done the second time
    const bare = await b.post('/admin/categories/move', { category: String(ropes), parent: String(alpine), position: '2' })
    expect(bare.status).toBe(422)
    expect(bare.body).toContain('This form is out of date')
    expect([await tree('alpine'), await tree('coast'), (await auditOf('taxon.move')).length]).toEqual(before)
    const once = token()
    expect((await b.post('/admin/categories/move', { category: String(ropes), parent: String(alpine), position: '2', form_token: once })).status).toBe(303)
    const again = await b.post('/admin/categories/move', { category: String(ropes), parent: String(alpine), position: '1', form_token: once })
    expect(again.status).toBe(409)
    expect(again.body).toContain('This form was already sent')
    expect((await tree('alpine')).map((t) => t.permalink)).toEqual(['alpine', 'alpine/helmets', 'alpine/ropes'])
  })

  it('has every move and delete refusal in German too', () => {
    const params = { name: 'Seile', count: 2, max: 3 }
    for (const [code, text] of Object.entries(CATEGORY_REFUSAL_TEXTS)) {
      const de = text.de(params)
      expect(de, code).toMatch(/^[A-ZÄÖÜ].*[.!?]$/s)
      expect(de, code).not.toBe(text.en(params))
    }
    expect(CATEGORY_REFUSAL_TEXTS.category_has_products.de(params)).toBe('Seile enthält noch 2 Produkt(e): Nehmen Sie sie heraus (oder archivieren Sie sie), bevor Sie die Kategorie löschen.')
  })
})

describe('deleting a category', () => {
  it('only when it holds no product and no sub-category; the store no longer has it', async () => {
    const harnesses = (await idOf('alpine/harnesses'))!
    const kayaks = (await idOf('coast/kayaks'))!
    const audits = (await auditOf('taxon.delete')).length
    const full = await b.post(`/admin/categories/${harnesses}/delete`, { form_token: token() })
    expect(full.status).toBe(409)
    expect(unescape(full.body)).toContain('Harnesses still holds 1 product(s): take them out of it (or archive them) before deleting it.')
    const parent = await b.post(`/admin/categories/${kayaks}/delete`, { form_token: token() })
    expect(parent.status).toBe(409)
    expect(unescape(parent.body)).toContain('Kayaks still has 1 sub-categories: move or delete them first.')
    expect(await idOf('alpine/harnesses')).toBe(harnesses)
    expect((await auditOf('taxon.delete')).length).toBe(audits)

    const helmets = (await idOf('alpine/helmets'))!
    expect((await b.get('/admin/categories')).body).toContain(`action="/admin/categories/${helmets}/delete"`)
    expect((await b.post(`/admin/categories/${helmets}/delete`, { form_token: token() })).status).toBe(303)
    expect(await idOf('alpine/helmets')).toBeUndefined()
    expect((await call('/taxons/alpine/helmets')).status).toBe(404)
    expect(await childrenOf('alpine')).toEqual([await idOf('alpine/ropes')])
    expect((await auditOf('taxon.delete'))[0]).toMatchObject({ subject_id: String(helmets), before: { permalink: 'alpine/helmets', name: 'Helmets' }, after: null })
  })

  it('a top-level category goes with its taxonomy; the same form twice deletes once', async () => {
    const once = token()
    expect((await b.post('/admin/categories', { parent: '', name: 'Desert', slug: '', form_token: token() })).status).toBe(303)
    const desert = (await idOf('desert'))!
    const taxonomy = (await env.DB.prepare('SELECT taxonomy_id FROM taxons WHERE id = ?').bind(desert).first<number>('taxonomy_id'))!
    expect((await b.post(`/admin/categories/${desert}/delete`, { form_token: once })).status).toBe(303)
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM taxonomies WHERE id = ?').bind(taxonomy).first('n')).toBe(0)
    const again = await b.post('/admin/categories', { parent: '', name: 'Desert', slug: '', form_token: once })
    expect(again.status).toBe(409)
    expect(again.body).toContain('This form was already sent')
    expect(await idOf('desert')).toBeUndefined()
  })
})
