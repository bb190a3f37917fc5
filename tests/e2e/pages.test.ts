// A shopper moving around the store: each screen of spec §2 hydrates with a clean console in both languages, and a
// product opened from a category page (client-side navigation, lazy chunk) shows the product.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, openPage, untilItWorks, waitForHydration } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

// Screens a logged-out visitor can open directly (guarded ones redirect and are covered by the redirect tests).
const PATHS = ['/', '/AboutUs', '/aboutus', '/FAQs', '/ContactUs', '/GiftCards', '/SizingGuides', '/Login', '/reset-password', '/Category', '/t/men', '/t/men/jackets', '/Content']

describe('every screen hydrates with a clean console', () => {
  for (const locale of ['en', 'de'] as const) {
    test(`${locale}: ${PATHS.length} screens`, { timeout: 180_000 }, async () => {
      const visit = await openPage(browser)
      try {
        const { page } = visit
        const failures: string[] = []
        for (const path of PATHS) {
          const url = locale === 'de' ? (path === '/' ? '/de' : `/de${path}`) : path
          const before = visit.problems.length
          const response = await visit.goto(url)
          if (response.status() !== 200) failures.push(`${url}: status ${response.status()}`)
          if ((await page.locator('html').getAttribute('lang')) !== locale) failures.push(`${url}: <html lang> is not ${locale}`)
          await waitForHydration(page)
          await page.waitForLoadState('networkidle')
          for (const problem of visit.problems.slice(before)) failures.push(`${url}: ${problem.kind}: ${problem.text}`)
        }
        expect(failures).toEqual([])
      } finally {
        await visit.close()
      }
    })
  }
})

describe('from a category to a product', () => {
  test('clicking the first product card of /t/men opens its product page, which also loads directly', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await visit.goto('/t/men')
      await waitForHydration(page)
      const card = page.locator('[data-testid=product-card]').first()
      const title = ((await card.locator('h3').textContent()) ?? '').trim()
      expect(title).not.toBe('')
      const href = await card.locator('a').first().getAttribute('href')
      expect(href).toMatch(/^\/(p\/[^/]+|products)\/[^/]+$/)

      await untilItWorks(async () => {
        await card.locator('a').first().click()
        await page.waitForURL((url) => url.pathname === href, { timeout: 2_000 })
      })
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
      expect(await page.locator('[data-testid=product-price]').isVisible()).toBe(true)

      // The same product straight from the server, under both of its addresses (/products/{slug}, /p/{id}/{slug}).
      const slug = href!.split('/').pop()!
      const api = await visit.context.request.get(`/api/v2/storefront/products/${slug}`)
      expect(api.status()).toBe(200)
      const id = ((await api.json()) as { data: { id: string } }).data.id
      for (const path of [`/products/${slug}`, `/p/${id}/${slug}`]) {
        const response = await visit.goto(path)
        expect(response.status(), path).toBe(200)
        expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim(), path).toBe(title)
        await waitForHydration(page)
        await page.waitForLoadState('networkidle')
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('sold-out colours', () => {
  test('a colour sold out in every size shows struck through on its swatch and says so; one that can be bought does not', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      // one page of cards: 'Featured' lists sold-out products after every buyable one, past /t/men's first page
      await visit.goto('/t/men/jackets')
      const cards = page.locator('[data-testid=product-card]')
      const soldOut = await cards.filter({ hasText: 'Sold out' }).first().locator('a').first().getAttribute('href')
      const buyable = await cards.filter({ hasNotText: 'Sold out' }).first().locator('a').first().getAttribute('href')
      expect(soldOut, "the sample store has a sold-out product in Men's jackets").toBeTruthy()

      await visit.goto(soldOut!)
      await waitForHydration(page)
      const swatches = page.locator('label:has(input[name=color])')
      expect(await swatches.count()).toBeGreaterThan(0)
      for (const swatch of await swatches.all()) {
        expect(await swatch.getAttribute('title')).toMatch(/, Sold out$/)
        expect(await swatch.locator('[data-sold-out]').isVisible()).toBe(true)
      }

      await visit.goto(buyable!)
      await waitForHydration(page)
      const chosen = page.locator('label:has(input[name=color]:checked)')
      expect(await chosen.count()).toBe(1)
      expect(await chosen.getAttribute('title')).not.toMatch(/Sold out/)
      expect(await chosen.locator('[data-sold-out]').count()).toBe(0)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('a page starts with only its own routes', () => {
  // The client starts from the routes the server matched, listed by id in the page (web/boot/hydrate-app.tsx); a router
  // created from those alone once rendered an empty page for a link to home (docs/performance.md). From a product
  // page, an index route, a static page, a parameter route and a form screen must each open in the app, without a
  // page load.
  test('from a product page, links open home, a content page, a category and the login screen in the app', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await visit.goto('/t/men')
      const href = await page.locator('[data-testid=product-card] a').first().getAttribute('href')
      await visit.goto(href!)
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
      const sameDocument = () => page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true)

      const steps: [string, string, () => Promise<unknown>][] = [
        ['header a[href="/"]', '/', () => page.locator('[data-testid=editorial]').waitFor()],
        ['[data-testid=site-footer] a[href="/aboutus"]', '/aboutus', () => expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('About us')],
        ['[data-testid=nav-menu] a[href="/t/men"]', '/t/men', () => expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Men')],
        ['[data-testid=account-button]', '/Login', () => page.locator('main input[type=password]').first().waitFor()],
      ]
      for (const [link, path, shows] of steps) {
        await untilItWorks(async () => {
          await page.locator(link).first().click()
          await page.waitForURL((url) => url.pathname === path, { timeout: 2_000 })
        })
        await shows()
        expect(await sameDocument(), `${path} opened in the app`).toBe(true)
      }
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  // The browser's route table starts with the page's language only (web/routes.tsx clientRoutes); a navigation in the
  // app into the other language (back and forward across a language change, a CMS link) adds the other's screens first.
  test('a navigation in the app into the other language renders its screen, and back again', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await visit.goto('/t/men')
      await waitForHydration(page)
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
      const navigate = (path: string) => page.evaluate((to) => {
        window.history.pushState(null, '', to)
        window.dispatchEvent(new PopStateEvent('popstate'))
      }, path)
      await navigate('/de/AboutUs')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Über uns')
      await navigate('/de/t/men')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Herren')
      await navigate('/AboutUs')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('About us')
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  // Product cards prefetch their screen's code once shown (one shared observer for the page), and its data when
  // pointed at; a card below the fold prefetches nothing until it is scrolled to.
  test('a shown product card prefetches its screen; pointing at one fetches its data, which opening it then uses', async () => {
    const visit = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true })
    try {
      const { page } = visit
      const requests: string[] = []
      page.on('request', (request) => requests.push(new URL(request.url()).pathname))
      await visit.goto('/t/men')
      await waitForHydration(page)
      const cards = page.locator('[data-testid=product-card] a.card-link')
      const productChunk = () => requests.filter((path) => /^\/assets\/product-[\w-]{8}\.js$/.test(path)).length
      await expect.poll(productChunk, { timeout: 10_000 }).toBe(1)
      const last = cards.last()
      const lastPath = (await last.getAttribute('href'))!
      expect(lastPath).toMatch(/^\/products\/[\w-]+$/)
      const lastData = () => requests.filter((path) => path === `/api${lastPath}`).length
      // the last card is far below the fold on a phone: not fetched
      expect(lastData()).toBe(0)
      await last.scrollIntoViewIfNeeded()
      await last.hover()
      await expect.poll(lastData, { timeout: 10_000 }).toBe(1)
      await last.click()
      await page.waitForURL((url) => url.pathname === lastPath)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.waitForLoadState('networkidle')
      // the click used what the hover fetched
      expect(lastData()).toBe(1)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('a product page on its first view', () => {
  // Every SVG picture is a document of its own that the browser parses and lays out on the main thread: the first view
  // of a product page loads its gallery's drawings once each, and the server leaves the similar items out of the page
  // (they load when their row comes near the screen).
  test('loads each gallery drawing once, and the similar items when scrolled to, from its own category', async () => {
    const visit = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true })
    try {
      const { page } = visit
      const html = await (await visit.context.request.get('/products/summit-and-co-tundra-hoodie')).text()
      expect(html).toContain('data-testid="similar-items-placeholder"')
      expect(html).not.toContain('data-testid="similar-items"')
      const images: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'image' && request.url().includes('/images/')) images.push(new URL(request.url()).pathname)
      })
      await visit.goto('/products/summit-and-co-tundra-hoodie')
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      const slides = await page.locator('[data-testid=gallery-track] img').evaluateAll((els) => els.map((el) => new URL((el as HTMLImageElement).src).pathname))
      expect(slides.length).toBe(3)
      // the thumbnails show the slides' own files, and no file was fetched twice
      const thumbnails = await page.locator('[data-testid=gallery-thumbnails] img').evaluateAll((els) => els.map((el) => new URL((el as HTMLImageElement).src).pathname))
      expect(thumbnails).toEqual(slides)
      for (const slide of slides) expect(images.filter((path) => path === slide), slide).toHaveLength(1)
      expect(images.filter((path) => path.endsWith('-1x1.svg'))).toEqual([])

      await page.locator('[data-testid=similar-items], [data-testid=similar-items-placeholder]').first().scrollIntoViewIfNeeded()
      const similar = page.locator('[data-testid=similar-items] [data-testid=product-card]')
      await expect.poll(() => similar.count(), { timeout: 10_000 }).toBeGreaterThan(0)
      const links = await similar.locator('a.card-link').evaluateAll((els) => els.map((el) => el.getAttribute('href')))
      expect(links).not.toContain('/products/summit-and-co-tundra-hoodie')
      // one opens its product page in the app
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
      await similar.locator('a.card-link').first().click()
      await page.waitForURL((url) => url.pathname === links[0])
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
