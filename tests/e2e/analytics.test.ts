/// <reference types="node" />
// The data layer of spec §7 in Chromium (events and their payloads along a real purchase, nothing personal in them),
// and the tag manager: never without GTM_ID, and with it only after consent, with the CSP nonce, never on the
// password-reset or payment pages. The GTM script is a local fake the test serves in place of googletagmanager.com.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { addOnThisPage, fillShippingAddress, goToCheckout, pay } from './checkout-steps.ts'
import { serveCopy, type ServedCopy } from './serve-copy.ts'
import { CARD_EXPIRY, launchBrowser, openPage, openSearch, waitForHydration } from './browser.ts'
import { startFakeThirdParty, type FakeThirdParty } from './fake-third-party.ts'

type Event = Record<string, unknown> & { event?: string }
const events = (page: Page) => page.evaluate(() => ((window as { dataLayer?: unknown[] }).dataLayer ?? []) as Event[])
const named = async (page: Page, name: string) => (await events(page)).filter((e) => e.event === name)

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const GTM = 'https://www.googletagmanager.com/**'

async function firstProductSlug(request: { get(url: string): Promise<{ json(): Promise<unknown> }> }) {
  const list = (await (await request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=10')).json()) as { data: Array<{ attributes: { slug: string } }> }
  return list.data.map((p) => p.attributes.slug).find((s) => !s.startsWith('gift-card'))!
}

describe('data layer', () => {
  test('a purchase pushes view_item, addToCart, removeFromCart, begin_checkout, add_payment_info and purchase with the named fields and nothing personal', async () => {
    const visit = await openPage(browser)
    try {
      const { page, context } = visit
      let gtmRequested = false
      await context.route(GTM, (route) => {
        gtmRequested = true
        return route.abort()
      })
      const slug = await firstProductSlug(context.request)
      await visit.goto(`/products/${slug}`)
      await waitForHydration(page)
      await expect.poll(async () => (await named(page, 'view_item')).length).toBe(1)
      const [view] = await named(page, 'view_item')
      expect(view!.ecommerce).toMatchObject({ currency: 'AUD', items: [{ item_id: slug, quantity: 1 }] })

      const sidebar = await addOnThisPage(page)
      await expect.poll(async () => (await named(page, 'addToCart')).length).toBe(1)
      const [add] = await named(page, 'addToCart')
      expect(add!.currencyCode).toBe('AUD')
      const products = add!.products as Array<Record<string, unknown>>
      expect(products).toHaveLength(1)
      expect(Object.keys(products[0]!).sort()).toEqual(['id', 'name', 'price', 'quantity', 'size', 'variant'])
      expect(products[0]).toMatchObject({ id: slug, quantity: 1 })
      expect(typeof products[0]!.price).toBe('number')

      // Remove it from the sidebar, add it again, and buy it.
      await sidebar.getByRole('button', { name: /^Remove / }).click()
      await expect.poll(async () => (await named(page, 'removeFromCart')).length).toBe(1)
      const [remove] = await named(page, 'removeFromCart')
      expect(remove).toMatchObject({ currencyCode: 'AUD', products: [{ id: slug, quantity: 1 }] })
      await page.keyboard.press('Escape')
      await sidebar.waitFor({ state: 'hidden' })
      await page.getByRole('button', { name: 'Add to cart' }).click()
      await expect.poll(async () => (await named(page, 'addToCart')).length).toBe(2)
      await sidebar.waitFor({ state: 'visible' })
      await goToCheckout(page)
      await expect.poll(async () => (await named(page, 'begin_checkout')).length).toBe(1)

      const address = page.locator('[data-testid=shipping-address-form]')
      await fillShippingAddress(address, 'data-layer@example.com')
      await address.getByRole('button', { name: 'Continue to shipping method' }).click()
      await page.locator('[data-testid=shipping-rate-form]').getByRole('button', { name: 'Continue to billing' }).click()
      await page.waitForURL('**/checkout/billing')
      await page.getByRole('button', { name: 'Continue to payment' }).click()
      await page.waitForURL('**/checkout/payment')
      await pay(page, { card: true })
      const number = new URL(page.url()).searchParams.get('order')!

      await expect.poll(async () => (await named(page, 'purchase')).length).toBe(1)
      const [paymentInfo] = await named(page, 'add_payment_info')
      expect(paymentInfo!.ecommerce).toMatchObject({ currency: 'AUD', payment_type: 'card' })
      const [purchase] = await named(page, 'purchase')
      expect(purchase!.ecommerce).toMatchObject({ transaction_id: number, currency: 'AUD', items: [{ item_id: slug, quantity: 1 }] })
      expect((purchase!.ecommerce as { value: number }).value).toBeGreaterThan(0)

      // Nothing personal or secret anywhere in the data layer; and without GTM_ID no tag manager, no banner. The
      // order number is taken out first: its random digits can hold '4242' or '0412' by chance (R142427180 did).
      const all = JSON.stringify(await events(page)).replaceAll(number, '')
      for (const secret of ['data-layer@example.com', '4242', CARD_EXPIRY, 'Collins', '0412', 'token', 'Lovelace']) expect(all).not.toContain(secret)
      expect(gtmRequested).toBe(false)
      expect(await page.locator('[data-testid=consent-banner]').count()).toBe(0)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('search pushes productSearch; a category pushes view_item_list', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      await visit.goto('/t/men')
      await waitForHydration(page)
      await expect.poll(async () => (await named(page, 'view_item_list')).length).toBe(1)
      const [list] = await named(page, 'view_item_list')
      expect((list!.ecommerce as { items: unknown[] }).items.length).toBeGreaterThan(0)

      const search = await openSearch(page)
      await search.fill('jacket')
      await expect.poll(async () => (await named(page, 'productSearch')).length, { timeout: 5_000 }).toBe(1)
      const [event] = await named(page, 'productSearch')
      expect(Object.keys(event!).sort()).toEqual(['event', 'resultsDisplayed', 'resultsReturned', 'searchTerms'])
      expect(event!.searchTerms).toBe('jacket')
      expect(event!.resultsReturned as number).toBeGreaterThanOrEqual(event!.resultsDisplayed as number)
      expect(event!.resultsDisplayed as number).toBeGreaterThan(0)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('tag manager, live chat and fonts service', () => {
  let server: ServedCopy
  let fake: FakeThirdParty
  beforeAll(async () => {
    // A second copy of the store, on the same seeded data, with the non-essential third parties switched on: GTM_ID,
    // and the live chat and fonts service from the local fake.
    fake = await startFakeThirdParty()
    server = await serveCopy({ from: inject('persistTo'), vars: { GTM_ID: 'GTM-E2ETEST', CHAT_WIDGET_URL: `${fake.origin}/chat.js`, FONTS_CSS_URL: `${fake.origin}/fonts.css` } })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await fake?.close()
  })

  test('load only after consent, with the nonce, remembered; never on password reset or payment; declining loads nothing', async () => {
    const visit = await openPage(browser, { baseUrl: server.url })
    try {
      const { page, context } = visit
      const loads: string[] = []
      // The local fake GTM: records that it ran and with which nonce its element was inserted.
      await context.route(GTM, (route) => {
        loads.push(route.request().url())
        return route.fulfill({ contentType: 'text/javascript', body: "window.__fakeGtm = (document.querySelector('script[data-tag-manager]') || {}).nonce || 'none'" })
      })
      const first = await visit.goto('/')
      // Their origins are in the CSP because they are configured (and only then: the default store's CSP has none).
      const csp = (await first.allHeaders())['content-security-policy']!
      expect(csp).toMatch(new RegExp(`script-src [^;]*${fake.origin}`))
      expect(csp).toMatch(new RegExp(`style-src [^;]*${fake.origin}`))
      await waitForHydration(page)
      const banner = page.locator('[data-testid=consent-banner]')
      await banner.waitFor()
      expect(await banner.textContent()).toContain('Nothing is measured until you accept')
      await page.waitForTimeout(300)
      expect(loads).toEqual([])
      expect(fake.requests).toEqual([])

      await banner.getByRole('button', { name: 'Accept' }).click()
      await expect.poll(() => page.evaluate(() => (window as { __fakeGtm?: string }).__fakeGtm)).toMatch(/^[A-Za-z0-9+/=]{16,}$/)
      expect(loads).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST'])
      expect(await banner.count()).toBe(0)
      expect((await events(page)).some((e) => e.event === 'gtm.js')).toBe(true)
      // The chat widget (with the nonce) and the fonts stylesheet, once each.
      await expect.poll(() => page.evaluate(() => (window as { __fakeChat?: string }).__fakeChat)).toMatch(/^[A-Za-z0-9+/=]{16,}$/)
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--fake-fonts-service').trim())).toBe('loaded')
      expect([...fake.requests].sort()).toEqual(['/chat.js', '/fonts.css'])

      // Remembered: the next page load asks nothing and loads GTM again; the footer reopens the question.
      await visit.goto('/t/men')
      await waitForHydration(page)
      // the consent code is its own chunk, fetched after hydration (consent-manager.tsx)
      await expect.poll(() => loads.length, { timeout: 15_000 }).toBe(2)
      expect(await banner.count()).toBe(0)
      await page.getByTestId('consent-settings').click()
      await banner.waitFor()

      // Never on the password reset page, even with consent.
      await visit.goto('/reset-password?token=abc')
      await waitForHydration(page)
      await page.waitForTimeout(500)
      expect(loads).toHaveLength(2)
      expect(await page.evaluate(() => (window as { __fakeGtm?: string }).__fakeGtm)).toBeUndefined()
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }

    const declined = await openPage(browser, { baseUrl: server.url, viewport: { width: 390, height: 844 }, isMobile: true })
    try {
      let requested = false
      await declined.context.route(GTM, (route) => {
        requested = true
        return route.abort()
      })
      await declined.goto('/de')
      await waitForHydration(declined.page)
      const banner = declined.page.locator('[data-testid=consent-banner]')
      await banner.waitFor()
      const asked = fake.requests.length
      await banner.getByRole('button', { name: 'Ablehnen' }).click()
      await declined.goto('/de/t/men')
      await waitForHydration(declined.page)
      await declined.page.waitForTimeout(500)
      expect(requested).toBe(false)
      expect(fake.requests.length).toBe(asked)
      expect(await banner.count()).toBe(0)
      declined.expectNoProblems()
    } finally {
      await declined.close()
    }
  }, 120_000)

  test('when the chat and fonts services fail, the store still works (the failures are only reported)', async () => {
    fake.failing = true
    const visit = await openPage(browser, {
      baseUrl: server.url,
      allow: (p) => p.text.includes('status of 500') || p.text.startsWith('live chat:') || p.text.startsWith('fonts service:'),
    })
    try {
      const { page, context } = visit
      await context.addCookies([{ name: 'consent', value: 'granted', url: server.url }])
      await context.route(GTM, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }))
      const asked = fake.requests.length
      await visit.goto('/')
      await waitForHydration(page)
      await expect.poll(() => fake.requests.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(asked + 2)
      // Still a working store: the search opens and answers.
      const search = await openSearch(page)
      await search.fill('jacket')
      await page.locator('[data-testid=search-results]').waitFor()
      visit.expectNoProblems()
    } finally {
      fake.failing = false
      await visit.close()
    }
  }, 60_000)
})
