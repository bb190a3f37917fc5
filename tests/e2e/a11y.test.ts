// Accessibility (issue 10): axe-core in real Chromium on every page type at 390 px and 1440 px. A serious or
// critical violation (colour contrast included) fails the test with the rule, the elements and axe's help text.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { audit } from './axe.ts'
import { baseUrl, launchBrowser, waitForHydration } from './browser.ts'
import { fillShippingAddress } from './checkout-steps.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const

for (const [name, viewport] of Object.entries(WIDTHS)) {
  describe(`axe at ${viewport.width} px: no serious or critical violations`, () => {
    let context: BrowserContext
    let page: Page
    beforeAll(async () => {
      context = await browser.newContext({ baseURL: baseUrl(), viewport, isMobile: name === 'phone', hasTouch: name === 'phone' })
      page = await context.newPage()
      // a page and its audit on the shared two-core machine: generous waits, never fixed sleeps
      page.setDefaultTimeout(30_000)
      page.setDefaultNavigationTimeout(60_000)
    })
    afterAll(async () => {
      await context?.close()
    })
    const visit = async (path: string, label = path) => {
      const response = await page.goto(path, { waitUntil: 'domcontentloaded' })
      expect(response?.status(), path).toBe(label === 'not found' ? 404 : 200)
      await waitForHydration(page)
      return audit(page, label)
    }

    test('home, category, product, search results, content and error pages', { timeout: 120_000 }, async () => {
      const found = [...(await visit('/', 'home')), ...(await visit('/t/men', 'category'))]
      const href = await page.locator('[data-testid=product-card] a').first().getAttribute('href')
      found.push(...(await visit(href!, 'product')), ...(await visit('/Category?term=jacket', 'search results')))
      found.push(...(await visit('/aboutus', 'content page')), ...(await visit('/de/aboutus', 'content page (de)')), ...(await visit('/no-such-page-here', 'not found')))
      expect(found).toEqual([])
    })

    test('the cart drawer and the checkout steps (shipping, billing, payment)', { timeout: 150_000 }, async () => {
      const list = await context.request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=20&include=default_variant')
      const products = (await list.json()) as { data: Array<{ attributes: { slug: string }; relationships: { default_variant: { data: { id: string } } } }> }
      const variantId = products.data.find((p) => !p.attributes.slug.startsWith('gift-card'))!.relationships.default_variant.data.id
      await page.goto('/aboutus')
      await page.evaluate((id) => fetch('/api/cart/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variantId: id, quantity: 1 }) }), variantId)
      await page.reload()
      await waitForHydration(page)
      await page.locator(name === 'phone' ? '[data-testid=mobile-cart-button]' : '[data-testid=cart-button]').click()
      await page.locator('[data-testid=cart-sidebar]').waitFor({ state: 'visible' })
      const found = await audit(page, 'cart drawer')
      found.push(...(await visit('/checkout/shipping', 'checkout: shipping')))
      const address = page.locator('[data-testid=shipping-address-form]')
      await fillShippingAddress(address, `axe-checkout-${name}@example.com`)
      await address.getByRole('button', { name: 'Continue to shipping method' }).click()
      await page.locator('[data-testid=shipping-rate-form]').getByRole('button', { name: 'Continue to billing' }).click()
      await page.waitForURL('**/checkout/billing')
      await waitForHydration(page)
      found.push(...(await audit(page, 'checkout: billing')))
      await page.getByRole('button', { name: 'Continue to payment' }).click()
      await page.waitForURL('**/checkout/payment')
      await page.locator('[data-testid=payment-form]').waitFor()
      await waitForHydration(page)
      found.push(...(await audit(page, 'checkout: payment')))
      expect(found).toEqual([])
    })

    test('account pages', { timeout: 180_000 }, async () => {
      const email = `axe-${name}-${Date.now()}@example.com`
      await page.evaluate(async (mail) => {
        const post = (path: string, body: object) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        await post('/api/account', { email: mail, password: 'correct-horse-battery', firstName: 'Ada', lastName: 'Lovelace' })
        await post('/api/auth/login', { username: mail, password: 'correct-horse-battery' })
      }, email)
      const found: string[] = []
      const pages = ['/my-account', '/MyAccount/MyProfile', '/MyAccount/ShippingDetails', '/MyAccount/BillingDetails', '/MyAccount/SavedAddressesDetails', '/MyAccount/OrderHistory', '/MyAccount/MyNewsletter', '/de/my-account']
      for (const account of pages) found.push(...(await visit(account)))
      expect(found).toEqual([])
    })
  })
}
