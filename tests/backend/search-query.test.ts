// Issue 39: what a shopper's words find in the sample catalogue — typos by word length, word forms, compounds,
// joined words, synonyms, colours and who a product is for — and what they must not find. Expected products are
// read from the catalogue's data (seed rows), not from the engine.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { api, seedCatalogue, seedTable } from './catalogue-helpers.ts'

beforeAll(async () => {
  await seedCatalogue()
})

interface Found { total: number; names: string[]; ids: number[] }
async function search(text: string, locale: 'en' | 'de' = 'en', extra = ''): Promise<Found> {
  const res = await api(`/products?filter[name]=${encodeURIComponent(text)}&locale=${locale}&per_page=100&facets=false${extra}`)
  expect(res.status, text).toBe(200)
  return { total: res.body.meta.total_count, names: res.body.data.map((p: any) => p.attributes.name), ids: res.body.data.map((p: any) => Number(p.id)) }
}

describe('typo tolerance', () => {
  it('forgives one edit in a word of 4-7 letters, a swap of two letters counting as one: jakcet, helmit, tnet, Rucksak', async () => {
    const jackets = await search('jacket')
    expect((await search('jakcet')).total).toBe(jackets.total)
    expect((await search('helmit')).names.every((n) => n.includes('Helmet'))).toBe(true)
    expect((await search('helmit')).total).toBe((await search('helmet')).total)
    expect((await search('tnet')).total).toBe((await search('tent')).total)
    const rucksack = await search('Rucksak', 'de')
    expect(rucksack.total).toBeGreaterThan(0)
    expect(rucksack.names.every((n) => /rucksack/i.test(n))).toBe(true)
  })

  it('forgives two edits from 8 letters (Wanderschuu, Wandrschue; not three), none below 4 letters (mgu), and never the first letter of a short word (hacket)', async () => {
    const boots = await search('Wanderschuhe', 'de')
    expect((await search('Wanderschuu', 'de')).total).toBe(boots.total)
    expect((await search('Wandrschue', 'de')).total).toBe(boots.total)
    expect((await search('Wandrscue', 'de')).total).toBe(0)
    expect((await search('mug')).total).toBeGreaterThan(0)
    expect((await search('mgu')).total).toBe(0)
    expect((await search('hacket')).total).toBe(0)
  })

  it('corrects only a word the catalogue does not know: a known word keeps its own matches (shoe does not become shop)', async () => {
    expect((await search('shorts')).names.every((n) => n.includes('Shorts'))).toBe(true)
    expect((await search('shoes')).names.some((n) => n.includes('Shorts'))).toBe(false)
  })

  it('answers nothing for what the shop does not sell, rather than look-alikes: kayak, Handschuhe, gloves, Regenschirm', async () => {
    for (const [q, l] of [['kayak', 'en'], ['Handschuhe', 'de'], ['gloves', 'en'], ['Regenschirm', 'de'], ['pink kayak', 'en']] as const) {
      expect((await search(q, l)).total, q).toBe(0)
    }
  })
})

describe('word forms, compounds and joined words', () => {
  it('finds singular and plural alike in English and German', async () => {
    expect((await search('hoodies')).total).toBe((await search('hoodie')).total)
    expect((await search('Mützen', 'de')).total).toBe((await search('Mütze', 'de')).total)
    expect((await search('Stirnlampen', 'de')).total).toBe((await search('Stirnlampe', 'de')).total)
  })

  it('finds a German compound by its head and a head in compounds: Fahrradhelm → Helm, Stuhl → Campingstuhl', async () => {
    const helm = await search('Fahrradhelm', 'de')
    expect(helm.total).toBe((await search('Helm', 'de')).total)
    expect(helm.names.every((n) => n.endsWith(' Helm'))).toBe(true)
    const chairs = await search('Stuhl', 'de')
    expect(chairs.total).toBeGreaterThan(0)
    expect(chairs.names.every((n) => n.endsWith('Campingstuhl'))).toBe(true)
  })

  it('finds words typed joined or split: sleepingbag, tshirt, day pack', async () => {
    expect((await search('sleepingbag')).total).toBe((await search('sleeping bag')).total)
    const tees = await search('tshirt')
    expect(tees.total).toBeGreaterThan(0)
    expect(tees.names.every((n) => n.endsWith('T-Shirt'))).toBe(true)
    expect((await search('day pack')).names.every((n) => n.endsWith('Daypack'))).toBe(true)
  })
})

describe('synonyms', () => {
  it("finds the shopper's own words from the maintained list: thongs, jumper, headlamp (en), Regenmantel, Koffer (de)", async () => {
    expect((await search('thongs')).names.every((n) => n.endsWith('Sandals'))).toBe(true)
    expect((await search('thongs')).total).toBe((await search('sandals')).total)
    expect((await search('jumper')).names.every((n) => n.endsWith('Hoodie'))).toBe(true)
    expect((await search('headlamp')).total).toBe((await search('head torch')).total)
    expect((await search('Regenmantel', 'de')).total).toBe((await search('Regenjacke', 'de')).total)
    expect((await search('Koffer', 'de')).names.every((n) => n.endsWith('Trolley'))).toBe(true)
  })

  it('takes a synonym added to the table into the next search, without a deploy', async () => {
    expect((await search('kagoul')).total).toBe(0)
    await env.DB.prepare("INSERT INTO search_synonyms (locale, terms, one_way) VALUES ('en', 'kagoul, rain jacket', 1)").run()
    const found = await search('kagoul')
    expect(found.total).toBe((await search('rain jacket')).total)
    await env.DB.prepare("DELETE FROM search_synonyms WHERE terms LIKE 'kagoul%'").run()
    expect((await search('kagoul')).total).toBe(0)
  })
})

describe('colour and gender in the query', () => {
  it("'red jacket' is the jackets in red, as the colour filter gives them; 'rote Jacke' the same in German", async () => {
    const filtered = await api('/products?filter[name]=jacket&filter[options][color]=red&per_page=100&facets=false')
    const ids = filtered.body.data.map((p: any) => Number(p.id))
    expect(ids.length).toBeGreaterThan(0)
    expect((await search('red jacket')).ids.sort()).toEqual([...ids].sort())
    expect((await search('rote Jacke', 'de')).ids.sort()).toEqual([...ids].sort())
  })

  it("'kids rain jacket' and 'Damen Wanderschuhe' are the products for kids and women (or everyone)", async () => {
    const kids = await api('/products?filter[name]=rain%20jacket&filter[properties][gender]=kids,unisex&per_page=100&facets=false')
    expect(kids.body.data.length).toBeGreaterThan(0)
    expect((await search('kids rain jacket')).ids.sort()).toEqual(kids.body.data.map((p: any) => Number(p.id)).sort())
    const women = await api('/products?filter[name]=Wanderschuhe&filter[properties][gender]=women,unisex&locale=de&per_page=100&facets=false')
    expect((await search('Damen Wanderschuhe', 'de')).ids.sort()).toEqual(women.body.data.map((p: any) => Number(p.id)).sort())
  })

  it("a colour the shopper chose in the facet stands over the query's colour word", async () => {
    const blue = await api('/products?filter[name]=jacket&filter[options][color]=blue&per_page=100&facets=false')
    const chosen = await api('/products?filter[name]=red%20jacket&filter[options][color]=blue&per_page=100&facets=false')
    expect(chosen.body.data.map((p: any) => p.id)).toEqual(blue.body.data.map((p: any) => p.id))
  })
})

describe('a colour named like a word of product names (an operator adds Glacier / Gletscher)', () => {
  /** The listed products whose name (in the locale) has every one of the words, from the seed's rows. */
  const named = (words: string[], locale: 'en' | 'de') => {
    const now = new Date().toISOString()
    const listed = new Set(seedTable<{ id: number; discontinue_on: string | null }>('products').filter((p) => p.discontinue_on === null || p.discontinue_on > now).map((p) => p.id))
    const rows = locale === 'en' ? seedTable<{ id: number; name: string }>('products') : seedTable<{ product_id: number; locale: string; name: string }>('product_translations').filter((t) => t.locale === 'de').map((t) => ({ id: t.product_id, name: t.name }))
    return rows.filter((p) => listed.has(p.id) && words.every((w) => new RegExp(`\\b${w}\\b`, 'i').test(p.name))).map((p) => p.id).sort((a, b) => a - b)
  }
  const found = async (text: string, locale: 'en' | 'de') => {
    const res = await api(`/products?filter[name]=${encodeURIComponent(text)}&locale=${locale}&per_page=100&facets=false`)
    expect(res.status, text).toBe(200)
    return { ids: res.body.data.map((p: any) => Number(p.id)).sort((a: number, b: number) => a - b) as number[], search: res.body.meta.search }
  }
  const colourFilter = (search: any) => (search?.filters ?? []).find((f: any) => f.filter === 'options.color')

  it("finds the Glacier products by their names' words, in English and German; the colour is a filter only where the other words find products in it, and never hides a product named with it", async () => {
    const queries = [['Müller Outdoor Glacier Jacket', 'en'], ['glacier jacket', 'en'], ['glacier boots', 'en'], ['Müller Outdoor Gletscher Jacke', 'de'], ['Gletscher Jacke', 'de'], ['Gletscher Stiefel', 'de']] as const
    const before = new Map<string, number[]>()
    for (const [q, l] of queries) before.set(q, (await found(q, l)).ids)
    // The operator's new colour, and one jacket (not named Glacier) that comes in it.
    const jacket = seedTable<{ id: number; name: string }>('products').find((p) => p.name.endsWith(' Jacket') && !p.name.includes('Glacier') && named(['jacket'], 'en').includes(p.id))!
    const type = (await env.DB.prepare("SELECT id FROM option_types WHERE name IN ('color', 'colour')").first<{ id: number }>())!.id
    const glacier = (await env.DB.prepare("INSERT INTO option_values (option_type_id, name, presentation, position) VALUES (?, 'glacier', 'Glacier', 99) RETURNING id").bind(type).first<{ id: number }>())!.id
    await env.DB.batch([
      env.DB.prepare("INSERT INTO option_value_translations (option_value_id, locale, presentation) VALUES (?, 'de', 'Gletscher')").bind(glacier),
      env.DB.prepare('INSERT INTO product_option_values (product_id, option_value_id) VALUES (?, ?)').bind(jacket.id, glacier),
    ])
    try {
      for (const [q, l] of queries) {
        const { ids } = await found(q, l)
        // every product named with all the words is still found (Müller Outdoor Glacier Jacket by its own name)
        const words = q.toLowerCase().replace('müller outdoor ', 'müller ').split(' ')
        expect(named(words, l).filter((id) => !ids.includes(id)), `${q} (${l}) loses products named with its words`).toEqual([])
        expect(named(words, l).length, q).toBeGreaterThan(0)
        for (const id of before.get(q)!) expect(ids, `${q} (${l}) lost product ${id}`).toContain(id)
      }
      // 'glacier jacket': a jacket comes in Glacier, so the colour is the filter (ticked), widened by the names
      for (const [q, l] of [['glacier jacket', 'en'], ['Gletscher Jacke', 'de']] as const) {
        const res = await found(q, l)
        expect(res.ids, q).toContain(jacket.id)
        expect(colourFilter(res.search)?.params, q).toEqual([String(glacier)])
        // the results page's ask (facets counted in the same statement) finds the same products
        const page = await api(`/products?filter[name]=${encodeURIComponent(q)}&locale=${l}&per_page=100`)
        expect(page.body.data.map((p: any) => Number(p.id)).sort((a: number, b: number) => a - b), q).toEqual(res.ids)
        expect(page.body.meta.total_count, q).toBe(res.ids.length)
        // the rest: products named with the colour's word (the named jackets among them), none merely matching 'jacket'
        expect(res.ids.filter((id) => id !== jacket.id && !named([q.split(' ')[0]!], l).includes(id)), q).toEqual([])
      }
      // 'glacier boots': no boots come in Glacier, so the word is searched as before and no filter is told
      for (const [q, l] of [['glacier boots', 'en'], ['Gletscher Stiefel', 'de']] as const) {
        const res = await found(q, l)
        expect(res.ids, q).toEqual(before.get(q))
        expect(colourFilter(res.search), q).toBeUndefined()
      }
      // the colour alone: its products and those named with it
      const alone = await found('glacier', 'en')
      expect(alone.ids).toEqual([...new Set([...named(['glacier'], 'en'), jacket.id])].sort((a, b) => a - b))
    } finally {
      await env.DB.batch([
        env.DB.prepare('DELETE FROM product_option_values WHERE option_value_id = ?').bind(glacier),
        env.DB.prepare('DELETE FROM option_value_translations WHERE option_value_id = ?').bind(glacier),
        env.DB.prepare('DELETE FROM option_values WHERE id = ?').bind(glacier),
      ])
    }
  })
})

describe('brand, material and size in the query', () => {
  /** The products a listing with the given filters answers (the facet filters the search words should equal). */
  const listed = async (query: string, locale: 'en' | 'de' = 'en') =>
    (await api(`/products?${query}&locale=${locale}&per_page=100&facets=false`)).body.data.map((p: any) => Number(p.id)).sort()
  const searched = async (text: string, locale: 'en' | 'de' = 'en') => {
    const res = await api(`/products?filter[name]=${encodeURIComponent(text)}&locale=${locale}&per_page=100&facets=false`)
    return { ids: res.body.data.map((p: any) => Number(p.id)).sort(), search: res.body.meta.search }
  }

  it("'leather boots', 'Leder Wanderschuhe', 'wool pants' and 'Wolle Hose' are those products in that material, told as a filter", async () => {
    const leather = await listed('filter[name]=boots&filter[properties][material]=leather')
    expect(leather.length).toBeGreaterThan(0)
    const en = await searched('leather boots')
    expect(en.ids).toEqual(leather)
    expect(en.search.filters).toEqual([{ filter: 'properties.material', words: ['leather'], values: ['Leather'], params: ['leather'] }])
    expect(en.search.term_without['properties.material']).toBe('boots')
    const de = await searched('Leder Wanderschuhe', 'de')
    expect(de.ids).toEqual(await listed('filter[name]=Wanderschuhe&filter[properties][material]=leather', 'de'))
    expect(de.search.filters[0].values).toEqual(['Leder'])
    const wool = await listed('filter[name]=pants&filter[properties][material]=merino-wool')
    expect(wool.length).toBeGreaterThan(0)
    expect((await searched('wool pants')).ids).toEqual(wool)
    expect((await searched('merino wool pants')).ids).toEqual(wool)
    const hose = await listed('filter[name]=Hose&filter[properties][material]=merino-wool', 'de')
    expect(hose.length).toBeGreaterThan(0)
    expect((await searched('Wolle Hose', 'de')).ids).toEqual(hose)
    expect((await searched('Merinowolle Hose', 'de')).ids).toEqual(hose)
  })

  it("'XL hoodie', 'size m jacket' and 'Jacke Größe L' are the products in that size; a lone 'm' inside a query is not a size", async () => {
    const xl = await listed('filter[name]=hoodie&filter[options][size]=xl')
    expect(xl.length).toBeGreaterThan(0)
    const en = await searched('XL hoodie')
    expect(en.ids).toEqual(xl)
    expect(en.search.filters).toEqual([{ filter: 'options.size', words: ['xl'], values: ['XL'], params: [expect.stringMatching(/^\d+$/)] }])
    expect((await searched('Kapuzenpullover XL', 'de')).ids).toEqual(await listed('filter[name]=Kapuzenpullover&filter[options][size]=xl', 'de'))
    const m = await searched('size m jacket')
    expect(m.ids).toEqual(await listed('filter[name]=jacket&filter[options][size]=m'))
    expect(m.search.term_without['options.size']).toBe('jacket')
    expect((await searched('Jacke Größe L', 'de')).ids).toEqual(await listed('filter[name]=Jacke&filter[options][size]=l', 'de'))
    expect((await searched('m jacket')).search).toBeUndefined()
  })

  it("'Bergfeld tent' and 'mueller jacket' are the brand's products; the house brand 'Basecamp' stays a word (it is no brand property)", async () => {
    const bergfeld = await listed('filter[name]=tent&filter[properties][brand]=bergfeld')
    expect(bergfeld.length).toBeGreaterThan(0)
    const tent = await searched('Bergfeld tent')
    expect(tent.ids).toEqual(bergfeld)
    expect(tent.search.filters).toEqual([{ filter: 'properties.brand', words: ['bergfeld'], values: ['Bergfeld'], params: ['bergfeld'] }])
    expect((await searched('mueller jacket')).ids).toEqual(await listed('filter[name]=jacket&filter[properties][brand]=muller-outdoor'))
    const house = await search('Basecamp jacket')
    expect(house.total).toBeGreaterThan(0)
    expect(house.names.every((n) => n.startsWith('Basecamp '))).toBe(true)
    expect((await searched('Basecamp jacket')).search).toBeUndefined()
  })

  it("a word the catalogue also uses otherwise stays searched: 'down jacket' keeps Down Jackets of any material, 'summit' is no brand filter", async () => {
    const down = await searched('down jacket')
    expect(down.search).toBeUndefined()
    const names = (await search('down jacket')).names
    expect(names.some((n) => n.endsWith('Down Jacket'))).toBe(true)
    expect((await searched('summit')).search).toBeUndefined()
    expect((await searched('Summit & Co')).search.filters[0]).toMatchObject({ filter: 'properties.brand', values: ['Summit & Co'] })
  })
})

describe('ranking and phrases', () => {
  it("a synonym list's phrase is searched as a phrase: 'backpack' and 'nylon backpack' find backpacks only (not packing cells or a travel dress with 'travel' and 'packable' apart)", async () => {
    const backpack = /(Backpack|Daypack|Travel Pack)$/
    const all = await search('backpack')
    expect(all.total).toBeGreaterThan(0)
    expect(all.names.filter((n) => !backpack.test(n))).toEqual([])
    const nylon = await search('nylon backpack')
    expect(nylon.total).toBeGreaterThan(0)
    expect(nylon.names.filter((n) => !backpack.test(n))).toEqual([])
  })

  it("a word ranks the products named for it above its compounds: 'Rucksack' lists Rucksack before Tagesrucksack and Reiserucksack; 'Tagesrucksack' finds those alone", async () => {
    const res = await api(`/products?filter[name]=Rucksack&locale=de&per_page=100&facets=false`)
    const buyable = res.body.data.filter((p: any) => p.attributes.purchasable).map((p: any) => p.attributes.name as string)
    const plain = buyable.filter((n: string) => / Rucksack$/.test(n))
    expect(plain.length).toBeGreaterThan(0)
    expect(buyable.some((n: string) => /(Tages|Reise)rucksack$/.test(n))).toBe(true)
    // buyable first (the 'Featured' order), and among them the word itself before the compounds
    expect(buyable.slice(0, plain.length)).toEqual(plain)
    const day = await search('Tagesrucksack', 'de')
    expect(day.total).toBeGreaterThan(0)
    expect(day.names.filter((n) => !n.endsWith('Tagesrucksack'))).toEqual([])
  })
})
