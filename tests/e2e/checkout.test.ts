// A guest buys a product in Chromium with JavaScript: add to cart, then the checkout forms (submitted by React
// Router as fetches, the same actions as without JavaScript), ending on the thank-you page with an empty cart and a
// clean console.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addOnThisPage, fillShippingAddress, goToCheckout } from './checkout-steps.ts'
import { baseUrl, CARD_EXPIRY, launchBrowser, openPage, waitForHydration, ownAddress } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})


describe('checkout', () => {
  test('a guest adds a product and checks out through the forms to the thank-you page', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      const list = await visit.context.request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=10')
      expect(list.status()).toBe(200)
      // Any product in stock but a gift card (buying those needs a login).
      const slug = ((await list.json()) as { data: Array<{ attributes: { slug: string } }> }).data.map((p) => p.attributes.slug).find((s) => !s.startsWith('gift-card'))!

      await visit.goto(`/products/${slug}`)
      await waitForHydration(page)
      // With JavaScript the router posts each form as a fetch: the whole checkout is one document.
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
      await addOnThisPage(page)
      await expect.poll(() => page.locator('[data-testid=cart-badge]').textContent()).toBe('1')
      await goToCheckout(page)

      // The same rules run in the browser first: nothing is posted while a field is wrong.
      const address = page.locator('[data-testid=shipping-address-form]')
      await address.getByLabel('Email').fill('not-an-email')
      await address.getByRole('button', { name: 'Continue to shipping method' }).click()
      await expect.poll(() => page.locator('[data-testid=error-email]').textContent()).toBe('Please, provide a valid email address.')
      expect(await page.locator('[data-testid=error-zipCode]').textContent()).toBe('This field is required.')

      await fillShippingAddress(address, 'guest-e2e@example.com')
      await address.getByRole('button', { name: 'Continue to shipping method' }).click()

      const rates = page.locator('[data-testid=shipping-rate-form]')
      await rates.waitFor({ state: 'visible' })
      expect(await rates.locator('[data-testid=shipping-rate]').count()).toBeGreaterThan(0)
      await rates.getByRole('button', { name: 'Continue to billing' }).click()
      await page.waitForURL('**/checkout/billing')

      // 'Same as shipping' is on and hides the billing fields.
      expect(await page.getByLabel('Billing address same as shipping').isChecked()).toBe(true)
      expect(await page.locator('[data-testid=billing-address]').isVisible()).toBe(false)
      await page.getByRole('button', { name: 'Continue to payment' }).click()
      await page.waitForURL('**/checkout/payment')

      const summary = page.locator('[data-testid=order-summary]')
      expect(await summary.textContent()).toContain('Tax: GST (Included in Price)')
      const payment = page.locator('[data-testid=payment-form]')
      await payment.getByLabel('Card number').fill('4242 4242 4242 4242')
      await payment.getByLabel('Expiry (MM/YY)').fill(CARD_EXPIRY)
      await payment.getByLabel('CVC').fill('123')
      // Terms first (spec §5).
      await page.getByTestId('pay').click()
      await expect.poll(() => page.locator('[data-testid=error-terms]').textContent()).toBe('Please agree to the terms and conditions before paying.')
      expect(page.url()).toContain('/checkout/payment')

      // The checkbox is named by one sentence (a screen reader reads it once), its last words the link to the terms
      const terms = payment.getByRole('checkbox', { name: 'I agree to the terms and conditions', exact: true })
      expect(await payment.getByRole('link', { name: 'terms and conditions', exact: true }).getAttribute('href')).toBe('/TermsAndConditions')
      await terms.check()
      await page.getByTestId('pay').click()
      await page.waitForURL(/\/checkout\/thank-you\?order=R\d+$/)
      const number = new URL(page.url()).searchParams.get('order')!
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
      await expect.poll(() => page.locator('[data-testid=thank-you]').textContent()).toContain(`Your order number is ${number}`)
      // The placed order emptied the cart (the session was reloaded): back in the shop, the badge is gone.
      await page.getByRole('link', { name: 'Back to the shop' }).click()
      await page.locator('[data-testid=site-header]').waitFor()
      await expect.poll(() => page.locator('[data-testid=cart-badge]').count()).toBe(0)
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test("a member's 'Save for later' moves a cart line to the wishlist, and is hidden once the variant is there", async () => {
    const visit = await openPage(browser)
    try {
      const { page, context } = visit
      const email = `saver-${Date.now()}@example.com`
      const signup = await context.request.post('/api/account', { data: { email, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' }, headers: { origin: new URL(baseUrl()).origin, ...ownAddress() } })
      expect(signup.status()).toBe(200)
      const list = await context.request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=10')
      const slug = ((await list.json()) as { data: Array<{ attributes: { slug: string } }> }).data.map((p) => p.attributes.slug).find((s) => !s.startsWith('gift-card'))!

      await visit.goto(`/products/${slug}`)
      await waitForHydration(page)
      await expect.poll(() => page.locator('[data-testid=site-header]').textContent()).toContain('Hi Ada')
      const sidebar = await addOnThisPage(page)
      await sidebar.getByTestId('save-for-later').click()
      await sidebar.getByTestId('cart-empty').waitFor()
      const wishlist = (await (await context.request.get('/api/wishlist')).json()) as { wishedProducts: unknown[] }
      expect(wishlist.wishedProducts).toHaveLength(1)

      // The same variant again: it is already in the wishlist, so the line offers no 'Save for later'.
      await sidebar.getByRole('button', { name: 'go back shopping' }).click()
      await sidebar.waitFor({ state: 'hidden' })
      await addOnThisPage(page)
      await sidebar.locator('[data-testid=cart-line]').waitFor()
      expect(await sidebar.getByTestId('save-for-later').count()).toBe(0)
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
