// Small screens get the bottom bar (home, menu, account, basket) and the slide-in menu; desktops do not.
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DESKTOP, MOBILE, baseUrl, launchBrowser, openPage, untilItWorks, waitForHydration } from './browser.ts'
import { audit } from './axe.ts'

let browser: Browser
/** A product of the seed with three pictures. */
const GALLERY_PRODUCT = 'summit-and-co-tundra-hoodie'
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('mobile chrome', () => {
  test('a 390x844 viewport shows the bottom bar; a desktop viewport hides it', async () => {
    const mobile = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      await mobile.goto('/')
      const bar = mobile.page.locator('[data-testid=mobile-bottom-bar]')
      expect(await bar.isVisible()).toBe(true)
      for (const label of ['Home', 'Menu', 'Account', 'Basket']) expect(await bar.getByText(label, { exact: true }).first().isVisible()).toBe(true)
      const box = await bar.boundingBox()
      expect(box && Math.round(box.y + box.height)).toBe(MOBILE.height)
      // The hero starts one page gutter (main's 24 px) under the header: the sr-only h1 before it adds no stack gap
      const header = await mobile.page.locator('[data-testid=site-header]').boundingBox()
      const hero = await mobile.page.locator('[data-section=hero_image]').first().boundingBox()
      expect(hero && header && Math.round(hero.y - (header.y + header.height))).toBe(24)
      // The footer waits to be drawn (content-visibility: auto), yet find-in-page reaches it and draws it
      const footerDrawn = () => mobile.page.evaluate(() => document.querySelector('[data-testid=site-footer] h2')!.checkVisibility({ contentVisibilityAuto: true }))
      expect(await footerDrawn()).toBe(false)
      expect(await mobile.page.evaluate(() => (window as unknown as { find(text: string): boolean }).find('Privacy policy'))).toBe(true)
      await expect.poll(footerDrawn).toBe(true)
      await mobile.page.waitForLoadState('networkidle')
      mobile.expectNoProblems()
    } finally {
      await mobile.close()
    }

    const desktop = await openPage(browser, { viewport: DESKTOP })
    try {
      await desktop.goto('/')
      expect(await desktop.page.locator('[data-testid=site-header]').isVisible()).toBe(true)
      expect(await desktop.page.locator('[data-testid=mobile-bottom-bar]').isHidden()).toBe(true)
      desktop.expectNoProblems()
    } finally {
      await desktop.close()
    }
  })

  test("tapping 'Menu' opens the mobile menu; the close button and Esc close it", async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      await visit.goto('/')
      await waitForHydration(page)
      const menuButton = page.locator('[data-testid=mobile-menu-button]')
      const menu = page.locator('[data-testid=mobile-menu]')

      await untilItWorks(async () => {
        await menuButton.tap()
        await menu.waitFor({ state: 'visible', timeout: 1_000 })
      })
      expect(await menu.getByRole('dialog').isVisible()).toBe(true)
      await menu.getByRole('button', { name: 'Close menu' }).tap()
      await menu.waitFor({ state: 'hidden' })

      await menuButton.tap()
      await menu.waitFor({ state: 'visible' })
      await page.keyboard.press('Escape')
      await menu.waitFor({ state: 'hidden' })

      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
  test.each([
    ['/', 'GIFT CARDS'],
    ['/de', 'GESCHENKKARTEN'],
  ])('the mobile menu on %s names each entry once: gift cards is the one link to the gift card page', async (path, giftCards) => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      await visit.goto(path)
      await waitForHydration(page)
      const items = page.locator('[data-testid=mobile-menu-items] > li')
      await untilItWorks(async () => {
        await page.locator('[data-testid=mobile-menu-button]').tap()
        await items.first().waitFor({ state: 'visible', timeout: 1_000 })
      })
      const names = (await items.allInnerTexts()).map((text) => (text.trim().split('\n')[0] ?? '').toUpperCase())
      expect(names.filter((name) => name === giftCards)).toEqual([giftCards])
      expect(new Set(names).size).toBe(names.length)
      await page.locator('[data-testid=mobile-menu-items]').getByRole('link', { name: giftCards, exact: true }).tap()
      await page.waitForURL(new RegExp(`${path === '/' ? '' : path}/GiftCards$`))
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

// Without JavaScript a refused form answers a new page, which opened at its top: on a phone the join form's and the
// address form's messages sat below the login form or the account menu, out of sight, and the shopper saw the same
// page as before with no sign of what went wrong. The first message is now where the page opens (en and de).
describe('a refused form without JavaScript, on a phone', () => {
  const errorInView = (page: import('playwright-core').Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const box = element.getBoundingClientRect()
        const bar = document.querySelector('[data-testid=mobile-bottom-bar]')?.getBoundingClientRect().top ?? innerHeight
        return box.top >= 0 && box.bottom <= bar
      })

  for (const locale of ['en', 'de'] as const) {
    test(`${locale}: join with a short password, and a new address left empty, open at their messages`, { timeout: 90_000 }, async () => {
      const prefix = locale === 'de' ? '/de' : ''
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: MOBILE, isMobile: true, hasTouch: true, javaScriptEnabled: false, locale: 'en-AU' })
      try {
        const page = await context.newPage()
        page.setDefaultTimeout(30_000)
        page.setDefaultNavigationTimeout(60_000)
        await page.goto(`${prefix}/Login`)
        const email = `land-${locale}-${Date.now()}@example.com`
        await page.fill('#signup-email', email)
        await page.fill('#signup-first-name', 'Ada')
        await page.fill('#signup-last-name', 'Lovelace')
        await page.fill('#signup-password', 'short')
        await page.locator('form:has(#signup-email) button[type=submit]').click()
        await page.waitForLoadState('load')
        expect(await page.locator('#signup-password-error').textContent()).toBeTruthy()
        expect(await errorInView(page, '#signup-password-error')).toBe(true)

        // a member's address book: the account menu comes first on a phone
        await page.fill('#signup-password', 'correct-horse1')
        await page.locator('form:has(#signup-email) button[type=submit]').click()
        await page.waitForLoadState('load')
        await page.goto(`${prefix}/MyAccount/SavedAddressesDetails`)
        await page.locator('button[name=intent][value=add-address]').click()
        await page.waitForLoadState('load')
        expect(await page.locator('main [role=alert]').first().textContent()).toBe(locale === 'de' ? 'Dieses Feld ist erforderlich.' : 'This field is required.')
        expect(await errorInView(page, 'main [role=alert]')).toBe(true)
      } finally {
        await context.close()
      }
    })
  }
})

// Issue 46: every control of the bars is a link or a form first. Without JavaScript the bottom bar's Menu is a
// `<details>` drawer and Account a link to the login page, and the menu's Wishlist a link to the wishlist page; with
// JavaScript, a tap that lands before the client has started is not lost.
describe('the bars before and without JavaScript, on a phone', () => {
  for (const [prefix, deal, wishlist] of [
    ['', 'WEDNESDAY - ONE DAY DEAL', 'Wishlist'],
    ['/de', 'MITTWOCH - EINTAGES-ANGEBOT', 'Wunschliste'],
  ] as const) {
    test(`${prefix || '/'}: without JavaScript, Menu opens and reaches a category; Account reaches the login page, the menu's Wishlist the wishlist page`, { timeout: 90_000 }, async () => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: MOBILE, isMobile: true, hasTouch: true, javaScriptEnabled: false, locale: 'en-AU' })
      try {
        const page = await context.newPage()
        page.setDefaultTimeout(30_000)
        await page.goto(`${prefix}/`)
        const menu = page.getByTestId('mobile-menu')
        expect(await menu.isVisible()).toBe(false)
        await page.getByTestId('mobile-menu-button').tap()
        await menu.waitFor({ state: 'visible' })
        expect(await menu.getByRole('link', { name: deal, exact: true }).isVisible()).toBe(true)
        // the drawer leaves the bar in sight: its Menu closes the drawer again
        await page.getByTestId('mobile-menu-button').tap()
        await menu.waitFor({ state: 'hidden' })
        await page.getByTestId('mobile-menu-button').tap()
        const row = menu.locator('summary').first()
        await row.tap()
        const category = menu.locator('details[open] a').nth(1)
        const href = await category.getAttribute('href')
        expect(href).toMatch(new RegExp(`^${prefix}/t/`))
        await category.tap()
        await page.waitForURL((url) => url.pathname === href)
        await page.locator('[data-testid=product-card]').first().waitFor()

        await page.getByTestId('mobile-account-button').tap()
        await page.waitForURL(new RegExp(`${prefix}/Login$`))
        await page.getByTestId('login-page').waitFor()

        await page.getByTestId('mobile-menu-button').tap()
        await menu.getByRole('link', { name: wishlist, exact: true }).tap()
        await page.waitForURL(new RegExp(`${prefix}/Wishlist$`))
        // a guest is asked to log in (wishlists belong to accounts), and comes back here
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(wishlist)
        expect(await page.getByTestId('wishlist-login').getAttribute('href')).toBe(`${prefix}/Login?back=/Wishlist`)
      } finally {
        await context.close()
      }
    })
  }

  // The product page's gallery and the listing's filter sidebar: links first too (issue 46 point 3)
  for (const prefix of ['', '/de'] as const) {
    test(`${prefix || '/'}: without JavaScript, the gallery's arrows and thumbnails show their slides, and Filters opens the filter form, which applies`, { timeout: 90_000 }, async () => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: MOBILE, isMobile: true, hasTouch: true, javaScriptEnabled: false, locale: 'en-AU' })
      try {
        const page = await context.newPage()
        page.setDefaultTimeout(30_000)
        await page.goto(`${prefix}/products/${GALLERY_PRODUCT}`)
        const shown = () => page.getByTestId('gallery-track').evaluate((row) => Math.round(row.scrollLeft / row.clientWidth))
        expect(await shown()).toBe(0)
        await page.locator('#gallery-slide-1').getByTestId('gallery-next').tap()
        await expect.poll(shown).toBe(1)
        await page.locator('#gallery-slide-2').getByTestId('gallery-next').tap()
        await expect.poll(shown).toBe(2)
        await page.locator('#gallery-slide-3').getByTestId('gallery-previous').tap()
        await expect.poll(shown).toBe(1)
        await page.getByTestId('gallery-thumbnails').locator('a').first().tap()
        await expect.poll(shown).toBe(0)

        await page.goto(`${prefix}/t/women`)
        const panel = page.getByTestId('filter-panel')
        expect(await panel.isVisible()).toBe(false)
        await page.getByTestId('filters-button').tap()
        await panel.waitFor({ state: 'visible' })
        const row = panel.locator('fieldset label:has(input[type=checkbox])').first()
        const option = row.locator('input')
        const [name, value] = [(await option.getAttribute('name'))!, (await option.getAttribute('value'))!]
        await row.tap()
        await panel.getByTestId('apply-filters').tap()
        await page.waitForURL((url) => url.searchParams.getAll(name).includes(value))
        expect(await page.getByTestId('filter-chip').count()).toBe(1)
      } finally {
        await context.close()
      }
    })
  }

  test('the open menu without JavaScript: axe finds nothing serious, no control under 44 px', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: MOBILE, isMobile: true, hasTouch: true, javaScriptEnabled: false, locale: 'en-AU' })
    try {
      const page = await context.newPage()
      await page.goto('/')
      await page.getByTestId('mobile-menu-button').tap()
      await page.getByTestId('mobile-menu').locator('summary').first().tap()
      const small = await page
        .getByTestId('mobile-menu')
        .locator('a, summary')
        .evaluateAll((nodes) => nodes.filter((node) => node.getBoundingClientRect().height < 44).map((node) => node.textContent))
      expect(small).toEqual([])
      // axe is a script: it runs on the same markup (the open drawer as the shopper sees it) in a page whose own
      // scripts are left out, so nothing hydrates or enhances it
      const markup = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, '')
      const withAxe = await browser.newContext({ baseURL: baseUrl(), viewport: MOBILE, isMobile: true, hasTouch: true, locale: 'en-AU' })
      try {
        const checked = await withAxe.newPage()
        await checked.route(`${baseUrl()}/`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: markup }))
        await checked.goto('/')
        expect(await checked.locator('[data-testid=mobile-menu] details[open], [data-testid=mobile-menu][open]').count()).toBeGreaterThan(0)
        expect(await audit(checked, 'menu without JavaScript')).toEqual([])
      } finally {
        await withAxe.close()
      }
    } finally {
      await context.close()
    }
  })

  // The client starts after the load event and the largest paint (or at a first pointerdown), then hydrates: at 4x CPU
  // that is seconds on a phone. The tap lands at first paint, while the images (the hero is the largest paint; the seed's are SVG files) are held back.
  // Each waits on what the shopper sees, however long the loaded machine takes: the drawer, login or cart shows, and
  // the menu is then taken over by the client (a dialog that Esc closes) once it has hydrated, still without a second tap.
  test.each([
    ['Menu', 'mobile-menu-button', '[data-testid=mobile-menu]'],
    ['Account', 'mobile-account-button', '[data-testid=login-page], [data-testid=login-modal]'],
    ['Basket', 'mobile-cart-button', '[data-testid=cart-page], [data-testid=cart-sidebar]'],
  ])('at 4x CPU, %s tapped at first paint, before the client starts, opens without a second tap', { timeout: 120_000 }, async (_name, button, opened) => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\.(avif|webp|jpe?g|png|svg)(\?|$)/, async (route) => {
        await held
        await route.continue().catch(() => {})
      })
      await page.goto('/', { waitUntil: 'commit' })
      const control = page.getByTestId(button)
      await control.waitFor({ state: 'visible' })
      expect(await page.evaluate(() => (window as unknown as { __clientStarted?: number }).__clientStarted ?? 0)).toBe(0)
      await control.tap()
      release()
      await page.locator(opened).first().waitFor({ state: 'visible', timeout: 60_000 })
      if (button === 'mobile-menu-button') {
        // the client takes over the drawer the browser opened (its flag follows the element): a dialog Esc closes
        await page.locator('[data-testid=mobile-menu] [role=dialog]').waitFor({ timeout: 60_000 })
        // the dialog's markup is the server's too: Esc works once the client has hydrated the drawer (the tap before
        // it is what this test is about; the menu stayed open all along)
        await waitForHydration(page, '[data-testid=mobile-menu]')
        await untilItWorks(async () => {
          await page.keyboard.press('Escape')
          await page.getByTestId('mobile-menu').waitFor({ state: 'hidden', timeout: 1_000 })
        }, 30_000)
      }
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  // The same on a product page and a listing: the tap works natively, and the client then carries on from where it left
  test.each([
    ['the next image', `/products/${GALLERY_PRODUCT}`, '#gallery-slide-1 [data-testid=gallery-next]'],
    ['Filters', '/t/women', '[data-testid=filters-button]'],
  ])('at 4x CPU, %s tapped at first paint, before the client starts, works, and the client carries on from there', { timeout: 120_000 }, async (_name, path, control) => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\.(avif|webp|jpe?g|png|svg)(\?|$)/, async (route) => {
        await held
        await route.continue().catch(() => {})
      })
      await page.goto(path, { waitUntil: 'commit' })
      await page.locator(control).waitFor({ state: 'visible' })
      expect(await page.evaluate(() => (window as unknown as { __clientStarted?: number }).__clientStarted ?? 0)).toBe(0)
      await page.locator(control).tap()
      release()
      if (path.startsWith('/products/')) {
        const shown = () => page.getByTestId('gallery-track').evaluate((row) => Math.round(row.scrollLeft / row.clientWidth))
        await expect.poll(shown, { timeout: 60_000 }).toBe(1)
        // hydrated, the gallery knows it shows the second image: its next arrow goes on to the third
        await waitForHydration(page, '[data-testid=gallery]')
        await expect.poll(() => page.locator('#gallery-slide-2 img').getAttribute('data-testid'), { timeout: 30_000 }).toBe('gallery-current')
        await page.locator('#gallery-slide-2').getByTestId('gallery-next').tap()
        await expect.poll(shown).toBe(2)
        expect(new URL(page.url()).hash).toBe('#gallery-slide-2')
      } else {
        const panel = page.getByTestId('filter-panel')
        await panel.waitFor({ state: 'visible', timeout: 60_000 })
        // hydrated, the client owns the open drawer: its close button closes it
        await waitForHydration(page, '[data-testid=filter-panel]')
        await untilItWorks(async () => {
          await panel.locator('a[role=button]').first().tap()
          await panel.waitFor({ state: 'hidden', timeout: 1_000 })
        }, 30_000)
      }
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await page.waitForLoadState('networkidle')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
