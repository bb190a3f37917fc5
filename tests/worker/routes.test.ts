import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { get, html, layoutOf, slowKv } from './helpers.ts'
import { sampleCatalogue, seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { assetsFor } from '#worker/ssr/assets.ts'

let catalogue: Awaited<ReturnType<typeof sampleCatalogue>>
beforeAll(async () => {
  await seedCatalogue(40)
  catalogue = await sampleCatalogue()
})

type Row = { name?: string; path: string | (() => string); status: number; location?: string | (() => string); layout?: 'default' | 'account' | 'blank'; text?: string }

const STATIC_PAGES = ['AboutUs', 'ContactUs', 'FAQs', 'GiftCards', 'GreatVicBikeRide2023', 'GuideJamboree2023', 'PrivacyPolicy', 'ProductReturns', 'SizingGuides', 'TermsAndConditions']
const FOOTER_ALIASES = ['aboutus', 'privacypolicy', 'termsandconditions', 'giftcards', 'sizingguides', 'productreturns', 'contactus']

/** The route table of spec §2, written once and checked in both languages. */
function table(): Row[] {
  return [
    { path: '/', status: 200, layout: 'default' },
    { path: '/Home', status: 200, layout: 'default' },
    ...STATIC_PAGES.map((page) => ({ path: `/${page}`, status: 200, layout: 'default' as const })),
    ...FOOTER_ALIASES.map((page) => ({ path: `/${page}`, status: 200, layout: 'default' as const })),
    { path: '/Category', status: 200, layout: 'default' },
    { path: '/CMSPage', status: 200, layout: 'default' },
    { path: '/LatestVersion', status: 200, layout: 'default', text: '0.1.0' },
    { path: '/Login', status: 200, layout: 'default' },
    { path: '/reset-password', status: 200, layout: 'default' },
    { path: '/ResetPassword', status: 200, layout: 'default' },
    // Checkout guards: no cart → home (spec §5), in every spelling of the steps.
    // a guest first chooses to log in or check out as a guest (members go straight to shipping)
    { path: '/checkout', status: 302, location: '/Checkout/CheckoutType' },
    { path: '/checkout/shipping', status: 302, location: '/' },
    { path: '/checkout/billing', status: 302, location: '/checkout/shipping' },
    { path: '/checkout/payment', status: 302, location: '/checkout/shipping' },
    { path: '/Checkout/Shipping', status: 302, location: '/' },
    { path: '/Checkout/Billing', status: 302, location: '/checkout/shipping' },
    { path: '/Checkout/Payment', status: 302, location: '/checkout/shipping' },
    // without an order of this shopper's there is nothing to thank them for (spec §8, issue 42)
    { path: '/checkout/thank-you', status: 404, layout: 'blank', text: 'This page could not be found' },
    { path: '/Checkout/ThankYou', status: 404, layout: 'blank', text: 'This page could not be found' },
    { path: '/Checkout/ThankYou?order=R123456789', status: 404, layout: 'blank', text: 'Order details not found' },
    { path: '/Checkout/CheckoutType', status: 200, layout: 'blank' },
    // Account guard: no bearer cookie → home.
    { path: '/MyAccount', status: 302, location: '/' },
    ...['BillingDetails', 'MyNewsletter', 'MyProfile', 'OrderDetails', 'OrderHistory', 'SavedAddressesDetails', 'ShippingDetails'].map((page) => ({ path: `/MyAccount/${page}`, status: 302, location: '/' })),
    { path: '/my-account', status: 302, location: '/' },
    { path: '/my-account/OrderDetails/R123', status: 302, location: '/' },
    // Catalogue.
    { name: '/t/{slug}', path: () => `/t/${catalogue.permalink.split('/')[0]}`, status: 200, layout: 'default' },
    { name: '/t/{parentSlug}/{slug}', path: () => `/t/${catalogue.permalink}`, status: 200, layout: 'default' },
    { path: '/t/no-such-category', status: 404, layout: 'default', text: 'Page not found' },
    { name: '/products/{slug}', path: () => `/products/${catalogue.product.slug}`, status: 200, layout: 'default' },
    { name: '/p/{id}/{slug}', path: () => `/p/${catalogue.product.id}/${catalogue.product.slug}`, status: 200, layout: 'default' },
    { path: '/products/no-such-product', status: 404, text: 'The URL is not valid and cannot be loaded' },
    { path: '/p/999999/nothing', status: 404, text: 'The URL is not valid and cannot be loaded' },
    { path: '/p/not-a-number/nothing', status: 404, text: 'This page could not be found' },
    // Legacy /c/ paths: one or two levels move to /t/ for good; deeper ones open the category page.
    { path: '/c/men', status: 301, location: '/t/men' },
    { path: '/c/men/jackets', status: 301, location: '/t/men/jackets' },
    { name: '/c/{3 levels}', path: () => `/c/${['shop', ...catalogue.permalink.split('/')].slice(-3).join('/')}`, status: 200, layout: 'default' },
    { name: '/c/{4 levels}', path: () => `/c/shop/all/${catalogue.permalink}`, status: 200, layout: 'default' },
    { name: '/c/{5 levels}', path: () => `/c/shop/all/old/${catalogue.permalink}`, status: 200, layout: 'default' },
    // Content.
    { path: '/Content/about-us', status: 200, layout: 'default' },
    { path: '/Content/no-such-page', status: 404, text: 'Page not found' },
    { path: '/about-us', status: 200, layout: 'default' },
    { path: '/no-such-page', status: 404, text: 'Page not found' },
    // Anything else goes home.
    { path: '/a/b/c/d', status: 302, location: '/' },
    { path: '/t/a/b/c', status: 302, location: '/' },
  ]
}

const resolve = (value: string | (() => string)) => (typeof value === 'function' ? value() : value)

for (const [locale, prefix] of [
  ['en', ''],
  ['de', '/de'],
] as const) {
  describe(`routes of spec §2 (${locale})`, () => {
    for (const row of table()) {
      it(`${prefix}${typeof row.path === 'string' ? row.path : row.name} → ${row.status}`, async () => {
        const path = resolve(row.path)
        const localized = prefix ? (path === '/' ? prefix : prefix + path) : path
        const response = await get(localized)
        const body = await html(response)
        expect(response.status, `${localized}: ${body.slice(0, 300)}`).toBe(row.status)
        if (row.location) {
          const target = resolve(row.location)
          const expected = prefix ? (target === '/' ? prefix : prefix + target) : target
          expect(new URL(response.headers.get('location')!, 'https://store.test').pathname).toBe(expected)
        }
        if (row.layout) expect(layoutOf(body)).toBe(row.layout)
        if (row.status === 200 || row.status === 404) expect(body).toContain(`<html lang="${locale}"`)
        if (row.text && locale === 'en') expect(body).toContain(row.text)
      })
    }
  })
}

describe('texts a page loads', () => {
  // the files the inline bootstrap starts after the load event (worker/ssr/render.tsx)
  const preloads = async (path: string) => JSON.parse((await html(await get(path))).match(/window\.__clientModules=(\[[^\]]*\])/)?.[1] ?? '[]') as string[]
  it("a catalogue page preloads its language's browse texts only; the login page adds the rest", async () => {
    const product = await preloads(`/products/${catalogue.product.slug}`)
    expect(product.filter((file) => /\/de-(browse|shop)-/.test(file))).toEqual([])
    expect(product.filter((file) => /\/en-(browse|shop)-/.test(file))).toEqual([expect.stringMatching(/\/en-browse-/)])
    const login = await preloads('/de/Login')
    expect(login.filter((file) => /\/(en|de)-(browse|shop)-/.test(file)).sort()).toEqual([expect.stringMatching(/\/de-browse-/), expect.stringMatching(/\/de-shop-/)])
  })
  it("preloads the client's second start-up step (imported dynamically by the entry) on every page, so it costs no round trip", async () => {
    const home = await preloads('/')
    for (const chunk of ['framework', 'hydrate-app', 'shell']) expect(home).toContainEqual(expect.stringMatching(new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`)))
    // also where no matched screen's chunk happens to import from it
    expect(assetsFor([]).scripts).toContainEqual(expect.stringMatching(/^\/assets\/hydrate-app-[\w-]+\.js$/))
  })
})

describe('error page texts', () => {
  it('shows the 404 texts and both buttons', async () => {
    const body = await html(await get('/t/no-such-category'))
    expect(body).toContain('Page not found')
    expect(body).toContain('We are sorry that we can’t find the page, please go back or try again')
    expect(body).toContain('Return home')
    expect(body).toContain('Back')
  })
  it('shows German texts under /de', async () => {
    const body = await html(await get('/de/t/no-such-category'))
    expect(body).toContain('Seite nicht gefunden')
    expect(body).toContain('Zur Startseite')
  })
  it('answers an API address no route knows with a JSON 404, not the redirect home a page address gets', async () => {
    for (const path of ['/api/no-such-thing', '/api/v2/no-such-thing', '/spree_oauth/no-such-thing']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type'), path).toContain('application/json')
      expect(await response.json(), path).toMatchObject({ error: 'There is no such API endpoint.' })
    }
    expect((await get('/api/v2/storefront/no-such-thing')).status).toBe(404)
    // a page address no route knows still goes home
    expect((await get('/a/b/c/d')).headers.get('location')).toBe('/')
  })
  it('keeps the query string on legacy redirects', async () => {
    const response = await get('/c/men?page=2')
    expect(response.headers.get('location')).toBe('/t/men?page=2')
  })
})

describe('search without results', () => {
  it('quotes the search words the way the page\'s language does', async () => {
    const strip = (body: string) => body.replace(/<!-- -->/g, '')
    expect(strip(await html(await get('/Category?term=zzqq')))).toContain('results for “zzqq”</p>')
    // German pages had the English quotes “zzqq”
    expect(strip(await html(await get('/de/Category?term=zzqq')))).toContain('Wir haben keine Ergebnisse gefunden für „zzqq“</p>')
  })
  it('offers a way on: a hint and the top categories to browse (en, de)', async () => {
    // the page was a heading and one sentence, nothing to tap but the header
    const en = await html(await get('/Category?term=zzqq'))
    expect(en).toContain('Check the spelling, try a more general word, or browse a category:')
    const links = (body: string) => [...(body.split('data-testid="search-no-results-categories"')[1] ?? '').split('</ul>')[0]!.matchAll(/href="([^"]+)"/g)].map((m) => m[1])
    expect(links(en)).toEqual(expect.arrayContaining(['/t/men', '/t/women']))
    const de = await html(await get('/de/Category?term=zzqq'))
    expect(de).toContain('Prüfen Sie die Schreibweise')
    expect(links(de)).toEqual(expect.arrayContaining(['/de/t/men', '/de/t/women']))
  })
})

describe('streaming', () => {
  it('sends the header, the hero (preloaded from the head) and the page frame before slow home page content, then the content in the same response', async () => {
    // A slow cache and backend: every KV read takes 150 ms.
    slowKv(env.CACHE)
    // a page-cache miss (its own page of the cache: home with the newsletter's thank-you, web/lib/page-query.ts): the
    // shopper who waits for the render gets it streamed
    const response = await get('/?newsletter=subscribed', { 'accept-encoding': 'identity' })
    expect(response.headers.get('server-timing')).toMatch(/edge;desc="miss"/)
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    // Which chunk first carries each part: the shell must be on the wire before the slow content is.
    const firstChunkWith: Record<string, number> = {}
    let index = 0
    let body = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read(), index++) {
      body += decoder.decode(chunk.value, { stream: true })
      for (const marker of ['data-testid="site-header"', 'data-testid="home-placeholder"', 'data-section="hero_image"', 'data-section="product_carousel"']) {
        if (!(marker in firstChunkWith) && body.includes(marker)) firstChunkWith[marker] = index
      }
    }
    // The hero is the largest paint: it is in the shell, not in the deferred part.
    expect(firstChunkWith['data-section="hero_image"']).toBeLessThanOrEqual(firstChunkWith['data-testid="home-placeholder"']!)
    expect(firstChunkWith['data-testid="site-header"']).toBeLessThan(firstChunkWith['data-section="product_carousel"']!)
    expect(firstChunkWith['data-testid="home-placeholder"']).toBeLessThan(firstChunkWith['data-section="product_carousel"']!)
    expect(body).toContain('__DEFERRED__')
    // …and preloaded from the head at high priority, with the srcset the <img> uses; no script competes with it
    // there: the client's files are started by the inline bootstrap after the load event and the largest paint, or at
    // once on the shopper's first pointerdown/keydown/touchstart.
    const head = body.slice(0, body.indexOf('</head>'))
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/g)?.find((tag) => tag.includes('hero'))
    expect(preload).toMatch(/fetchPriority="high"/)
    expect(preload).toMatch(/imageSrcSet="[^"]+ 600w, [^"]+ 1200w/)
    // the hero is the only image preloaded there: the header's 20 px flag does not compete with it
    expect(head.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual([preload])
    expect(head).not.toMatch(/modulepreload|<script/)
    // nor the body font nor the web app manifest: the first paint uses the metric-matched fallback. When the bootstrap
    // starts the client it fetches the font as a FontFace kept out of the document (no relayout of the first page)
    // and the manifest; the first client-side navigation puts the face in use (`__useBodyFont`); a page the service
    // worker controls (its install precached the font) preloads it and puts it in use at once; the stylesheet where
    // FontFace is missing. No storage is touched while the page loads (a synchronous round trip to the browser).
    expect(head).not.toMatch(/woff2|rel="manifest"|as="font"/)
    expect(body).toMatch(/function face\(use\)\{var f=w\.__bodyFace;if\(f===undefined\)\{try\{f=new FontFace\('Figtree Variable','url\('\+font\.file\+'\)',\{weight:'300 900',display:'swap'\}\);f\.load\(\)\.then\(null,function\(\)\{\}\)/)
    expect(body).toMatch(/if\(use&&!w\.__bodyFont\)\{w\.__bodyFont=1;if\(f\)d\.fonts\.add\(f\);else link\('stylesheet',font\.stylesheet\)\}\}w\.__useBodyFont=function\(\)\{face\(1\)\};try\{var sw=navigator\.serviceWorker;if\(sw&&sw\.controller\)\{link\('preload',font\.file\);face\(1\)\}\}catch\(e\)\{\}/)
    expect(body).not.toMatch(/localStorage|sessionStorage|document\.cookie/)
    expect(body).toMatch(/w\.__clientStarted=1;[^}]*\}\);face\(0\);link\('manifest','\/manifest\.webmanifest'\)/)
    expect(body).toMatch(/\(window\.__clientModules,\{"stylesheet":"\/assets\/figtree-[\w-]+\.css","file":"\/assets\/figtree-latin-wght-normal-[\w-]+\.woff2"\}\)/)
    expect(body).toMatch(/addEventListener\('load',/)
    expect(body).toMatch(/type:lcp\?'largest-contentful-paint':'paint',buffered:true/)
    expect(body).toMatch(/\['pointerdown','keydown','touchstart'\]/)
    expect(body).toMatch(/window\.__clientModules=\["\/assets\/main-[\w-]+\.js",[^\]]*"\/assets\/framework-/)
    expect(response.headers.get('link')).toMatch(/^<\/assets\/main-[\w-]+\.css>; rel=preload; as=style$/)
    // the category tiles of a phone's first screen load at low priority: the browser would raise them beside the hero
    const tiles = body.match(/<img src="[^"]*\/banners\/category-[^>]*>/g) ?? []
    expect(tiles.length).toBeGreaterThan(1)
    for (const tile of tiles) expect(tile).toMatch(/fetchPriority="low"/)
  })

  it("a product page's first slide is its only high-priority image; the other slides and the thumbnails load at low priority", async () => {
    const body = await html(await get(`/products/${catalogue.product.slug}`))
    const gallery = body.slice(body.indexOf('data-testid="gallery"'), body.indexOf('</section>', body.indexOf('data-testid="gallery"')))
    const [first, ...others] = gallery.match(/<img [^>]*>/g) ?? []
    expect(first).toMatch(/fetchPriority="high"/)
    expect(others.length).toBeGreaterThan(1)
    for (const image of others) expect(image).toMatch(/loading="lazy" fetchPriority="low"/)
    expect(body.match(/<img [^>]*fetchPriority="high"[^>]*>/g)).toEqual([first])
  })
})
