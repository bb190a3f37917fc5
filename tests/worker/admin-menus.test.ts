import { env } from 'cloudflare:workers'
import { describe, expect, it, vi } from 'vitest'
import { get } from './helpers.ts'
import { auditOf, operator } from './admin-helpers.ts'

/** The menu as the storefront reads it (through its KV-cached commerce call). */
async function storeMenu(type: 'header' | 'footer', locale: 'en' | 'de' = 'en') {
  const res = await get(`/api/menus?type=${type}`, locale === 'de' ? { cookie: 'locale=de' } : {})
  expect(res.status).toBe(200)
  return (await res.json()) as { items: Array<{ label: string; link: string; items: Array<{ label: string; link: string }> }>; isDisabled: boolean }
}

/** The menu editor's fields for `items`, as the browser posts them. */
const fieldsOf = (items: Array<{ level: string; link: string; en: string; de: string }>, extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(items.flatMap((item, i) => Object.entries(item).map(([k, v]) => [`items.${i}.${k}`, v]))),
  ...extra,
})

describe('menus in the console', () => {
  it('edits the header menu in English and German: labels, links, order, nesting; the store follows at once, audited', async () => {
    const { b } = await operator()
    const page = await b.get('/admin/menus/header')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Add an item')
    // a first menu, which the store reads and keeps in KV
    const first = [
      { level: '1', link: '/t/women', en: 'Women', de: 'Damen' },
      { level: '2', link: '/t/women/jackets', en: 'Jackets', de: 'Jacken' },
    ]
    expect((await b.post('/admin/menus/header', fieldsOf(first, { intent: 'save' }))).status).toBe(303)
    expect((await storeMenu('header')).items.map((i) => i.label)).toEqual(['Women'])
    // the copy is written after the answer (waitUntil)
    await vi.waitFor(async () => expect((await env.CACHE.get('v2:menu:en:header')) ?? '').toContain('Jackets'))
    const editor = (await b.get('/admin/menus/header')).body
    expect(editor).toContain('>English label<')
    expect(editor).toContain('value="Jacken"')

    const items = [
      { level: '1', link: '/t/camping', en: 'Camp out', de: 'Zelten' },
      { level: '2', link: '/t/camping/tents', en: 'Tents', de: 'Zelte' },
      { level: '1', link: '/t/women', en: 'Women', de: 'Damen' },
    ]
    const saved = await b.post('/admin/menus/header', fieldsOf(items, { intent: 'save' }))
    expect(saved.status).toBe(303)
    expect((await b.get(saved.location!)).body).toContain('Your changes are saved.')

    const en = await storeMenu('header')
    expect(en.items.map((i) => [i.label, i.link, i.items.map((c) => c.label)])).toEqual([
      ['Camp out', '/t/camping', ['Tents']],
      ['Women', '/t/women', []],
    ])
    expect((await storeMenu('header', 'de')).items.map((i) => i.label)).toEqual(['Zelten', 'Damen'])
    // in the page's HTML itself, in place of the placeholder: a browser without JavaScript shows the console's menu
    const home = await (await get('/de/t/women')).text()
    expect(home).not.toContain('data-testid="nav-placeholder"')
    const nav = home.slice(home.indexOf('data-testid="nav-menu"'), home.indexOf('</nav>', home.indexOf('data-testid="nav-menu"')))
    expect([...nav.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1]])).toEqual([
      ['Zelten', '/de/t/camping'],
      ['Alle', '/de/t/camping'],
      ['Zelte', '/de/t/camping/tents'],
      ['Damen', '/de/t/women'],
    ])
    const audit = (await auditOf('menu.update'))[0]!
    expect(audit.subject_id).toBe('header')
    expect(audit.before).toEqual(first)
    expect(audit.after).toEqual(items)
  })

  it('adds, moves and removes rows in the draft without storing them until Save', async () => {
    const { b } = await operator()
    const items = [
      { level: '1', link: '', en: 'Help', de: 'Hilfe' },
      { level: '2', link: '/faqs', en: 'FAQs', de: 'Häufige Fragen' },
    ]
    const added = await b.post('/admin/menus/footer', fieldsOf(items, { intent: 'add' }))
    expect(added.status).toBe(200)
    expect(added.body).toContain('Not saved yet')
    expect(added.body).toContain('id="items-2-en"')
    const moved = await b.post('/admin/menus/footer', fieldsOf(items, { intent: 'down.0' }))
    expect(moved.body.indexOf('value="FAQs"')).toBeLessThan(moved.body.indexOf('value="Help"'))
    const removed = await b.post('/admin/menus/footer', fieldsOf(items, { intent: 'remove.1' }))
    expect(removed.body).not.toContain('value="FAQs"')
    expect((await storeMenu('footer')).items.map((i) => i.label)).not.toContain('Help')

    expect((await b.post('/admin/menus/footer', fieldsOf(items, { intent: 'save' }))).status).toBe(303)
    const footer = await storeMenu('footer')
    expect(footer.items.map((i) => [i.label, i.items.map((c) => [c.label, c.link])])).toEqual([['Help', [['FAQs', '/faqs']]]])
  })

  it('moves a row to the place its Position names in one Save (not one place per round trip), audited', async () => {
    const { b } = await operator()
    const items = [
      { level: '1', link: '/t/women', en: 'Women', de: 'Damen' },
      { level: '1', link: '/t/men', en: 'Men', de: 'Herren' },
      { level: '1', link: '/t/kids', en: 'Kids', de: 'Kinder' },
      { level: '1', link: '/t/sale', en: 'Sale', de: 'Sale' },
    ]
    expect((await b.post('/admin/menus/header', fieldsOf(items, { intent: 'save' }))).status).toBe(303)
    const page = await b.get('/admin/menus/header')
    // each row has its place as a number to pick
    expect(page.body).toContain('name="items.3.position"')
    const positions = Object.fromEntries(items.map((_, i) => [`items.${i}.position`, String(i + 1)]))
    // 'Sale' from the fourth place to the first, in one post
    const saved = await b.post('/admin/menus/header', fieldsOf(items, { ...positions, 'items.3.position': '1', intent: 'save' }))
    expect(saved.status).toBe(303)
    expect((await storeMenu('header')).items.map((i) => i.label)).toEqual(['Sale', 'Women', 'Men', 'Kids'])
    expect((await storeMenu('header', 'de')).items.map((i) => i.label)).toEqual(['Sale', 'Damen', 'Herren', 'Kinder'])
    expect((await auditOf('menu.update'))[0]!.after.map((i: { en: string }) => i.en)).toEqual(['Sale', 'Women', 'Men', 'Kids'])
    // and the first row to the last, shown in the draft before it is saved
    const shown = await b.post('/admin/menus/header', fieldsOf(items, { ...positions, 'items.0.position': '4', intent: 'add' }))
    expect(shown.body.indexOf('value="Men"')).toBeLessThan(shown.body.indexOf('value="Women"'))
    expect(shown.body.indexOf('value="Sale"')).toBeLessThan(shown.body.indexOf('value="Women"'))
  })

  it('refuses bad rows with a message per field and changes nothing', async () => {
    const { b } = await operator()
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM menu_items i JOIN menus m ON m.id = i.menu_id WHERE m.location = 'header'").first<{ n: number }>()
    const bad = await b.post(
      '/admin/menus/header',
      fieldsOf(
        [
          { level: '2', link: 'javascript:alert(1)', en: '', de: 'Zelte' },
          { level: '1', link: '', en: 'Women', de: '' },
          { level: 'deep', link: '/t/x', en: 'X', de: 'X' },
        ],
        { intent: 'save' },
      ),
    )
    expect(bad.status).toBe(422)
    for (const [id, message] of [
      ['items-0-en', 'The English label is required.'],
      ['items-0-link', 'A link is a path of this store that starts with a single / (like /t/women) or an address that starts with https://, without spaces or backslashes.'],
      ['items-0-level', 'The first item must be at the top level.'],
      ['items-1-de', 'The German label is required.'],
      ['items-1-link', 'A link is required (a store path like /t/women).'],
      ['items-2-level', 'Choose where the item sits.'],
    ] as Array<[string, string]>)
      expect(bad.body).toContain(`id="${id}-error" class="flex items-center gap-1 text-sm text-danger-700" role="alert" autofocus="" tabindex="-1" data-lands="">${message}`)
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM menu_items i JOIN menus m ON m.id = i.menu_id WHERE m.location = 'header'").first<{ n: number }>()).toEqual(stored)
  })
})

describe('the storefront footer reads the footer menu', () => {
  /**
   * The footer's link blocks as a browser without JavaScript shows them: the block is in the HTML once, in place (not
   * a fallback followed by a hidden streamed segment that only a script moves in). [heading, [label, href]…] per block.
   */
  async function footerOf(path: string) {
    const body = await (await get(path)).text()
    const start = body.indexOf('data-testid="footer-links"')
    expect(start).toBeGreaterThan(0)
    expect(body.indexOf('data-testid="footer-links"', start + 1)).toBe(-1)
    expect(body).not.toMatch(/<div hidden="" id="S:/)
    const block = body.slice(start, body.indexOf('<script', start))
    return block
      .split('<h2')
      .slice(1)
      .map((group) => [
        /^[^>]*>(?:<a[^>]*>)?([^<]*)/.exec(group)![1],
        [...group.matchAll(/<li><a[^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1]]),
      ])
  }

  it('shows a console save on the store in English and German; with no footer items, the fixed links', async () => {
    const { b } = await operator()
    // a footer menu without items (as a remote Spree without one): today's fixed links; the pages are now cached
    expect((await b.post('/admin/menus/footer', { intent: 'save' })).status).toBe(303)
    expect((await footerOf('/de')).map(([heading]) => heading)).toEqual(['Hilfe', 'Unternehmen'])
    expect((await footerOf('/'))[0]).toEqual(['Help', [['Contact us', '/contactus'], ['FAQs', '/FAQs'], ['Sizing guides', '/sizingguides'], ['Product returns', '/productreturns']]])

    const items = [
      { level: '1', link: '', en: 'Stories', de: 'Geschichten' },
      { level: '2', link: '/stories/bike-ride', en: 'The long ride', de: 'Die lange Fahrt' },
      { level: '2', link: 'https://example.org/map', en: 'Trail map', de: 'Wanderkarte' },
      { level: '1', link: '/giftcards', en: 'Gift cards', de: 'Geschenkkarten' },
    ]
    expect((await b.post('/admin/menus/footer', fieldsOf(items, { intent: 'save' }))).status).toBe(303)
    expect(await footerOf('/')).toEqual([
      ['Stories', [['The long ride', '/stories/bike-ride'], ['Trail map', 'https://example.org/map']]],
      ['Gift cards', []],
    ])
    expect(await footerOf('/de/t/women')).toEqual([
      ['Geschichten', [['Die lange Fahrt', '/de/stories/bike-ride'], ['Wanderkarte', 'https://example.org/map']]],
      ['Geschenkkarten', []],
    ])
    const home = await (await get('/')).text()
    expect(home).toMatch(/<h2[^>]*><a[^>]*href="\/giftcards"[^>]*>Gift cards<\/a><\/h2>/)

    // an operator who empties the menu gets the fixed links back
    expect((await b.post('/admin/menus/footer', { intent: 'save' })).status).toBe(303)
    expect((await footerOf('/de')).map(([heading]) => heading)).toEqual(['Hilfe', 'Unternehmen'])
    expect((await footerOf('/'))[0]).toEqual(['Help', [['Contact us', '/contactus'], ['FAQs', '/FAQs'], ['Sizing guides', '/sizingguides'], ['Product returns', '/productreturns']]])
  })

  it('refuses links a browser reads as another site (/\\host, //host, /\\/host, a tab or newline inside, javascript:), and never renders one already stored', async () => {
    const { b } = await operator()
    for (const link of ['/\\evil.example', '//evil.example', '/\\/evil.example', '/\t/evil.example', '/t/wo\nmen', 'javascript:alert(1)', 'https:/\\evil.example', 'http://evil.example']) {
      const refused = await b.post('/admin/menus/footer', fieldsOf([{ level: '1', link, en: 'Bad', de: 'Schlecht' }], { intent: 'save' }))
      expect(refused.status, link).toBe(422)
      expect(refused.body).toContain('A link is a path of this store that starts with a single / (like /t/women)')
    }
    // links stored before this check (or by a remote Spree): the store leaves those items out
    const items = [
      { level: '1', link: '', en: 'Stories', de: 'Geschichten' },
      { level: '2', link: '/stories/a', en: 'Safe one', de: 'Sicher' },
      { level: '2', link: '/stories/b', en: 'Sneaky one', de: 'Heimlich' },
    ]
    expect((await b.post('/admin/menus/footer', fieldsOf(items, { intent: 'save' }))).status).toBe(303)
    await env.DB.prepare("UPDATE menu_items SET destination = '/\\evil.example' WHERE destination = '/stories/b'").run()
    const footer = await footerOf('/')
    expect(footer).toEqual([['Stories', [['Safe one', '/stories/a']]]])
    expect(await (await get('/')).text()).not.toContain('evil.example')
    expect((await b.post('/admin/menus/footer', { intent: 'save' })).status).toBe(303)
  })
})
