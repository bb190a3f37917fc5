// Accessibility (issues 8 and 10): axe-core in real Chromium on every page type at 1440 px and 390 px. A serious or
// critical violation (colour contrast included) fails the test with the rule, the elements and axe's help text.
// Each page is loaded once and audited at both widths by resizing the window: the layout follows the width alone (no
// user-agent, pointer or hover sniffing in web/), and one load instead of two halves the time on a loaded machine.
// The payment step with the Stripe card element is audited in tests/e2e/stripe-checkout.test.ts.
// AXE_REPORT=1 prints every violation count per page and width (by impact) for docs/accessibility.md.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { axeViolations, IMPACTS, seriousOnes, type Impact } from './axe.ts'
import { baseUrl, launchBrowser, openSearch, settleBeforeNavigating, waitForHydration, ownAddress } from './browser.ts'
import { fillShippingAddress, pay } from './checkout-steps.ts'
import { memberOrder } from './operator-steps.ts'

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const

let browser: Browser
let page: Page
/** Violations per page and width, by impact: rules broken and the elements they flag. */
const counts: Array<{ label: string; width: number; byImpact: Record<Impact, { rules: number; nodes: number }> }> = []

beforeAll(async () => {
  browser = await launchBrowser()
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: WIDTHS[0], serviceWorkers: 'block' })
  page = await context.newPage()
  settleBeforeNavigating(page, context)
  // a page and its audit on the shared two-core machine: generous waits (each test ~15-60 s when the machine is
  // quiet, three times that on a loaded one), never fixed sleeps
  page.setDefaultTimeout(30_000)
  page.setDefaultNavigationTimeout(60_000)
})
afterAll(async () => {
  await browser?.close()
  if (process.env.AXE_REPORT) console.log(report())
})

/** Audits the page as it is at each width (back at the first one afterwards); returns the serious findings. */
async function check(label: string): Promise<string[]> {
  const found: string[] = []
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport)
    // the new width's layout (and any scroll-snap or carousel state it moves) before axe reads colours and boxes
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
    const violations = await axeViolations(page)
    const byImpact = Object.fromEntries(IMPACTS.map((impact) => [impact, { rules: 0, nodes: 0 }])) as Record<Impact, { rules: number; nodes: number }>
    for (const v of violations) {
      const tally = byImpact[v.impact ?? 'minor']
      tally.rules += 1
      tally.nodes += v.nodes.length
    }
    counts.push({ label, width: viewport.width, byImpact })
    found.push(...seriousOnes(violations, `${label} at ${viewport.width} px`))
  }
  await page.setViewportSize(WIDTHS[0])
  return found
}

const visit = async (path: string, label: string, status = 200) => {
  const response = await page.goto(path, { waitUntil: 'domcontentloaded' })
  expect(response?.status(), path).toBe(status)
  await waitForHydration(page)
  return check(label)
}

/** A markdown table: per page, per width, the rules violated by impact (elements flagged in brackets). */
function report(): string {
  const cell = (t: { rules: number; nodes: number }) => (t.rules ? `${t.rules} (${t.nodes})` : '0')
  const lines = ['| page | width | critical | serious | moderate | minor |', '| --- | --- | --- | --- | --- | --- |']
  for (const row of counts) lines.push(`| ${row.label} | ${row.width} px | ${IMPACTS.map((impact) => cell(row.byImpact[impact])).join(' | ')} |`)
  return lines.join('\n')
}

describe(`axe at ${WIDTHS.map((w) => w.width).join(' and ')} px: no serious or critical violations`, () => {
  test('home, category, product, search results, content and error pages', { timeout: 180_000 }, async () => {
    const found = [...(await visit('/', 'home')), ...(await visit('/t/men', 'category'))]
    const href = await page.locator('[data-testid=product-card] a').first().getAttribute('href')
    found.push(...(await visit(href!, 'product')), ...(await visit('/Category?term=jacket', 'search results')))
    found.push(...(await visit('/aboutus', 'content page')), ...(await visit('/de/aboutus', 'content page (de)')), ...(await visit('/no-such-page-here', 'not found', 404)))
    expect(found).toEqual([])
  })

  test('the cart drawer, the checkout steps (shipping, billing, payment) and the order confirmation', { timeout: 180_000 }, async () => {
    const list = await page.request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=20&include=default_variant')
    const products = (await list.json()) as { data: Array<{ attributes: { slug: string }; relationships: { default_variant: { data: { id: string } } } }> }
    const variantId = products.data.find((p) => !p.attributes.slug.startsWith('gift-card'))!.relationships.default_variant.data.id
    expect((await page.request.post('/api/cart/items', { data: { variantId, quantity: 1 } })).status()).toBeLessThan(300)
    await page.goto('/aboutus', { waitUntil: 'domcontentloaded' })
    await waitForHydration(page)
    await page.locator('[data-testid=cart-button]').click()
    await page.locator('[data-testid=cart-sidebar]').waitFor({ state: 'visible' })
    const found = await check('cart drawer')
    found.push(...(await visit('/checkout/shipping', 'checkout: shipping')))
    const address = page.locator('[data-testid=shipping-address-form]')
    await fillShippingAddress(address, 'axe-checkout@example.com')
    await address.getByRole('button', { name: 'Continue to shipping method' }).click()
    await page.locator('[data-testid=shipping-rate-form]').getByRole('button', { name: 'Continue to billing' }).click()
    await page.waitForURL('**/checkout/billing')
    await waitForHydration(page)
    found.push(...(await check('checkout: billing')))
    await page.getByRole('button', { name: 'Continue to payment' }).click()
    await page.waitForURL('**/checkout/payment')
    await page.locator('[data-testid=payment-form]').waitFor()
    await waitForHydration(page)
    found.push(...(await check('checkout: payment')))
    await pay(page, { card: true })
    await waitForHydration(page)
    found.push(...(await check('order confirmation')))
    expect(found).toEqual([])
  })

  test('account pages (one sign-in)', { timeout: 180_000 }, async () => {
    const email = `axe-${Date.now()}@example.com`
    const account = { email, password: 'correct-horse-battery-9', firstName: 'Ada', lastName: 'Lovelace' }
    for (const [path, data] of [['/api/account', account], ['/api/auth/login', { username: email, password: account.password }]] as const) {
      const response = await page.request.post(path, { data, headers: path === '/api/account' ? ownAddress() : {} })
      expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300)
    }
    const found: string[] = []
    const pages = ['/my-account', '/MyAccount/MyProfile', '/MyAccount/ShippingDetails', '/MyAccount/BillingDetails', '/MyAccount/SavedAddressesDetails', '/MyAccount/OrderHistory', '/MyAccount/MyNewsletter', '/de/my-account']
    for (const path of pages) {
      found.push(...(await visit(path, path)))
      expect(new URL(page.url()).pathname, 'the signed-in page itself, not the login form').toBe(path)
    }
    expect(found).toEqual([])
  })

  test('the panels: sign-in and join dialogs, wishlist, search suggestions; search with no hits, gift cards, contact, FAQs, the login page', { timeout: 240_000 }, async () => {
    await page.context().clearCookies()
    const found = await visit('/aboutus', 'content page')
    found.length = 0
    const panel = async (open: () => Promise<void>, testId: string, label: string) => {
      await open()
      await page.locator(`[data-testid=${testId}]`).waitFor({ state: 'visible' })
      found.push(...(await check(label)))
      await page.keyboard.press('Escape')
      await page.locator(`[data-testid=${testId}]`).waitFor({ state: 'hidden' })
    }
    await panel(() => page.locator('[data-testid=top-bar] a').click(), 'login-modal', 'sign-in dialog')
    await panel(() => page.locator('[data-testid=site-footer] a', { hasText: 'Join the Club' }).click(), 'signup-modal', 'join dialog')
    await panel(() => page.locator('[data-testid=wishlist-button]').click(), 'wishlist-sidebar', 'wishlist (empty)')
    const search = await openSearch(page)
    await search.fill('jacket')
    await page.locator('[data-testid=search-overlay] [data-testid=suggestion-product]').first().waitFor()
    found.push(...(await check('search suggestions')))
    await page.keyboard.press('Escape')
    for (const [path, label] of [['/Category?term=zzqqxx', 'search, no hits'], ['/de/Category?term=zzqqxx', 'search, no hits (de)'], ['/giftcards', 'gift cards'], ['/de/giftcards', 'gift cards (de)'], ['/contactus', 'contact'], ['/faqs', 'FAQs'], ['/login', 'login page'], ['/de/login', 'login page (de)']] as const) {
      found.push(...(await visit(path, label)))
    }
    expect(found).toEqual([])
  })

  test("a member's order details (en, de)", { timeout: 180_000 }, async () => {
    const list = await page.request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=20&include=default_variant')
    const products = (await list.json()) as { data: Array<{ attributes: { slug: string }; relationships: { default_variant: { data: { id: string } } } }> }
    const order = await memberOrder(products.data.find((p) => !p.attributes.slug.startsWith('gift-card'))!.relationships.default_variant.data.id)
    await page.context().clearCookies()
    expect((await page.request.post('/api/auth/login', { data: { username: order.email, password: order.password } })).status()).toBeLessThan(300)
    const found: string[] = []
    for (const [path, label] of [[`/my-account/OrderDetails/${order.number}`, 'order details'], [`/de/my-account/OrderDetails/${order.number}`, 'order details (de)']]) {
      found.push(...(await visit(path!, label!)))
      // headings go down one level at a time (a screen reader's outline of the page): no h1 followed by an h3
      const levels = await page.locator('main').evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName} ${h.textContent?.trim().slice(0, 40)}`))
      levels.forEach((heading, i) => {
        const previous = levels.slice(0, i).map((h) => Number(h[1]))
        if (Number(heading[1]) > Math.max(1, ...previous) + 1) found.push(`${label}: ${heading} skips a level after ${levels[i - 1] ?? 'the start'}`)
      })
    }
    expect(found).toEqual([])
  })
})
