// Switching language in the header keeps the shopper on the same page, in German under /de.
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

describe('language switch', () => {
  test('choosing Deutsch on /AboutUs moves to /de/AboutUs with <html lang="de">, and back to English', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      const response = await visit.goto('/AboutUs')
      expect(response.status()).toBe(200)
      expect(await page.locator('html').getAttribute('lang')).toBe('en')
      await waitForHydration(page)

      const select = page.locator('#header-locale')
      expect(await select.inputValue()).toBe('en')
      await Promise.all([page.waitForURL('**/de/AboutUs'), select.selectOption('de')])
      await page.waitForLoadState('load')
      expect(new URL(page.url()).pathname).toBe('/de/AboutUs')
      expect(await page.locator('html').getAttribute('lang')).toBe('de')
      expect(await page.locator('#header-locale').inputValue()).toBe('de')
      // The chrome speaks German now.
      expect((await page.locator('[data-testid=top-bar]').textContent())?.trim()).not.toBe('Login or Join the Club for great deals')
      const cookies = await visit.context.cookies()
      expect(cookies.find((c) => c.name === 'locale')?.value).toBe('de')

      await waitForHydration(page)
      await Promise.all([page.waitForURL((url) => url.pathname === '/AboutUs'), page.locator('#header-locale').selectOption('en')])
      await page.waitForLoadState('load')
      expect(await page.locator('html').getAttribute('lang')).toBe('en')

      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('choosing USD reloads the page with prices in US dollars and remembers it in the currency cookie', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await visit.goto('/t/men')
      await waitForHydration(page)
      const firstPrice = () => page.locator('[data-testid=product-card]').first().locator('[data-testid=price-now]').textContent()
      const before = (await firstPrice())?.trim() ?? ''
      expect(before).toMatch(/^(SALE )?\$\d/)
      expect(await page.locator('#header-currency').inputValue()).toBe('AUD')

      await untilItWorks(async () => {
        await Promise.all([page.waitForEvent('load', { timeout: 3_000 }), page.locator('#header-currency').selectOption('USD')])
      })
      expect(new URL(page.url()).pathname).toBe('/t/men')
      expect(await page.locator('#header-currency').inputValue()).toBe('USD')
      expect((await firstPrice())?.trim()).toMatch(/USD|US\$/)
      expect((await visit.context.cookies()).find((c) => c.name === 'currency')?.value).toBe('USD')

      await waitForHydration(page)
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
