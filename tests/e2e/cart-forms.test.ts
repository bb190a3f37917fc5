/// <reference types="node" />
// The one cart action (issue 43 point 5, decision 0072) in Chromium: every cart form — the product page's add, a line's
// quantity and remove on the cart page and in the drawer, the coupon on the cart page, in the drawer and in the
// checkout summary — works without JavaScript (plain posts, 303 back) and with it (a fetcher: the page stays, the
// control is disabled while the change is on its way and the line shows it at once). Changes with JavaScript are held
// at the network (page.route) until what the shopper sees meanwhile has been checked.
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { baseUrl, DESKTOP, launchBrowser, openPage, ownAddress, waitForHydration } from './browser.ts'
import { addWithSidebar } from './checkout-steps.ts'
import { servedSql } from './served-d1.ts'

const COUPON = `forms${Date.now().toString(36)}`

let browser: Browser
let slugs: string[]
beforeAll(async () => {
  browser = await launchBrowser()
  await servedSql(`INSERT INTO promotions (name, code, kind, amount) VALUES ('Forms 10% off', '${COUPON}', 'percent', 10)`)
  const context = await browser.newContext({ baseURL: baseUrl() })
  const list = await context.request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=20', { timeout: 60_000 })
  slugs = ((await list.json()) as { data: Array<{ attributes: { slug: string } }> }).data.map((p) => p.attributes.slug).filter((s) => !s.startsWith('gift-card'))
  await context.close()
}, 90_000)
afterAll(async () => {
  await browser?.close()
})

const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? '').trim()
/** What the store holds (a read: asked again once when wrangler dev closed the kept-alive socket under it, which
 * answered ECONNRESET on the fresh clone of 559de79) */
const cartRead = (page: Page) => page.request.get('/api/cart').catch(() => page.request.get('/api/cart'))
const units = async (page: Page) => ((await (await cartRead(page)).json()) as { lineItems: Array<{ qty: number }> } | null)?.lineItems.reduce((sum, line) => sum + line.qty, 0) ?? 0

/** Holds every request `matches` picks until the returned `release` is called; `held()` counts them. */
async function hold(page: Page, pattern: string, matches: (route: Route) => boolean) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let count = 0
  await page.route(pattern, async (route) => {
    if (!matches(route)) return route.fallback()
    count += 1
    await released
    await route.fallback()
  })
  return { release: () => release(), held: () => count, done: () => page.unroute(pattern) }
}

describe('cart forms', () => {
  test('without JavaScript: add on the product page, + and remove on the cart page, the coupon on the cart page and in the checkout summary', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, javaScriptEnabled: false, locale: 'en-AU' })
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      page.setDefaultNavigationTimeout(60_000)
      await page.goto(`/products/${slugs[6] ?? slugs[0]}`)
      await page.getByTestId('add-to-cart').click()
      await page.waitForURL((u) => u.pathname === '/Cart' && u.searchParams.has('added'))
      expect(await text(page, '[data-testid=cart-message]')).toBe('Added to your cart.')
      expect(await page.getByTestId('cart-line').count()).toBe(1)

      await page.getByTestId('qty-increase').click()
      await page.waitForURL('**/Cart?done=updated')
      expect(await page.getByTestId('qty-input').inputValue()).toBe('2')
      expect(await text(page, '[data-testid=cart-badge]')).toBe('2')
      // a typed value goes with 'Update' (the browser itself refuses one below the field's minimum)
      await page.getByTestId('qty-input').fill('3')
      await page.getByTestId('quantity-form').getByRole('button', { name: 'Update' }).click()
      await page.waitForURL('**/Cart?done=updated')
      expect(await page.getByTestId('qty-input').inputValue()).toBe('3')
      expect(await units(page)).toBe(3)

      await page.goto('/Cart')
      await page.locator('#coupon-code').fill(COUPON)
      await page.getByTestId('apply-coupon').click()
      await page.waitForURL('**/Cart?done=coupon')
      expect(await text(page, '[data-testid=cart-page] [data-testid=cart-promotion] dt')).toBe('Forms 10% off')
      await page.getByTestId('remove-coupon').click()
      await page.waitForURL('**/Cart?done=coupon-removed')
      expect(await page.getByTestId('cart-promotion').count()).toBe(0)

      // the checkout summary's coupon comes back to the step
      await page.goto('/checkout/shipping')
      const summary = page.getByTestId('order-summary')
      await summary.locator('#coupon-code').fill(COUPON)
      await summary.getByTestId('apply-coupon').click()
      await page.waitForURL('**/checkout/shipping?done=coupon')
      expect(await text(page, '[data-testid=order-summary] [data-testid=cart-promotion] dt')).toBe('Forms 10% off')
      await page.getByTestId('order-summary').getByTestId('remove-coupon').click()
      await page.waitForURL('**/checkout/shipping?done=coupon-removed')
      expect(await page.getByTestId('order-summary').getByTestId('cart-promotion').count()).toBe(0)

      await page.goto('/Cart')
      await page.getByTestId('remove-line').click()
      await page.waitForURL('**/Cart?done=removed')
      expect(await page.getByTestId('cart-empty').count()).toBe(1)
    } finally {
      await context.close()
    }
  })

  test("without JavaScript, in German: a member's 'Save for later' on the cart page moves the line to the wishlist", { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, javaScriptEnabled: false, locale: 'de-DE' })
    try {
      const email = `later-${Date.now()}@example.com`
      const signup = await context.request.post('/api/account', { data: { email, password: 'secret123', firstName: 'Lena', lastName: 'Vogel' }, headers: { origin: new URL(baseUrl()).origin, ...ownAddress() } })
      expect(signup.status()).toBe(200)
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      page.setDefaultNavigationTimeout(60_000)
      await page.goto(`/de/products/${slugs[5] ?? slugs[0]}`)
      await page.getByTestId('add-to-cart').click()
      await page.waitForURL((u) => u.pathname === '/de/Cart' && u.searchParams.has('added'))
      await page.getByTestId('save-for-later').click()
      await page.waitForURL((u) => u.pathname === '/de/Cart' && u.searchParams.get('done') === 'saved')
      expect(await text(page, '[data-testid=cart-message]')).toBe('Auf Ihrer Wunschliste gespeichert')
      expect(await page.getByTestId('cart-empty').count()).toBe(1)
      const wishlist = (await (await context.request.get('/api/wishlist')).json()) as { wishedProducts: unknown[] }
      expect(wishlist.wishedProducts).toHaveLength(1)
    } finally {
      await context.close()
    }
  })

  test('with JavaScript: the drawer and the cart page change a line through the one action, busy and optimistic; the checkout summary applies a coupon', { timeout: 90_000 }, async () => {
    const visit = await openPage(browser, { viewport: DESKTOP })
    try {
      const { page } = visit
      page.setDefaultTimeout(30_000)
      const sidebar = await addWithSidebar(page, `/products/${slugs[7] ?? slugs[0]}`)
      await sidebar.getByTestId('cart-line').first().waitFor()

      // the drawer's +: the line says 2 at once, its controls are disabled until the change is answered
      const change = await hold(page, '**/api/cart/items/*', (route) => route.request().method() === 'PATCH')
      await sidebar.getByTestId('qty-increase').click()
      await expect.poll(() => change.held(), { message: 'the quantity change reached the network' }).toBe(1)
      expect(await sidebar.getByTestId('qty-input').inputValue()).toBe('2')
      expect(await sidebar.getByTestId('qty-increase').isDisabled()).toBe(true)
      expect(await sidebar.getByTestId('quantity-form').getAttribute('aria-busy')).toBe('true')
      change.release()
      await expect.poll(() => text(page, '[data-testid=site-header] [data-testid=cart-badge]'), { message: 'the header counts the answered cart' }).toBe('2')
      await expect.poll(() => sidebar.getByTestId('qty-increase').isDisabled(), { message: 'the controls are back once answered' }).toBe(false)
      await change.done()
      expect(await units(page)).toBe(2)
      await page.keyboard.press('Escape')
      await sidebar.waitFor({ state: 'hidden' })

      // the cart page: − through a fetcher, the page stays where it is (no ?done=), the line and total follow
      await page.goto('/Cart')
      await waitForHydration(page)
      const cartPage = page.getByTestId('cart-page')
      await cartPage.getByTestId('qty-decrease').click()
      await expect.poll(() => cartPage.getByTestId('qty-input').inputValue(), { message: 'the page shows the answered quantity' }).toBe('1')
      await expect.poll(() => units(page), { message: 'the store holds one unit' }).toBe(1)
      expect(new URL(page.url()).search).toBe('')
      // 'Update' is the no-JavaScript form's: with JavaScript a typed value is sent by itself
      expect(await cartPage.getByTestId('quantity-form').getByRole('button', { name: 'Update' }).count()).toBe(0)

      // the drawer opened on the cart page: its change shows on the page behind it too (it kept the old line before)
      await page.locator('[data-testid=site-header] [data-testid=cart-button]').click()
      const drawer = page.getByTestId('cart-sidebar')
      await drawer.getByTestId('cart-line').first().waitFor()
      await drawer.getByTestId('qty-increase').click()
      await expect.poll(() => units(page), { message: 'the store holds two units' }).toBe(2)
      await page.keyboard.press('Escape')
      await drawer.waitFor({ state: 'hidden' })
      await expect.poll(() => cartPage.getByTestId('qty-input').inputValue(), { message: 'the page behind the drawer shows the new quantity' }).toBe('2')

      // the checkout summary's coupon, through the same action; the step reads its cart again
      await page.goto('/checkout/shipping')
      await waitForHydration(page)
      const summary = page.getByTestId('order-summary')
      await summary.locator('#coupon-code').fill(COUPON)
      await summary.getByTestId('apply-coupon').click()
      await expect.poll(() => summary.getByTestId('cart-promotion').count(), { message: 'the summary shows the coupon' }).toBe(1)
      expect(new URL(page.url()).pathname).toBe('/checkout/shipping')
      await summary.getByTestId('remove-coupon').click()
      await expect.poll(() => summary.getByTestId('cart-promotion').count(), { message: 'the summary drops the coupon' }).toBe(0)

      // remove on the cart page: the line leaves at once, and the page says the cart is empty once answered
      await page.goto('/Cart')
      await waitForHydration(page)
      const removal = await hold(page, '**/api/cart/items/*', (route) => route.request().method() === 'DELETE')
      await page.getByTestId('cart-page').getByTestId('remove-line').click()
      await expect.poll(() => removal.held(), { message: 'the removal reached the network' }).toBe(1)
      expect(await page.getByTestId('cart-page').getByTestId('cart-line').first().isHidden()).toBe(true)
      removal.release()
      await page.getByTestId('cart-page').getByTestId('cart-empty').waitFor()
      await removal.done()
      expect(await units(page)).toBe(0)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
