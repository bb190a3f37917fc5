// Issue 39 in Chromium at 1440 and 390 px, en and de, with and without JavaScript: on the search results page a typo
// the search forgives ('jakcet', 'Rucksak') and the shopper's own word ('raincoat', 'Regenmantel') show the products
// the right word finds; 'red jacket'/'rote Jacke' shows jackets in red with the colour ticked in the facet panel (the
// phone's drawer too), and unticking it shows jackets in every colour; a typo that finds nothing offers 'Did you mean
// …?' whose link leads to the right results; 'blue shoe' and 'neue Jacke' (500s once) answer 200, the latter with jackets. Each page is
// loaded once and looked at in both widths (the server's page is the same; only the layout changes). axe finds
// nothing serious on these pages.
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
  en: {
    ...{ red: 'red jacket', jacket: 'jacket', chip: 'Colour: red', redLabel: 'Red' },
    ...{ typo: 'hacket', mean: 'Did you mean', forgiven: 'jakcet', forgivenRight: 'jacket', synonym: 'raincoat', synonymRight: 'rain jacket', twoWords: 'blue shoe' },
  },
  de: {
    ...{ red: 'rote Jacke', jacket: 'jacke', chip: 'Farbe: rote', redLabel: 'Rot' },
    ...{ typo: 'Hacke', mean: 'Meinten Sie', forgiven: 'Rucksak', forgivenRight: 'Rucksack', synonym: 'Regenmantel', synonymRight: 'Regenjacke', twoWords: 'neue Jacke' },
  },
} as const
type Locale = keyof typeof WORDS

/** Every product name the API finds for `query` in the language (`extra`: more filters), all pages. */
async function found(page: Page, locale: Locale, query: string, extra = ''): Promise<string[]> {
  const names: string[] = []
  for (let n = 1; n <= 10; n++) {
    const response = await page.context().request.get(`/api/v2/storefront/products?filter[name]=${encodeURIComponent(query)}${extra}&locale=${locale}&per_page=100&page=${n}&facets=false`)
    const body = (await response.json()) as { data: Array<{ attributes: { name: string } }>; meta: { total_pages: number } }
    names.push(...body.data.map((p) => p.attributes.name))
    if (n >= body.meta.total_pages) break
  }
  return names
}

// textContent: a card below the fold is not drawn (content-visibility), and its innerText is empty
const cardNames = async (page: Page) => (await page.locator('[data-testid=product-card] .card-link').allTextContents()).map((name) => name.trim())

/** At 390 px the first card is in view and nothing makes the page wider than the phone. */
async function fitsPhone(page: Page, what: string) {
  await page.setViewportSize(MOBILE)
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what}: page wider than 390 px`).toBeLessThanOrEqual(MOBILE.width)
  const first = await page.locator('[data-testid=product-card]').first().boundingBox()
  expect(first && first.x >= 0 && first.x + first.width <= MOBILE.width, `${what}: first card within 390 px`).toBe(true)
}

/** The checks on the search page as the shopper sees them, each page at 1440 px and then at 390 px. */
async function checkSearch(page: Page, locale: Locale, goto: (path: string) => Promise<{ status(): number } | null>, js: boolean): Promise<string[]> {
  const words = WORDS[locale]
  const prefix = locale === 'de' ? '/de' : ''
  const findings: string[] = []
  const open = async (term: string) => {
    await page.setViewportSize(WIDE)
    const response = await goto(`${prefix}/Category?term=${encodeURIComponent(term)}`)
    expect(response?.status(), term).toBe(200)
    if (js) await waitForHydration(page)
  }

  // a typo the search forgives, and the shopper's own word: the products the right word finds, nothing else
  for (const [typed, right] of [[words.forgiven, words.forgivenRight], [words.synonym, words.synonymRight]] as const) {
    await open(typed)
    const shown = await cardNames(page)
    expect(shown.length, typed).toBeGreaterThan(0)
    const wanted = await found(page, locale, right)
    expect(shown.filter((name) => !wanted.includes(name)), `${typed}: cards '${right}' does not find`).toEqual([])
    await fitsPhone(page, typed)
  }

  // two words, one ending in -ue (a 500 once, the German page a 503): an answer, in German with jackets
  await open(words.twoWords)
  if (locale === 'de') expect(await page.locator('[data-testid=product-card]').count(), words.twoWords).toBeGreaterThan(0)
  else await page.locator('[data-testid=search-no-results], [data-testid=product-card]').first().waitFor()

  // 'red jacket': red jackets only, the colour ticked as a chip and in the facet panel
  await open(words.red)
  const chip = page.locator('[data-testid=inferred-filter][data-kind=color]')
  expect(await chip.innerText()).toContain(words.chip)
  expect(await chip.innerText()).toContain('✓')
  const shown = await cardNames(page)
  expect(shown.length).toBeGreaterThan(0)
  const red = await found(page, locale, words.jacket, '&filter[options][color]=red')
  expect(shown.filter((name) => !red.includes(name)), 'cards that are no red jacket').toEqual([])
  const redBox = page.getByTestId('filter-panel').locator('fieldset[data-facet=color]').getByRole('checkbox', { name: words.redLabel })
  expect(await redBox.isChecked(), 'Red ticked at 1440 px').toBe(true)
  if (js) findings.push(...(await audit(page, `${locale} red jacket 1440`)))
  // on the phone the panel is a drawer opened by 'Filters' (without JavaScript: the #filters target)
  await fitsPhone(page, words.red)
  await page.getByTestId('filters-button').click()
  await redBox.waitFor()
  expect(await redBox.isChecked(), 'Red ticked at 390 px').toBe(true)
  if (js) findings.push(...(await audit(page, `${locale} red jacket 390, filters open`)))
  // unticking it shows jackets in every colour: at once with JavaScript, with 'Apply' without
  await redBox.uncheck()
  if (!js) await page.getByTestId('apply-filters').click()
  await page.waitForURL((url) => url.searchParams.get('term')?.toLowerCase() === words.jacket && !url.searchParams.has('o.color'))
  await page.getByTestId('inferred-filter').waitFor({ state: 'detached' })
  if (js) await page.getByTestId('show-results').click()
  const widened = await cardNames(page)
  expect(widened.filter((name) => !red.includes(name)).length, 'jackets in other colours').toBeGreaterThan(0)

  // a typo that finds nothing: 'Did you mean …?' with a link to the right results, and popular products
  await open(words.typo)
  expect(await page.getByTestId('search-no-results').isVisible()).toBe(true)
  const suggestion = page.getByTestId('search-did-you-mean')
  expect(await suggestion.innerText()).toBe(`${words.mean} ${words.jacket}?`)
  expect(await page.getByTestId('search-popular').isVisible()).toBe(true)
  if (js) findings.push(...(await audit(page, `${locale} did you mean 1440`)))
  await fitsPhone(page, words.typo)
  expect(await suggestion.isVisible(), 'Did you mean at 390 px').toBe(true)
  if (js) findings.push(...(await audit(page, `${locale} did you mean 390`)))
  await Promise.all([page.waitForURL(new RegExp(`term=${words.jacket}$`)), suggestion.getByRole('link').click()])
  // (with JavaScript the page changes in place: the results replace the no-results block)
  await page.getByTestId('search-no-results').waitFor({ state: 'detached' })
  expect(await page.locator('[data-testid=product-card]').count()).toBeGreaterThan(0)
  return findings
}

describe('the search results page at 1440 and 390 px (issue 39)', () => {
  for (const locale of ['en', 'de'] as const) {
    test(`${locale}, with JavaScript: a forgiven typo and a synonym show the right products; 'blue shoe'/'neue Jacke' answer 200; 'red jacket' has the colour ticked and unticking widens; 'Did you mean' leads to results; axe finds nothing serious`, { timeout: 120_000 }, async () => {
      const visit = await openPage(browser, { viewport: WIDE })
      try {
        await visit.context.addCookies([{ name: 'newsletter_prompt', value: 'dismissed', url: baseUrl() }])
        expect(await checkSearch(visit.page, locale, (path) => visit.goto(path), true)).toEqual([])
        visit.expectNoProblems()
      } finally {
        await visit.close()
      }
    })

    test(`${locale}, without JavaScript: the same, with plain links and the panel's 'Apply'`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: WIDE, javaScriptEnabled: false, locale: 'en-AU' })
      try {
        const page = await context.newPage()
        await checkSearch(page, locale, (path) => page.goto(path), false)
      } finally {
        await context.close()
      }
    })
  }
})
