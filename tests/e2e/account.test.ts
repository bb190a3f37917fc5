// A new member's account with JavaScript: sign up through the modal, open the account, update the profile and add an
// address (React Router submits the forms as fetches: no full page load), then log out; with a clean console.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DESKTOP, baseUrl, launchBrowser, openPage, untilItWorks, waitForHydration, ownAddress } from './browser.ts'
import { addWithSidebar } from './checkout-steps.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('my account', () => {
  test('sign up, update the profile, add an address, log out', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      page.setDefaultTimeout(30_000)
      await visit.goto('/')
      await waitForHydration(page)

      // Header account button → /Login, whose join form sits beside the login form.
      await untilItWorks(async () => {
        await page.locator('[data-testid=site-header] [data-testid=account-button]').click()
        await page.waitForURL(/\/Login$/, { timeout: 1_000 })
      })
      const join = page.locator('main [data-testid=signup-form]')
      const email = `e2e-account-${Date.now()}@example.com`
      await page.fill('#signup-email', email)
      await page.fill('#signup-first-name', 'Ada')
      await page.fill('#signup-last-name', 'Lovelace')
      await page.fill('#signup-password', 'secret123')
      await join.locator('button[type=submit]').click()
      await page.waitForURL((url) => url.pathname === '/')
      const accountButton = page.locator('[data-testid=site-header] [data-testid=account-button]')
      await expect.poll(() => accountButton.getAttribute('href')).toBe('/my-account')

      // The account: the profile form, submitted by React Router as a fetch (the marker survives: no page load).
      await accountButton.click()
      const profile = page.locator('[data-testid=profile-form]')
      await profile.waitFor({ state: 'visible' })
      expect(await page.inputValue('#profile-email')).toBe(email)
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
      await page.fill('#profile-firstName', '')
      await profile.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => profile.locator('[data-testid=field-error]').textContent()).toBe('This field is required.')
      await page.fill('#profile-firstName', 'Grace')
      await profile.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => profile.locator('[data-testid=form-status]').textContent()).toBe('Your details have been updated.')
      await expect.poll(() => page.locator('[data-testid=notifications]').textContent()).toContain('Your details have been updated.')
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
      // the header's greeting follows the new name at once (issue 9.8)
      await expect.poll(() => accountButton.textContent()).toBe('Hi Grace')

      // Saved addresses: add one (state from the AU list), see it listed as default.
      await page.locator('nav[aria-label="My account"]').getByRole('link', { name: 'Saved addresses' }).click()
      const form = page.locator('[data-testid=add-address-form]')
      await form.waitFor({ state: 'visible' })
      await page.fill('#new-address-firstName', 'Grace')
      await page.fill('#new-address-lastName', 'Lovelace')
      await page.fill('#new-address-phoneNumber', '0412 345 678')
      await page.fill('#new-address-addressLine1', '1 Collins Street')
      await page.fill('#new-address-city', 'Melbourne')
      await page.selectOption('#new-address-state', { label: 'Victoria' })
      await page.fill('#new-address-zipCode', '300')
      await form.getByRole('button', { name: 'Add a new address' }).click()
      await expect.poll(() => form.getByTestId('error-zipCode').textContent(), { timeout: 15_000 }).toBe('Australian postcodes have 4 digits.')
      expect(await page.inputValue('#new-address-city')).toBe('Melbourne')
      await page.fill('#new-address-zipCode', '3000')
      await form.locator('input[name=isDefault]').check()
      await form.getByRole('button', { name: 'Add a new address' }).click()
      const saved = page.locator('[data-testid=saved-address]')
      await expect.poll(() => saved.count(), { timeout: 15_000 }).toBe(1)
      expect(await saved.textContent()).toContain('1 Collins Street')
      expect(await saved.locator('[data-testid=default-marker]').count()).toBe(1)
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)

      // An address in New Zealand (issue 9: the account offers checkout's destinations): no state there, so the field
      // goes away; then checkout offers it among the saved addresses and prices its international rates.
      await page.selectOption('#new-address-country', 'NZ')
      await expect.poll(() => page.locator('#new-address-state').count()).toBe(0)
      await page.fill('#new-address-firstName', 'Grace')
      await page.fill('#new-address-lastName', 'Lovelace')
      await page.fill('#new-address-addressLine1', '1 Lambton Quay')
      await page.fill('#new-address-city', 'Wellington')
      await page.fill('#new-address-zipCode', '6011')
      await page.fill('#new-address-phoneNumber', '+64 4 123 4567')
      await form.getByRole('button', { name: 'Add a new address' }).click()
      await expect.poll(() => saved.count(), { timeout: 15_000 }).toBe(2)
      expect(await saved.nth(1).textContent()).toContain('Wellington 6011New Zealand')
      const products = await visit.context.request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=5')
      const slug = ((await products.json()) as { data: Array<{ attributes: { slug: string } }> }).data.map((p) => p.attributes.slug).find((s) => !s.startsWith('gift-card'))
      await addWithSidebar(page, `/products/${slug}`)
      await visit.goto('/checkout/shipping')
      await waitForHydration(page)
      const picker = page.getByTestId('saved-addresses')
      await picker.getByTestId('saved-address').filter({ hasText: 'Wellington' }).click()
      await page.getByTestId('shipping-address-form').locator('button[type=submit]').click()
      const rates = page.getByTestId('shipping-rate')
      await expect.poll(() => rates.allTextContents(), { timeout: 15_000 }).toEqual([expect.stringContaining('International Express'), expect.stringContaining('International Standard')])

      // A catalogue page from the shared edge cache (issue 11): its HTML already greets the member and has no join bar
      // (no flash of the logged-out chrome), the second load is a hit, and hydration changes nothing (clean console).
      for (const expected of [/edge;desc="(miss|hit|stale)"/, /edge;desc="hit"/]) {
        const response = await visit.goto('/t/men')
        expect(response.headers()['server-timing']).toMatch(expected)
        const html = await response.text()
        expect(html).toContain('>Hi Grace</span>')
        expect(html).not.toContain('data-testid="top-bar"')
        await waitForHydration(page)
        expect(await accountButton.getAttribute('href')).toBe('/my-account')
      }
      // ... and without JavaScript too
      const noScript = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: DESKTOP })
      try {
        await noScript.addCookies(await visit.context.cookies())
        const plain = await noScript.newPage()
        await plain.goto('/t/men')
        expect(await plain.locator('[data-testid=site-header] [data-testid=account-button]').textContent()).toBe('Hi Grace')
        expect(await plain.locator('[data-testid=top-bar]').count()).toBe(0)
        // Let what the page still fetches after load finish before the context closes (as openPage's close does): in
        // three of four fresh-clone runs on 24 Nov the next test's first page stalled on the stylesheet right here.
        await plain.waitForLoadState('networkidle')
      } finally {
        await noScript.close()
      }

      // Log out: home, and the header offers the login again.
      await visit.goto('/my-account')
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Log out' }).click()
      await page.waitForURL((url) => url.pathname === '/')
      // the header flips once the new page's session answer is in: under a full suite's load (fresh clone, 24 Nov,
      // 19:58 UTC) that took longer than expect.poll's default 1 s once; alone it passed 3 of 3. On 25 Nov (fresh clone,
      // 17:50 UTC) wrangler dev held the stylesheet and a flag for 30 s (its known local asset stall, docs/performance.md)
      // and the session answer queued behind them: wait past that stall, the header must still flip
      await expect.poll(() => accountButton.getAttribute('href'), { timeout: 35_000 }).toBe('/Login')

      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  }, 120_000)

  test.each([
    ['on the account', '/de/MyAccount/SavedAddressesDetails', '/de'],
    // a catalogue page has only the browse texts: the message is a shop text, loaded when it is needed
    ['on a category', '/de/t/men', '/de/t/men'],
    // opened in the background: hidden before its script ran, so the page never saw it hide (CI, 7 Dec: a tab hidden
    // before hydration committed never asked)
    ['on a category, opened in the background', '/de/t/men', '/de/t/men', true],
  ])('a tab left %s while the member logged out in another: shown again, it says so (and leaves a personal page)', async (_where, start, after, background = false) => {
    const visit = await openPage(browser)
    try {
      const { page, context } = visit
      const origin = new URL(baseUrl()).origin
      const signup = await context.request.post('/api/account', { data: { email: `e2e-stale-${Date.now()}@example.com`, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' }, headers: { origin, ...ownAddress() } })
      expect(signup.status()).toBe(200)
      if (background) await page.addInitScript(() => Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true }))
      // the page says who the shopper is (its header came with it: no session read after hydration)
      await visit.goto(start)
      await waitForHydration(page)
      const accountButton = page.locator('[data-testid=site-header] [data-testid=account-button]')
      await expect.poll(() => accountButton.textContent(), { timeout: 5_000 }).toBe('Hallo Ada')

      // the other tab logs out (same cookies); this tab is hidden meanwhile, then shown again
      const setVisibility = (state: 'hidden' | 'visible') =>
        page.evaluate((value) => {
          Object.defineProperty(document, 'visibilityState', { value, configurable: true })
          document.dispatchEvent(new Event('visibilitychange'))
        }, state)
      if (!background) await setVisibility('hidden')
      expect((await context.request.post('/api/auth/logout', { headers: { origin } })).status()).toBe(204)
      await page.waitForTimeout(3_500)
      await setVisibility('visible')

      await page.waitForURL((url) => url.pathname === after, { timeout: 10_000 })
      // the message waits for the session read and the shop texts' chunk: under CI's load (7 Dec) that took over 5 s on
      // the category, and wrangler dev's local asset stall can hold a chunk for 30 s (docs/performance.md)
      await expect.poll(() => page.locator('[data-testid=notifications]').textContent(), { timeout: 35_000 }).toContain('Sie wurden abgemeldet.')
      await expect.poll(() => accountButton.getAttribute('href'), { timeout: 5_000 }).toBe('/de/Login')
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
