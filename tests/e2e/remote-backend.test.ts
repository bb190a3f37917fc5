/// <reference types="node" />
// The store against a remote Spree (issue 12, point 5): a second `wrangler dev` serves the storefront with
// COMMERCE_URL pointing at the shared test store's Storefront API over real HTTP. The storefront's own D1 has the
// tables but no catalogue, no accounts and no orders, so every product it shows, the member it logs in and the order
// it places must have crossed HTTP. A member browses from the navigation to a product, buys it with the test card,
// sees the order in their account; the backend, asked directly with the member's own token, has that order.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { pay, toPaymentStep } from './checkout-steps.ts'
import { launchBrowser, openPage, waitForHydration, ownAddress } from './browser.ts'
import { queryD1, serveCopy, type ServedCopy } from './serve-copy.ts'

let browser: Browser
let storefront: ServedCopy
beforeAll(async () => {
  browser = await launchBrowser()
  // Generous deadlines: on a busy test machine the backend may take longer than production's 3 s (the deadlines
  // themselves are tested in tests/worker/backend-failure.test.ts).
  storefront = await serveCopy({ migrateOnly: true, vars: { COMMERCE_URL: inject('baseUrl'), COMMERCE_READ_TIMEOUT_MS: '20000', COMMERCE_WRITE_TIMEOUT_MS: '30000' } })
}, 150_000)
afterAll(async () => {
  await browser?.close()
  await storefront?.stop()
})

const backend = () => inject('baseUrl')

describe('the storefront with COMMERCE_URL set to another store over HTTP', () => {
  test('its own D1 holds no catalogue: what it shows comes from the remote backend', async () => {
    expect(queryD1(storefront.persistTo, 'SELECT COUNT(*) AS n FROM products')[0]!.n).toBe(0)
    const remote = await fetch(`${backend()}/api/v2/storefront/products?per_page=1`)
    const first = ((await remote.json()) as { data: Array<{ attributes: { name: string; slug: string } }> }).data[0]!
    const page = await fetch(`${storefront.url}/products/${first.attributes.slug}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(first.attributes.name)
  })

  test('a member browses from the navigation, buys with the test card and finds the order in their account', async () => {
    const visit = await openPage(browser, { baseUrl: storefront.url })
    try {
      const { page, context } = visit
      // Two workerd hops per call (storefront, then backend): slower than the single store on a busy machine.
      page.setDefaultTimeout(30_000)
      const email = `remote-${Date.now()}@example.com`
      const signup = await context.request.post('/api/account', { data: { email, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' }, headers: { origin: storefront.url, ...ownAddress() } })
      expect(signup.status()).toBe(200)

      await visit.goto('/')
      await waitForHydration(page)
      await expect.poll(() => page.locator('[data-testid=site-header]').textContent(), { timeout: 15_000 }).toContain('Hi Ada')
      // Menus come from the remote backend's CMS menus: the first top-level entry opens its category.
      const firstEntry = page.locator('[data-testid=nav-menu] > li > a').first()
      const categoryPath = new URL((await firstEntry.getAttribute('href'))!, storefront.url).pathname
      await firstEntry.click()
      await page.waitForURL((url) => url.pathname === categoryPath)
      // The first card with something in stock (the storefront's own product answer says which variant), then its
      // colour and size buttons.
      type Answer = { variants: Array<{ inStock: boolean; optionValueIds: string[] }> }
      const grid = page.locator('section[aria-labelledby="products-heading"]')
      const cards = grid.locator('[data-testid=product-card] a[href*="/p"]')
      await cards.first().waitFor()
      let chosen: { href: string; valueIds: string[] } | undefined
      for (let index = 0; index < (await cards.count()) && !chosen; index++) {
        const href = (await cards.nth(index).getAttribute('href'))!
        const slug = decodeURIComponent(href.split('/').pop()!)
        const answer = (await (await context.request.get(`/api/products/${encodeURIComponent(slug)}`)).json()) as Answer
        const variant = answer.variants.find((v) => v.inStock)
        if (variant) chosen = { href, valueIds: variant.optionValueIds }
      }
      await grid.locator(`[data-testid=product-card] a[href="${chosen!.href}"]`).first().click()
      await page.waitForURL(/\/(p|products)\//)
      await waitForHydration(page)
      for (const valueId of chosen!.valueIds) {
        // A single-value option (one colour) has no buttons; a value already in the URL is checked.
        const option = page.locator(`#option-${valueId}`)
        if ((await option.count()) === 0 || (await option.isChecked())) continue
        await page.locator(`label[for="option-${valueId}"]`).click()
        await expect.poll(() => page.locator(`#option-${valueId}`).isChecked(), { timeout: 15_000 }).toBe(true)
      }
      await expect.poll(() => page.getByTestId('add-to-cart').textContent(), { timeout: 15_000 }).toBe('Add to cart')

      const sidebar = page.locator('[data-testid=cart-sidebar]')
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await sidebar.waitFor({ state: 'visible', timeout: 20_000 })
      await expect.poll(() => page.locator('[data-testid=cart-badge]').textContent(), { timeout: 15_000 }).toBe('1')
      await toPaymentStep(page)
      await pay(page, { card: true })
      const number = new URL(page.url()).searchParams.get('order')!

      await visit.goto('/my-account/OrderHistory')
      await expect.poll(() => page.locator('[data-testid=order-row]').first().textContent(), { timeout: 15_000 }).toContain(number)

      // The order lives on the backend: its own Storefront API, with the member's own token, lists it.
      const token = await fetch(`${backend()}/spree_oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username: email, password: 'secret123' }),
      })
      expect(token.status).toBe(200)
      const { access_token } = (await token.json()) as { access_token: string }
      const orders = await fetch(`${backend()}/api/v2/storefront/account/orders`, { headers: { authorization: `Bearer ${access_token}` } })
      const numbers = ((await orders.json()) as { data: Array<{ attributes: { number: string } }> }).data.map((o) => o.attributes.number)
      expect(numbers).toContain(number)
      // ...and none of it was written to the storefront's own D1.
      expect(queryD1(storefront.persistTo, 'SELECT COUNT(*) AS n FROM orders')[0]!.n).toBe(0)
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
