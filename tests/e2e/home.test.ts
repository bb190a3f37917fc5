// The home page as a first-time visitor sees it: the chrome renders on the server, the page hydrates, and the
// header's search and cart work, with a clean console.
/// <reference types="node" />
import { createServer, type Server } from 'node:http'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { baseUrl, launchBrowser, openPage, openSearch, untilItWorks, waitForHydration } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/**
 * A proxy in front of the store that sends a page's HTML up to `cutBefore`, then nothing for `stallMs`, then the rest:
 * a stream that stalls mid-document, as a slow or lossy link does. Every other request passes through.
 */
async function stallingProxy(cutBefore: string, stallMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = baseUrl()
  const server: Server = createServer(async (request, response) => {
    try {
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string' && name !== 'host') headers.set(name, value)
      headers.set('accept-encoding', 'identity')
      const answer = await fetch(upstream + request.url, { method: request.method, headers, redirect: 'manual' })
      const passed: Record<string, string> = {}
      answer.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'set-cookie'].includes(name)) passed[name] = value
      })
      const cookies = answer.headers.getSetCookie()
      response.writeHead(answer.status, cookies.length ? { ...passed, 'set-cookie': cookies } : passed)
      if (!(answer.headers.get('content-type') ?? '').startsWith('text/html')) {
        response.end(Buffer.from(await answer.arrayBuffer()))
        return
      }
      const html = await answer.text()
      const cut = html.indexOf(cutBefore)
      if (cut < 0) throw new Error(`the page has no ${cutBefore}`)
      response.write(html.slice(0, cut))
      await new Promise((done) => setTimeout(done, stallMs))
      response.end(html.slice(cut))
    } catch (error) {
      response.destroy(error as Error)
    }
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((closed) => server.close(() => closed())) }
}

/**
 * The layout shifts of the page so far, summed, each with what moved (element, old and new box, when), so a failure
 * names the element and not only the score.
 */
function layoutShifts(page: Page): Promise<{ total: number; moved: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        type Shift = PerformanceEntry & { value: number; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }
        const describe = (node?: Node) => (node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''}` : node?.nodeName ?? '?')
        const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            new PerformanceObserver((list) => {
              const entries = list.getEntries() as Shift[]
              resolve({
                total: entries.reduce((sum, entry) => sum + entry.value, 0),
                moved: entries.flatMap((entry) => (entry.sources ?? []).map((source) => `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${describe(source.node)} ${rect(source.previousRect)} -> ${rect(source.currentRect)}`)),
              })
            }).observe({ type: 'layout-shift', buffered: true }),
          ),
        )
        setTimeout(() => resolve({ total: 0, moved: [] }), 1_000)
      }),
  )
}

describe('home page', () => {
  test('on a slow link the first click on the cart, right after hydration, opens the drawer: the button is busy while its code and texts arrive', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      // The drawer is not first-visit JavaScript; hold its chunk so the wait a slow connection would have is seen.
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\/assets\/cart-sidebar-[\w-]+\.js$/, async (route) => {
        await held
        await route.continue()
      })
      await visit.goto('/')
      await waitForHydration(page)
      const cart = page.locator('[data-testid=site-header] [data-testid=cart-button]')
      await cart.click()
      await expect.poll(() => cart.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('true')
      release()
      const drawer = page.locator('[data-testid=cart-sidebar]')
      await drawer.waitFor({ state: 'visible', timeout: 30_000 })
      await expect.poll(() => cart.getAttribute('aria-busy'), { timeout: 30_000 }).toBeNull()
      // its texts came with it (the first visit has only the browse part of the dictionary): no raw keys
      expect(await drawer.textContent()).not.toMatch(/\b(cart|shop|checkout|auth)\.[a-z]\w*/)
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('a shopper who acts before the page has loaded starts the client at once (the hero is held, so load never fires)', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/hero[^/]*\.svg/, async (route) => {
        await held
        await route.continue()
      })
      await page.goto('/', { waitUntil: 'domcontentloaded' })
      expect(await page.evaluate(() => (window as unknown as { __clientStarted?: number }).__clientStarted)).toBeUndefined()
      await page.keyboard.press('Shift')
      await waitForHydration(page)
      expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
      release()
      await page.waitForLoadState('load')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('renders the header, top bar and footer, and hydrates (the search overlay opens) with a clean console', async () => {
    // the service worker on: a later page it controls has the body font from the start (its install precached it)
    const visit = await openPage(browser, { serviceWorkers: 'allow' })
    try {
      const { page } = visit
      // whether the body face was already in the document when it was parsed (the first visit: no; a later one: yes),
      // and whether anything read or wrote web storage before the client started (a synchronous round trip to the
      // browser process inside the page's parse, 2-29 ms at 1x CPU)
      await page.addInitScript(() => {
        const w = window as unknown as { __fontAtParse: boolean; __clientStarted?: number; __storageBeforeStart?: string }
        document.addEventListener('DOMContentLoaded', () => {
          w.__fontAtParse = [...document.fonts].some((face) => face.family.includes('Figtree Variable'))
        })
        for (const name of ['localStorage', 'sessionStorage'] as const) {
          // a [Global] interface's attributes live on the window itself, not on Window.prototype
          const own = Object.getOwnPropertyDescriptor(window, name)
          if (!own?.get) throw new Error(`no ${name} accessor on window`)
          Object.defineProperty(window, name, {
            configurable: true,
            get() {
              if (!w.__clientStarted) w.__storageBeforeStart ??= name
              return own.get!.call(this)
            },
          })
        }
      })
      const response = await visit.goto('/')
      expect(response.status()).toBe(200)
      expect(await page.locator('html').getAttribute('lang')).toBe('en')

      await expect.poll(() => page.locator('[data-testid=site-header]').isVisible()).toBe(true)
      await expect.poll(() => page.locator('[data-testid=site-footer]').isVisible()).toBe(true)
      const topBar = page.locator('[data-testid=top-bar]')
      expect(await topBar.isVisible()).toBe(true)
      expect((await topBar.textContent())?.trim()).toBe('Login or Join the Club for great deals')
      expect(await page.locator('[data-testid=site-footer]').textContent()).toContain(`© ${new Date().getFullYear()}`)

      await waitForHydration(page)
      // The client's files were not fetched before the window's load and the page's largest paint (they would share a
      // slow link with the stylesheet, font and hero): no script was requested before both.
      const timing = await page.evaluate(async () => {
        const lcp = await new Promise<number>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries()[0]!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true }),
        )
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
        const scripts = performance.getEntriesByType('resource').filter((entry) => /\/assets\/[\w-]+\.js$/.test(entry.name))
        const font = performance.getEntriesByType('resource').filter((entry) => /\.woff2$/.test(entry.name))
        return { lcp, load: navigation!.loadEventStart, scripts: scripts.length, firstScript: Math.min(...scripts.map((entry) => entry.startTime)), font: font.map((entry) => entry.startTime) }
      })
      expect(timing.scripts).toBeGreaterThan(5)
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.load)
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.lcp)
      // The body font too, fetched once after the largest paint, but this first page stays in its metric-matched
      // fallback: putting the face in use would style and lay out the whole page again while it loads.
      expect(timing.font).toHaveLength(1)
      expect(timing.font[0]).toBeGreaterThanOrEqual(timing.lcp)
      await expect.poll(() => page.evaluate(() => (window as unknown as { __bodyFace?: FontFace }).__bodyFace?.status)).toBe('loaded')
      expect(await page.evaluate(() => (window as unknown as { __storageBeforeStart?: string }).__storageBeforeStart)).toBeUndefined()
      expect(await page.evaluate(() => [...document.fonts].some((face) => face.family.includes('Figtree Variable')))).toBe(false)
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/Figtree Variable/)
      // Nothing moved while the page loaded (a score Lighthouse would show with 3 decimals).
      const shifts = await layoutShifts(page)
      expect(shifts.total, `layout shifts while the page loaded:\n${shifts.moved.join('\n')}`).toBeLessThan(0.001)
      expect(await page.evaluate(() => (window as unknown as { __fontAtParse: boolean }).__fontAtParse)).toBe(false)
      // Only the hydrated React app opens the overlay on focus: the server HTML is a plain GET form.
      const search = await openSearch(page)
      // Esc closes it again.
      await page.keyboard.press('Escape')
      await page.locator('[data-testid=search-overlay]').waitFor({ state: 'detached' })

      // Let late effects (session load, service worker registration) report anything they would report.
      await page.waitForLoadState('networkidle')

      // The first client-side navigation puts the (loaded) face in use: the next screen is drawn anew anyway.
      await page.locator('[data-testid=category-tiles] a[href^="/t/"]').first().click()
      await page.waitForURL(/\/t\//)
      await expect
        .poll(() => page.evaluate(() => [...document.fonts].some((face) => face.family.includes('Figtree Variable') && face.status === 'loaded')))
        .toBe(true)
      expect(await page.evaluate(() => (window as unknown as { __bodyFont?: number }).__bodyFont)).toBe(1)
      // from the file fetched for the first page, not fetched again
      expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => /\.woff2$/.test(entry.name)).length)).toBe(1)

      // A later page in the same browser, which the service worker controls (it precached the font), has the font
      // from the start: no swap on every page.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 })
      await visit.goto('/t/men')
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
      expect(await page.evaluate(() => (window as unknown as { __storageBeforeStart?: string }).__storageBeforeStart)).toBeUndefined()
      expect(await page.evaluate(() => (window as unknown as { __fontAtParse: boolean }).__fontAtParse)).toBe(true)
      await expect
        .poll(() => page.evaluate(() => [...document.fonts].some((face) => face.family.includes('Figtree Variable') && face.status === 'loaded')))
        .toBe(true)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('a stream that stalls inside the header paints nothing until the header is whole: the row does not move when the rest arrives', async () => {
    // Cut inside the language select, before its options: painted then, the select is an empty box 38 px wide that
    // grows to fit 'English' when the rest arrives, and everything left of it in the row moves (0.0014 on CI, 6 Dec).
    const stallMs = 1_500
    const proxy = await stallingProxy('<option value="en"', stallMs)
    const visit = await openPage(browser, { baseUrl: proxy.url })
    try {
      const { page } = visit
      const start = Date.now()
      await visit.goto('/')
      expect(Date.now() - start).toBeGreaterThanOrEqual(stallMs)
      const shifts = await layoutShifts(page)
      const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-paint')[0]?.startTime ?? -1)
      expect(shifts.total, `layout shifts while the page loaded:\n${shifts.moved.join('\n')}`).toBeLessThan(0.001)
      // because the page was first painted after the stall, whole header included
      expect(firstPaint).toBeGreaterThanOrEqual(stallMs)
      const selector = await page.locator('[data-testid=site-header] [data-testid=locale-selector]').boundingBox()
      expect(selector!.width).toBeGreaterThan(120)
      visit.expectNoProblems()
    } finally {
      await visit.close()
      await proxy.close()
    }
  })

  test("the cart button opens 'My cart' with the empty state and 'go back shopping', which closes it", async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await visit.goto('/')
      await waitForHydration(page)
      const sidebar = page.locator('[data-testid=cart-sidebar]')
      // a click before hydration has committed does nothing: click again, but never once the sidebar is open (its
      // chunk loads on the click, and on a busy machine it opens late and then covers the button)
      await untilItWorks(async () => {
        if (!(await sidebar.isVisible())) await page.locator('[data-testid=cart-button]').click()
        await sidebar.waitFor({ state: 'visible', timeout: 5_000 })
      }, 30_000)
      await expect.poll(() => sidebar.getByRole('dialog').getAttribute('aria-label')).toBe('My cart')
      expect(await sidebar.getByRole('heading', { name: 'My cart' }).isVisible()).toBe(true)
      // the drawer reads the cart when it opens (decision 0070) and says 'Loading…' meanwhile: under CI's load that
      // read outlasted an immediate look (7 Dec); the shopper sees the empty state once it is in
      await expect.poll(() => sidebar.locator('[data-testid=cart-empty]').isVisible(), { timeout: 35_000 }).toBe(true)

      const back = sidebar.getByRole('button', { name: /go back shopping/i })
      expect(await back.isVisible()).toBe(true)
      await back.click()
      await sidebar.waitFor({ state: 'detached' })
      expect(new URL(page.url()).pathname).toBe('/')

      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })


  test("the stylesheet registers the utilities' variables instead of setting them on every element, and shadows still draw", async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await visit.goto('/')
      const href = await page.locator('link[rel=stylesheet][href^="/assets/main-"]').getAttribute('href')
      const css = await (await page.request.get(href!)).text()
      // no `*,::before,::after{--tw-…}` or `::backdrop{--tw-…}` defaults (40 variables on each of 1,500 elements)
      expect(css).not.toMatch(/(\*,:(:)?before,:(:)?after|::backdrop)\{--tw-/)
      expect(css).toMatch(/@property --tw-shadow\{syntax:"\*";inherits:false;initial-value:0 0 #0000\}/)
      // a shadow utility still draws its shadow, and its element's children do not inherit it
      const seen = await page.evaluate(() => {
        const shadowed = [...document.querySelectorAll<HTMLElement>('[class]')].find((element) => /(^|\s)shadow(-\w+)?(\s|$)/.test(element.className) && element.firstElementChild && getComputedStyle(element).boxShadow !== 'none')
        const child = shadowed?.firstElementChild
        return { shadow: shadowed && getComputedStyle(shadowed).boxShadow, childVariable: child && getComputedStyle(child).getPropertyValue('--tw-shadow').trim() }
      })
      expect(seen.shadow).toMatch(/rgba\(28, 25, 23, 0\.\d+\)/)
      expect(seen.childVariable).toBe('0 0 #0000')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test("a carousel's buttons follow its scroll, and scrolling that reaches neither end does not render it again", async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await visit.goto('/')
      await waitForHydration(page)
      const carousel = page.locator('[data-testid=carousel]').first()
      const previous = carousel.getByRole('button', { name: 'Previous' })
      const next = carousel.getByRole('button', { name: 'Next' })
      await expect.poll(() => previous.isDisabled()).toBe(true)
      expect(await next.isDisabled()).toBe(false)
      await next.click()
      await expect.poll(() => previous.isDisabled(), { timeout: 10_000 }).toBe(false)
      expect(await next.isDisabled()).toBe(false)
      // React gives the section new props (a new `__reactProps$` object) each time the carousel renders: once the page
      // is quiet (the session, idle work), scroll a little back and forth within the row and see whether it did
      const seen = await carousel.evaluate(async (section) => {
        const key = Object.keys(section).find((name) => name.startsWith('__reactProps$'))!
        const props = () => (section as unknown as Record<string, unknown>)[key]
        const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
        for (let quiet = 0, last = props(); quiet < 10; quiet++) {
          await new Promise((done) => setTimeout(done, 100))
          if (props() !== last) [quiet, last] = [0, props()]
        }
        const before = props()
        const row = section.querySelector('ul')!
        let events = 0
        row.addEventListener('scroll', () => events++)
        for (const step of [-6, -6, -6, 6, 6, 6, -6, 6]) {
          row.scrollBy({ left: step, behavior: 'instant' })
          await frames()
        }
        return { events, rendered: props() !== before }
      })
      expect(seen.events).toBeGreaterThan(0)
      expect(seen.rendered).toBe(false)
      // at the end, 'Next' is off
      await carousel.locator('ul').evaluate((row) => row.scrollTo({ left: row.scrollWidth, behavior: 'instant' }))
      await expect.poll(() => next.isDisabled(), { timeout: 10_000 }).toBe(true)
      expect(await previous.isDisabled()).toBe(false)
      // back at the start, 'Previous' is off again
      await carousel.locator('ul').evaluate((row) => row.scrollTo({ left: 0, behavior: 'instant' }))
      await expect.poll(() => previous.isDisabled(), { timeout: 10_000 }).toBe(true)
      expect(await next.isDisabled()).toBe(false)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('the console check is not blind: server HTML that differs from the client render is reported', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      // Alter the top bar's text in the HTML only, as a server/client mismatch would.
      await page.route((url) => url.pathname === '/', async (route) => {
        const response = await route.fetch()
        const body = (await response.text()).replace('Login or Join the Club for great deals', 'Text the client will not render')
        await route.fulfill({ response, body })
      })
      await visit.goto('/')
      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      // React (production build) reports a text mismatch as error #418 and re-renders on the client.
      await expect.poll(() => visit.problems.map((p) => p.text).join('\n')).toMatch(/418|[Hh]ydrat/)
      await expect.poll(() => page.locator('[data-testid=top-bar]').textContent()).toBe('Login or Join the Club for great deals')
    } finally {
      await visit.close()
    }
  })

  test('the console check sees CSP violations: an inline script without the nonce is refused and reported', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await page.route((url) => url.pathname === '/', async (route) => {
        const response = await route.fetch()
        const body = (await response.text()).replace('</body>', '<script>window.__injected = true</script></body>')
        await route.fulfill({ response, body })
      })
      await visit.goto('/')
      await page.waitForLoadState('networkidle')
      expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined()
      await expect.poll(() => visit.problems.map((p) => p.text).join('\n')).toMatch(/Content Security Policy/)
    } finally {
      await visit.close()
    }
  })
})

describe("a first visit's main thread", () => {
  test('home, a category and a product (en and de) show their prices without creating an Intl.NumberFormat, whose first use loads the language data on the main thread during hydration', async () => {
    const visit = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true })
    try {
      const { page } = visit
      await page.addInitScript(() => {
        const w = window as unknown as { __numberFormats: number }
        w.__numberFormats = 0
        const Original = Intl.NumberFormat
        Intl.NumberFormat = new Proxy(Original, {
          construct(target, args) {
            w.__numberFormats++
            return Reflect.construct(target, args)
          },
          apply(target, self, args) {
            w.__numberFormats++
            return Reflect.apply(target, self, args)
          },
        })
      })
      await visit.goto('/t/men')
      const product = await page.locator('[data-testid=product-card] a.card-link').first().getAttribute('href')
      expect(product).toMatch(/^\/products\//)
      for (const path of ['/', '/t/men', product!, '/de/t/men']) {
        await visit.goto(path)
        await waitForHydration(page)
        await page.waitForLoadState('networkidle')
        const prices = await page.locator('[data-testid=price-now]').allTextContents()
        expect(prices.length, path).toBeGreaterThan(0)
        expect(prices.every((text) => (path.startsWith('/de') ? /\d,\d\d\u00a0AU\$/ : /\$\d[\d,]*\.\d\d/).test(text)), `${path}: ${prices[0]}`).toBe(true)
        expect(await page.evaluate(() => (window as unknown as { __numberFormats: number }).__numberFormats), path).toBe(0)
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
