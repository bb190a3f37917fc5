/// <reference types="node" />
// Add to cart with JavaScript in Chromium (issue 43 point 5): while the add is on its way the button says it is busy
// and refuses a second press, so a double click adds one unit, not two. The add is held at the network (page.route)
// until the busy state has been seen, so the test does not depend on how fast the machine answers.
import type { Browser, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { baseUrl, launchBrowser, openPage, waitForHydration } from './browser.ts'

let browser: Browser
let slug: string
beforeAll(async () => {
  browser = await launchBrowser()
  const context = await browser.newContext({ baseURL: baseUrl() })
  const list = await context.request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=20', { timeout: 60_000 })
  const slugs = ((await list.json()) as { data: Array<{ attributes: { slug: string } }> }).data.map((p) => p.attributes.slug)
  // the last of the list: the other files that add to cart take the first ones
  slug = slugs.filter((s) => !s.startsWith('gift-card')).at(-1)!
  await context.close()
}, 90_000)
afterAll(async () => {
  await browser?.close()
})

describe('add to cart', () => {
  test('a double click on Add to cart adds one unit; the button is busy and disabled meanwhile', { timeout: 60_000 }, async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await visit.goto(`/products/${slug}`)
      await waitForHydration(page)
      // every add the page sends is counted and held until released
      let adds = 0
      let answered = 0
      const isAdd = (request: { url(): string; method(): string }) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/cart/items'
      const settle = (request: { url(): string; method(): string }) => void (isAdd(request) && (answered += 1))
      page.on('requestfinished', settle)
      page.on('requestfailed', settle)
      let release!: () => void
      const released = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/api/cart/items', async (route: Route) => {
        if (route.request().method() !== 'POST') return route.continue()
        adds += 1
        await released
        await route.continue()
      })
      const button = page.getByTestId('add-to-cart')
      await button.dblclick()
      await page.waitForFunction(() => document.querySelector('[data-testid=add-to-cart]')?.getAttribute('aria-busy') === 'true', undefined, { timeout: 5_000 })
      expect(await button.isDisabled()).toBe(true)
      release()
      const sidebar = page.locator('[data-testid=cart-sidebar]')
      await sidebar.waitFor({ state: 'visible' })
      await page.waitForFunction(() => document.querySelector('[data-testid=add-to-cart]')?.getAttribute('aria-busy') === null)
      expect(await button.isDisabled()).toBe(false)
      // what the store holds, asked once every add the page sent has been answered
      await expect.poll(() => answered).toBe(adds)
      await page.unroute('**/api/cart/items')
      const cart = (await (await page.request.get('/api/cart')).json()) as { lineItems: Array<{ qty: number }> }
      expect({ adds, units: cart.lineItems.reduce((sum, line) => sum + line.qty, 0) }).toEqual({ adds: 1, units: 1 })
      expect((await page.locator('[data-testid=cart-badge]').first().textContent())?.trim()).toBe('1')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
