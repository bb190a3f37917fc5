// Wallets and pay-later in Chromium with JavaScript (issue 44 point 2, decision 0079), through the offline test
// gateway: the product page's instalment line (finished on the server), a guest paying with the wallet (English) and
// with pay-later (German) through the payment step's choices, the thank-you page naming the method with the amount,
// and the operator refunding part of the pay-later payment in the console, which then shows what is left.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addWithSidebar, rateToPayment, submitMelbourneAddress } from './checkout-steps.ts'
import { audit } from './axe.ts'
import { DESKTOP, launchBrowser, openPage, waitForHydration } from './browser.ts'
import { createAdmin, logIn } from './operator-steps.ts'

const EMAIL = `wallets-ops-${Date.now()}@example.com`
const PASSWORD = 'a long operator password'

let browser: Browser
beforeAll(async () => {
  await createAdmin(EMAIL, PASSWORD)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const WORDS = {
  en: { line: /^or 4 interest-free payments (of|from) \$\d+\.\d\d with Afterpay$/, choice: 'wallet', paid: 'Wallet (Test Wallet)' },
  de: { line: /^oder 4 zinsfreie Raten (à|ab) \d+,\d\d\sAU\$ mit Afterpay$/, choice: 'pay_later', paid: 'Später bezahlen (Test Pay Later)' },
} as const

async function productSlug(page: Page) {
  const list = await page.context().request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=10')
  return ((await list.json()) as { data: Array<{ attributes: { slug: string } }> }).data.map((p) => p.attributes.slug).find((s) => !s.startsWith('gift-card'))!
}

/** The part at 390 and 1440 px, into /tmp (new screens are looked at on both widths); back to the desktop size. */
async function shots(page: Page, name: string, part: Locator) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    // mid-window: the phone's sticky add-to-cart bar and bottom menu cover the window's foot
    await part.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await part.screenshot({ path: `/tmp/wallets-${name}-${width}.png` })
  }
  await page.setViewportSize(DESKTOP)
}

const cents = (text: string) => Number(text.replace(/[^\d]/g, ''))

/** Each placed order: its number and what the thank-you page says the method paid, in cents. */
const placed: Partial<Record<'en' | 'de', { number: string; paidCents: number }>> = {}

describe('wallets and pay-later (offline test gateway)', () => {
  for (const locale of ['en', 'de'] as const) {
    test(`a guest pays with ${WORDS[locale].choice} and the thank-you page names it (${locale})`, { timeout: 150_000 }, async () => {
      const prefix = locale === 'de' ? '/de' : ''
      const visit = await openPage(browser, { viewport: DESKTOP })
      try {
        const { page } = visit
        const slug = await productSlug(page)
        await visit.goto(`${prefix}/products/${slug}`)
        await waitForHydration(page)
        expect((await page.getByTestId('instalments').textContent())?.trim()).toMatch(WORDS[locale].line)
        if (locale === 'en') await shots(page, 'instalments', page.getByTestId('instalments').locator('..'))

        await addWithSidebar(page, `${prefix}/products/${slug}`)
        await visit.goto(`${prefix}/checkout/shipping`)
        await waitForHydration(page)
        await submitMelbourneAddress(page, `wallets-${locale}-${Date.now()}@example.com`)
        await rateToPayment(page)
        await waitForHydration(page)
        const payment = page.locator('[data-testid=payment-form]')
        await shots(page, `pay-choices-${locale}`, page.getByTestId('pay-choices'))
        expect(await audit(page, `payment choices ${locale}`)).toEqual([])
        await payment.locator(`#pay-with-${WORDS[locale].choice}`).check()
        // the card's fields go once another choice is made
        await expect.poll(() => payment.locator('#cardNumber').count(), { message: 'the card fields leave for the wallet or pay-later' }).toBe(0)
        await payment.locator('input[name=terms]').check()
        await page.getByTestId('pay').click()
        await page.waitForURL(/\/checkout\/thank-you\?order=R\d+$/)
        const number = new URL(page.url()).searchParams.get('order')!
        const paid = page.getByTestId('paid-with').getByTestId('paid-by')
        await expect.poll(() => paid.count(), { message: 'one payment: the method chosen' }).toBe(1)
        expect((await paid.locator('dt').textContent())?.trim()).toBe(WORDS[locale].paid)
        placed[locale] = { number, paidCents: cents((await paid.locator('dd').textContent()) ?? '') }
        expect(placed[locale]!.paidCents).toBeGreaterThan(0)
        visit.expectNoProblems()
      } finally {
        await visit.close()
      }
    })
  }

  test('the operator refunds part of the pay-later payment; the console shows the refund and what is left', { timeout: 120_000 }, async () => {
    const order = placed.de
    expect(order, 'the German order was placed').toBeDefined()
    const visit = await openPage(browser, { viewport: DESKTOP })
    try {
      const { page } = visit
      await logIn(visit, EMAIL, PASSWORD)
      await visit.goto(`/admin/orders/${order!.number}`)
      const aud = (c: number) => `AUD ${(c / 100).toFixed(2)}`
      await page.getByText(`Pay later test_pay_later: ${aud(order!.paidCents)}`, { exact: true }).waitFor()
      const form = page.getByRole('form', { name: 'Refund', exact: true })
      await form.getByLabel(`Pay later test_pay_later (up to ${aud(order!.paidCents)})`).check()
      await form.getByLabel('Amount (AUD)').fill('5.00')
      await form.getByLabel('Reason').fill('Goodwill')
      await form.getByLabel('Your password, to confirm').fill(PASSWORD)
      await form.getByRole('button', { name: 'Refund', exact: true }).click()
      await page.getByText('The refund was made; the customer’s email is queued.').waitFor()
      await page.getByText(`Pay later test_pay_later: ${aud(order!.paidCents)}, refunded AUD 5.00`, { exact: true }).waitFor()
      await page.getByRole('list', { name: 'Refunds' }).getByText(/^Refund AUD 5\.00 on .*: Goodwill$/).waitFor()
      expect(await form.getByLabel(`Pay later test_pay_later (up to ${aud(order!.paidCents - 500)})`).count()).toBe(1)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
