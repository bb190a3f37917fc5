// Issue 41 point 4 (and issue 40 point 4's Click & Collect places) in Chromium: the operator adds a place in the
// console; a shopper who picks Click & Collect must choose where (Continue without a place is refused beside the
// places), the thank-you invoice names the place and its hours; the operator marks the order ready, then collected,
// and the order page lists both emails. axe on the new console screen and the checkout's place choice.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations, seriousOnes } from './axe.ts'
import { launchBrowser, openPage } from './browser.ts'
import { addWithSidebar, fillShippingAddress, goToCheckout, pay } from './checkout-steps.ts'
import { addCollectLocation, api, createAdmin, logIn } from './operator-steps.ts'

const EMAIL = `cc-ops-${Date.now()}@example.com`
const PASSWORD = 'a long operator password'
const PLACE = { name: 'Fitzroy store', nameDe: 'Laden Fitzroy', address: '88 Brunswick Street\nFitzroy VIC 3065', hours: 'Mon–Sat 10am–6pm', hoursDe: 'Mo–Sa 10–18 Uhr' }

let browser: Browser
beforeAll(async () => {
  await createAdmin(EMAIL, PASSWORD)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

async function shots(page: Page, name: string) {
  const dir = process.env.ADMIN_SCREENSHOTS
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  for (const [size, width] of [['desktop', 1440], ['phone', 390]] as const) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: join(dir, `${name}-${size}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

describe('Click & Collect', () => {
  it('a place set up in the console is chosen at checkout (never for the shopper), then the order is ready, then collected, with both emails', { timeout: 240_000 }, async () => {
    const operator = await openPage(browser)
    const shopper = await openPage(browser, { allow: (p) => p.text.includes('422') })
    const { page } = operator
    try {
      await logIn(operator, EMAIL, PASSWORD)
      await addCollectLocation(page, PLACE)
      expect(seriousOnes(await axeViolations(page), 'Click & Collect places')).toEqual([])
      await shots(page, 'admin-collect-locations')

      const list = await api('/products?filter[purchasable]=true&per_page=10')
      const slug = (list.data as Array<{ attributes: { slug: string } }>).map((p) => p.attributes.slug).find((s) => !s.startsWith('gift-card'))!
      const s = shopper.page
      await addWithSidebar(s, `/products/${slug}`)
      await goToCheckout(s)
      const address = s.locator('[data-testid=shipping-address-form]')
      await fillShippingAddress(address, `cc-${Date.now()}@example.com`)
      await address.getByRole('button', { name: 'Continue to shipping method' }).click()
      const rates = s.locator('[data-testid=shipping-rate-form]')
      await rates.waitFor({ state: 'visible' })
      // the places are listed, none ticked; Click & Collect without a place is refused beside them
      const places = rates.getByTestId('pickup-places')
      await places.getByText(PLACE.name).waitFor()
      expect(await places.locator('input[name=pickupPlaceId]:checked').count()).toBe(0)
      await rates.getByTestId('shipping-rate').filter({ hasText: 'Click & Collect' }).locator('input').check()
      await rates.locator('button[type=submit]').click()
      await expect.poll(() => rates.getByTestId('error-pickupPlaceId').textContent()).toBe('Choose where you will collect your order.')
      expect(s.url()).toContain('/checkout/shipping')
      expect(seriousOnes(await axeViolations(s), 'checkout place choice')).toEqual([])
      await shots(s, 'checkout-collect-place')
      await places.getByTestId('pickup-place').filter({ hasText: PLACE.name }).locator('input').check()
      await rates.locator('button[type=submit]').click()
      await s.waitForURL('**/checkout/billing')
      await s.getByTestId('billing-form').locator('button[type=submit]').click()
      await s.waitForURL('**/checkout/payment')
      await pay(s, { card: true })
      const invoice = s.getByTestId('pickup-place-info')
      await invoice.getByText(PLACE.name).waitFor()
      expect(await invoice.textContent()).toContain('Opening hours: Mon–Sat 10am–6pm')
      const number = new URL(s.url()).searchParams.get('order')!

      // the operator: ready for pickup, then collected; the order page lists both emails
      await operator.goto(`/admin/orders/${number}`)
      await page.getByRole('button', { name: 'Mark ready for pickup' }).click()
      await page.getByRole('status').filter({ hasText: 'The order is marked ready for pickup' }).waitFor()
      await page.getByRole('button', { name: 'Mark as collected' }).click()
      await page.getByRole('status').filter({ hasText: 'The order is marked as collected from the store.' }).waitFor()
      const emails = await page.getByRole('region', { name: 'Emails to the customer' }).textContent()
      expect(emails).toContain(`Your order ${number} is ready for pickup`)
      expect(emails).toContain(`You collected your order ${number}`)
      // the place is retired again: the sample shop has none, so later files' checkouts collect as before (decision 0055)
      await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/shipping/locations'))
      await page.getByRole('link', { name: PLACE.name, exact: true }).click()
      await page.getByLabel('Retired: no longer offered (orders keep it)').check()
      await page.getByRole('button', { name: 'Save the place' }).click()
      await page.getByRole('cell', { name: /^Retired / }).waitFor()
    } finally {
      await operator.context.close()
      await shopper.context.close()
    }
  })
})
