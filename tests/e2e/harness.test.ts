// The browser tests' own harness (tests/e2e/browser.ts): its one retry of a navigation is only for the dev server's
// stall on a static file, never for a page that does not answer; its console check excuses only the dev proxy's own 503.
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { baseUrl, launchBrowser, openPage, trackRequests } from './browser.ts'
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
test('a tab closed with a request still in flight is not waited for before the next navigation', async () => {
  const context = await browser.newContext({ baseURL: baseUrl(), serviceWorkers: 'block' })
  try {
    const inFlight = trackRequests(context)
    const tab = await context.newPage()
    let held = false
    // the stylesheet is never answered: the tab is closed while it is in flight, as a test closes a preview tab
    await tab.route(/\/assets\/main-.*\.css$/, () => {
      held = true
    })
    void tab.goto('/').catch(() => {})
    await expect.poll(() => held).toBe(true)
    expect(inFlight.pendingUrls().some((url) => /\/assets\/main-.*\.css$/.test(url))).toBe(true)
    await tab.close()
    // Playwright reports neither the end nor the failure of a closed page's requests; the tracker forgets them
    expect(inFlight.pendingUrls()).toEqual([])
  } finally {
    await context.close()
  }
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
test("the console check lets pass the 503 that wrangler dev's proxy gives a POST it dropped, and no other 503", async () => {
  const visit = await openPage(browser)
  try {
    const { page } = visit
    await visit.goto('/')
    // wrangler dev's answer (wrangler-dist/ProxyWorker.js), then a 503 as the store gives one, to the same address (one
    // no page uses, so the harness's stderr line about the drop reads as this test's)
    let calls = 0
    await page.route('**/api/harness-test/dropped', (route) =>
      calls++ === 0
        ? route.fulfill({ status: 503, headers: { 'retry-after': '0', 'content-type': 'text/plain;charset=UTF-8' }, body: 'Your worker restarted mid-request. Please try sending the request again. Only GET or HEAD requests are retried automatically.' })
        : route.fulfill({ status: 503, headers: { 'retry-after': '0', 'content-type': 'application/json' }, body: JSON.stringify({ error: 'Our shop system could not be reached. Please try again in a moment.' }) }),
    )
    const post = () => page.evaluate(() => fetch('/api/harness-test/dropped', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((response) => response.status))
    expect(await post()).toBe(503)
    await expect.poll(() => visit.problems.length).toBe(1)
    visit.expectNoProblems()
    expect(await post()).toBe(503)
    await expect.poll(() => visit.problems.length).toBe(2)
    // the store's own 503 is still a problem
    expect(() => visit.expectNoProblems()).toThrow(/console errors/)
    visit.problems.length = 0
  } finally {
    await visit.close()
  }
})
test('a tab the page opens itself is tracked, and forgotten when it closes', async () => {
  const context = await browser.newContext({ baseURL: baseUrl(), serviceWorkers: 'block' })
  try {
    const inFlight = trackRequests(context)
    const page = await context.newPage()
    await page.goto('/AboutUs')
    // a new tab's first navigation comes before its frame exists (Playwright's frame() throws for it, and a throw in
    // the tracker's listener is an uncaught error that fails the run), as with the operator's preview tab
    let held = false
    await context.route(/\/assets\/main-.*\.css$/, () => {
      held = true
    })
    const [tab] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => window.open('/AboutUs'))])
    await expect.poll(() => held).toBe(true)
    // the tab's own stylesheet is waited for, with the tab as its owner
    expect(inFlight.pendingUrls().some((url) => /\/assets\/main-.*\.css$/.test(url))).toBe(true)
    await tab.close()
    // (the opener's own chunks may still be loading: only the tab's requests are forgotten)
    expect(inFlight.pendingUrls().some((url) => /\/assets\/main-.*\.css$/.test(url))).toBe(false)
  } finally {
    await context.close()
  }
})
