import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { CMS_IMAGE_SIZES } from '#kernel/config.ts'
import { markdownToHtml } from '#kernel/markdown.ts'
import { imageDimensions, imageTypeOf } from '#worker/admin/image-checks.ts'
import { fileOf, pngOf } from '#tests/factories/images.ts'
import { get } from './helpers.ts'
import { auditOf, operator } from './admin-helpers.ts'

/** Issue 40 point 5: content with the shop's own pictures, Markdown, new pages and drafts apart from the live page. */

type Size = keyof typeof CMS_IMAGE_SIZES
const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA
const SIZES = Object.keys(CMS_IMAGE_SIZES) as Size[]
type Browser = Awaited<ReturnType<typeof operator>>['b']

async function pictureForm(alt = { en: 'Two tents by a lake at dusk', de: 'Zwei Zelte am See in der Dämmerung' }, files: Partial<Record<Size, File>> = {}) {
  const form = new FormData()
  for (const size of SIZES) form.append(size, files[size] ?? fileOf(await pngOf(CMS_IMAGE_SIZES[size].width, CMS_IMAGE_SIZES[size].height), `${size}.png`))
  form.append('alt_en', alt.en)
  form.append('alt_de', alt.de)
  return form
}

const live = async (path: string) => {
  const res = await get(path)
  return { status: res.status, body: await res.text() }
}

/** A new page through the console's form: the id of its editor. */
async function newPage(b: Browser, slug: string) {
  const res = await b.post('/admin/content/new', { slug, type: 'standard', title_en: 'Lake camping', title_de: 'Zelten am See' })
  expect(res.status).toBe(303)
  return Number(/\/admin\/content\/(\d+)/.exec(res.location!)![1])
}

/** The editor's fields for a page with one hero (the uploaded picture) and one rich-text section in Markdown. */
const pageFields = (picture: string, extra: Record<string, string> = {}) => ({
  'en.title': 'Lake camping',
  'de.title': 'Zelten am See',
  'en.content': '',
  'de.content': '',
  'sections.0.type': 'hero_image',
  'sections.0.key': '',
  'sections.0.shared.image_one': picture,
  'sections.0.shared.link': '/t/tents',
  'sections.0.en.name': 'Hero',
  'sections.0.de.name': 'Hero',
  'sections.0.en.title': 'Sleep by the water',
  'sections.0.de.title': 'Schlafen am Wasser',
  'sections.0.en.alt_one': '',
  'sections.0.de.alt_one': '',
  'sections.1.type': 'rich_text_content',
  'sections.1.key': '',
  'sections.1.en.name': 'Story',
  'sections.1.de.name': 'Geschichte',
  'sections.1.en.rte_content': '## Pack light\n\nBring **two** pegs per guy line and [our tents](/t/tents).\n\n- a mat\n- a stove',
  'sections.1.de.rte_content': '## Leicht packen\n\nZwei **Heringe** pro Leine.',
  ...extra,
})

describe('content with the shop’s own pictures', () => {
  it('uploads a picture at the three CMS sizes to R2, with descriptions in English and German, audited; refuses a wrong size, type or no description', async () => {
    const { b } = await operator()
    const shown = await b.get('/admin/content/pictures')
    expect(shown.status).toBe(200)
    expect(shown.body).toMatch(/<script type="module" src="\/assets\/console-[\w-]+\.js" nonce="[^"]+"/)
    expect(shown.body).toContain('data-width="1600" data-height="800"')

    expect((await b.upload('/admin/content/pictures', await pictureForm())).status).toBe(303)
    const row = await env.DB.prepare('SELECT * FROM cms_images ORDER BY id DESC LIMIT 1').first<{ path: string; alt_en: string; alt_de: string }>()
    expect(row!.path).toMatch(/^\/media\/cms\/[0-9a-f-]{36}$/)
    for (const [size, suffix] of [['mobile', 'sm'], ['desktop', 'lg'], ['large', 'xl']] as const) {
      const object = await MEDIA.get(`${row!.path.slice('/media/'.length)}-${suffix}`)
      const bytes = new Uint8Array(await object!.arrayBuffer())
      expect(imageDimensions(bytes, imageTypeOf(bytes)!)).toEqual(CMS_IMAGE_SIZES[size])
      const served = await get(`${row!.path}-${suffix}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    }
    expect((await auditOf('cms_image.add'))[0]).toMatchObject({ subject_id: row!.path, after: { alt_en: 'Two tents by a lake at dusk', alt_de: 'Zwei Zelte am See in der Dämmerung' } })

    const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM cms_images').first<{ n: number }>())!.n
    const before = await count()
    const wrongSize = await b.upload('/admin/content/pictures', await pictureForm(undefined, { large: fileOf(await pngOf(650, 870), 'large.png') }))
    expect(wrongSize.status).toBe(422)
    expect(wrongSize.body).toContain('The large image (1600×800) is 650×870; it must be exactly 1600×800 pixels.')
    const notPicture = await b.upload('/admin/content/pictures', await pictureForm(undefined, { mobile: new File([new TextEncoder().encode('<svg onload="alert(1)"/>')], 'x.png', { type: 'image/png' }) }))
    expect(notPicture.status).toBe(415)
    const noGerman = await b.upload('/admin/content/pictures', await pictureForm({ en: 'Tents', de: '' }))
    expect(noGerman.status).toBe(422)
    expect(noGerman.body).toContain('The German description is required.')
    expect(await count()).toBe(before)
  })

  it('creates a page at its own address, keeps the saved draft apart from the live page until Publish, and the store shows it in en and de at once', async () => {
    const { b } = await operator()
    expect((await b.upload('/admin/content/pictures', await pictureForm())).status).toBe(303)
    const picture = (await env.DB.prepare('SELECT path FROM cms_images ORDER BY id DESC LIMIT 1').first<{ path: string }>())!.path
    const slug = `lake-${crypto.randomUUID().slice(0, 6)}`
    const id = await newPage(b, slug)
    expect((await auditOf('cms_page.create'))[0]).toMatchObject({ subject_id: slug, after: { slug, title_en: 'Lake camping', title_de: 'Zelten am See' } })
    // a new page starts hidden
    expect((await live(`/${slug}`)).status).toBe(404)

    expect((await b.get(`/admin/content/${id}`)).body).toContain('data-markdown-field=""')

    // Save draft: stored apart, the store still answers 404; the editor shows the draft
    const saved = await b.post(`/admin/content/${id}`, { ...pageFields(picture), intent: 'save' })
    expect(saved.status).toBe(303)
    expect((await b.get(saved.location!)).body).toContain('Draft saved. The live page is unchanged until you publish.')
    expect((await live(`/${slug}`)).status).toBe(404)
    const editor = (await b.get(`/admin/content/${id}`)).body
    expect(editor).toContain('value="Sleep by the water"')
    // the hero's picture field offers the uploaded pictures by their description, this one chosen
    expect(editor).toMatch(new RegExp(`<option (selected="" )?value="${picture}"( selected="")?>Two tents by a lake at dusk</option>`))
    expect(editor).toContain('This is the draft saved')
    expect((await auditOf('cms_page.draft'))[0]).toMatchObject({ subject_id: slug })

    expect((await b.post(`/admin/content/${id}/publish`, {})).status).toBe(303)
    for (const path of [`/${slug}`, `/Content/${slug}`]) {
      const en = await live(path)
      expect(en.status).toBe(200)
      expect(en.body).toContain('Sleep by the water')
      expect(en.body).toContain(`${picture}-lg`)
      // the picture's own description fills the section's empty one
      expect(en.body).toContain('alt="Two tents by a lake at dusk"')
      expect(en.body).toContain('<h2>Pack light</h2>')
      expect(en.body).toContain('Bring <strong>two</strong> pegs per guy line and <a href="/t/tents">our tents</a>.')
      expect(en.body).toContain('<ul><li>a mat</li><li>a stove</li></ul>')
    }
    const de = await live(`/de/${slug}`)
    expect(de.body).toContain('Schlafen am Wasser')
    expect(de.body).toContain('alt="Zwei Zelte am See in der Dämmerung"')
    expect(de.body).toContain('Zwei <strong>Heringe</strong> pro Leine.')
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM cms_drafts WHERE slug = ?').bind(slug).first<{ n: number }>())!.n).toBe(0)

    // a later draft leaves the live page alone until 'Save and publish'
    expect((await b.post(`/admin/content/${id}`, { ...pageFields(picture, { 'sections.0.en.title': 'Wake by the water' }), intent: 'save' })).status).toBe(303)
    expect((await live(`/${slug}`)).body).toContain('Sleep by the water')
    // the Markdown comes back into the editor as written (not as the HTML made from it)
    expect((await b.get(`/admin/content/${id}`)).body).toContain('## Pack light')
    expect((await b.post(`/admin/content/${id}`, { ...pageFields(picture, { 'sections.0.en.title': 'Wake by the water' }), intent: 'publish' })).status).toBe(303)
    expect((await live(`/${slug}`)).body).toContain('Wake by the water')

    // the picture is in use: it cannot be removed from the library
    const pictureId = (await env.DB.prepare('SELECT id FROM cms_images WHERE path = ?').bind(picture).first<{ id: number }>())!.id
    const remove = await b.post(`/admin/content/pictures/${pictureId}/remove`, {})
    expect(remove.status).toBe(409)
    expect(remove.body).toContain('The page ‘Lake camping’ shows this picture')
  })

  it('refuses a page address the store already uses, another page has, or that breaks the rules, with a sentence, and creates nothing', async () => {
    const { b } = await operator()
    const taken = `taken-${crypto.randomUUID().slice(0, 6)}`
    await newPage(b, taken)
    const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM cms_pages').first<{ n: number }>())!.n
    const before = await count()
    for (const [slug, status, says] of [
      ['cart', 422, 'The store already uses /cart for one of its own pages'],
      ['checkout', 422, 'The store already uses /checkout'],
      ['aboutus', 422, 'The store already uses /aboutus'],
      ['admin', 422, 'The store already uses /admin'],
      [taken, 409, `A page already has the address /${taken}`],
      ['Summer Sale', 422, 'The address is 2 to 80 small letters'],
      ['../etc', 422, 'The address is 2 to 80 small letters'],
      ['', 422, 'The address is 2 to 80 small letters'],
    ] as const) {
      const res = await b.post('/admin/content/new', { slug, type: 'standard', title_en: 'Sale', title_de: 'Ausverkauf' })
      expect(res.status, slug).toBe(status)
      expect(res.body).toContain(says)
    }
    const noGerman = await b.post('/admin/content/new', { slug: 'fresh-page', type: 'standard', title_en: 'Sale', title_de: ' ' })
    expect(noGerman.status).toBe(422)
    expect(noGerman.body).toContain('The German title is required.')
    expect(await count()).toBe(before)
  })

  it('sanitises hostile rich text on save and on render: no script, no on* attributes, no javascript: URLs', async () => {
    const { b } = await operator()
    const slug = `hostile-${crypto.randomUUID().slice(0, 6)}`
    const id = await newPage(b, slug)
    const hostile = [
      '[click](javascript:alert(1)) and [also](JaVaScRiPt:alert(2)) and [data](data:text/html,<script>x</script>)',
      '',
      '<script>alert(3)</script>',
      '',
      '<p onclick="alert(4)">old <a href="javascript:alert(5)">html</a><img src=x onerror="alert(6)"></p>',
      '',
      '**<img src=x onerror=alert(7)>**',
    ].join('\n')
    const fields = { ...pageFields('/images/cms/hero-home', { 'sections.0.en.alt_one': 'Peaks', 'sections.0.de.alt_one': 'Gipfel', 'sections.1.en.rte_content': hostile, 'en.content': hostile }) }
    expect((await b.post(`/admin/content/${id}`, { ...fields, intent: 'publish' })).status).toBe(303)

    const stored = await env.DB.prepare("SELECT p.content AS page, s.content AS section FROM cms_pages p JOIN cms_sections s ON s.cms_page_id = p.id WHERE p.slug = ? AND p.locale = 'en' AND s.type = 'rich_text_content'").bind(slug).first<{ page: string; section: string }>()
    const html = JSON.parse(stored!.section).rte_content as string
    for (const saved of [html, stored!.page]) {
      expect(saved).not.toMatch(/<script|<[^>]*\son[a-z]+=|href="\s*(javascript|data):|javascript:alert/i)
      // what looked like a tag inside Markdown is shown as text
      expect(saved).toContain('&lt;img src=x onerror=alert(7)&gt;')
      expect(saved).toContain('old ')
      expect(saved).toContain('click and also and data')
    }
    // the source is kept for the editor as typed
    expect(JSON.parse(stored!.section).rte_markdown).toBe(hostile)

    // render: a row written around the console (an import, a remote Spree) is cleaned again on the way out
    await env.DB.prepare("UPDATE cms_sections SET content = json_set(content, '$.rte_content', '<p><a href=\"javascript:alert(8)\" onmouseover=\"alert(9)\">hi</a></p><script>alert(10)</script>') WHERE cms_page_id = (SELECT id FROM cms_pages WHERE slug = ? AND locale = 'en') AND type = 'rich_text_content'").bind(slug).run()
    await b.post('/admin/content/purge', {})
    const page = await live(`/${slug}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('>hi</a>')
    expect(page.body).not.toMatch(/alert\((3|4|5|6|8|9|10)\)|javascript:|<img[^>]*onerror/i)
  })

  it('keeps pages written in HTML as they are: saved unchanged, they render the same', async () => {
    const html = '<h2>Care</h2>\n<p>Wash <strong>cold</strong>, <a href="/t/tents">tents</a> dry.</p>\n<ul><li>one</li></ul>'
    expect(markdownToHtml(html)).toBe(html)
    expect(markdownToHtml('Line one\nline two')).toBe('<p>Line one<br>\nline two</p>')
    expect(markdownToHtml('1. first\n2. second')).toBe('<ol><li>first</li><li>second</li></ol>')
    expect(markdownToHtml('> quoted *words*')).toBe('<blockquote><p>quoted <em>words</em></p></blockquote>')
    expect(markdownToHtml('a < b & "c"')).toBe('<p>a &lt; b &amp; &quot;c&quot;</p>')
    expect(markdownToHtml('[out](https://example.com/x) `**not bold**`')).toBe('<p><a href="https://example.com/x" target="_blank" rel="noopener noreferrer">out</a> <code>**not bold**</code></p>')
  })
})
