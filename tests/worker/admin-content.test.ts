import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { get } from './helpers.ts'
import { auditOf, consoleBrowser, operator } from './admin-helpers.ts'

/** A page in English and German with a rich-text section and a hero, as the seed writes them. */
async function cmsPage(slug: string, visible = 1) {
  const ids: number[] = []
  for (const [locale, title, words] of [['en', 'Summer news', 'Old words'], ['de', 'Sommer-Neuigkeiten', 'Alte Worte']] as const) {
    const row = await env.DB.prepare("INSERT INTO cms_pages (slug, locale, title, content, type, visible, updated_at) VALUES (?, ?, ?, ?, 'standard', ?, '2026-01-01T00:00:00Z') RETURNING id")
      .bind(slug, locale, title, `<p>${words}</p>`, visible)
      .first<{ id: number }>()
    ids.push(row!.id)
    await env.DB.prepare("INSERT INTO cms_sections (cms_page_id, name, type, position, content, settings) VALUES (?, 'Intro', 'rich_text_content', 1, ?, '{\"gutters\":\"Gutters\"}')").bind(row!.id, JSON.stringify({ rte_content: `<p>${locale} story</p>` })).run()
    await env.DB.prepare("INSERT INTO cms_sections (cms_page_id, name, type, position, content, link, image_one) VALUES (?, 'Hero', 'hero_image', 2, ?, '/t/new-in', '/images/cms/hero-home')").bind(row!.id, JSON.stringify({ title: `${locale} hero`, alt_one: `${locale} peaks` })).run()
  }
  return { id: ids[0]! }
}

/** The editor's form as a browser posts it, from the fields of the page as the editor showed it, with changes. */
function formOf(html: string, changes: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {}
  const form = html.slice(html.indexOf('aria-label="Page and sections"'))
  for (const m of form.matchAll(/<input[^>]*?name="([^"]+)"[^>]*?>/g)) {
    const value = /value="([^"]*)"/.exec(m[0])?.[1] ?? ''
    fields[m[1]!] = decode(value)
  }
  for (const m of form.matchAll(/<textarea[^>]*?name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g)) fields[m[1]!] = decode(m[2]!)
  for (const m of form.matchAll(/<select[^>]*?name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) fields[m[1]!] = /<option[^>]*selected=""[^>]*value="([^"]*)"|<option value="([^"]*)"[^>]*selected/.exec(m[2]!)?.slice(1).find((v) => v !== undefined) ?? ''
  return { ...fields, ...changes }
}
const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')
const live = async (path: string) => {
  const res = await get(path)
  return { status: res.status, body: await res.text() }
}

describe('content in the console: typed section editors in English and German', () => {
  it('shows real fields per section type (no JSON), saves both languages, and the live pages show it at once, audited', async () => {
    const { b } = await operator()
    const slug = `news-${crypto.randomUUID().slice(0, 6)}`
    const page = await cmsPage(slug)
    expect((await live(`/${slug}`)).body).toContain('en story')

    const shown = await b.get(`/admin/content/${page.id}`)
    expect(shown.status).toBe(200)
    expect(shown.body).not.toContain('(JSON)')
    for (const label of ['Heading', 'Picture description', 'Picture', 'Text']) expect(shown.body).toContain(`>${label}<`)
    expect(shown.body).toContain('name="sections.1.de.title" value="de hero"')

    const changes = { 'sections.0.en.rte_content': '<p>Fresh story</p>', 'sections.0.de.rte_content': '<p>Neue Geschichte</p>', 'sections.1.en.title': 'Summer is here' }
    const saved = await b.post(`/admin/content/${page.id}`, formOf(shown.body, { intent: 'publish', ...changes }))
    expect(saved.status).toBe(303)
    expect((await b.get(saved.location!)).body).toContain('Published: the page is live.')
    expect((await live(`/${slug}`)).body).toContain('Fresh story')
    expect((await live(`/${slug}`)).body).toContain('Summer is here')
    expect((await live(`/de/${slug}`)).body).toContain('Neue Geschichte')

    const stored = await env.DB.prepare("SELECT s.settings, s.content FROM cms_sections s JOIN cms_pages p ON p.id = s.cms_page_id WHERE p.slug = ? AND p.locale = 'en' ORDER BY s.position").bind(slug).all<{ settings: string; content: string }>()
    expect(stored.results[0]!.settings).toBe('{"gutters":"Gutters"}')
    expect(JSON.parse(stored.results[1]!.content)).toEqual({ title: 'Summer is here', alt_one: 'en peaks' })
    const audit = (await auditOf('cms_page.update'))[0]!
    expect(audit.subject_id).toBe(slug)
    expect(audit.before.sections[0].en.rte_content).toBe('<p>en story</p>')
    expect(audit.after.sections[0].en.rte_content).toBe('<p>Fresh story</p>')
  })

  it('refuses a draft with field messages per section and language, and changes nothing', async () => {
    const { b } = await operator()
    const slug = `bad-${crypto.randomUUID().slice(0, 6)}`
    const page = await cmsPage(slug)
    const shown = await b.get(`/admin/content/${page.id}`)
    const bad = await b.post(
      `/admin/content/${page.id}`,
      formOf(shown.body, { intent: 'save', 'de.title': ' ', 'sections.1.en.title': '', 'sections.1.shared.link': 'javascript:alert(1)', 'sections.1.shared.image_one': 'http://evil.example/x.png', 'sections.1.de.alt_one': '', 'sections.0.de.rte_content': '' }),
    )
    expect(bad.status).toBe(422)
    for (const [name, message] of [
      ['de-title', 'The title is required.'],
      ['sections-1-en-title', 'Heading is required.'],
      ['sections-1-shared-link', 'A link is a path of this store that starts with a single / (like /t/women) or an address that starts with https://, without spaces or backslashes.'],
      ['sections-1-shared-image_one', 'Choose one of the uploaded pictures from the list.'],
      ['sections-1-de-alt_one', 'Describe the picture for screen readers.'],
      ['sections-0-de-rte_content', 'Text is required.'],
    ] as Array<[string, string]>) expect(bad.body).toContain(`id="${name}-error" class="flex items-center gap-1 text-sm text-danger-700" role="alert" autofocus="" tabindex="-1" data-lands="">${message.replace(/'/g, '&#x27;')}`)
    // what was typed stays in the form
    expect(bad.body).toContain('value="javascript:alert(1)"')
    const unknown = await b.post(`/admin/content/${page.id}`, formOf(shown.body, { intent: 'save', 'sections.0.type': 'marquee' }))
    expect(unknown.status).toBe(422)
    expect(unknown.body).toContain('Choose a section type from the list.')
    expect((await live(`/de/${slug}`)).body).toContain('de story')
    expect(await auditOf('cms_page.update').then((a) => a.filter((e) => e.subject_id === slug))).toEqual([])
  })

  it('adds, reorders and removes sections in the draft, and stores the new order in both languages on publish', async () => {
    const { b } = await operator()
    const slug = `order-${crypto.randomUUID().slice(0, 6)}`
    const page = await cmsPage(slug)
    let form = formOf((await b.get(`/admin/content/${page.id}`)).body)

    const added = await b.post(`/admin/content/${page.id}`, { ...form, intent: 'add', add_type: 'featured_article' })
    expect(added.status).toBe(200)
    expect(added.body).toContain('Not saved yet')
    expect(added.body).toContain('3. Featured article')
    expect((await b.post(`/admin/content/${page.id}`, { ...form, intent: 'add', add_type: '' })).body).toContain('Choose the kind of section to add.')

    form = formOf(added.body, { 'sections.2.en.name': 'Story', 'sections.2.de.name': 'Geschichte', 'sections.2.en.title': 'Our story', 'sections.2.de.title': 'Unsere Geschichte', 'sections.2.en.rte_content': '<p>Since 1987</p>', 'sections.2.de.rte_content': '<p>Seit 1987</p>' })
    const moved = await b.post(`/admin/content/${page.id}`, { ...form, intent: 'up.2' })
    expect(moved.body.indexOf('2. Featured article: Story')).toBeGreaterThan(0)
    const removed = await b.post(`/admin/content/${page.id}`, { ...formOf(moved.body), intent: 'remove.0' })
    expect(removed.body).toContain('1. Featured article: Story')
    expect(removed.body).not.toContain('Rich text: Intro')
    // nothing is stored before Save
    expect((await live(`/${slug}`)).body).toContain('en story')

    expect((await b.post(`/admin/content/${page.id}`, { ...formOf(removed.body), intent: 'publish' })).status).toBe(303)
    const order = await env.DB.prepare('SELECT p.locale, s.type, s.name, s.position FROM cms_sections s JOIN cms_pages p ON p.id = s.cms_page_id WHERE p.slug = ? ORDER BY p.locale, s.position').bind(slug).all()
    expect(order.results).toEqual([
      { locale: 'de', type: 'featured_article', name: 'Geschichte', position: 1 },
      { locale: 'de', type: 'hero_image', name: 'Hero', position: 2 },
      { locale: 'en', type: 'featured_article', name: 'Story', position: 1 },
      { locale: 'en', type: 'hero_image', name: 'Hero', position: 2 },
    ])
    const en = await live(`/${slug}`)
    expect(en.body).not.toContain('en story')
    expect(en.body.indexOf('Our story')).toBeLessThan(en.body.indexOf('en hero'))
  })

  it('previews the unsaved draft through the storefront rendering: admin only, never cached, never seen by shoppers', async () => {
    const { b } = await operator()
    const slug = `preview-${crypto.randomUUID().slice(0, 6)}`
    const page = await cmsPage(slug)
    await live(`/${slug}`)
    const draft = formOf((await b.get(`/admin/content/${page.id}`)).body, { 'sections.1.en.title': 'Draft headline', 'sections.1.de.title': 'Entwurf' })

    const preview = await b.post(`/admin/content/${page.id}/preview`, draft)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('cache-control')).toBe('private, no-store')
    expect(preview.headers.get('x-robots-tag')).toContain('noindex')
    expect(preview.body).toContain('Draft headline')
    expect(preview.body).toContain('data-section="hero_image"')
    expect(preview.body).toContain('Preview of unsaved changes')
    expect(preview.body).not.toContain('<script')
    // without the bootstrap that adds it on shoppers' pages, the body font's stylesheet is linked in the head
    expect(preview.body).toMatch(/<link rel="stylesheet" href="\/assets\/figtree-[\w-]+\.css"><\/head>/)
    const german = await b.post(`/admin/content/${page.id}/preview?locale=de`, draft)
    expect(german.body).toContain('Entwurf')
    expect(german.body).toContain('lang="de"')

    // the store and its caches still have the stored page
    expect((await live(`/${slug}`)).body).not.toContain('Draft headline')
    expect((await env.CACHE.get(`v2:cms:en:${slug}`)) ?? '').not.toContain('Draft headline')
    // a stranger cannot preview
    const stranger = await consoleBrowser().post(`/admin/content/${page.id}/preview`, draft)
    expect(stranger.status).toBe(404)
    expect(stranger.body).not.toContain('Draft headline')
    // a draft that does not validate is shown back with its messages instead
    const bad = await b.post(`/admin/content/${page.id}/preview`, { ...draft, 'sections.1.en.title': '' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('Heading is required.')
  })

  it('publishes and unpublishes both languages, fresh on the storefront at once (KV and edge page cache), audited', async () => {
    const { b } = await operator()
    const slug = `pub-${crypto.randomUUID().slice(0, 6)}`
    const page = await cmsPage(slug, 0)
    expect((await live(`/${slug}`)).status).toBe(404)
    expect((await live(`/${slug}`)).status).toBe(404)

    expect((await b.post(`/admin/content/${page.id}/publish`, {})).status).toBe(303)
    expect((await live(`/${slug}`)).body).toContain('en story')
    expect((await live(`/de/${slug}`)).body).toContain('de story')
    expect((await b.post(`/admin/content/${page.id}/unpublish`, {})).status).toBe(303)
    expect((await live(`/${slug}`)).status).toBe(404)
    expect((await live(`/de/${slug}`)).status).toBe(404)
    expect((await auditOf('cms_page.publish'))[0]).toMatchObject({ subject_id: slug, before: { visible: false }, after: { visible: true } })
    expect((await auditOf('cms_page.unpublish'))[0]).toMatchObject({ subject_id: slug, before: { visible: true }, after: { visible: false } })
  })

  it("'Purge everything' drops every cached menu, category tree and page, audited", async () => {
    const { b } = await operator()
    await env.CACHE.put('v2:menu:en:header', JSON.stringify({ value: [], storedAt: Date.now() }))
    expect((await b.get('/admin/content')).body).toContain('Purge everything')
    expect((await b.post('/admin/content/purge', {})).status).toBe(303)
    expect(await env.CACHE.get('v2:menu:en:header')).toBeNull()
    expect((await auditOf('cache.purge')).length).toBe(1)
  })
})
