// The error page and the server-side redirects of spec §2, as a shopper's browser meets them.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { allowDocumentStatus, baseUrl, launchBrowser, openPage, waitForHydration, ownAddress } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('404 page', () => {
  test("an unknown category answers 404 with 'Page not found' and hydrates cleanly", async () => {
    // Chromium reports the document's own 404 on the console; nothing else may appear.
    const visit = await openPage(browser, { allow: allowDocumentStatus(404) })
    try {
      const { page } = visit
      const response = await visit.goto('/t/no-such-category-xyz')
      expect(response.status()).toBe(404)
      expect(new URL(page.url()).pathname).toBe('/t/no-such-category-xyz')
      const errorPage = page.locator('[data-testid=error-page]')
      expect(await errorPage.isVisible()).toBe(true)
      expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true)
      expect(await errorPage.textContent()).toContain('We are sorry that we can’t find the page, please go back or try again')
      expect(await errorPage.getByText('Return home').isVisible()).toBe(true)
      expect(await errorPage.getByText('Back').first().isVisible()).toBe(true)
      // The rest of the store is still there around it.
      expect(await page.locator('[data-testid=site-header]').isVisible()).toBe(true)

      await waitForHydration(page)
      // Hydration must not replace the 404 with anything else.
      expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true)
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('redirects', () => {
  test('an unknown deep path (/a/b/c/d) lands on the home page', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      const response = await visit.goto('/a/b/c/d')
      expect(new URL(page.url()).pathname).toBe('/')
      expect(response.status()).toBe(200)
      const redirect = await response.request().redirectedFrom()?.response()
      expect(redirect?.status()).toBeGreaterThanOrEqual(300)
      expect(redirect?.status()).toBeLessThan(400)
      expect(await page.locator('[data-testid=site-header]').isVisible()).toBe(true)
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('a legacy /c/<slug> link moves permanently (301) to /t/<slug>', async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      const direct = await visit.context.request.get(`${baseUrl()}/c/men`, { maxRedirects: 0 })
      expect(direct.status()).toBe(301)
      expect(new URL(direct.headers()['location'] ?? '', baseUrl()).pathname).toBe('/t/men')
      const nested = await visit.context.request.get(`${baseUrl()}/c/men/jackets?page=2`, { maxRedirects: 0 })
      expect(nested.status()).toBe(301)
      const nestedTarget = new URL(nested.headers()['location'] ?? '', baseUrl())
      expect(nestedTarget.pathname).toBe('/t/men/jackets')

      // In the browser: the address bar ends on the /t/ path (whatever that category page answers is its own test).
      const response = await page.goto('/c/men')
      expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301)
      expect(new URL(page.url()).pathname).toBe('/t/men')
    } finally {
      await visit.close()
    }
  })

  test('/Login?back= follows only our own paths: a member sent there with //elsewhere lands on their account', async () => {
    const visit = await openPage(browser)
    try {
      const { page, context } = visit
      const elsewhere: string[] = []
      await context.route((url) => url.hostname !== new URL(baseUrl()).hostname, (route) => {
        elsewhere.push(route.request().url())
        return route.abort()
      })
      const email = `e2e-back-${Date.now()}@example.com`
      const signup = await context.request.post('/api/account', { data: { email, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' }, headers: { origin: new URL(baseUrl()).origin, ...ownAddress() } })
      expect(signup.status()).toBeLessThan(300)
      await context.clearCookies()
      for (const back of ['//evil.example/login', 'https://evil.example/']) {
        await visit.goto(`/Login?back=${encodeURIComponent(back)}`)
        await waitForHydration(page)
        await page.fill('main #login-email', email)
        await page.fill('main #login-password', 'secret123')
        await page.locator('main [data-testid=login-form] button[type=submit]').click()
        // before: React Router refused the navigation ('External navigation is not allowed') and the member stayed on
        // the login form, logged in, with an uncaught error
        await page.waitForURL((url) => url.pathname === '/my-account')
        await context.clearCookies()
      }
      expect(elsewhere).toEqual([])
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
