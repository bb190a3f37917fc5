// Issue 39 in Chromium at 390 and 1440 px, en and de, with and without JavaScript: the search results page reads
// 'red jacket' as jackets in red with the colour ticked in the facet panel (and a chip), and unticking it shows jackets
// in every colour; a typo the search forgives ('jakcet') shows the right products; a typo that finds nothing offers
// 'Did you mean …?' whose link leads to the right results. axe finds nothing serious on these pages.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { audit } from './axe.ts'
import { MOBILE, baseUrl, launchBrowser, openPage, waitForHydration } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const WIDE = { width: 1440, height: 900 }
const WORDS = {
  en: { red: 'red jacket', jacket: 'jacket', typo: 'hacket', chip: 'Colour: red', mean: 'Did you mean', redLabel: 'Red', forgiven: 'jakcet', found: /jacket/i },
  de: { red: 'rote Jacke', jacket: 'jacke', typo: 'Hacke', chip: 'Farbe: rote', mean: 'Meinten Sie', redLabel: 'Rot', forgiven: 'Rucksak', found: /rucksack/i },
} as const

/** The names the API lists for jackets in red (what the page must show), in the page's language. */
async function redJackets(page: Page, locale: 'en' | 'de'): Promise<string[]> {
  const response = await page.context().request.get(`/api/v2/storefront/products?filter[name]=${WORDS[locale].jacket}&filter[options][color]=red&locale=${locale}&per_page=100&facets=false`)
  return ((await response.json()) as { data: Array<{ attributes: { name: string } }> }).data.map((p) => p.attributes.name)
}

/** Every product name the API finds for `word` in the page's language. */
async function found(page: Page, locale: 'en' | 'de', word: string): Promise<string[]> {
  const names: string[] = []
  for (let n = 1; n <= 10; n++) {
    const response = await page.context().request.get(`/api/v2/storefront/products?filter[name]=${word}&locale=${locale}&per_page=100&page=${n}&facets=false`)
    const body = (await response.json()) as { data: Array<{ attributes: { name: string } }>; meta: { total_pages: number } }
    names.push(...body.data.map((p) => p.attributes.name))
    if (n >= body.meta.total_pages) break
  }
  return names
}

// textContent: a card below the fold is not drawn (content-visibility), and its innerText is empty
const cardNames = async (page: Page) => (await page.locator('[data-testid=product-card] .card-link').allTextContents()).map((name) => name.trim())

/** The checks on the search page, as the shopper sees them; `js` waits for the app where JavaScript runs. */
async function checkSearch(page: Page, locale: 'en' | 'de', goto: (path: string) => Promise<unknown>, js: boolean, wide: boolean): Promise<string[]> {
  const words = WORDS[locale]
  const prefix = locale === 'de' ? '/de' : ''
  const findings: string[] = []
  // a typo the search forgives shows the right products
  await goto(`${prefix}/Category?term=${encodeURIComponent(words.forgiven)}`)
  const forgiven = await cardNames(page)
  expect(forgiven.length).toBeGreaterThan(0)
  // the right products: those the word spelled right finds (by name or category: a parka is a jacket)
  const right = await found(page, locale, words.found.source)
  expect(forgiven.filter((name) => !right.includes(name)), `cards the right spelling does not find`).toEqual([])

  await goto(`${prefix}/Category?term=${encodeURIComponent(words.red)}`)
  if (js) await waitForHydration(page)
  const chip = page.locator('[data-testid=inferred-filter][data-kind=color]')
  expect(await chip.innerText()).toContain(words.chip)
  expect(await chip.innerText()).toContain('✓')
  const shown = await cardNames(page)
  expect(shown.length).toBeGreaterThan(0)
  const wanted = await redJackets(page, locale)
  expect(shown.filter((name) => !wanted.includes(name)), 'cards that are no red jacket').toEqual([])
  // the colour is ticked in the facet panel (the phone's drawer, opened by 'Filters')
  if (!wide) await page.getByTestId('filters-button').click()
  const red = page.getByTestId('filter-panel').locator('fieldset[data-facet=color]').getByRole('checkbox', { name: words.redLabel })
  await red.waitFor()
  expect(await red.isChecked()).toBe(true)
  if (js) findings.push(...(await audit(page, `${locale} red jacket ${wide ? 1440 : 390}`)))
  // unticking it shows jackets in every colour: at once with JavaScript, with 'Apply' without
  await red.uncheck()
  if (!js) await page.getByTestId('apply-filters').click()
  await page.waitForURL((url) => url.searchParams.get('term')?.toLowerCase() === words.jacket && !url.searchParams.has('o.color'))
  await page.getByTestId('inferred-filter').waitFor({ state: 'detached' })
  if (js && !wide) await page.getByTestId('show-results').click()
  const widened = await cardNames(page)
  expect(widened.filter((name) => !wanted.includes(name)).length, 'jackets in other colours').toBeGreaterThan(0)

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
    for (const [width, viewport] of [[1440, WIDE], [390, MOBILE]] as const) {
      test(`${locale} ${width} px, with JavaScript: a forgiven typo finds the right products; 'red jacket' shows red jackets with the colour ticked, unticking it widens them; a typo that finds nothing offers 'Did you mean' to the right results; axe finds nothing serious`, { timeout: 90_000 }, async () => {
        const visit = await openPage(browser, { viewport, isMobile: width === 390 })
        try {
          await visit.context.addCookies([{ name: 'newsletter_prompt', value: 'dismissed', url: baseUrl() }])
          expect(await checkSearch(visit.page, locale, (path) => visit.goto(path), true, width === 1440)).toEqual([])
          visit.expectNoProblems()
        } finally {
          await visit.close()
        }
      })

      test(`${locale} ${width} px, without JavaScript: the same, with plain links and the panel's 'Apply'`, { timeout: 90_000 }, async () => {
        const context = await browser.newContext({ baseURL: baseUrl(), viewport, javaScriptEnabled: false, locale: 'en-AU' })
        try {
          const page = await context.newPage()
          await checkSearch(page, locale, (path) => page.goto(path), false, width === 1440)
        } finally {
          await context.close()
        }
      })
    }
  }
})
