// Issue 44 point 3 in Chromium with a fixed clock: the product page and the checkout's rates give the delivery dates,
// counted in the browser from the store's cut-off (14:00 Melbourne time) and Victoria's public holidays, in English and
// German. Friday 30 October 2026 is the Friday before Melbourne Cup day (Tuesday 3 November): before the cut-off the
// parcel leaves that day and the count-down shows; after it, the parcel leaves on Monday and the Tuesday is skipped.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addWithSidebar, submitMelbourneAddress } from './checkout-steps.ts'
import { audit } from './axe.ts'
import { DESKTOP, MOBILE, launchBrowser, openPage, waitForHydration } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const BEFORE_CUTOFF = new Date('2026-10-30T10:47:00+11:00')
const AFTER_CUTOFF = new Date('2026-10-30T15:00:00+11:00')

// Standard takes 2–6 business days, Express 1–3 (the reference rates, kv-seed/reference.mjs)
const LINES = {
  en: {
    product: 'Order within 3 h 13 min, arrives Wed 4 Nov – Tue 10 Nov',
    productLater: 'Arrives Thu 5 Nov – Wed 11 Nov',
    standard: 'Arrives Thu 5 Nov – Wed 11 Nov',
    express: 'Arrives Wed 4 Nov – Fri 6 Nov',
    pickup: /^Usually ready to collect in 1–2 business days$/,
  },
  de: {
    product: 'Bestellen Sie innerhalb von 3 Std. 13 Min., Lieferung Mi., 4. Nov. – Di., 10. Nov.',
    productLater: 'Lieferung Do., 5. Nov. – Mi., 11. Nov.',
    standard: 'Lieferung Do., 5. Nov. – Mi., 11. Nov.',
    express: 'Lieferung Mi., 4. Nov. – Fr., 6. Nov.',
    pickup: /^Meist in 1–2 Werktagen abholbereit$/,
  },
}

/** The line once the browser has dated it (the server's copy says 'usually …'). */
const datedLine = async (page: Page | Locator, selector: string) => {
  const line = page.locator(`${selector}[data-dated=true]`)
  await line.first().waitFor()
  return line.first().textContent()
}

async function productSlug(page: Page) {
  const list = await page.context().request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=10')
  return ((await list.json()) as { data: Array<{ attributes: { slug: string } }> }).data.map((p) => p.attributes.slug).find((s) => !s.startsWith('gift-card'))!
}

describe('delivery dates with a fixed clock (Friday before Melbourne Cup day)', () => {
  for (const locale of ['en', 'de'] as const) {
    test(`the product page counts down to the cut-off and the checkout dates each rate (${locale})`, { timeout: 150_000 }, async () => {
      const prefix = locale === 'de' ? '/de' : ''
      const visit = await openPage(browser, { viewport: locale === 'en' ? MOBILE : DESKTOP })
      try {
        const { page } = visit
        await page.clock.setFixedTime(BEFORE_CUTOFF)
        const slug = await productSlug(page)
        await visit.goto(`${prefix}/products/${slug}`)
        await waitForHydration(page)
        expect(await datedLine(page, '[data-testid=delivery-line]')).toBe(LINES[locale].product)
        expect(await audit(page, `product delivery line ${locale}`)).toEqual([])

        // after the cut-off the same page dates from Monday: no count-down, Tuesday 3 November skipped
        await page.clock.setFixedTime(AFTER_CUTOFF)
        await addWithSidebar(page, `${prefix}/products/${slug}`)
        expect(await datedLine(page, '[data-testid=delivery-line]')).toBe(LINES[locale].productLater)

        await visit.goto(`${prefix}/checkout/shipping`)
        await waitForHydration(page)
        await submitMelbourneAddress(page, `dates-${locale}-${Date.now()}@example.com`)
        const rate = (name: string) => page.locator('[data-testid=shipping-rate]').filter({ has: page.getByTestId('rate-name').getByText(name, { exact: true }) })
        await rate('Standard').waitFor()
        expect(await datedLine(rate('Standard'), '[data-testid=rate-arrives]')).toBe(LINES[locale].standard)
        expect(await datedLine(rate('Express'), '[data-testid=rate-arrives]')).toBe(LINES[locale].express)
        expect(await rate('Click & Collect').getByTestId('rate-arrives').textContent()).toMatch(LINES[locale].pickup)
        expect(await audit(page, `checkout rates with dates ${locale}`)).toEqual([])
        visit.expectNoProblems()
      } finally {
        await visit.close()
      }
    })
  }
})
