/// <reference types="node" />
// Issue 40 point 3 in real Chromium: an operator adds a category, then makes a product from nothing in the console's
// 'New product' form — German texts, 2 colours (one new, with its swatch) × 3 sizes, the grid drawn as the options
// are ticked, a column set at once, a Club Price and a sale price — and saves it once; a German shopper then finds it
// in that category and by search, picks red M and adds it to the cart. axe checks the form; ADMIN_SCREENSHOTS=dir
// saves it at 390 and 1440 px.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, seriousOnes } from './axe.ts'
import { baseUrl, launchBrowser, openPage, untilItWorks, waitForHydration, type Visit } from './browser.ts'
import { addCategory, createAdmin, logIn, saveProduct, startProduct } from './operator-steps.ts'

const EMAIL = `product-ops-${Date.now()}@example.com`
const PASSWORD = 'a long operator password'
// words no other browser test searches for, unique to this run
const RUN = 'abcdefghijklmnopqrstuvwxyz'[Date.now() % 26]!
const NAME = `Glowmere Kestrel ${RUN}`
const NAME_DE = `Glutmantel Turmfalke ${RUN}`
const CATEGORY = `Kestrel Range ${RUN}`

let browser: Browser
beforeAll(async () => {
  await createAdmin(EMAIL, PASSWORD)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe("'New product' in the console", () => {
  it('makes a 2 colour × 3 size product in a new category that a German shopper finds and puts in the cart', async () => {
    const operator: Visit = await openPage(browser)
    const shopper: Visit = await openPage(browser)
    try {
      const { page } = operator
      await logIn(operator, EMAIL, PASSWORD)

      // a new category under Men, named in both languages
      await addCategory(operator, { parent: 'men', en: CATEGORY, de: `Turmfalken-Serie ${RUN}` })
      // then moved to the front of Men's sub-categories in one step
      const move = page.getByRole('form', { name: 'Move a category' })
      await move.getByLabel('Category').selectOption({ label: `men/${CATEGORY.toLowerCase().replace(/\s+/g, '-')}` })
      await move.getByLabel('Inside').selectOption({ label: 'men' })
      await move.getByLabel('Position').fill('1')
      const moved = page.waitForResponse((r) => r.url().endsWith('/admin/categories/move'))
      await move.getByRole('button', { name: 'Move category' }).click()
      expect((await moved).status()).toBe(303)
      await page.getByRole('status').waitFor()

      const { form, grid } = await startProduct(operator, {
        name: NAME,
        nameDe: NAME_DE,
        description: 'A warm, light shell for cold ridges.',
        descriptionDe: 'Eine warme, leichte Jacke für kalte Grate.',
        category: `Men › ${CATEGORY}`,
        skuPrefix: `GK${RUN.toUpperCase()}`,
        stock: '4',
        aud: '249.00',
        usd: '169.00',
      })

      // the options: red from the store, a new colour with its swatch, three sizes; the grid follows (JavaScript)
      await form.getByRole('checkbox', { name: 'Color', exact: true }).check()
      await form.getByRole('checkbox', { name: 'Red', exact: true }).check()
      await form.getByLabel('New color values').fill('Lagoon / Lagune #5fa8d3')
      await form.getByRole('checkbox', { name: 'Size', exact: true }).check()
      for (const size of ['S', 'M', 'L']) await form.getByRole('group', { name: 'Size', exact: true }).getByRole('checkbox', { name: size, exact: true }).check()
      await grid.getByRole('rowheader', { name: 'Lagoon / L' }).waitFor()
      await expect(grid.getByRole('rowheader').count()).resolves.toBe(7) // 'Set all' and 2 × 3 variants
      expect(await grid.getByLabel('SKU of Red / M').inputValue()).toBe(`GK${RUN.toUpperCase()}-RED-M`)

      // one column set at once, then one variant on sale
      await form.getByLabel('AUD Club Price of every variant').fill('219.00')
      await grid.getByRole('button', { name: 'Set all AUD Club Price' }).click()
      expect(await grid.getByLabel('AUD Club Price of Lagoon / S').inputValue()).toBe('219.00')
      await grid.getByLabel('AUD sale price of Red / M').fill('229.00')

      expect(seriousOnes(await axeViolations(page), 'new product')).toEqual([])
      if (process.env.ADMIN_SCREENSHOTS) {
        const dir = process.env.ADMIN_SCREENSHOTS
        mkdirSync(dir, { recursive: true })
        for (const [size, width] of [['desktop', 1440], ['phone', 390]] as const) {
          await page.setViewportSize({ width, height: 900 })
          await page.screenshot({ path: join(dir, `console-new-product-${size}.png`), fullPage: true })
        }
        await page.setViewportSize({ width: 1280, height: 800 })
      }

      await saveProduct(operator, NAME)

      // the German shopper: the category lists it, search finds it, red M goes in the cart at its sale price
      const s = shopper.page
      await shopper.goto('/de/Category?term=' + encodeURIComponent(`Turmfalke ${RUN}`))
      await s.getByTestId('product-card').filter({ hasText: NAME_DE }).waitFor()
      const men = await (await s.request.get('/api/v2/storefront/taxons/men?locale=de&include=children')).json()
      expect(men.included.find((t: { id: string }) => t.id === men.data.relationships.children.data[0].id).attributes.name).toBe(`Turmfalken-Serie ${RUN}`)
      await shopper.goto(`/de/t/men/${CATEGORY.toLowerCase().replace(/\s+/g, '-')}`)
      const card = s.getByTestId('product-card').filter({ hasText: NAME_DE })
      await card.locator('a.card-link').click()
      await s.getByRole('heading', { level: 1, name: NAME_DE }).waitFor()
      await waitForHydration(s)
      // a choice is kept in the address (a navigation of the page's own): picked by its label, then read back
      for (const [group, label] of [['options-color', 'Rot'], ['options-size', 'M']] as const) {
        const radio = s.getByTestId(group).getByLabel(label, { exact: true })
        await untilItWorks(async () => {
          if (!(await radio.isChecked())) await s.locator(`label[for="${await radio.getAttribute('id')}"]`).click()
          await expect.poll(() => radio.isChecked(), { timeout: 3_000 }).toBe(true)
        }, 30_000)
      }
      const sidebar = s.locator('[data-testid=cart-sidebar]')
      await untilItWorks(async () => {
        if (!(await sidebar.isVisible())) await s.getByTestId('add-to-cart').click()
        await sidebar.waitFor({ state: 'visible', timeout: 5_000 })
      }, 30_000)
      await sidebar.getByText(NAME_DE).first().waitFor()
      await expect(sidebar.textContent()).resolves.toMatch(/229,00/)
      expect(baseUrl()).toBeTruthy()
      shopper.expectNoProblems()
      operator.expectNoProblems()
    } finally {
      await shopper.close()
      await operator.close()
    }
  }, 180_000)
})
