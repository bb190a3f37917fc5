// Issue 44 point 5: the product page's 'Size guide' shows the guide of the product's category, as a dialog with
// JavaScript and as a page without, in English and German; the table fits a phone by scrolling itself, not the page.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { baseUrl, DESKTOP, launchBrowser, MOBILE, openPage, waitForHydration } from './browser.ts'
import { audit } from './axe.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const at = (locale: 'en' | 'de', path: string) => (locale === 'en' ? path : `/de${path}`)

/** The first product of a category, as a shopper finds it: the first card of its listing. */
async function firstProduct(page: Page, locale: 'en' | 'de', category: string) {
  await page.goto(at(locale, `/t/${category}`))
  const href = await page.locator('[data-testid=product-card] a').first().getAttribute('href')
  expect(href).toMatch(/\/(products|p)\//)
  return href!
}

const EXPECTED = {
  en: { jacket: ["Women's clothing", 'Bust (cm)'], helmet: ['Helmets', 'Head circumference (cm)'], link: 'Size guide', how: 'How to measure' },
  de: { jacket: ['Damenbekleidung', 'Brust (cm)'], helmet: ['Helme', 'Kopfumfang (cm)'], link: 'Größentabelle', how: 'So messen Sie' },
} as const

describe('the size guide', () => {
  for (const locale of ['en', 'de'] as const) {
    test(`${locale}: with JavaScript a jacket's guide opens in a dialog; it fits a phone and axe finds nothing serious`, { timeout: 120_000 }, async () => {
      const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
      try {
        const { page } = visit
        const product = await firstProduct(page, locale, 'women/jackets')
        await visit.goto(product)
        await waitForHydration(page)
        const [name, column] = EXPECTED[locale].jacket
        await page.getByTestId('size-guide-link').click()
        const dialog = page.getByRole('dialog', { name: EXPECTED[locale].link })
        await expect.poll(() => dialog.locator('caption').textContent()).toBe(name)
        await expect.poll(() => dialog.getByRole('columnheader', { name: column }).count()).toBe(1)
        await expect.poll(() => dialog.getByRole('rowheader', { name: 'M', exact: true }).count()).toBe(1)
        expect(await dialog.getByRole('heading', { name: EXPECTED[locale].how }).count()).toBe(1)
        // the page stayed where it was, and at 390 px the table scrolls inside its region, not the page
        expect(new URL(page.url()).pathname).toBe(product)
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
        expect(await audit(page, `size guide dialog ${locale}`)).toEqual([])
        visit.expectNoProblems()
      } finally {
        await visit.close()
      }
    })

    test(`${locale}: without JavaScript the link leads to the guide's page; a helmet's guide is by head circumference`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, javaScriptEnabled: false, locale: 'en-AU' })
      try {
        const page = await context.newPage()
        const product = await firstProduct(page, locale, 'cycling/helmets')
        await page.goto(product)
        await page.getByTestId('size-guide-link').click()
        await page.waitForURL((url) => url.pathname.endsWith('/size-guide'))
        const [name, column] = EXPECTED[locale].helmet
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name)
        expect(await page.getByRole('table', { name }).getByRole('columnheader', { name: column }).count()).toBe(1)
        expect(await page.getByRole('heading', { name: EXPECTED[locale].how }).count()).toBe(1)
      } finally {
        await context.close()
      }
    })
  }
})
