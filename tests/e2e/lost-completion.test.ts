/// <reference types="node" />
// Issue 38 point 5: with JavaScript, 'Pay now' whose answer never arrives (the connection dropped after the store
// placed the order) is sent again by the page, which then shows the order it placed: one order, its thank-you page,
// never 'failed'.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addWithSidebar, pay, toPaymentStep } from './checkout-steps.ts'
import { baseUrl, launchBrowser, openPage } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('a completion whose answer was lost', () => {
  test('is sent again by the browser and shows the order it placed', { timeout: 120_000 }, async () => {
    const list = await fetch(`${baseUrl()}/api/v2/storefront/products?per_page=40`, { headers: { accept: 'application/json' } })
    const products = ((await list.json()) as { data: Array<{ attributes: { slug: string; in_stock: boolean } }> }).data
    const slug = products.filter((p) => p.attributes.in_stock && !p.attributes.slug.startsWith('gift-card')).at(-1)!.attributes.slug
    // the dropped connection shows in the console as a failed resource load: that one is expected
    const visit = await openPage(browser, { allow: (problem) => /ERR_CONNECTION_RESET|Failed to load resource/.test(problem.text) })
    try {
      const { page } = visit
      await addWithSidebar(page, `/products/${slug}`)
      await toPaymentStep(page, `lost-${Date.now()}@example.com`)
      const completions: number[] = []
      const numbers: string[] = []
      await page.route('**/api/checkout/complete', async (route) => {
        // the first completion reaches the store and is placed there; its answer is lost on the way back
        const response = await route.fetch()
        completions.push(response.status())
        numbers.push(((await response.json()) as { number?: string }).number ?? '')
        if (completions.length === 1) await route.abort('connectionreset')
        else await route.fulfill({ response })
      })
      await pay(page, { card: true })
      const number = new URL(page.url()).searchParams.get('order')
      // sent twice, placed once: the second answer is the order the first placed
      expect(completions).toEqual([200, 200])
      expect(numbers).toEqual([number, number])
      await expect.poll(() => page.getByTestId('thank-you').textContent()).toContain(`Your order number is ${number}`)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
