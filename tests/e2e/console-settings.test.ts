/// <reference types="node" />
// Issue 40 point 1 in real Chromium: the operator opens Settings, is refused a bad ABN, store URL and email with a
// sentence in English and German beside each field (what they typed kept, the first bad field focused), saves a new
// phone number, and a shopper sees it in the footer at once. axe checks the screen; ADMIN_SCREENSHOTS=dir saves it at
// 390 and 1440 px. The e2e store is shared by every file: the phone is put back, the shop's name is left alone.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, seriousOnes } from './axe.ts'
import { launchBrowser, openPage, type Visit } from './browser.ts'
import { createAdmin, expectRefusedField, logIn } from './operator-steps.ts'

const EMAIL = `settings-ops-${Date.now()}@example.com`
const PASSWORD = 'a long operator password'

let browser: Browser
beforeAll(async () => {
  await createAdmin(EMAIL, PASSWORD)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const ABN_REFUSED = 'Enter the ABN as its 11 digits, like 51 824 753 556: this one fails the check digit or has the wrong length. (Geben Sie die ABN mit ihren 11 Ziffern ein, z. B. 51 824 753 556: diese ist ungültig.)'
const URL_REFUSED = 'Enter a whole web address starting with https://, like https://shop.example.com. (Geben Sie eine vollständige Webadresse mit https:// ein, z. B. https://shop.example.com.)'
const EMAIL_REFUSED = 'Enter a valid email address, like help@shop.example.com. (Geben Sie eine gültige E-Mail-Adresse ein, z. B. help@shop.example.com.)'

describe('the console’s Settings page', () => {
  it('refuses a bad ABN, URL and email in English and German; a saved phone number shows in the store’s footer', async () => {
    // the refused form's answer is a 422 page: the browser logs its status, as it should
    const operator: Visit = await openPage(browser, { allow: (p) => p.url.endsWith('/admin/settings') && p.text.includes('422') })
    const shopper: Visit = await openPage(browser)
    const { page } = operator
    try {
      await logIn(operator, EMAIL, PASSWORD)
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click()
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
      expect(seriousOnes(await axeViolations(page), 'console settings')).toEqual([])
      const phone = page.getByLabel('Phone')
      const before = await phone.inputValue()

      if (process.env.ADMIN_SCREENSHOTS) {
        const dir = process.env.ADMIN_SCREENSHOTS
        mkdirSync(dir, { recursive: true })
        for (const [size, width] of [['desktop', 1440], ['phone', 390]] as const) {
          await page.setViewportSize({ width, height: 900 })
          await page.screenshot({ path: join(dir, `admin-settings-en-${size}.png`), fullPage: true })
        }
        await page.setViewportSize({ width: 1280, height: 800 })
      }

      await page.getByLabel('ABN').fill('12 345 678 901')
      await page.getByLabel('Store URL').fill('shop.example.com/home')
      await page.getByLabel('Support email').fill('help-at-shop')
      await page.getByRole('button', { name: 'Save the settings' }).click()
      await expectRefusedField(page, 'abn', ABN_REFUSED, '12 345 678 901')
      await page.getByText(URL_REFUSED).waitFor()
      await page.getByText(EMAIL_REFUSED).waitFor()
      expect(seriousOnes(await axeViolations(page), 'console settings refused')).toEqual([])

      // the operator corrects the form (the page came back with what they typed) and changes the phone number
      await operator.goto('/admin/settings')
      await phone.fill('+61 3 9555 0100')
      await page.getByRole('button', { name: 'Save the settings' }).click()
      await page.getByRole('status').filter({ hasText: 'The settings are saved' }).waitFor()
      await shopper.goto('/')
      await shopper.page.getByTestId('shop-contact').getByText('+61 3 9555 0100').waitFor({ state: 'attached' })

      await phone.fill(before)
      await page.getByRole('button', { name: 'Save the settings' }).click()
      await page.getByRole('status').filter({ hasText: 'The settings are saved' }).waitFor()
      operator.expectNoProblems()
      shopper.expectNoProblems()
    } finally {
      await operator.close()
      await shopper.close()
    }
  }, 120_000)
})
