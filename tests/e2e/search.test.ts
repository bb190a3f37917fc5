// Issue 39 in Chromium, en and de, with and without JavaScript: the search results page reads 'red jacket' as jackets
// in red with the colour filter shown ticked (a chip that removes it), and a typo that finds nothing offers 'Did you
// mean …?' whose link leads to the right results. axe finds nothing serious on either page.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { audit } from './axe.ts'
import { DESKTOP, baseUrl, launchBrowser, openPage, waitForHydration } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const WORDS = {
  en: { red: 'red jacket', jacket: 'jacket', typo: 'hacket', chip: 'Colour: red', mean: 'Did you mean' },
  de: { red: 'rote Jacke', jacket: 'jacke', typo: 'Hacke', chip: 'Farbe: rote', mean: 'Meinten Sie' },
} as const

/** The names the API lists for jackets in red (what the page must show), in the page's language. */
async function redJackets(page: Page, locale: 'en' | 'de'): Promise<string[]> {
  const response = await page.context().request.get(`/api/v2/storefront/products?filter[name]=${WORDS[locale].jacket}&filter[options][color]=red&locale=${locale}&per_page=100&facets=false`)
  return ((await response.json()) as { data: Array<{ attributes: { name: string } }> }).data.map((p) => p.attributes.name)
}

/** Both checks on one page, as the shopper sees them; `hydrated` waits for the app where JavaScript runs. */
async function checkSearch(page: Page, locale: 'en' | 'de', goto: (path: string) => Promise<unknown>, js: boolean): Promise<string[]> {
  const words = WORDS[locale]
  const prefix = locale === 'de' ? '/de' : ''
  const findings: string[] = []
  await goto(`${prefix}/Category?term=${encodeURIComponent(words.red)}`)
  if (js) await waitForHydration(page)
  const chip = page.locator('[data-testid=inferred-filter][data-kind=color]')
  expect(await chip.innerText()).toContain(words.chip)
  expect(await chip.innerText()).toContain('✓')
  const shown = await page.locator('[data-testid=product-card] .card-link').allInnerTexts()
  expect(shown.length).toBeGreaterThan(0)
  const wanted = await redJackets(page, locale)
  expect(shown.filter((name) => !wanted.includes(name.trim())), 'cards that are no red jacket').toEqual([])
  if (js) findings.push(...(await audit(page, `${locale} red jacket`)))

  await goto(`${prefix}/Category?term=${encodeURIComponent(words.typo)}`)
  if (js) await waitForHydration(page)
  expect(await page.getByTestId('search-no-results').isVisible()).toBe(true)
  const suggestion = page.getByTestId('search-did-you-mean')
  expect(await suggestion.innerText()).toBe(`${words.mean} ${words.jacket}?`)
  expect(await page.getByTestId('search-popular').isVisible()).toBe(true)
  if (js) findings.push(...(await audit(page, `${locale} did you mean`)))
  await Promise.all([page.waitForURL(new RegExp(`term=${words.jacket}$`)), suggestion.getByRole('link').click()])
  // (with JavaScript the page changes in place: the results replace the no-results block)
  await page.getByTestId('search-no-results').waitFor({ state: 'detached' })
  expect(await page.locator('[data-testid=product-card]').count()).toBeGreaterThan(0)
  return findings
}

describe('the search results page (issue 39)', () => {
  for (const locale of ['en', 'de'] as const) {
    test(`${locale}, with JavaScript: 'red jacket' shows red jackets with the colour ticked; a typo that finds nothing offers 'Did you mean' to the right results; axe finds nothing serious`, async () => {
      const visit = await openPage(browser)
      try {
        expect(await checkSearch(visit.page, locale, (path) => visit.goto(path), true)).toEqual([])
        visit.expectNoProblems()
      } finally {
        await visit.close()
      }
    })

    test(`${locale}, without JavaScript: the same, with plain links`, async () => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, javaScriptEnabled: false, locale: 'en-AU' })
      try {
        const page = await context.newPage()
        await checkSearch(page, locale, (path) => page.goto(path), false)
      } finally {
        await context.close()
      }
    })
  }
})
