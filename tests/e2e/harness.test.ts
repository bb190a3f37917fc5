// The browser tests' own harness (tests/e2e/browser.ts): its one retry of a navigation is only for the dev server's
// stall on a static file, never for a page that does not answer.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, openPage } from './browser.ts'
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
})
test('a navigation whose stylesheet stalls past the timeout is tried once more, and loads', async () => {
  const visit = await openPage(browser)
  let held = 0
  await visit.page.route(/\/assets\/main-.*\.css$/, async (route) => {
    if (held++ > 0) return route.continue()
    // the first request hangs past the navigation's timeout, as wrangler dev's did
    await new Promise((resolve) => setTimeout(resolve, 6000))
    return route.continue().catch(() => {})
  })
  const response = await visit.page.goto('/', { waitUntil: 'load', timeout: 3000 })
  expect(response?.status()).toBe(200)
  expect(held).toBe(2)
  await visit.close()
})
test('a navigation whose page itself does not answer fails, with no second try', async () => {
  const visit = await openPage(browser)
  let asked = 0
  await visit.page.route(
    (url) => url.pathname === '/',
    async () => {
      asked++
      await new Promise((resolve) => setTimeout(resolve, 5000))
    },
  )
  await expect(visit.page.goto('/', { waitUntil: 'load', timeout: 2000 })).rejects.toThrow(/Timeout/)
  expect(asked).toBe(1)
  await visit.page.unrouteAll({ behavior: 'ignoreErrors' })
  await visit.close()
})
