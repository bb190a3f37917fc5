/// <reference types="node" />
// Issue 8 point 9: a shopper's whole browse in Chromium, with JavaScript (English on a desktop, German on a phone) and
// without it: home → category → colours and a price bucket (the drawer on phones) → sort → 12 a page → page 2 →
// product → another colour (the picture follows) and a size → wishlist → cart; and the search overlay's Esc and
// 'Go back'. One browser, one server, a handful of pages per run.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DESKTOP, MOBILE, baseUrl, launchBrowser, openPage, openSearch, waitForHydration, ownAddress } from './browser.ts'
import { servedSql } from './served-d1.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const WORDS = {
  en: { search: 'jacket', show: 'Show', apply: 'Apply', addToCart: 'Add to cart' },
  de: { search: 'jacke', show: 'Anzeigen', apply: 'Anwenden', addToCart: 'In den Warenkorb' },
} as const
type Locale = keyof typeof WORDS
const at = (locale: Locale, path: string) => (locale === 'de' ? (path === '/' ? '/de' : `/de${path}`) : path)

/** Colours (option value ids) and a price bucket of /t/men that together give more than 12 products, so page 2 exists. */
const COLOURS = ['9', '11', '12']
const PRICE = '51,100'

interface ApiProduct {
  slug: string
  optionTypes: Array<{ id: string; name: string }>
  optionValues: Array<{ id: string; optionTypeId: string }>
  variants: Array<{ optionValueIds: string[]; inStock: boolean }>
}

/** A colour other than the one shown first that has a size in stock, and that size (ids), or null. */
function otherColourInStock(product: ApiProduct) {
  const colourType = product.optionTypes.find((t) => t.name === 'color')
  if (!colourType) return null
  const colours = product.optionValues.filter((v) => v.optionTypeId === colourType.id).map((v) => v.id)
  for (const colour of colours.slice(1)) {
    const variant = product.variants.find((v) => v.inStock && v.optionValueIds.includes(colour))
    const size = variant?.optionValueIds.find((id) => id !== colour)
    if (variant && size) return { colour, size }
  }
  return null
}

/** Among the cards on the page, a product with a second colour in stock (read from the store's own JSON). */
async function pickProduct(page: Page, locale: Locale) {
  const hrefs = await page.locator('[data-testid=product-card] h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
  for (const href of hrefs) {
    const slug = href.split('/').pop()!
    const response = await page.context().request.get(`/api/products/${slug}`, { headers: { cookie: `locale=${locale}` } })
    const choice = otherColourInStock((await response.json()) as ApiProduct)
    if (choice) return { href, ...choice }
  }
  throw new Error(`no product on ${page.url()} has a second colour in stock`)
}

/**
 * A new member, logged in on the context before its first page (so the store starts as theirs: the heart saves, and
 * the newsletter prompt, which is never shown to customers, stays away).
 */
async function signUp(context: BrowserContext, label: string) {
  const email = `journey-${label}-${Date.now()}@example.com`
  const headers = { origin: baseUrl(), 'content-type': 'application/json' }
  const password = 'correct-horse-battery1'
  expect((await context.request.post('/api/account', { headers: { ...headers, ...ownAddress() }, data: { email, password, firstName: 'Ada', lastName: 'Lovelace' } })).status()).toBeLessThan(300)
  expect((await context.request.post('/api/auth/login', { headers, data: { username: email, password } })).status()).toBeLessThan(300)
}

/**
 * Waits until the listing shows the answer to the last change. The router updates the address before React commits
 * the new cards (its state changes are transitions), so the URL alone is not enough: the results must have stopped
 * being busy and `shows` (something only the new answer renders) must hold.
 */
async function listingSettled(page: Page, shows: () => Promise<boolean>) {
  const results = page.getByTestId('listing-results')
  await expect.poll(async () => (await results.getAttribute('aria-busy')) !== 'true' && (await shows()), { timeout: 30_000 }).toBe(true)
}
const chipCount = (page: Page) => page.getByTestId('filter-chip').count()
const currentPage = (page: Page) => page.getByTestId('pagination').locator('[aria-current=page]').textContent()

const galleryImage = (page: Page) => page.locator('[data-testid=gallery-track] img').first().getAttribute('src')

describe('with JavaScript', () => {
  for (const [locale, width] of [['en', 'desktop'], ['de', 'phone']] as const) {
    test(`${locale} on a ${width}: search, browse, filter, sort, page 2, choose, wish, buy`, { timeout: 180_000 }, async () => {
      const phone = width === 'phone'
      const visit = await openPage(browser, { viewport: phone ? MOBILE : DESKTOP, isMobile: phone })
      try {
        const { page } = visit
        // Each filter or page change runs the category loader on a small shared machine: give it time.
        page.setDefaultTimeout(30_000)
        page.setDefaultNavigationTimeout(60_000)
        const words = WORDS[locale]
        await signUp(visit.context, `${locale}-${width}`)
        await visit.goto(at(locale, '/'))
        await waitForHydration(page)

        // Search: results after the pause; Esc closes with the term still typed; 'Go back' closes too.
        const search = await openSearch(page)
        const overlay = page.locator('[data-testid=search-overlay]')
        await search.fill(words.search)
        await overlay.locator('[data-testid=search-results]').waitFor()
        await page.keyboard.press('Escape')
        await overlay.waitFor({ state: 'detached' })
        await search.blur()
        await search.click()
        await overlay.waitFor()
        await overlay.getByTestId('search-go-back').click()
        await overlay.waitFor({ state: 'detached' })

        // Home → category (a tile on the landing page).
        await page.locator(`[data-testid=category-tiles] a[href="${at(locale, '/t/men')}"]`).click()
        await page.waitForURL((url) => url.pathname === at(locale, '/t/men'))
        await page.locator('[data-testid=category-page]').waitFor()

        // Filters: on a phone in the drawer opened by 'Filters'; each change applies at once.
        const panel = page.locator('[data-testid=filter-panel]')
        if (phone) {
          expect(await panel.isVisible()).toBe(false)
          await page.getByTestId('filters-button').click()
          await panel.getByRole('dialog').waitFor()
        }
        for (const [index, colour] of COLOURS.entries()) {
          await panel.locator(`input[name="o.color"][value="${colour}"]`).check()
          await page.waitForURL((url) => url.searchParams.getAll('o.color').includes(colour))
          await listingSettled(page, async () => (await chipCount(page)) === index + 1)
        }
        await panel.locator(`input[name="price"][value="${PRICE}"]`).check()
        await page.waitForURL((url) => url.searchParams.get('price') === PRICE)
        await listingSettled(page, async () => (await chipCount(page)) === COLOURS.length + 1)
        if (phone) {
          await page.getByTestId('show-results').click()
          await panel.getByRole('dialog').waitFor({ state: 'detached' })
          expect(await page.getByTestId('filters-count').textContent()).toBe(String(COLOURS.length + 1))
        }

        // Sort by price, 12 a page, then page 2: the filters stay.
        // Page 2's products are held from here: the pagination prefetches the next page once it is in view, which on a
        // loaded machine could finish before the click and leave nothing to wait for (the busy state never shown).
        let release = () => {}
        const held = new Promise<void>((done) => (release = done))
        const listing = (url: URL) => url.pathname === '/api/products' && url.searchParams.get('page') === '2'
        await page.route(listing, async (route) => {
          await held
          // unroute() below may already have let the held request through; then there is nothing left to continue
          await route.continue().catch((error: Error) => {
            if (!/already handled/i.test(error.message)) throw error
          })
        })
        const options = page.getByTestId('listing-options')
        const cards = page.locator('[data-testid=product-card]')
        await options.locator('select[name=sort]').selectOption('member_price')
        await page.waitForURL((url) => url.searchParams.get('sort') === 'member_price')
        await listingSettled(page, async () => true)
        await options.locator('select[name=itemsPerPage]').selectOption('12')
        await page.waitForURL((url) => url.searchParams.get('itemsPerPage') === '12')
        await listingSettled(page, async () => (await cards.count()) === 12)
        // While page 2's products load (held here), the results say they are busy; then they show page 2.
        await page.getByTestId('pagination').locator('a[href*="page=2"]').first().click()
        await expect.poll(() => page.getByTestId('listing-results').getAttribute('aria-busy')).toBe('true')
        release()
        await page.unroute(listing)
        await page.waitForURL((url) => url.searchParams.get('page') === '2')
        await listingSettled(page, async () => (await currentPage(page))?.trim().endsWith('2') === true)
        const url = new URL(page.url())
        expect(url.searchParams.getAll('o.color').sort()).toEqual([...COLOURS].sort())
        expect(url.searchParams.get('price')).toBe(PRICE)
        expect(url.searchParams.get('sort')).toBe('member_price')
        expect(await cards.count()).toBeGreaterThan(0)

        // Product: another colour changes the picture; a size makes it buyable.
        const choice = await pickProduct(page, locale)
        await page.locator(`[data-testid=product-card] h3 a[href="${choice.href}"]`).click()
        await page.locator('[data-testid=product-page]').waitFor()
        const before = await galleryImage(page)
        await page.locator(`label[for="option-${choice.colour}"]`).click()
        await page.waitForURL((u) => u.searchParams.get('color') === choice.colour)
        await expect.poll(() => galleryImage(page)).not.toBe(before)
        await page.locator(`label[for="option-${choice.size}"]`).click()
        await page.waitForURL((u) => u.searchParams.get('size') === choice.size)
        await expect.poll(() => page.locator(`#option-${choice.size}`).isChecked()).toBe(true)

        // Wishlist (a member's), then the cart.
        const summary = page.getByTestId('product-summary')
        const heart = summary.getByTestId('wishlist-heart')
        await heart.click()
        await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true')
        const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
        await page.getByTestId('add-to-cart').click()
        const cart = page.locator('[data-testid=cart-sidebar]')
        await cart.waitFor({ state: 'visible' })
        await expect.poll(() => cart.textContent()).toContain(name)
        await page.waitForLoadState('networkidle')
        visit.expectNoProblems()
      } finally {
        await visit.close()
      }
    })
  }
})

// Without JavaScript a size sold out in the colour shown first is disabled until the new colour is shown ('Show'), so
// the colour and the size are each submitted in turn.
describe('without JavaScript', () => {
  test('en: the same browse with forms and links; the heart keeps the chosen colour and size', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, javaScriptEnabled: false, locale: 'en-AU' })
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      page.setDefaultNavigationTimeout(60_000)
      await signUp(context, 'nojs')
      await page.goto('/')
      await page.getByTestId('nav-menu').locator('a[href="/t/men"]').first().click()
      await page.waitForURL('**/t/men')
      const filters = page.getByTestId('filters')
      for (const colour of COLOURS) await filters.locator(`input[name="o.color"][value="${colour}"]`).check()
      await filters.locator(`input[name="price"][value="${PRICE}"]`).check()
      await page.getByTestId('apply-filters').click()
      await page.waitForURL((url) => url.searchParams.get('price') === PRICE)
      expect(await page.getByTestId('filter-chip').count()).toBe(COLOURS.length + 1)

      const options = page.getByTestId('listing-options')
      await options.locator('select[name=sort]').selectOption('member_price')
      await options.locator('select[name=itemsPerPage]').selectOption('12')
      await options.getByRole('button', { name: 'Apply' }).click()
      await page.waitForURL((url) => url.searchParams.get('sort') === 'member_price' && url.searchParams.get('itemsPerPage') === '12')
      await page.getByTestId('pagination').locator('a[href*="page=2"]').first().click()
      await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.getAll('o.color').length === COLOURS.length)

      // The grid/list switch is a link: list view is rows (image beside the text).
      await page.getByTestId('view-list').click()
      await page.waitForURL((url) => url.searchParams.get('view') === 'list')
      const card = page.locator('[data-testid=product-card]').first()
      expect(await card.getAttribute('data-layout')).toBe('row')
      const [image, title] = [await card.locator('img').first().boundingBox(), await card.locator('h3').boundingBox()]
      expect(title!.x).toBeGreaterThan(image!.x + image!.width - 1)

      const choice = await pickProduct(page, 'en')
      await page.locator(`[data-testid=product-card] h3 a[href="${choice.href}"]`).click()
      await page.getByTestId('product-page').waitFor()
      const before = await galleryImage(page)
      await page.locator(`label[for="option-${choice.colour}"]`).click()
      await page.getByTestId('variant-picker').getByRole('button', { name: 'Show' }).click()
      await page.waitForURL((u) => u.searchParams.get('color') === choice.colour)
      await page.locator(`label[for="option-${choice.size}"]`).click()
      await page.getByTestId('variant-picker').getByRole('button', { name: 'Show' }).click()
      await page.waitForURL((u) => u.searchParams.get('color') === choice.colour && u.searchParams.get('size') === choice.size)
      expect(await galleryImage(page)).not.toBe(before)

      // The heart posts and comes back to the same choice (it used to drop the query).
      const chosenUrl = page.url()
      await page.getByTestId('product-summary').getByTestId('wishlist-heart').click()
      await page.waitForLoadState('load')
      expect(page.url()).toBe(chosenUrl)
      const wishlist = (await (await context.request.get('/api/wishlist')).json()) as { wishedProducts: unknown[] }
      expect(wishlist.wishedProducts).toHaveLength(1)

      // Without JavaScript there is no sidebar to open: the 303 lands on the cart page, which lists the line.
      const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
      await page.getByTestId('add-to-cart').click()
      await page.waitForURL((u) => u.pathname === '/Cart' && u.searchParams.has('added'))
      expect(await page.locator('main').textContent()).toContain(name)
    } finally {
      await context.close()
    }
  })
})

// A double-clicked heart used to end either way: the second click was dropped while the first was on its way (the
// heart was disabled), or both clicks read the same state and sent the same request. Now each click flips the heart
// at once and the store sends what the last click asked for. The wishlist calls are slowed down here, as on a phone
// network, so the clicks always land while a request is on its way.
describe('the wishlist heart, clicked quickly again', () => {
  const serverWishes = async (context: BrowserContext) => ((await (await context.request.get('/api/wishlist')).json()) as { wishedProducts: Array<{ variantId: string }> }).wishedProducts

  test('with JavaScript: on a card and on the product page, the last click wins, and heart, wishlist and server agree', { timeout: 120_000 }, async () => {
    const visit = await openPage(browser, { viewport: DESKTOP })
    try {
      const { page, context } = visit
      await signUp(context, 'double-click')
      await page.route('**/api/wishlist/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400))
        await route.continue()
      })
      const settled = async (heart: ReturnType<Page['locator']>, pressed: boolean, count: number) => {
        await expect.poll(async () => (await serverWishes(context)).length, { timeout: 15_000 }).toBe(count)
        // no request left on its way: the heart still shows the last click's state after the server answered
        await page.waitForTimeout(1_500)
        expect(await heart.getAttribute('aria-pressed')).toBe(String(pressed))
        expect((await serverWishes(context)).length).toBe(count)
      }

      await visit.goto('/t/men')
      await waitForHydration(page)
      const cardHeart = page.locator('[data-testid=product-card]').first().getByTestId('wishlist-heart')
      await cardHeart.waitFor()
      // two clicks: saved, then not saved
      await cardHeart.dblclick()
      await settled(cardHeart, false, 0)
      // three: saved
      await cardHeart.click()
      await cardHeart.click()
      await cardHeart.click()
      await settled(cardHeart, true, 1)

      const href = (await page.locator('[data-testid=product-card] h3 a').nth(1).getAttribute('href'))!
      await visit.goto(href)
      await waitForHydration(page)
      const heart = page.getByTestId('product-summary').getByTestId('wishlist-heart')
      await heart.click()
      await heart.click()
      await heart.click()
      await settled(heart, true, 2)
      await heart.dblclick()
      await settled(heart, true, 2)
      await heart.dblclick()
      await heart.click()
      await settled(heart, false, 1)

      // the wishlist lists what the server holds
      await page.getByTestId('wishlist-button').click()
      const sidebar = page.getByTestId('wishlist-sidebar')
      await expect.poll(() => sidebar.getByTestId('wishlist-totals').textContent()).toContain('Total items: 1')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test("de: the wishlist's remove button is named in German, and removing empties the list and the heart", { timeout: 90_000 }, async () => {
    const visit = await openPage(browser, { viewport: DESKTOP })
    try {
      const { page, context } = visit
      await signUp(context, 'wishlist-de')
      await visit.goto('/de/t/men')
      await waitForHydration(page)
      const card = page.locator('[data-testid=product-card]').first()
      const name = (await card.locator('h3').textContent())!.trim()
      const heart = card.getByTestId('wishlist-heart')
      await heart.click()
      await expect.poll(async () => (await serverWishes(context)).length).toBe(1)
      await page.getByTestId('wishlist-button').click()
      const sidebar = page.getByTestId('wishlist-sidebar')
      // it said 'Remove {name}' in English on the German store
      await sidebar.getByRole('button', { name: `${name} von der Wunschliste entfernen`, exact: true }).click()
      await sidebar.getByTestId('wishlist-empty').waitFor()
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false')
      expect(await serverWishes(context)).toHaveLength(0)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test("a guest's click on a card's heart says why and opens the sign-in dialog; nothing is saved and the heart stays empty", { timeout: 90_000 }, async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page, context } = visit
      await visit.goto('/t/men')
      await waitForHydration(page)
      const heart = page.locator('[data-testid=product-card]').nth(1).getByTestId('wishlist-heart')
      await heart.click()
      await page.getByTestId('notifications').getByText('Log in or join the Club to save items to your wishlist.').waitFor()
      await page.getByTestId('login-modal').getByTestId('login-form').waitFor()
      expect(await heart.getAttribute('aria-pressed')).toBe('false')
      // still on the listing: the app took the click, the form did not post
      expect(new URL(page.url()).pathname).toBe('/t/men')
      // a guest has no wishlist
      expect(await (await context.request.get('/api/wishlist')).json()).toBeNull()
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('without JavaScript: a double click saves once, the next one removes, and the heart shows what the server holds', { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: MOBILE, javaScriptEnabled: false, locale: 'en-AU' })
    try {
      const page = await context.newPage()
      await signUp(context, 'double-click-nojs')
      await page.goto('/t/men')
      const href = (await page.locator('[data-testid=product-card] h3 a').first().getAttribute('href'))!
      await page.goto(href)
      const heart = page.getByTestId('product-summary').getByTestId('wishlist-heart')
      await heart.dblclick()
      await page.waitForLoadState('load')
      await expect.poll(async () => (await serverWishes(context)).length).toBe(1)
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true')
      await heart.dblclick()
      await page.waitForLoadState('load')
      await expect.poll(async () => (await serverWishes(context)).length).toBe(0)
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false')
    } finally {
      await context.close()
    }
  })
})

// A product without options (no colour, no size: its master variant only) had no heart on its page and 'Sold out'
// under 'In stock'; and without JavaScript a card's heart landed on the product page instead of the listing.
describe('the wishlist heart, where it was missing or led away', () => {
  const serverWishes = async (context: BrowserContext) => ((await (await context.request.get('/api/wishlist')).json()) as { wishedProducts: Array<{ variantId: string }> }).wishedProducts
  const PLAIN = { id: 990_001, variant: 9_900_011, slug: `plain-filter-${Date.now().toString(36)}` }

  beforeAll(async () => {
    const now = new Date().toISOString()
    await servedSql(
      [
        `INSERT INTO products (id, slug, name, kind, available_on, created_at, updated_at) VALUES (${PLAIN.id}, '${PLAIN.slug}', 'Plain Water Filter', 'standard', '2020-01-01T00:00:00Z', '${now}', '${now}')`,
        `INSERT INTO variants (id, product_id, sku, is_master, stock_on_hand, backorderable) VALUES (${PLAIN.variant}, ${PLAIN.id}, 'PLAIN-${PLAIN.id}', 1, 5, 0)`,
        `INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents) VALUES (${PLAIN.variant}, 'AUD', 4995, NULL, 3495), (${PLAIN.variant}, 'USD', 3295, NULL, 2295)`,
        `INSERT INTO product_images (product_id, option_value_id, position, alt, mobile_url, desktop_url, large_url) VALUES (${PLAIN.id}, NULL, 0, 'Plain Water Filter', '/images/r1/products/bike-light/grey-front-1x1.svg', '/images/r1/products/bike-light/grey-front-3x4.svg', '/images/r1/products/bike-light/grey-front-3x4.svg')`,
      ].join('; '),
    )
  }, 60_000)

  test('with JavaScript: a product without options has a heart that saves it, shown saved on the cached page after a reload', { timeout: 90_000 }, async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page, context } = visit
      await signUp(context, 'plain')
      await visit.goto(`/products/${PLAIN.slug}`)
      await waitForHydration(page)
      expect(await page.getByTestId('add-to-cart').textContent()).toBe('Add to cart')
      const heart = page.getByTestId('product-summary').getByTestId('wishlist-heart')
      expect(await heart.getAttribute('aria-pressed')).toBe('false')
      await heart.click()
      await expect.poll(async () => (await serverWishes(context)).map((item) => item.variantId)).toEqual([String(PLAIN.variant)])
      expect(await heart.getAttribute('aria-pressed')).toBe('true')
      await visit.goto(`/products/${PLAIN.slug}`)
      expect(await heart.getAttribute('aria-pressed')).toBe('true')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test("without JavaScript: a card's heart comes back to the listing at the card, saying it was saved, then removed (390 px, de)", { timeout: 90_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: MOBILE, javaScriptEnabled: false, locale: 'en-AU' })
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      await signUp(context, 'card-nojs')
      const listing = '/de/t/men?sort=name&page=2'
      await page.goto(listing)
      const card = page.locator('[data-testid=product-card]').nth(9)
      const id = (await card.getAttribute('id'))!
      await card.getByTestId('wishlist-heart').click()
      await page.waitForURL((url) => url.searchParams.has('wishlist'))
      const url = new URL(page.url())
      // the same listing (it used to be the product page), at the card
      expect(url.pathname + url.hash).toBe(`/de/t/men#${id}`)
      expect(url.searchParams.get('sort')).toBe('name')
      expect(url.searchParams.get('page')).toBe('2')
      const here = page.locator(`#${id}`)
      expect(await here.getByTestId('wish-notice').textContent()).toBe('Auf Ihrer Wunschliste gespeichert')
      expect(await here.getByTestId('wishlist-heart').getAttribute('aria-pressed')).toBe('true')
      // the card is on the screen, not somewhere above or below it
      const box = (await here.boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(0)
      expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height)
      expect(await serverWishes(context)).toHaveLength(1)

      await here.getByTestId('wishlist-heart').click()
      await page.waitForURL((u) => u.searchParams.get('wishlist')?.startsWith('removed-') === true)
      expect(await page.locator(`#${id}`).getByTestId('wish-notice').textContent()).toBe('Von Ihrer Wunschliste entfernt')
      expect(await serverWishes(context)).toHaveLength(0)
    } finally {
      await context.close()
    }
  })
})
