/// <reference types="node" />
// Issue 39 points 3 and 8 in real Chromium: a shopper searches with the header's search field (one query that finds
// nothing, one that finds jackets, one of which they open); the operator sees those queries on the console's Search
// page, adds a synonym from the zero-result row's prefilled form, and the shopper's next search for that word finds
// products. axe checks the new screen; ADMIN_SCREENSHOTS=dir saves it at 390 and 1440 px.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, seriousOnes } from './axe.ts'
import { baseUrl, launchBrowser, openPage, openSearch, untilItWorks, waitForHydration, type Visit } from './browser.ts'
import { createAdmin } from './operator-steps.ts'

const EMAIL = `search-ops-${Date.now()}@example.com`
const PASSWORD = 'a long operator password'
// a word no product holds, nor anything one edit away: letters only, unique to this run
const WORD = `zqxv${'abcdefghijklmnopqrstuvwxyz'[process.pid % 26]}${'abcdefghijklmnopqrstuvwxyz'[Date.now() % 26]}orp`
/** A query that finds products and that no other browser test searches for. */
const FOUND = 'fleece'

let browser: Browser
beforeAll(async () => {
  await createAdmin(EMAIL, PASSWORD)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** Searches with the header's field as a shopper does (typing, then Enter) and waits for the results page. */
async function searchFor(page: Page, term: string) {
  const field = await openSearch(page)
  await field.fill(term)
  await field.press('Enter')
  await page.waitForURL((url) => url.pathname === '/Category' && url.searchParams.get('term') === term)
  await page.locator('[data-testid=search-no-results], [data-testid=product-card]').first().waitFor()
}

describe('search analytics and synonyms in the console', () => {
  it("the operator sees a shopper's searches and adds a synonym from a zero-result query; the shopper's next search finds products", async () => {
    const shopper: Visit = await openPage(browser)
    const operator: Visit = await openPage(browser)
    try {
      // a shopper who answered the newsletter prompt before: its modal would cover the search field while the operator works
      await shopper.context.addCookies([{ name: 'newsletter_prompt', value: 'dismissed', url: baseUrl() }])
      await shopper.goto('/')
      await waitForHydration(shopper.page)
      await searchFor(shopper.page, WORD)
      await expect(shopper.page.getByTestId('search-no-results').isVisible()).resolves.toBe(true)
      // a query no other browser test asks (the e2e store and its day's counts are shared by every test file)
      await searchFor(shopper.page, FOUND)
      const card = shopper.page.getByTestId('product-card').first().locator('a.card-link')
      const name = (await card.textContent())!.trim()
      await card.click()
      await shopper.page.getByRole('heading', { level: 1, name }).waitFor()

      const { page } = operator
      await operator.goto('/admin/login')
      await page.getByLabel('Email').fill(EMAIL)
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Search' }).click()
      await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor()
      // the counts are written a second after the searches: the page shows them once they are
      const zero = page.getByRole('region', { name: 'Queries with no results' }).getByRole('row').filter({ hasText: WORD })
      const jacket = page.getByRole('region', { name: 'Top queries' }).getByRole('row').filter({ hasText: new RegExp(`^${FOUND}`) })
      await untilItWorks(async () => {
        await operator.goto('/admin/search')
        expect(await zero.count()).toBe(1)
        expect(await jacket.count()).toBe(1)
      })
      expect(await zero.getByRole('cell').allTextContents()).toEqual([WORD, 'English', '1', '0', expect.stringContaining('Add a synonym')])
      // searched once, found products, one opened
      const [, , searches, found, opened] = await jacket.getByRole('cell').allTextContents()
      expect([searches, Number(found) > 0, opened]).toEqual(['1', true, '1'])
      expect(seriousOnes(await axeViolations(page), 'console search')).toEqual([])

      if (process.env.ADMIN_SCREENSHOTS) {
        const dir = process.env.ADMIN_SCREENSHOTS
        mkdirSync(dir, { recursive: true })
        for (const [size, width] of [['desktop', 1440], ['phone', 390]] as const) {
          await page.setViewportSize({ width, height: 900 })
          await page.screenshot({ path: join(dir, `console-search-${size}.png`), fullPage: true })
        }
        await page.setViewportSize({ width: 1280, height: 800 })
      }

      // one step from the row: the form arrives with the query in it; the operator names what it should find
      await zero.getByRole('link', { name: /Add a synonym/ }).click()
      const form = page.getByRole('form', { name: 'Add a synonym' })
      const terms = form.getByLabel('Words or phrases, separated by commas')
      expect(await terms.inputValue()).toBe(`${WORD}, `)
      expect(await form.getByLabel('Direction').inputValue()).toBe('one-way')
      await terms.press('End')
      await terms.pressSequentially('jacket')
      await form.getByRole('button', { name: 'Add the synonym' }).click()
      await page.getByRole('status').filter({ hasText: 'The synonym was added' }).waitFor()
      await page.getByRole('region', { name: 'Synonyms in use' }).getByRole('cell', { name: `${WORD}, jacket`, exact: true }).waitFor()
      expect(seriousOnes(await axeViolations(page), 'console search after adding')).toEqual([])

      await searchFor(shopper.page, WORD)
      await expect(shopper.page.getByTestId('product-card').count()).resolves.toBeGreaterThan(0)
      shopper.expectNoProblems()
      operator.expectNoProblems()
    } finally {
      await shopper.close()
      await operator.close()
    }
  }, 120_000)
})
