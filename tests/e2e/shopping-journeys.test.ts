/// <reference types="node" />
// Shopping journeys of issue 9 in Chromium, one browser for all: the cart sidebar's coupon and quantity stepper with
// JavaScript; the whole journey without JavaScript (log in through /Login, product → cart page → coupon → checkout →
// thank-you, the newsletter form, the error page's 'Back'); a German guest ordering to New Zealand pays no GST and
// gets a tax invoice.
import { join } from 'node:path'
import type { Browser, Locator, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { baseUrl, DESKTOP, launchBrowser, openPage, untilItWorks, waitForHydration, ownAddress } from './browser.ts'
import { addOnThisPage, addWithSidebar, fillShippingAddress, pay, rateToPayment } from './checkout-steps.ts'
import { servedSql } from './served-d1.ts'

const COUPON = `journey${Date.now().toString(36)}`

let browser: Browser
let slugs: string[]
beforeAll(async () => {
  browser = await launchBrowser()
  await servedSql(`INSERT INTO promotions (name, code, kind, amount) VALUES ('Journey 10% off', '${COUPON}', 'percent', 10)`)
  const context = await browser.newContext({ baseURL: baseUrl() })
  // a wrangler dev stall (after the previous file's aborted requests) once held this first answer 33 s
  const list = await context.request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=20', { timeout: 60_000 })
  slugs = ((await list.json()) as { data: Array<{ attributes: { slug: string } }> }).data.map((p) => p.attributes.slug).filter((s) => !s.startsWith('gift-card'))
  await context.close()
}, 90_000)
afterAll(async () => {
  await browser?.close()
})

/** An address in Auckland typed into the shipping form (New Zealand has no states); the caller submits it. */
async function fillAucklandAddress(address: Locator, firstName: string, lastName: string) {
  await address.locator('#firstName').fill(firstName)
  await address.locator('#lastName').fill(lastName)
  await address.locator('#addressLine1').fill('12 Queen Street')
  await address.locator('#city').fill('Auckland')
  await address.locator('#zipCode').fill('1010')
  await address.locator('#country').selectOption('NZ')
  await address.locator('#phoneNumber').fill('+64 9 123 4567')
}

const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? '').trim()

/** Asks for `path` without cookies until the edge cache serves it (`edge;desc=hit`): the shared copy is stored. */
async function warmEdgeCopy(path: string) {
  await untilItWorks(async () => {
    const answer = await fetch(new URL(path, baseUrl()), { headers: { accept: 'text/html' } })
    await answer.arrayBuffer()
    expect(answer.headers.get('server-timing')).toMatch(/edge;desc="?hit/)
  }, 30_000)
}

/**
 * A page view as the shopper makes it: the document, then everything the browser asks the store for until it is idle
 * after hydration (the client's start-up work runs when idle: client-effects.tsx). Answers each request's D1 round
 * trips (`Server-Timing: d1;desc=<n>`, worker/middleware/d1-round-trips.ts) and their sum.
 */
async function roundTripsOfAPageView(page: Page, path: string) {
  const answers: Array<{ path: string; d1: number }> = []
  const pending: Array<Promise<void>> = []
  const origin = new URL(baseUrl()).origin
  // requests in flight, and when that last changed ('networkidle' may have been reached before the client started)
  let inFlight = 0
  let changedAt = Date.now()
  const started = () => void ((inFlight += 1), (changedAt = Date.now()))
  const ended = () => void ((inFlight -= 1), (changedAt = Date.now()))
  const count = (response: Response) => {
    const url = new URL(response.url())
    if (url.origin !== origin) return
    pending.push(response.allHeaders().then((headers) => void answers.push({ path: url.pathname + url.search, d1: Number(/\bd1;desc="?(\d+)/.exec(headers['server-timing'] ?? '')?.[1] ?? 0) })))
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  page.on('response', count)
  await page.goto(path)
  await waitForHydration(page)
  // twice idle: the client's own idle work (registered as hydration commits) has started by then
  for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2_000 })))
  await expect.poll(() => inFlight <= 0 && Date.now() - changedAt >= 1_000, { timeout: 30_000, interval: 100 }).toBe(true)
  page.off('request', started)
  page.off('requestfinished', ended)
  page.off('requestfailed', ended)
  page.off('response', count)
  await Promise.all(pending)
  return { trips: answers.reduce((sum, answer) => sum + answer.d1, 0), answers: answers.filter((answer) => answer.d1 > 0) }
}

describe('shopping journeys', () => {
  test('with JavaScript: a coupon in the cart sidebar, and the quantity stepper and typed quantities', { timeout: 60_000 }, async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      page.setDefaultTimeout(30_000)
      const sidebar = await addWithSidebar(page, `/products/${slugs[0]}`)
      const total = await text(page, '[data-testid=cart-sidebar] [data-testid=order-total] dd')

      await sidebar.locator('#coupon-code').fill(COUPON.toUpperCase())
      await sidebar.getByTestId('apply-coupon').click()
      await expect.poll(() => sidebar.getByTestId('cart-promotion').count()).toBe(1)
      expect(await text(page, '[data-testid=cart-sidebar] [data-testid=cart-promotion] dt')).toBe('Journey 10% off')
      expect(await text(page, '[data-testid=cart-sidebar] [data-testid=order-total] dd')).not.toBe(total)
      await sidebar.getByTestId('remove-coupon').click()
      await expect.poll(() => sidebar.getByTestId('cart-promotion').count()).toBe(0)
      await expect.poll(() => text(page, '[data-testid=cart-sidebar] [data-testid=order-total] dd')).toBe(total)

      const quantity = sidebar.getByTestId('qty-input')
      await sidebar.getByTestId('qty-increase').click()
      await expect.poll(() => quantity.inputValue()).toBe('2')
      await expect.poll(() => text(page, '[data-testid=cart-badge]')).toBe('2')
      // an invalid typed value goes back to what the cart holds, with the reason
      await quantity.fill('0')
      await expect.poll(() => quantity.inputValue()).toBe('2')
      await page.getByTestId('notifications').getByText('Please enter a whole number of at least 1.').waitFor()
      await quantity.fill('3')
      await expect.poll(() => text(page, '[data-testid=cart-badge]')).toBe('3')
      await sidebar.getByTestId('qty-decrease').click()
      await expect.poll(() => text(page, '[data-testid=cart-badge]')).toBe('2')
      expect(await quantity.inputValue()).toBe('2')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test("issue 45: a returning member's and a cart-holder's page view costs 0 D1 round trips, with all the browser asks after hydration; the drawer reads the cart's money when it opens", { timeout: 90_000 }, async () => {
    const path = '/t/men'
    for (const member of [true, false]) {
      const visit = await openPage(browser)
      try {
        const { page, context } = visit
        if (member) {
          const origin = new URL(baseUrl()).origin
          const joined = await context.request.post('/api/account', { data: { email: `e2e-d1-${Date.now()}@example.com`, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' }, headers: { origin, ...ownAddress() } })
          expect(joined.status()).toBe(200)
        }
        // the add signs the header cookie in its own answer (decision 0063)
        await addWithSidebar(page, `/products/${slugs[5] ?? slugs[0]}`)
        await warmEdgeCopy(path)

        const view = await roundTripsOfAPageView(page, path)
        expect(await text(page, '[data-testid=site-header] [data-testid=cart-badge]')).toBe('1')
        if (member) expect(await text(page, '[data-testid=site-header] [data-testid=account-button]')).toBe('Hi Ada')
        expect(view.answers, member ? 'member' : 'cart-holder').toEqual([])
        expect(view.trips).toBe(0)

        // the cart's lines and money are read from the database when the shopper opens the drawer
        const cartRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cart' && response.request().method() === 'GET')
        await page.locator('[data-testid=site-header] [data-testid=cart-button]').click()
        const sidebar = page.locator('[data-testid=cart-sidebar]')
        await sidebar.getByTestId('cart-line').first().waitFor()
        expect(await sidebar.getByTestId('cart-line').count()).toBe(1)
        expect(Number(/\bd1;desc="?(\d+)/.exec((await (await cartRead).allHeaders())['server-timing'] ?? '')?.[1])).toBeGreaterThan(0)
        expect(await text(page, '[data-testid=cart-sidebar] [data-testid=order-total] dd')).toMatch(/\$\d/)
        visit.expectNoProblems()
      } finally {
        await visit.close()
      }
    }
  })

  test("an add while the drawer's cart read is on its way keeps its cart when the older read answers after it", { timeout: 60_000 }, async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      page.setDefaultTimeout(30_000)
      await addWithSidebar(page, `/products/${slugs[3] ?? slugs[0]}`)
      // a new page has not read the cart (its header count came with the page): the drawer reads it when it opens.
      // That read is held until the next add has shown, then answers with the cart as it was before the add.
      await page.goto(`/products/${slugs[4] ?? slugs[1]}`)
      await waitForHydration(page)
      let added!: () => void
      const addShown = new Promise<void>((done) => (added = done))
      await page.route('**/api/cart', async (route) => {
        if (route.request().method() !== 'GET') return route.fallback()
        const stale = await route.fetch()
        await addShown
        await route.fulfill({ response: stale })
      })
      const readDone = page.waitForEvent('requestfinished', (request) => request.url().endsWith('/api/cart') && request.method() === 'GET')
      const sidebar = page.locator('[data-testid=cart-sidebar]')
      await untilItWorks(async () => {
        await page.locator('[data-testid=site-header] [data-testid=cart-button]').click()
        await sidebar.waitFor({ state: 'visible', timeout: 2_000 })
      })
      await page.keyboard.press('Escape')
      await sidebar.waitFor({ state: 'hidden' })
      await addOnThisPage(page)
      await expect.poll(() => text(page, '[data-testid=cart-badge]')).toBe('2')
      added()
      await readDone
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      expect(await text(page, '[data-testid=cart-badge]')).toBe('2')
      expect(await sidebar.getByTestId('cart-line').count()).toBe(2)
      // the add went to the same cart (its token): the next page's server-written header counts both
      await page.unroute('**/api/cart')
      await page.goto('/t/men')
      expect(await text(page, '[data-testid=cart-badge]')).toBe('2')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('without JavaScript: log in on /Login, product → cart page → coupon → checkout → thank-you, newsletter, error page Back', { timeout: 90_000 }, async () => {
    const email = `nojs-${Date.now()}@example.com`
    // the account exists already (joined elsewhere); this browser only logs in
    const joiner = await browser.newContext({ baseURL: baseUrl() })
    const joined = await joiner.request.post('/Login', {
      form: { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Nora', 'signup-last-name': 'Script', 'signup-password': 'secret123' },
      headers: { origin: baseUrl() },
      maxRedirects: 0,
    })
    expect(joined.status()).toBe(303)
    await joiner.close()

    const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, javaScriptEnabled: false, locale: 'en-AU' })
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      page.setDefaultNavigationTimeout(60_000)
      await page.goto('/Login')
      const login = page.getByTestId('login-form')
      await login.locator('#login-email').fill(email)
      await login.locator('#login-password').fill('secret123')
      await login.locator('button[type=submit]').click()
      await page.waitForURL((url) => !url.pathname.startsWith('/Login'))
      expect(await text(page, '[data-testid=site-header]')).toContain('Nora')

      await page.goto(`/products/${slugs[1] ?? slugs[0]}`)
      await page.getByTestId('add-to-cart').click()
      await page.waitForLoadState('load')
      expect(await text(page, '[data-testid=cart-badge]')).toBe('1')
      // the cart button is a link to the cart page
      await page.getByTestId('cart-button').first().click()
      await page.getByTestId('cart-page').waitFor()
      await page.locator('#coupon-code').fill(COUPON)
      await page.getByTestId('apply-coupon').click()
      await page.waitForURL('**/Cart?done=coupon')
      expect(await text(page, '[data-testid=cart-page] [data-testid=cart-promotion] dt')).toBe('Journey 10% off')
      const total = await text(page, '[data-testid=cart-page] [data-testid=order-total] dd')

      await page.getByTestId('go-to-checkout').click()
      await page.waitForURL('**/checkout/shipping')
      const address = page.getByTestId('shipping-address-form')
      await fillShippingAddress(address)
      await address.locator('button[type=submit]').click()
      await rateToPayment(page, { lastRate: true })
      // the summary carries the coupon; the total now includes the chosen shipping
      expect(await text(page, '[data-testid=order-summary] [data-testid=cart-promotion] dt')).toBe('Journey 10% off')
      const due = await text(page, '[data-testid=order-summary] [data-testid=order-total] dd')
      expect(due).not.toBe('')
      await pay(page, { card: true })
      expect(await text(page, '[data-testid=tax-invoice] h3')).toBe('Tax invoice')
      expect(await text(page, '[data-testid=invoice-total] dd')).toBe(due)
      expect(await text(page, '[data-testid=invoice-gst] dt')).toBe('GST included in the total')
      expect(total).not.toBe('')

      // the newsletter form posts
      await page.goto('/')
      const newsletter = page.getByTestId('newsletter')
      await newsletter.locator('input[name=email]').fill(`news-${Date.now()}@example.com`)
      await newsletter.locator('button[type=submit]').click()
      await page.getByTestId('newsletter-thanks').waitFor()

      // the error page's 'Back' is a link that works without a script
      await page.goto('/t/men')
      await page.goto('/t/men/no-such-category-here')
      await page.getByTestId('error-page').waitFor()
      await page.getByTestId('error-page').getByRole('link', { name: 'Back' }).click()
      await page.waitForURL((url) => url.pathname === '/t/men')
    } finally {
      await context.close()
    }
  })

  test('a size dearer than the others: its price block (with JavaScript and as the no-JS ?size= page) and the cart price that size', { timeout: 45_000 }, async () => {
    // a seeded product whose sizes differ in price (tents by capacity, the XXL of every fifth sized product), with a Club Price
    const list = (await (await fetch(`${baseUrl()}/api/v2/storefront/products?per_page=100&filter[purchasable]=true`)).json()) as { data: Array<{ attributes: Record<string, string | null> }> }
    const sized = list.data.find((p) => Number(p.attributes.max_price) > Number(p.attributes.price) && p.attributes.member_price)!
    expect(sized).toBeTruthy()
    const slug = sized.attributes.slug!
    const detail = (await (await fetch(`${baseUrl()}/api/v2/storefront/products/${slug}?include=variants.option_values`)).json()) as { included: Array<{ type: string; id: string; attributes: Record<string, string>; relationships?: { option_values: { data: Array<{ id: string }> } } }> }
    const variants = detail.included.filter((r) => r.type === 'variant')
    const dear = variants.reduce((a, b) => (Number(b.attributes.price) > Number(a.attributes.price) ? b : a))
    const { display_price: shown, display_member_price: club, display_compare_at_price: rrp } = dear.attributes
    const onSale = Number(dear.attributes.compare_at_price) > Number(dear.attributes.price)
    const visit = await openPage(browser)
    try {
      const { page } = visit
      page.setDefaultTimeout(30_000)
      await page.goto(`/products/${slug}`)
      await waitForHydration(page)
      const block = page.getByTestId('product-price')
      expect(await block.innerText()).not.toContain(shown)
      // its colour may be chosen already (the only one); the size is not
      for (const { id } of dear.relationships!.option_values.data) {
        const option = page.locator(`#option-${id}`)
        if (await option.isChecked()) continue
        await untilItWorks(async () => {
          await page.locator(`label[for="option-${id}"]`).click()
          await page.waitForURL(new RegExp(`=${id}(&|$)`), { timeout: 2_000 })
        })
      }
      const lines = async () => (await block.innerText()).split('\n').map((line) => line.trim()).filter(Boolean)
      const expected = [onSale ? `SALE ${shown}` : shown, ...(onSale ? [`RRP: ${rrp}`] : []), `Club Price: ${club}`]
      await expect.poll(lines).toEqual(expect.arrayContaining(expected))
      expect((await lines()).join(' ')).not.toContain('from')
      const chosen = new URL(page.url()).search

      // the cart holds that size at that price, and its total says the same
      await page.getByTestId('add-to-cart').click()
      const sidebar = page.locator('[data-testid=cart-sidebar]')
      await sidebar.waitFor({ state: 'visible' })
      const line = sidebar.getByTestId('cart-line')
      await expect.poll(() => line.getByTestId('line-total').innerText()).toBe(shown)
      expect(await line.innerText()).toContain(dear.attributes.options_text!.split(', ').pop()!.split(': ')[1]!)
      expect(await text(page, '[data-testid=cart-sidebar] [data-testid=cart-subtotal] dd')).toBe(shown)
      expect(await text(page, '[data-testid=cart-sidebar] [data-testid=order-total] dd')).toBe(shown)
      visit.expectNoProblems()

      // without JavaScript the size form's GET gives the same page
      const plain = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false })
      const noJs = await plain.newPage()
      await noJs.goto(`/products/${slug}${chosen}`)
      const plainLines = (await noJs.getByTestId('product-price').innerText()).split('\n').map((l) => l.trim()).filter(Boolean)
      expect(plainLines).toEqual(expect.arrayContaining(expected))
      await plain.close()
    } finally {
      await visit.close()
    }
  })

  test('de: a guest ordering to New Zealand pays no GST and gets a tax invoice', { timeout: 60_000 }, async () => {
    const visit = await openPage(browser)
    try {
      const { page } = visit
      page.setDefaultTimeout(30_000)
      await addWithSidebar(page, `/de/products/${slugs[2] ?? slugs[0]}`)
      await page.goto('/de/checkout/shipping')
      await page.waitForURL(/\/de\/(Checkout\/CheckoutType|checkout\/shipping)/)
      if (page.url().includes('CheckoutType')) {
        await waitForHydration(page)
        await page.getByTestId('as-guest').click()
        await page.waitForURL('**/de/checkout/shipping')
      }
      await waitForHydration(page)
      const address = page.getByTestId('shipping-address-form')
      await address.locator('#email').fill(`kiwi-${Date.now()}@example.com`)
      await fillAucklandAddress(address, 'Lena', 'Becker')
      // New Zealand has no states: the field goes away
      await expect.poll(() => address.locator('#state').count()).toBe(0)
      await address.locator('button[type=submit]').click()
      const rates = page.getByTestId('shipping-rate-form')
      await rates.waitFor()
      expect(await rates.getByTestId('shipping-rate').allTextContents()).toEqual([expect.stringContaining('International Express'), expect.stringContaining('International Standard')])
      await rateToPayment(page, { lastRate: true })
      expect(page.url()).toContain('/de/checkout/payment')
      const summary = page.getByTestId('order-summary')
      expect(await text(page, '[data-testid=order-summary] [data-testid=cart-tax] dt')).toBe('Keine GST berechnet (Lieferung außerhalb Australiens)')
      expect(await text(page, '[data-testid=order-summary] [data-testid=cart-tax] dd')).toContain('0,00')
      const due = await text(page, '[data-testid=order-summary] [data-testid=order-total] dd')
      await summary.waitFor()
      await pay(page, { card: true })
      expect(page.url()).toContain('/de/checkout/thank-you')
      const invoice = page.getByTestId('tax-invoice')
      await invoice.waitFor()
      expect(await text(page, '[data-testid=tax-invoice] h3')).toContain('Tax invoice')
      expect(await text(page, '[data-testid=invoice-abn]')).toMatch(/^ABN \d{2} \d{3} \d{3} \d{3}$/)
      expect(await text(page, '[data-testid=invoice-gst] dt')).toBe('Keine GST berechnet (Lieferung außerhalb Australiens)')
      expect(await text(page, '[data-testid=invoice-total] dd')).toBe(due)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  // Documentation, not a check: JOURNEY_SCREENSHOTS=dir writes the saved-address picker and the tax invoice at 390 and 1440 px.
  test.skipIf(!process.env.JOURNEY_SCREENSHOTS)('screenshots: saved-address picker and tax invoice', { timeout: 120_000 }, async () => {
    const dir = process.env.JOURNEY_SCREENSHOTS!
    const visit = await openPage(browser, { viewport: { width: 1440, height: 1000 } })
    try {
      const { page, context } = visit
      page.setDefaultTimeout(30_000)
      const headers = { origin: baseUrl() }
      const email = `shots-${Date.now()}@example.com`
      expect((await context.request.post('/api/account', { data: { email, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' }, headers: { ...headers, ...ownAddress() } })).status()).toBeLessThan(300)
      await context.request.post('/api/auth/login', { data: { username: email, password: 'secret123' }, headers })
      const saved = { firstName: 'Ada', lastName: 'Lovelace', company: null, addressLine1: '1 Collins Street', apartment: null, streetName: null, streetNumber: null, city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU', phoneNumber: '0412 345 678', email: null, taxId: null }
      expect((await context.request.post('/api/account/addresses', { data: { ...saved, isDefault: true }, headers })).status()).toBeLessThan(300)
      await context.request.post('/api/account/addresses', { data: { ...saved, addressLine1: '8 Beach Road', city: 'St Kilda', zipCode: '3182', isDefault: false }, headers })
      await addWithSidebar(page, `/products/${slugs[0]}`)
      await page.goto('/checkout/shipping')
      await page.getByTestId('saved-addresses').waitFor()
      await page.screenshot({ path: join(dir, 'checkout-saved-addresses-1440.png'), fullPage: true })
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: join(dir, 'checkout-saved-addresses-390.png'), fullPage: true })
      await page.getByTestId('new-address').click()
      const address = page.getByTestId('shipping-address-form')
      await fillAucklandAddress(address, 'Ada', 'Lovelace')
      await address.locator('button[type=submit]').click()
      await rateToPayment(page)
      await pay(page, { card: true })
      await page.getByTestId('tax-invoice').waitFor()
      await page.screenshot({ path: join(dir, 'thank-you-tax-invoice-390.png'), fullPage: true })
      await page.setViewportSize({ width: 1440, height: 1000 })
      await page.screenshot({ path: join(dir, 'thank-you-tax-invoice-1440.png'), fullPage: true })
    } finally {
      await visit.close()
    }
  })
})
