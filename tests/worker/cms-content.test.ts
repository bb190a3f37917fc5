import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { get, html } from './helpers.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { sanitizeHtml } from '#worker/commerce/sanitize-html.ts'
import { storefrontChanged } from '#worker/admin/freshness.ts'
import type { Env } from '#worker/env.ts'

/** Every element and attribute of a page as the browser will parse it (HTMLRewriter is workerd's HTML parser). */
async function parse(body: string) {
  const elements: Array<{ tag: string; attrs: Record<string, string>; cms: boolean }> = []
  const richText: string[] = []
  let inRichText = 0
  await new HTMLRewriter()
    .on('*', {
      element(el) {
        elements.push({ tag: el.tagName, attrs: Object.fromEntries(Array.from(el.attributes as unknown as Iterable<[string, string]>)), cms: inRichText > 0 })
      },
    })
    .on('[data-rich-text]', {
      element(el) {
        inRichText++
        el.onEndTag(() => void inRichText--)
      },
      text(chunk) {
        if (inRichText) richText.push(chunk.text)
      },
    })
    .transform(new Response(body))
    .text()
  return { elements, richText: richText.join('') }
}

const HOSTILE = [
  '<h2>Safe heading</h2><p>Kept <strong>bold</strong> and <a href="/t/men">a link</a>.</p>',
  '<script>window.pwned = 1</script><style>body { display: none }</style>',
  '<img src="x" onerror="window.pwned = 2"><img src="data:image/png;base64,iVBORw0KGgo=" alt="pixel">',
  '<a href="javascript:window.pwned=3">js</a><a href="jav&#x61;script:window.pwned=4">encoded</a><a href=" java\nscript:alert(1)">split</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data</a><a href="//evil.example/">protocol-relative</a>',
  '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">',
  '<svg onload="window.pwned=5"><circle /></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<p style="background:url(javascript:alert(1))" onclick="window.pwned=6" class="fixed inset-0">styled</p>',
  '<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(1)">go</button></form>',
  '<h1>Editor heading</h1><!-- <script>alert(1)</script> --><a href="https://example.com" target="_blank">new tab</a>',
  '<p>Unclosed <b>tag <scr<script>ipt>alert(1)</script> &lt;script&gt; as text</p>',
].join('')

const EXECUTABLE_URL = /^\s*(?:javascript|vbscript|data):/i

// every describe reads the sample store (and may run alone with -t)
beforeAll(async () => {
  await seedCatalogue(12)
})

describe('CMS rich text', () => {
  beforeAll(async () => {
    const page = await env.DB.prepare("SELECT id FROM cms_pages WHERE slug = 'about-us' AND locale = 'en'").first<{ id: number }>()
    await env.DB.batch([
      env.DB.prepare("UPDATE cms_pages SET content = ? WHERE slug = 'about-us' AND locale = 'en'").bind(HOSTILE),
      env.DB.prepare("INSERT INTO cms_sections (cms_page_id, name, type, position, content, link) VALUES (?, 'Hostile', 'featured_article', 1, ?, 'javascript:alert(1)')").bind(page!.id, JSON.stringify({ title: 'Article <b>title</b>', rte_content: HOSTILE })),
    ])
  })

  it('renders the page with nothing executable from the CMS', async () => {
    const response = await get('/AboutUs')
    expect(response.status).toBe(200)
    const body = await html(response)
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')![1]
    const { elements, richText } = await parse(body)

    // Only the store's own scripts run: each carries this response's nonce (JSON-LD is data, not script).
    for (const el of elements.filter((e) => e.tag === 'script')) {
      expect(el.attrs.nonce === nonce || el.attrs.type === 'application/ld+json', JSON.stringify(el)).toBe(true)
    }
    for (const { tag, attrs } of elements) {
      for (const [name, value] of Object.entries(attrs)) {
        expect(name.startsWith('on'), `${tag} ${name}`).toBe(false)
        if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name) && !(tag === 'img' && value.startsWith('data:image/png'))) {
          expect(EXECUTABLE_URL.test(value), `${tag} ${name}=${value}`).toBe(false)
        }
        if (name === 'href') expect(value.startsWith('//'), value).toBe(false)
      }
    }
    expect(elements.some((e) => ['iframe', 'object', 'embed', 'style'].includes(e.tag))).toBe(false)
    // Inside the CMS markup only text structure, links and images remain (the chrome's own icons and forms aside).
    expect(elements.filter((e) => e.cms && ['svg', 'math', 'form', 'input', 'button', 'script'].includes(e.tag))).toEqual([])
    expect(elements.filter((e) => e.cms).every((e) => !('style' in e.attrs) && !('class' in e.attrs))).toBe(true)
    expect(body).not.toContain('window.pwned')
    expect(body).not.toContain('fixed inset-0')

    // The allowed markup is markup, twice (page content and the article), never text.
    const rich = elements.filter((e) => e.attrs['data-rich-text'] !== undefined)
    expect(rich).toHaveLength(2)
    expect(elements.filter((e) => e.cms && e.tag === 'a' && e.attrs.href === '/t/men')).toHaveLength(2)
    expect(elements.filter((e) => e.tag === 'a' && e.attrs.target === '_blank').every((e) => e.attrs.rel === 'noopener noreferrer')).toBe(true)
    expect(elements.filter((e) => e.tag === 'h1')).toHaveLength(1)
    expect(richText).toContain('Safe heading')
    // HTMLRewriter hands text over undecoded: the escaped tag is text, not an element.
    expect(richText).toContain('&lt;script&gt; as text')
    expect(richText).not.toMatch(/<\/?(?:h2|p|strong)>/)
    // The hostile section link is dropped rather than rendered.
    expect(elements.some((e) => e.tag === 'a' && /alert/.test(e.attrs.href ?? ''))).toBe(false)
  })
})

describe('no page shows markup as text', () => {
  const PAGES = ['/FAQs', '/AboutUs', '/ContactUs', '/GiftCards', '/SizingGuides', '/GreatVicBikeRide2023', '/GuideJamboree2023', '/', '/de', '/de/FAQs', '/de/SizingGuides']
  it.each(PAGES)('%s', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    const body = await html(response)
    // React escapes text: a tag printed as text would appear as &lt;tag in the HTML.
    expect(body).not.toMatch(/&lt;\/?(?:p|h[1-6]|table|tr|td|th|ul|li|strong|a)\b/)
  })

  it('the FAQs questions are headings and the sizing guide a table', async () => {
    const faqs = await parse(await html(await get('/FAQs')))
    expect(faqs.elements.filter((e) => e.tag === 'h2').length).toBeGreaterThanOrEqual(2)
    const sizing = await parse(await html(await get('/de/SizingGuides')))
    expect(sizing.elements.filter((e) => e.tag === 'th').length).toBeGreaterThanOrEqual(2)
  })

  it('the home page shows every section type it has, the article as rich text', async () => {
    const body = await html(await get('/'))
    for (const type of ['hero_image', 'product_carousel', 'featured_article']) expect(body).toContain(`data-section="${type}"`)
    expect(body).toMatch(/data-rich-text="">\s*<p>/)
    const feature = await html(await get('/GuideJamboree2023'))
    expect(feature).toContain('data-section="image_gallery"')
    expect(feature).toContain('data-section="rich_text_content"')
    expect(await html(await get('/GreatVicBikeRide2023'))).toContain('data-section="side_by_side_images"')
  })
})

/** What a reader of the page sees: its text (scripts and styles aside) and its meta descriptions. */
async function readableText(body: string) {
  const texts: string[] = []
  let hidden = 0
  await new HTMLRewriter()
    .on('script, style', {
      element(el) {
        hidden++
        el.onEndTag(() => void hidden--)
      },
    })
    .on('meta[name=description]', { element: (el) => void texts.push(el.getAttribute('content') ?? '') })
    .on('body *', { text: (chunk) => void (hidden ? null : texts.push(chunk.text)) })
    .transform(new Response(body))
    .text()
  return texts.join('')
}

describe('the seeded German texts write numbers the German way (docs/i18n.md)', () => {
  // '10 $' is German for US dollars; the store's amounts are Australian dollars, '10 AU$'. Percent has a space.
  it.each(['/de/GiftCards', '/de/products/gift-card', '/de', '/de/AboutUs', '/de/FAQs'])('%s', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(200)
    const text = (await readableText(await html(response))).replace(/&nbsp;/g, '\u00a0')
    expect(text).not.toMatch(/\d[ \u00a0]?\$/)
    expect(text).not.toMatch(/\d%/)
    // the page's text and its form's amounts
    if (path === '/de/GiftCards') expect(text).toContain('von 10\u00a0AU$ bis 500\u00a0AU$')
    if (path === '/de/GiftCards') expect(text).toContain('25\u00a0AU$50\u00a0AU$')
    if (path === '/de/products/gift-card') expect(text).toContain('zwischen 10\u00a0AU$ und 500\u00a0AU$')
    if (path === '/de/products/gift-card') expect(text).not.toContain('Give the gift of adventure')
  })
})

describe('sanitizeHtml', () => {
  it.each([
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a href>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a href>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img src>'],
    ['<img src="/images/a.svg" alt="A" onload="x()">', '<img src="/images/a.svg" alt="A">'],
    ['<h1 onclick="x()">Title</h1>', '<h2>Title</h2>'],
    ['<p>a &amp; b</p>', '<p>a &amp; b</p>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a href>x</a>'],
    ['<a href="https://example.com/?a=1&amp;copy=2">x</a>', '<a href="https://example.com/?a=1&amp;copy=2">x</a>'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeHtml(input)).toBe(output)
  })
})

describe('links an editor stored that a browser reads as another site', () => {
  // safeLink is applied again on rendering (docs/security.md 'Links editors store'): rows written before the save-time
  // check, or by a remote Spree, must never become a link to another site.
  const BAD = ['/\\evil.example', '/\\/evil.example', 'javascript:alert(7)', '//evil.example/x', '/\t/evil.example']

  beforeAll(async () => {
    const page = await env.DB.prepare("SELECT id FROM cms_pages WHERE slug = 'about-us' AND locale = 'en'").first<{ id: number }>()
    await env.DB.batch([
      ...BAD.map((link, i) =>
        env.DB.prepare("INSERT INTO cms_sections (cms_page_id, name, type, position, content, link) VALUES (?, ?, 'featured_article', ?, ?, ?)").bind(page!.id, `Bad link ${i}`, 10 + i, JSON.stringify({ title: `Bad link ${i}`, button_text: `Bad button ${i}`, rte_content: '<p>x</p>' }), link),
      ),
      env.DB.prepare("INSERT INTO cms_sections (cms_page_id, name, type, position, content, link) VALUES (?, 'Good link', 'featured_article', 30, ?, '/t/good-link-check')").bind(page!.id, JSON.stringify({ title: 'Good link', button_text: 'Good button', rte_content: '<p>x</p>' })),
      ...BAD.map((link, i) => env.DB.prepare("INSERT INTO banners (kind, locale, title, image_url, link, position) VALUES ('home', 'en', ?, '/images/cms/hero-home', ?, ?)").bind(`Bad banner ${i}`, link, 100 + i)),
    ])
    // as the console's save does: the page (read above) is rendered afresh
    await storefrontChanged(env as unknown as Env, { cmsSlugs: [{ locale: 'en', slug: 'about-us' }] })
  })

  it('a section with such a link shows no link at all (a good one does)', async () => {
    const response = await get('/AboutUs')
    expect(response.status).toBe(200)
    const body = await html(response)
    const { elements } = await parse(body)
    const hrefs = elements.filter((e) => e.tag === 'a').map((e) => e.attrs.href ?? '')
    expect(hrefs).toContain('/t/good-link-check')
    expect(hrefs.filter((href) => /evil|alert|\\/.test(href) || href.startsWith('//'))).toEqual([])
    // the sections themselves are there, without their buttons
    expect(body).toMatch(/<a [^>]*>Good button/)
    for (let i = 0; i < BAD.length; i++) {
      expect(body).toContain(`Bad link ${i}`)
      expect(body).not.toMatch(new RegExp(`<a [^>]*>Bad button ${i}`))
    }
  })

  it('a banner with such a link links to the home page', async () => {
    const response = await get('/api/banners', { accept: 'application/json' })
    expect(response.status).toBe(200)
    const banners = await response.json<Array<{ title: string; link: string }>>()
    const bad = banners.filter((b) => b.title.startsWith('Bad banner'))
    expect(bad).toHaveLength(BAD.length)
    expect(bad.map((b) => b.link)).toEqual(BAD.map(() => '/'))
  })
})
