/// <reference types="node" />
// What a shopper sees is whole: no text running out of its box at 390 px or in the desktop sidebar (German words are
// long), and text meant to show on desktop is not left visually hidden.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { audit } from './axe.ts'
import { DESKTOP, MOBILE, baseUrl, launchBrowser, openPage, ownAddress, waitForHydration } from './browser.ts'
import { addWithSidebar, fillShippingAddress, pay, toPaymentStep } from './checkout-steps.ts'
import { memberOrder } from './operator-steps.ts'
import { servedSql } from './served-d1.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The right edge of `selector`'s box and of its furthest-reaching child, in px. */
const edges = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const box = document.querySelector(sel)!
    return { box: box.getBoundingClientRect().right, content: Math.max(...[...box.children].map((child) => child.getBoundingClientRect().right)) }
  }, selector)

describe('nothing runs out of its box', () => {
  test('the checkout steps fit a 390 px phone in German', async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      await addWithSidebar(page, '/de/products/basecamp-summit-fleece')
      await visit.goto('/de/Checkout/CheckoutType')
      const steps = page.locator('ol[aria-label=Kasse]')
      expect(await steps.locator('li').allInnerTexts()).toEqual(['1\nVersand', '2\nRechnung', '3\nZahlung'])
      // 'Zahlung' ended at 386 px, past the page's 16 px gutter (the list's box ends at 374 px)
      const { box, content } = await edges(page, 'ol[aria-label=Kasse]')
      expect(content).toBeLessThanOrEqual(box)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('a very long search term wraps on a 390 px phone instead of widening the page (de)', async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      await visit.goto(`/de/Category?term=${encodeURIComponent('Wanderstöcke'.repeat(40))}`)
      await waitForHydration(page)
      // the heading and 'no results for …' ran 900 px past the screen's right edge
      expect(await page.getByTestId('search-no-results').isVisible()).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(MOBILE.width)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('gift card amounts', () => {
  test("each amount stays inside its choice card at 390 and 1440 px (de: '100 AU$')", async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      await visit.goto('/de/giftcards')
      for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
        await page.setViewportSize(viewport)
        // px between the end of each amount's text and its card's right edge (the card's padding is 16 px)
        const room = await page.evaluate(() =>
          [...document.querySelectorAll('label:has(input[name=amount])')].map((card) => {
            const text = document.createRange()
            text.selectNodeContents(card.querySelector('span span')!)
            return `${card.textContent} ${Math.round(card.getBoundingClientRect().right - text.getBoundingClientRect().right)}`
          }),
        )
        // '100 AU$' and '200 AU$' ended 4 px from the edge at 390 px and 2 px past it at 1440 px
        for (const entry of room) expect(Number(entry.split(' ').pop()), `${entry} at ${viewport.width} px`).toBeGreaterThanOrEqual(12)
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

/** The top and bottom of the input and of the submit button in `form`, in px: level means equal. */
const inputAndButton = (page: Page, form: string) =>
  page.evaluate((sel) => {
    const box = (el: Element | null) => {
      const r = el!.getBoundingClientRect()
      return [Math.round(r.top * 10) / 10, Math.round(r.bottom * 10) / 10]
    }
    const root = document.querySelector(sel)!
    return { input: box(root.querySelector('input:not([type=hidden])')), button: box(root.querySelector('button[type=submit]')) }
  }, form)

describe('a code field and its button', () => {
  test("'Check balance' on the gift cards page and 'Redeem' on the payment step are level with the code's input at 390 and 1440 px", async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      await visit.goto('/giftcards')
      for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
        await page.setViewportSize(viewport)
        // the button sat 2 px below the input (a 28 px margin for a 26 px label)
        const { input, button } = await inputAndButton(page, '[data-testid=balance-check]')
        expect(button, `balance check at ${viewport.width} px`).toEqual(input)
      }
      await addWithSidebar(page, '/products/basecamp-summit-fleece')
      await toPaymentStep(page, `layout-${Date.now()}@example.com`)
      for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
        await page.setViewportSize(viewport)
        const { input, button } = await inputAndButton(page, '[data-testid=gift-card-form]')
        expect(button, `redeem at ${viewport.width} px`).toEqual(input)
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('the desktop listing', () => {
  test("every colour in the filter sidebar shows its name and count inside the sidebar (en, de)", async () => {
    const visit = await openPage(browser, { viewport: DESKTOP })
    try {
      const { page } = visit
      for (const path of ['/t/men', '/de/t/men']) {
        await visit.goto(path)
        // two columns in the 240 px sidebar cut 'Marineblau (14)', 'Forest green (17)' … into the next column
        const cut = await page.evaluate(() =>
          [...document.querySelectorAll('[data-testid=filter-panel] fieldset label')]
            .filter((row) => row.lastElementChild!.getBoundingClientRect().right > row.getBoundingClientRect().right + 0.5)
            .map((row) => row.textContent!.trim()),
        )
        expect(cut, path).toEqual([])
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('text for desktop only is shown there', () => {
  test("a member's 'Hi {name}' in the header and the listing's 'Sort by' label show at 1280 px, not only to screen readers", async () => {
    const visit = await openPage(browser, { viewport: DESKTOP })
    try {
      const { page } = visit
      await visit.goto('/Login')
      await waitForHydration(page)
      await page.fill('#signup-email', `layout-${Date.now()}@example.com`)
      await page.fill('#signup-first-name', 'Ada')
      await page.fill('#signup-last-name', 'Lovelace')
      await page.fill('#signup-password', 'secret123')
      await page.locator('main [data-testid=signup-form] button[type=submit]').click()
      await page.waitForURL((url) => url.pathname !== '/Login')
      await visit.goto('/t/men')
      // app.css repeated `.sr-only` after twind's `lg:not-sr-only`, so both stayed 1 px wide on every screen
      const widthOf = async (selector: string) => (await page.locator(selector).boundingBox())?.width ?? 0
      expect(await page.locator('[data-testid=account-button]').innerText()).toBe('Hi Ada')
      expect(await widthOf('[data-testid=account-button] [data-personal=greeting]')).toBeGreaterThan(20)
      expect(await widthOf('main label span:text-is("Sort by")')).toBeGreaterThan(20)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

/**
 * Every control a phone shows that is shorter than 44 px (docs/design.md: touch targets), as 'text (w x h)'. Left out:
 * a link or button inside a sentence (its line is the target, WCAG 2.5.8's inline exception) and the product card's
 * name link, whose ::after covers the whole card. A checkbox or radio counts as its label.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
      let box = el.getBoundingClientRect()
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden' || el.closest('[inert], [aria-hidden=true]')) continue
      if (el.closest('[data-testid=product-card]') && el.matches('a')) continue
      const label = el.closest('label')
      if (el.matches('input[type=checkbox], input[type=radio]') && label) box = label.getBoundingClientRect()
      else if (box.width <= 1 && box.height <= 1) continue // visually hidden (its label is what is tapped)
      const parent = el.parentElement!
      if (['inline', 'inline-block'].includes(getComputedStyle(el).display) && parent.innerText.trim().length > el.innerText.trim().length + 10) continue
      if (box.height < 44) out.push(`${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || el.tagName).trim().slice(0, 40)} (${Math.round(box.width)} x ${Math.round(box.height)})`)
    }
    return out
  })

describe('every control can be tapped on a phone', () => {
  test('buttons, links, fields and selects are at least 44 px tall at 390 px (home, listing, gift cards, login; en, de)', { timeout: 120_000 }, async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      for (const path of ['/', '/de/t/men', '/de/giftcards', '/login']) {
        await visit.goto(path)
        await waitForHydration(page)
        // were 36 px: the club bar, the search button, 'Filters', Grid/List view, the footer's language and currency;
        // 34 px sub-category chips, 41 px sorting, 40 px 'Subscribe', 17-24 px 'View all', the breadcrumb, the
        // footer's links and 'Forgotten password?'
        expect(await smallTargets(page), path).toEqual([])
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('nothing covers anything', () => {
  test("the list view's badges are not under the wishlist heart on a 390 px phone (en, de)", async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      for (const path of ['/t/men?view=list', '/de/t/men?view=list']) {
        await visit.goto(path)
        const covered = await page.evaluate(() => {
          const out: string[] = []
          for (const card of document.querySelectorAll('[data-testid=product-card][data-layout=row]')) {
            const heart = card.querySelector('.card-heart')?.getBoundingClientRect()
            for (const badge of card.querySelectorAll('.card-badges > *')) {
              const b = badge.getBoundingClientRect()
              if (heart && b.right > heart.left && b.left < heart.right && b.bottom > heart.top && b.top < heart.bottom) out.push(badge.textContent!)
            }
          }
          return out
        })
        // the 112 px image put 'CLUB PRICE' / 'CLUB-PREIS' half under the heart in its top corner
        expect(covered, path).toEqual([])
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('a message does not cover what it asks for', () => {
  test("on a phone, the 'log in to add a gift card' message leaves the login sheet's button free (de)", async () => {
    // a guest is asked to log in without a refused request (docs/architecture.md): a clean console
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      await visit.goto('/de/giftcards')
      await waitForHydration(page)
      await page.locator('label[for=giftcard-amount-50]').click()
      await page.fill('#giftcard-name', 'Bob')
      await page.fill('#giftcard-email', 'bob@example.com')
      await page.getByTestId('gift-card-submit').click()
      const toast = page.locator('[data-testid=notifications] li').first()
      await toast.waitFor()
      expect(await toast.innerText()).toContain('Bitte melden Sie sich an, um eine Geschenkkarte hinzuzufügen')
      const login = page.getByRole('dialog').getByRole('button', { name: 'Anmelden', exact: true })
      await login.waitFor()
      // the toast sat 80 px above the screen's foot, right over the sheet's 'Anmelden' for its 5 seconds
      const [a, b] = [(await toast.boundingBox())!, (await login.boundingBox())!]
      expect(a.y + a.height <= b.y || b.y + b.height <= a.y, `toast ${JSON.stringify(a)} over button ${JSON.stringify(b)}`).toBe(true)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('keyboard focus is seen', () => {
  test("the listing's Grid view / List view links show their whole focus ring", async () => {
    const visit = await openPage(browser, { viewport: DESKTOP })
    try {
      const { page } = visit
      await visit.goto('/t/men')
      await waitForHydration(page)
      await page.focus('[data-testid=view-list]')
      await page.keyboard.press('Shift+Tab')
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('view-grid')
      // the ring is drawn 2 px outside the link: the group's overflow: hidden cut it to a sliver between the two
      const clipping = await page.evaluate(() => {
        const out: string[] = []
        for (let el = document.activeElement!.parentElement; el && el !== document.body; el = el.parentElement) {
          if (getComputedStyle(el).overflow !== 'visible') out.push(el.className)
        }
        return out
      })
      expect(clipping).toEqual([])
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('the header at 1024 px', () => {
  test("a member's greeting leaves the search field room for its placeholder (de)", async () => {
    const visit = await openPage(browser, { viewport: { width: 1024, height: 800 } })
    try {
      const { page } = visit
      await visit.goto('/de/Login')
      await waitForHydration(page)
      await page.fill('#signup-email', `header-${Date.now()}@example.com`)
      await page.fill('#signup-first-name', 'Wilhelmina')
      await page.fill('#signup-last-name', 'Lovelace')
      await page.fill('#signup-password', 'secret123')
      await page.locator('main [data-testid=signup-form] button[type=submit]').click()
      await page.waitForURL((url) => url.pathname !== '/de/Login')
      await visit.goto('/de/t/men')
      expect(await page.locator('[data-testid=account-button]').innerText()).toBe('Hallo Wilhelmina')
      // with the social links beside it, the field was 150 px wide and read 'Produkte s'
      const fit = await page.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('#site-search')!
        const style = getComputedStyle(input)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
        return { placeholder: input.placeholder, needs: Math.ceil(context.measureText(input.placeholder).width), room }
      })
      expect(fit.placeholder).toBe('Produkte suchen')
      expect(fit.needs).toBeLessThanOrEqual(fit.room)
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe('keyboard', () => {
  /** Tab from the top of `path`: the skip link shows with `text`, and Enter then Tab lands inside the page. */
  async function skipsToContent(page: Page, path: string, text: string) {
    const skip = page.locator('[data-testid=skip-link]')
    // hidden from sight until focused
    expect((await skip.boundingBox())?.width ?? 0, path).toBeLessThanOrEqual(1)
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), path).toBe('skip-link')
    expect(await skip.innerText(), path).toBe(text)
    expect((await skip.boundingBox())?.width ?? 0, path).toBeGreaterThan(60)
    await page.keyboard.press('Enter')
    // the next Tab lands inside the page, not on the header's search field or the category menu
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('main')), path).toBe(true)
  }
  const PAGES = [['/t/men', 'Skip to content'], ['/de/t/men', 'Zum Inhalt springen']] as const

  test("the first Tab shows 'Skip to content', which jumps past the header and the category menu to the page (en, de)", async () => {
    const visit = await openPage(browser, { viewport: DESKTOP })
    try {
      for (const [path, text] of PAGES) {
        await visit.goto(path)
        await waitForHydration(visit.page)
        await skipsToContent(visit.page, path, text)
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('the skip link works without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: DESKTOP, javaScriptEnabled: false, locale: 'en-AU' })
    try {
      const page = await context.newPage()
      for (const [path, text] of PAGES) {
        await page.goto(path)
        await skipsToContent(page, path, text)
      }
    } finally {
      await context.close()
    }
  })
})

describe('the club bar', () => {
  test('fits one line at 390 px in English and German, its whole text shown (and at 1440 px)', { timeout: 120_000 }, async () => {
    const visit = await openPage(browser, { viewport: MOBILE })
    try {
      const { page } = visit
      for (const [path, text] of [['/', 'Login or Join the Club for great deals'], ['/de', 'Anmelden oder Club beitreten – für tolle Angebote']] as const) {
        await visit.goto(path)
        for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
          await page.setViewportSize(viewport)
          const bar = await page.getByTestId('top-bar').locator('a').evaluate((button) => {
            const range = document.createRange()
            range.selectNodeContents(button)
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
            return { lines: lines.size, text: button.textContent, overflows: button.scrollWidth > button.clientWidth, height: button.getBoundingClientRect().height }
          })
          // the German text ('Melden Sie sich an oder treten Sie dem Club bei – für tolle Angebote') took two lines at 390 px
          expect(bar, `${path} at ${viewport.width} px`).toEqual({ lines: 1, text, overflows: false, height: viewport === MOBILE ? 44 : 36 })
        }
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

describe("the footer's legal line", () => {
  test("shows a '·' only between two items of one line, never at a line's start or end (320-1440 px, en, de)", { timeout: 90_000 }, async () => {
    const visit = await openPage(browser, { viewport: MOBILE })
    try {
      const { page } = visit
      for (const path of ['/FAQs', '/de/FAQs']) {
        await visit.goto(path)
        for (const width of [320, 360, 390, 414, 768, 1024, 1440]) {
          await page.setViewportSize({ width, height: 900 })
          const lines = await page.getByTestId('footer-legal').evaluate((box) => {
            // every character the shopper can see (the box clips what lies outside it), grouped into lines
            const clip = box.getBoundingClientRect()
            const rows = new Map<number, string>()
            const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT)
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const text = node.textContent ?? ''
              for (let i = 0; i < text.length; i++) {
                const range = document.createRange()
                range.setStart(node, i)
                range.setEnd(node, i + 1)
                const rect = range.getClientRects()[0]
                if (!rect || rect.width === 0 || rect.right <= clip.left + 0.5 || rect.left >= clip.right - 0.5) continue
                const top = Math.round(rect.top)
                rows.set(top, (rows.get(top) ?? '') + text[i])
              }
            }
            return [...rows.entries()].sort(([a], [b]) => a - b).map(([, line]) => line.trim())
          })
          const where = `${path} at ${width} px: ${JSON.stringify(lines)}`
          // at 390 px the English line ended 'All rights reserved. ·'
          for (const line of lines) expect(line.startsWith('·') || line.endsWith('·'), where).toBe(false)
          expect(lines.join(' '), where).toMatch(path === '/FAQs' ? /All rights reserved\..*Prices include GST$/ : /Alle Rechte vorbehalten\..*Preise inkl\. GST$/)
        }
      }
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})

/** A coupon no storefront API creates, written into the served local D1 as the shopping journeys do. */
const COUPON = `fit${Date.now().toString(36)}`
const addCoupon = () => servedSql(`INSERT INTO promotions (name, code, kind, amount) VALUES ('Fit 5% off', '${COUPON}', 'percent', 5)`)

describe("the cart drawer's promo code", () => {
  beforeAll(addCoupon, 60_000)

  test('lines up with the rows around it at 390 and 1440 px: a design-system field, the button on its line, a 44 px remove button', { timeout: 90_000 }, async () => {
    for (const viewport of [MOBILE, { width: 1440, height: 900 }]) {
      const visit = await openPage(browser, { viewport, isMobile: viewport === MOBILE })
      try {
        const { page } = visit
        const sidebar = await addWithSidebar(page, '/products/basecamp-summit-fleece')
        await sidebar.getByTestId('coupon').waitFor()
        const box = async (selector: string) => (await sidebar.locator(selector).first().boundingBox())!
        const [label, field, apply, totals] = await Promise.all([box('label[for=coupon-code]'), box('#coupon-code'), box('[data-testid=apply-coupon]'), box('[data-testid=cart-totals]')])
        const at = `${viewport.width} px`
        // the label sat 4 px above its field, 2 px closer than every other field's (FieldFrame: 6 px)
        expect(field.y - (label.y + label.height), at).toBeCloseTo(6, 0)
        expect(apply.y, at).toBeCloseTo(field.y, 0)
        expect(apply.height, at).toBeCloseTo(field.height, 0)
        expect(field.x, at).toBeCloseTo(totals.x, 0)
        expect(apply.x + apply.width, at).toBeCloseTo(totals.x + totals.width, 0)

        // an applied code's row: its remove button is a design-system icon button (it was an 8 px wide '×')
        await sidebar.locator('#coupon-code').fill(COUPON)
        await sidebar.getByTestId('apply-coupon').click()
        const remove = sidebar.getByTestId('remove-coupon')
        await remove.waitFor()
        const [row, button] = await Promise.all([remove.locator('xpath=..').boundingBox(), remove.boundingBox()])
        expect(button!.width, at).toBeGreaterThanOrEqual(44)
        expect(button!.height, at).toBeGreaterThanOrEqual(44)
        expect(row!.x, at).toBeCloseTo(totals.x, 0)
        expect(button!.x + button!.width, at).toBeCloseTo(totals.x + totals.width, 0)
        visit.expectNoProblems()
      } finally {
        await visit.close()
      }
    }
  })
})

/** Whether the page is wider than the screen (a shopper could scroll it sideways). */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/**
 * The screens of issue 10 looked at on a phone: the menu drawer, the wishlist, the checkout steps and the account
 * pages. On each: no control under 44 px, nothing wider than the screen, and axe finds nothing serious or critical.
 */
describe('the menu, wishlist, checkout and account screens on a 390 px phone', () => {
  test("the menu's categories show that they open, and a phone reaches the wishlist from the menu (en, de)", { timeout: 120_000 }, async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      const found: string[] = []
      for (const [prefix, wishlist, login] of [['', 'Wishlist', 'Log in'], ['/de', 'Wunschliste', 'Anmelden']] as const) {
        await visit.goto(`${prefix}/`)
        await waitForHydration(page)
        await page.getByTestId('mobile-menu-button').click()
        const menu = page.getByTestId('mobile-menu')
        await menu.waitFor({ state: 'visible' })
        // a category row had no marker at all (a flex summary drops the browser's triangle): now a chevron, turned when open
        const first = menu.locator('summary').first()
        const chevron = first.locator('svg')
        expect(await chevron.isVisible(), prefix).toBe(true)
        const closed = await chevron.evaluate((svg) => getComputedStyle(svg).transform)
        await first.click()
        await menu.locator('details[open] a').first().waitFor()
        await page.waitForFunction((before) => getComputedStyle(document.querySelector('[data-testid=mobile-menu] details[open] summary svg')!).transform !== before, closed)
        expect(await smallTargets(page), `${prefix} menu`).toEqual([])
        found.push(...(await audit(page, `${prefix || '/en'} menu`)))
        // the header's heart shows from lg only and the bottom bar has no wishlist: a phone had no way to open it
        await menu.getByRole('link', { name: wishlist, exact: true }).click()
        const sidebar = page.getByTestId('wishlist-sidebar')
        await sidebar.waitFor({ state: 'visible' })
        expect(await menu.isVisible()).toBe(false)
        // a guest's empty wishlist says what to do (wishlists belong to accounts), not only that it is empty
        expect(await sidebar.getByTestId('wishlist-empty').innerText(), prefix).toContain(prefix ? 'Melden Sie sich an' : 'Log in or join the Club')
        expect(await smallTargets(page), `${prefix} wishlist`).toEqual([])
        found.push(...(await audit(page, `${prefix || '/en'} wishlist`)))
        await sidebar.getByRole('button', { name: login, exact: true }).click()
        await page.getByTestId('login-modal').waitFor({ state: 'visible' })
        expect(await sidebar.isVisible()).toBe(false)
      }
      expect(found).toEqual([])
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test('every checkout step: controls 44 px tall, nothing sideways, axe clean; the thank-you page shows all three steps done', { timeout: 180_000 }, async () => {
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      const found: string[] = []
      const check = async (label: string) => {
        await waitForHydration(page)
        // were 43 px: the country and state selects; 16-24 px: the billing and terms checkboxes
        expect(await smallTargets(page), label).toEqual([])
        expect(await sideways(page), label).toBe(0)
        found.push(...(await audit(page, label)))
      }
      await addWithSidebar(page, '/products/basecamp-summit-fleece')
      await visit.goto('/checkout/shipping')
      await check('shipping')
      const address = page.locator('[data-testid=shipping-address-form]')
      await fillShippingAddress(address, `fit-${Date.now()}@example.com`)
      await address.getByRole('button', { name: 'Continue to shipping method' }).click()
      await page.locator('[data-testid=shipping-rate-form]').getByRole('button', { name: 'Continue to billing' }).click()
      await page.waitForURL('**/checkout/billing')
      await check('billing')
      await page.getByRole('button', { name: 'Continue to payment' }).click()
      await page.waitForURL('**/checkout/payment')
      await page.locator('[data-testid=payment-form]').waitFor()
      await check('payment')
      await pay(page, { card: true })
      await check('thank-you')
      // the steps showed as not begun (white circles) once the order was placed
      const steps = await page.locator('ol[aria-label=Checkout] li > span:first-child').evaluateAll((spans) => spans.map((s) => getComputedStyle(s).backgroundColor))
      expect(steps).toHaveLength(3)
      for (const colour of steps) expect(colour).not.toBe('rgb(255, 255, 255)')
      expect(found).toEqual([])
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })

  test("a member's account pages: orders, an order, addresses; the empty order list offers a way on (en, de)", { timeout: 180_000 }, async () => {
    const list = await fetch(`${baseUrl()}/api/v2/storefront/products?filter[purchasable]=true&per_page=20&include=default_variant`)
    const products = (await list.json()) as { data: Array<{ attributes: { slug: string }; relationships: { default_variant: { data: { id: string } } } }> }
    const order = await memberOrder(products.data.find((p) => !p.attributes.slug.startsWith('gift-card'))!.relationships.default_variant.data.id)
    const visit = await openPage(browser, { viewport: MOBILE, isMobile: true })
    try {
      const { page } = visit
      const found: string[] = []
      expect((await page.request.post('/api/auth/login', { data: { username: order.email, password: order.password } })).status()).toBeLessThan(300)
      for (const path of ['/MyAccount/OrderHistory', '/de/MyAccount/OrderHistory', `/my-account/OrderDetails/${order.number}`, `/de/my-account/OrderDetails/${order.number}`, '/MyAccount/SavedAddressesDetails', '/de/MyAccount/SavedAddressesDetails', '/de/MyAccount/MyProfile']) {
        await visit.goto(path)
        await waitForHydration(page)
        expect(new URL(page.url()).pathname, 'the signed-in page itself').toBe(path)
        // were 17 px: the order numbers in the list; 20 px: 'Make default' under a new address
        expect(await smallTargets(page), path).toEqual([])
        expect(await sideways(page), path).toBe(0)
        found.push(...(await audit(page, path)))
      }
      // an order's details keep 'Order history' marked in the account menu (nothing was marked there)
      await visit.goto(`/my-account/OrderDetails/${order.number}`)
      const history = page.locator('nav[aria-label="My account"] a', { hasText: 'Order history' })
      expect(await history.evaluate((a) => getComputedStyle(a).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
      // the account menu in two columns: the page's own heading is on the first screen, not below eight menu rows
      await visit.goto('/de/MyAccount/OrderHistory')
      expect((await page.locator('main h1').boundingBox())!.y).toBeLessThan(MOBILE.height * 0.6)
      expect(found).toEqual([])

      await page.context().clearCookies()
      const email = `fit-empty-${Date.now()}@example.com`
      const signup = await page.request.post('/api/account', { data: { email, password: 'correct-horse-battery-9', firstName: 'Ada', lastName: 'Lovelace' }, headers: ownAddress() })
      expect(signup.status(), await signup.text()).toBeLessThan(300)
      expect((await page.request.post('/api/auth/login', { data: { username: email, password: 'correct-horse-battery-9' } })).status()).toBeLessThan(300)
      await visit.goto('/de/MyAccount/OrderHistory')
      const empty = page.getByTestId('empty-state')
      expect(await empty.innerText()).toContain('Sie haben noch keine Bestellungen.')
      expect(await empty.getByRole('link', { name: 'Jetzt einkaufen' }).getAttribute('href')).toBe('/de')
      visit.expectNoProblems()
    } finally {
      await visit.close()
    }
  })
})
