/// <reference types="node" />
// Issue 40 point 5 in real Chromium: the operator uploads a picture (resized in the browser by the console's script),
// creates a new page, gives it a hero with that picture and Markdown text (its live preview drawn as they type), saves
// a draft (the store still has no page there), publishes, and a shopper opens /{slug} and /de/{slug}. axe checks each
// new screen; ADMIN_SCREENSHOTS=dir saves them at 390 and 1440 px.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pngOf } from '#tests/factories/images.ts'
import { axeViolations, seriousOnes } from './axe.ts'
import { baseUrl, launchBrowser, openPage, type Visit } from './browser.ts'
import { createAdmin, logIn, newContentPage, uploadContentPicture } from './operator-steps.ts'

const EMAIL = `content-ops-${Date.now()}@example.com`
const PASSWORD = 'a long operator password'

let browser: Browser
beforeAll(async () => {
  await createAdmin(EMAIL, PASSWORD)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** axe on the screen as it is, and (ADMIN_SCREENSHOTS=dir) the screen at 390 and 1440 px. */
async function checkScreen(page: Page, name: string) {
  expect(seriousOnes(await axeViolations(page), name)).toEqual([])
  const dir = process.env.ADMIN_SCREENSHOTS
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  for (const [size, width] of [['desktop', 1440], ['phone', 390]] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: join(dir, `${name}-en-${size}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

describe('content pages with the shop’s own pictures', () => {
  it('uploads a picture, writes a new page in Markdown, saves a draft, publishes, and a shopper opens it in English and German', async () => {
    const operator: Visit = await openPage(browser)
    const shopper: Visit = await openPage(browser)
    const { page } = operator
    const slug = `lake-${Date.now().toString(36)}`
    try {
      await logIn(operator, EMAIL, PASSWORD)

      // one picture, resized in the browser to the three sizes
      const lake = { name: 'lake.png', mimeType: 'image/png', buffer: Buffer.from(await pngOf(2000, 1200, [30, 110, 160])) }
      await uploadContentPicture(operator, { file: lake, alt: 'A lake at dawn', altDe: 'Ein See im Morgengrauen' })
      await checkScreen(page, 'admin-content-pictures')

      // a new page at its own address
      await newContentPage(operator, { slug, title: 'Lake weekend', titleDe: 'Wochenende am See' }, () => checkScreen(page, 'admin-content-new-page'))

      // a hero with the uploaded picture and a rich-text section in Markdown
      await page.getByLabel('Kind of section').selectOption('hero_image')
      await page.getByRole('button', { name: 'Add the section' }).click()
      await page.locator('#sections-0-shared-image_one').selectOption({ label: 'A lake at dawn' })
      for (const [locale, name, heading] of [['en', 'Hero', 'Wake up by the water'], ['de', 'Hero', 'Aufwachen am Wasser']] as const) {
        await page.locator(`#sections-0-${locale}-name`).fill(name)
        await page.locator(`#sections-0-${locale}-title`).fill(heading)
      }
      await page.getByLabel('Kind of section').selectOption('rich_text_content')
      await page.getByRole('button', { name: 'Add the section' }).click()
      await page.locator('#sections-1-en-name').fill('Story')
      await page.locator('#sections-1-de-name').fill('Geschichte')
      await page.locator('#sections-1-en-rte_content').fill('## Pack light\n\nBring **two** pegs per line.')
      await page.locator('#sections-1-de-rte_content').fill('## Leicht packen\n\nZwei **Heringe** pro Leine.')
      // the live preview follows the typing
      await page.frameLocator('iframe[title="Preview (English)"]').last().locator('strong', { hasText: 'two' }).waitFor()
      await page.getByRole('button', { name: 'Save draft' }).first().click()
      await page.getByText('Draft saved. The live page is unchanged until you publish.').waitFor()
      expect((await fetch(`${baseUrl()}/${slug}`)).status).toBe(404)
      // the saved draft comes back with its preview drawn
      await page.locator('#sections-1-en-rte_content').scrollIntoViewIfNeeded()
      await page.frameLocator('iframe[title="Preview (English)"]').last().getByRole('heading', { name: 'Pack light' }).waitFor()
      await checkScreen(page, 'admin-content-editor')

      await page.getByRole('button', { name: 'Save and publish' }).first().click()
      await page.getByText('Published: the page is live.').waitFor()

      await shopper.goto(`/${slug}`)
      await shopper.page.getByRole('heading', { name: 'Wake up by the water' }).waitFor()
      await shopper.page.getByText('Bring two pegs per line.').waitFor()
      expect(await shopper.page.getByRole('img', { name: 'A lake at dawn' }).getAttribute('src')).toMatch(/^\/media\/cms\/[0-9a-f-]{36}-lg$/)
      await shopper.goto(`/de/${slug}`)
      await shopper.page.getByRole('heading', { name: 'Aufwachen am Wasser' }).waitFor()
      await shopper.page.getByRole('img', { name: 'Ein See im Morgengrauen' }).waitFor()
      await shopper.page.getByText('Zwei Heringe pro Leine.').waitFor()
      // the header menu: each row's Position select (moves it there in one Save)
      await operator.goto('/admin/menus/header')
      await page.getByRole('heading', { name: 'Menus', level: 1 }).waitFor()
      await checkScreen(page, 'admin-menus')
      operator.expectNoProblems()
    } finally {
      await operator.close()
      await shopper.close()
    }
  }, 180_000)
})
