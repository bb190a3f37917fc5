import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { get } from './helpers.ts'
import { auditOf, operator } from './admin-helpers.ts'

/** Issue 44 point 5: size guides per category, as data, edited in the console in both languages. */

beforeAll(async () => {
  await seedCatalogue(80)
})

/** A product of the category (found in the seed, not hard-coded). */
async function productIn(permalink: string) {
  const row = await env.DB.prepare('SELECT p.slug FROM products p JOIN classifications c ON c.product_id = p.id JOIN taxons t ON t.id = c.taxon_id WHERE t.permalink = ? ORDER BY p.id LIMIT 1')
    .bind(permalink)
    .first<{ slug: string }>()
  if (!row) throw new Error(`the seed has no product in ${permalink}`)
  return row.slug
}

const taxonId = async (permalink: string) => (await env.DB.prepare('SELECT id FROM taxons WHERE permalink = ?').bind(permalink).first<{ id: number }>())!.id

async function guideFor(product: string, locale: 'en' | 'de' = 'en') {
  const res = await get(`/api/size-guides?product=${product}`, locale === 'de' ? { cookie: 'locale=de', accept: 'application/json' } : { accept: 'application/json' })
  expect(res.status).toBe(200)
  return (await res.json()) as { slug: string; name: string; columns: string[]; rows: string[][]; howTo: string[] } | null
}

/** The console's guide form as a browser posts it, with a fresh one-time token. */
const guideFields = (extra: Record<string, string> = {}) => ({
  form_token: crypto.randomUUID(),
  slug: 'rain-capes',
  name_en: 'Rain capes',
  name_de: 'Regencapes',
  columns_en: 'Size | Height (cm)',
  columns_de: 'Größe | Körpergröße (cm)',
  rows: 'S/M | 150–170\nL/XL | 170–195',
  how_to_en: 'Height: stand barefoot against a wall.',
  how_to_de: 'Körpergröße: barfuß an eine Wand stellen.',
  ...extra,
})

const guideRows = async () => (await env.DB.prepare('SELECT slug, name_en, size_table FROM size_guides ORDER BY slug').all()).results

describe('size guides in the store', () => {
  it("gives each product the guide of its nearest category: a men's jacket the men's table, boots the footwear one, a helmet head circumference", async () => {
    const jacket = await guideFor(await productIn('men/jackets'))
    expect(jacket?.slug).toBe('mens-apparel')
    expect(jacket?.columns).toEqual(['Size', 'Chest (cm)', 'Waist (cm)', 'Hip (cm)'])
    expect(jacket?.rows[2]).toEqual(['M', '96–101', '81–86', '96–101'])
    // men/footwear has its own guide, nearer than the one of Men
    expect((await guideFor(await productIn('men/footwear')))?.columns).toEqual(['AU', 'US', 'UK', 'EU', 'Foot length (cm)'])
    const helmet = await guideFor(await productIn('cycling/helmets'), 'de')
    expect(helmet?.name).toBe('Helme')
    expect(helmet?.columns).toEqual(['Größe', 'Kopfumfang (cm)'])
    expect(helmet?.howTo[0]).toMatch(/^Kopfumfang: /)
    // a tent has no size guide
    expect(await guideFor(await productIn('camping/tents'))).toBeNull()
  })

  it('shows a product\'s guide as a page without JavaScript, in English and German, with a captioned table, not indexed', async () => {
    const jacket = await productIn('women/jackets')
    const product = await (await get(`/products/${jacket}`)).text()
    expect(product).toContain(`href="/products/${jacket}/size-guide"`)
    const page = await get(`/de/products/${jacket}/size-guide`)
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(body).toContain('<h1 class="mb-6 text-3xl font-bold">Damenbekleidung</h1>')
    expect(body).toMatch(/<caption[^>]*>Damenbekleidung<\/caption>/)
    expect(body).toMatch(/<th scope="col"[^>]*>Brust \(cm\)<\/th>/)
    expect(body).toMatch(/<th scope="row"[^>]*>M<\/th>/)
    expect(body).toContain('So messen Sie')
    const helmets = await (await get(`/products/${await productIn('cycling/helmets')}/size-guide`)).text()
    expect(helmets).toMatch(/<th scope="col"[^>]*>Head circumference \(cm\)<\/th>/)
    // many products show the same table: their guide pages stay out of search engines
    expect(helmets).toMatch(/<meta name="robots" content="noindex/)
    // a product whose categories have no guide says so
    const tent = await (await get(`/products/${await productIn('camping/tents')}/size-guide`)).text()
    expect(tent).toContain('This product has no size guide yet.')
  })
})

describe('size guides in the console', () => {
  it('adds a guide in English and German, links it to a category, edits it; the store follows; each change audited', async () => {
    const { b, email } = await operator()
    const list = await b.get('/admin/content/size-guides')
    expect(list.status).toBe(200)
    expect(list.body).toContain('Men&#x27;s clothing')
    expect(list.body).toContain('name="form_token"')

    const helmets = await taxonId('cycling/helmets')
    const added = await b.post('/admin/content/size-guides', guideFields({ [`taxon.${helmets}`]: 'on' }))
    expect(added.status).toBe(303)
    const editor = added.location!.split('?')[0]!
    expect((await b.get(added.location!)).body).toContain('Your changes are saved.')
    // the helmets' category moved from the reference guide to the new one
    const helmet = await productIn('cycling/helmets')
    expect((await guideFor(helmet))?.slug).toBe('rain-capes')
    expect((await guideFor(helmet, 'de'))?.columns).toEqual(['Größe', 'Körpergröße (cm)'])
    const [created] = await auditOf('size_guide.create')
    expect(created).toMatchObject({ admin_email: email, subject_id: 'rain-capes', before: null })
    expect(created!.after).toMatchObject({
      name_de: 'Regencapes',
      rows: [
        ['S/M', '150–170'],
        ['L/XL', '170–195'],
      ],
      categories: [helmets],
    })

    // edit: a table pasted from a spreadsheet (tabs), no category: the helmet has no guide of its own any more
    const saved = await b.post(editor, guideFields({ rows: 'S\t150–165\nM\t165–180\nL\t180–195', name_de: 'Regenponchos' }))
    expect(saved.status).toBe(303)
    expect(await guideFor(helmet)).toBeNull()
    const [updated] = await auditOf('size_guide.update')
    expect(updated!.before).toMatchObject({ name_de: 'Regencapes', categories: [helmets] })
    expect(updated!.after).toMatchObject({ name_de: 'Regenponchos', categories: [] })
    // ticked again: the helmet's page without JavaScript shows the edited table
    expect((await b.post(editor, guideFields({ rows: 'S\t150–165\nM\t165–180\nL\t180–195', name_de: 'Regenponchos', [`taxon.${helmets}`]: 'on' }))).status).toBe(303)
    const page = await (await get(`/de/products/${helmet}/size-guide`)).text()
    expect(page).toMatch(/<caption[^>]*>Regenponchos<\/caption>/)
    expect(page).toMatch(/<th scope="row"[^>]*>L<\/th><td[^>]*>180–195<\/td>/)
  })

  it('refuses a form that does not add up, in words that say what to fix, and changes nothing', async () => {
    const { b } = await operator()
    const before = await guideRows()
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ columns_de: 'Größe' }, 422, 'German column headings: the size, then 1 to 7 measurements'],
      [{ columns_de: 'Größe | Körpergröße (cm) | Gewicht (kg)' }, 422, 'The German headings have 3 columns, the English 2: give both the same columns.'],
      [{ rows: 'S | 150–165\nM' }, 422, 'Line 2 (&#x27;M&#x27;) has 1 cells; give one per heading (2)'],
      [{ rows: '' }, 422, 'Give 1 to 40 sizes, one a line.'],
      [{ name_de: '' }, 422, 'The German name is required.'],
      [{ slug: 'Rain Capes!' }, 422, 'The key: lower-case letters, digits and single dashes'],
      [{ slug: 'helmets' }, 409, 'Another size guide has the key helmets'],
      [{ 'taxon.999999': 'on' }, 422, 'One of the ticked categories no longer exists'],
      [{ form_token: '' }, 422, 'This form is out of date'],
    ]
    for (const [change, status, message] of cases) {
      const res = await b.post('/admin/content/size-guides', guideFields({ slug: 'ponchos', ...change }))
      expect([res.status, res.body.includes(message)], JSON.stringify(change)).toEqual([status, true])
    }
    expect(await guideRows()).toEqual(before)

    // the same form sent twice (a double click) is done once, and the second time says so
    const fields = guideFields({ slug: 'ponchos' })
    expect((await b.post('/admin/content/size-guides', fields)).status).toBe(303)
    const again = await b.post('/admin/content/size-guides', fields)
    expect(again.status).toBe(409)
    expect(again.body).toContain('This form was already sent')
    expect((await guideRows()).filter((g) => g.slug === 'ponchos')).toHaveLength(1)
    // an edit of a guide that does not exist
    expect((await b.post('/admin/content/size-guides/999999', guideFields())).status).toBe(404)
  })
})
