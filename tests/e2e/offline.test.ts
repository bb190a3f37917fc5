// The service worker (root scope) keeps the store usable offline: visited pages from its cache, others the offline page.
import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { baseUrl, launchBrowser, openPage, waitForHydration } from './browser.ts'

/** The built client's files (Vite's manifest of this checkout's build, which the store under test serves). */
const builtFiles = () => Object.entries(JSON.parse(readFileSync(new URL('../../build/client/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, { file: string }>)

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

test('offline, a visited page still opens and an unvisited one shows the offline page', async () => {
  const visit = await openPage(browser, { serviceWorkers: 'allow' })
  try {
    // what an earlier build's worker left in this browser: its caches go when this build's worker activates
    await visit.page.addInitScript(() => {
      if (navigator.serviceWorker.controller) return
      const made = caches.open('storefront-static-earlierBuild').then((cache) => cache.put('/assets/main-old.js', new Response('old')))
      ;(window as unknown as { __earlierCache: Promise<boolean> }).__earlierCache = made.then(() => true)
    })
    await visit.goto('/')
    await waitForHydration(visit.page)
    const scope = await visit.page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(new URL(scope).pathname).toBe('/')
    // Both caches are named by this build (a stamp the build writes into /sw.js), and the earlier build's are gone.
    const sw = await (await fetch(`${baseUrl()}/sw.js`)).text()
    expect(await visit.page.evaluate(() => (window as unknown as { __earlierCache: Promise<boolean> }).__earlierCache)).toBe(true)
    await expect.poll(() => visit.page.evaluate(() => caches.keys())).not.toContain('storefront-static-earlierBuild')
    const names = await visit.page.evaluate(() => caches.keys())
    const builds = new Set(names.map((name) => name.match(/^storefront-(?:static|pages)-([\w-]+)$/)?.[1]))
    expect(builds.size, names.join(', ')).toBe(1)
    const [build] = builds
    expect(build).toMatch(/^[\w-]{8,}$/)
    expect(sw).toContain(build)

    // The install cached the offline page and every file it names, and not the whole store: a first visit on a phone
    // does not download the scripts of screens the shopper has not opened (checkout, account, gift cards…).
    const cached = await visit.page.evaluate(async () => {
      const paths: string[] = []
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname)
      return paths
    })
    // (the offline page of the language of the page that registered the worker: not the German one for this visit)
    const offlineHtml = await (await fetch(`${baseUrl()}/offline`)).text()
    const shell = [...new Set(offlineHtml.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)\b/g))]
    expect(shell.length).toBeGreaterThan(3)
    expect(cached).toEqual(expect.arrayContaining(['/offline', ...shell]))
    expect(cached).not.toContain('/de/offline')
    const built = builtFiles()
    const screensNotOpened = built.filter(([source]) => /^web\/routes\/(checkout|account|gift-cards?)/i.test(source)).map(([, chunk]) => `/${chunk.file}`)
    expect(screensNotOpened.length).toBeGreaterThan(0)
    expect(cached.filter((path) => screensNotOpened.includes(path))).toEqual([])
    const scripts = built.filter(([, chunk]) => chunk.file.endsWith('.js')).length
    expect(cached.filter((path) => path.endsWith('.js')).length).toBeLessThan(scripts / 2)
    // Controlled from the next navigation on: load the home page again so it is fetched through the worker and cached.
    await visit.goto('/')
    await visit.page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await visit.goto('/')
    // The first German page opened caches the German offline page, in the background.
    await visit.goto('/de')
    await expect.poll(() => visit.page.evaluate(async () => (await caches.match('/de/offline')) !== undefined)).toBe(true)

    await visit.context.setOffline(true)
    await visit.page.goto('/', { waitUntil: 'domcontentloaded' })
    expect(await visit.page.locator('[data-testid=site-header]').isVisible()).toBe(true)
    await visit.page.goto('/FAQs', { waitUntil: 'domcontentloaded' })
    expect(await visit.page.getByRole('heading', { name: 'You are offline' }).isVisible()).toBe(true)
    // It stays the offline page once its scripts have run (it must not hydrate as the /FAQs route and fail).
    await visit.page.waitForLoadState('load')
    await visit.page.waitForTimeout(500)
    expect(await visit.page.getByRole('heading', { name: 'You are offline' }).isVisible()).toBe(true)
    // A German page not visited falls back to the German offline page, and it too stays as it is.
    await visit.page.goto('/de/FAQs', { waitUntil: 'load' })
    expect(await visit.page.getByRole('heading', { name: 'Sie sind offline' }).isVisible()).toBe(true)
    expect(await visit.page.locator('html').getAttribute('lang')).toBe('de')
    expect(await visit.page.getByTestId('offline-page').getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/de')
    await visit.page.waitForTimeout(500)
    expect(await visit.page.getByRole('heading', { name: 'Sie sind offline' }).isVisible()).toBe(true)
    // /DE is German too, as route matching reads it (both offline pages are cached by now)
    await visit.page.goto('/DE/t/women', { waitUntil: 'load' })
    expect(await visit.page.getByRole('heading', { name: 'Sie sind offline' }).isVisible()).toBe(true)
  } finally {
    await visit.context.setOffline(false)
    await visit.close()
  }
  // A fresh-clone run of 25 Nov timed out at 60 s when one dev-server stall (a static file answered after 30 s) fell
  // inside the worker's install, which then fetched every built file through wrangler dev (5 s on 6 Dec)
}, 120_000)

test('a first visit in German caches the German offline page, and offline a page not visited shows it', async () => {
  const visit = await openPage(browser, { serviceWorkers: 'allow' })
  try {
    await visit.goto('/de')
    await waitForHydration(visit.page)
    await visit.page.evaluate(async () => navigator.serviceWorker.ready)
    const cached = await visit.page.evaluate(async () => ({ de: (await caches.match('/de/offline')) !== undefined, en: (await caches.match('/offline')) !== undefined }))
    expect(cached).toEqual({ de: true, en: false })
    await visit.goto('/de')
    await visit.page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await visit.context.setOffline(true)
    await visit.page.goto('/de/t/men', { waitUntil: 'load' })
    expect(await visit.page.getByRole('heading', { name: 'Sie sind offline' }).isVisible()).toBe(true)
  } finally {
    await visit.context.setOffline(false)
    await visit.close()
  }
}, 60_000)
