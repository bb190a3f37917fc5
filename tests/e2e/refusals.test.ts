// Issue 42 points 5 and 7: the newsletter prompt never opens over another dialog or the cart page and waits until
// the shopper is idle (the page's clock is Playwright's, so 20 s pass at once; no sleeps); expected refusals (a wrong
// coupon, a wrong password, an email already taken, a declined card) show a whole sentence in English and German and
// leave no 'Failed to load resource' in the console while a real 5xx still does; the refused forms at 390 and 1440 px (docs/screenshots/refusal-*.png), axe.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { DESKTOP, launchBrowser, MOBILE, openPage, waitForHydration, type Problem, type Visit } from './browser.ts'
import { addWithSidebar, rateToPayment, toPaymentStep } from './checkout-steps.ts'
import { audit } from './axe.ts'
import { CARD_EXPIRY } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
}, 60_000)
afterAll(async () => {
  await browser?.close()
})

const PRODUCT = '/products/basecamp-summit-fleece'
const prompt = (page: Page) => page.getByTestId('newsletter-modal')
/** Lets the page act on the timers that just ran (and fetch the dialog's code, were it due). */
const settle = (page: Page) => page.waitForLoadState('networkidle')

describe('the newsletter prompt', () => {
  for (const [locale, width] of [
    ['en', 'desktop'],
    ['de', 'phone'],
  ] as const) {
    test(`${locale} on a ${width}: never over the cart nor on the cart page; once idle, it opens`, { timeout: 120_000 }, async () => {
      const phone = width === 'phone'
      const visit = await openPage(browser, { viewport: phone ? MOBILE : DESKTOP, isMobile: phone })
      try {
        const { page } = visit
        await page.clock.install()
        const prefix = locale === 'de' ? '/de' : ''
        // on the cart page it waits, however long the shopper stays
        await visit.goto(`${prefix}/Cart`)
        await waitForHydration(page)
        await page.clock.fastForward(40_000)
        await settle(page)
        expect(await prompt(page).count()).toBe(0)

        await visit.goto(`${prefix}/`)
        await waitForHydration(page)
        await page.getByTestId(phone ? 'mobile-cart-button' : 'cart-button').click()
        const cart = page.locator('[data-testid=cart-sidebar]')
        await cart.waitFor({ state: 'visible' })
        await page.clock.fastForward(40_000)
        await settle(page)
        expect(await prompt(page).count()).toBe(0)
        await page.keyboard.press('Escape')
        await cart.waitFor({ state: 'hidden' })
        // the shopper has just acted (Escape): not yet
        await page.clock.fastForward(2_000)
        await settle(page)
        expect(await prompt(page).count()).toBe(0)
        // left alone for a moment: now
        await page.clock.fastForward(6_000)
        await prompt(page).waitFor({ state: 'visible' })
        visit.expectNoProblems()
      } finally {
        await visit.close()
      }
    })
  }
})

const failedLoads = (problems: Problem[]) => problems.filter((p) => p.text.startsWith('Failed to load resource'))

/** The whole sentences each refusal shows, in the page's language (web/i18n; never a fragment such as 'was declined'). */
const SAYS = {
  en: {
    coupon: "The coupon code you entered doesn't exist. Please try again.",
    declined: 'Your card was declined. Please use another card.',
    password: 'Invalid username or password',
    taken: 'An account with this email address already exists. Please log in instead.',
  },
  de: {
    coupon: 'Diesen Gutscheincode gibt es nicht. Bitte versuchen Sie es erneut.',
    declined: 'Ihre Karte wurde abgelehnt. Bitte verwenden Sie eine andere Karte.',
    password: 'Ungültiger Benutzername oder ungültiges Passwort',
    taken: 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto. Bitte melden Sie sich stattdessen an.',
  },
}

/** The German checkout from its shipping step: a guest's address by the fields' ids, then the offered rate and billing. */
async function germanPaymentStep(visit: Visit, email: string) {
  await visit.goto('/de/checkout/shipping')
  await waitForHydration(visit.page)
  const form = visit.page.getByTestId('shipping-address-form')
  for (const [id, value] of [
    ['email', email],
    ['firstName', 'Ada'],
    ['lastName', 'Lovelace'],
    ['addressLine1', '1 Collins Street'],
    ['city', 'Melbourne'],
    ['zipCode', '3000'],
    ['phoneNumber', '0412 345 678'],
  ] as const)
    await form.locator(`#${id}`).fill(value)
  await form.locator('#state').selectOption('AU-VIC')
  await form.locator('button[type=submit]').click()
  await rateToPayment(visit.page)
}

describe('expected refusals leave the console clean', () => {
  for (const locale of ['en', 'de'] as const) {
    test(
      `${locale}: a wrong coupon, a wrong password, an email taken and a declined card: whole sentences, no error line${locale === 'en' ? '; a real 5xx still logs' : ''}`,
      { timeout: 180_000 },
      async () => {
        const visit = await openPage(browser, { viewport: DESKTOP, allow: (p) => p.text.includes('status of 503') })
        const prefix = locale === 'de' ? '/de' : ''
        const says = SAYS[locale]
        try {
          const { page } = visit
          const sidebar = await addWithSidebar(page, `${prefix}${PRODUCT}`)
          // a wrong coupon, in the cart sidebar
          const coupon = sidebar.getByTestId('coupon')
          await coupon.locator('input[name=code]').fill('NOPE-NOPE')
          await coupon.getByTestId('apply-coupon').click()
          await page.getByText(says.coupon).first().waitFor()
          // soft: the sentences below are checked even where this refusal logged an error
          expect.soft(failedLoads(visit.problems), 'a wrong coupon').toEqual([])

          // a declined card on the payment step: a whole sentence under the card number, no fragment
          const guest = `declined-${locale}-${Date.now()}@example.com`
          if (locale === 'de') await germanPaymentStep(visit, guest)
          else await toPaymentStep(page, guest)
          const payment = page.locator('[data-testid=payment-form]')
          await payment.locator('#cardNumber').fill('4000 0000 0000 0002')
          await payment.locator('#expiry').fill(CARD_EXPIRY)
          await payment.locator('#cvc').fill('123')
          await payment.locator('input[name=terms]').check()
          await page.getByTestId('pay').click()
          await payment.getByText(says.declined).first().waitFor()
          expect(await payment.textContent()).not.toMatch(/(^|[^.] )was declined$|>was declined<|abgelehnt$/)
          if (locale === 'en') {
            for (const [w, h] of [
              [390, 844],
              [1440, 900],
            ] as const) {
              await page.setViewportSize({ width: w, height: h })
              await payment.screenshot({ path: `docs/screenshots/refusal-card-declined-${w}.png` })
            }
            expect(await audit(page, 'declined card')).toEqual([])
            await page.setViewportSize(DESKTOP)
          }

          // an email already taken and a wrong password, in the signup and login dialogs
          const email = `taken-${locale}-${Date.now()}@example.com`
          expect(
            (
              await visit.context.request.post('/api/account', {
                headers: { origin: new URL(page.url()).origin },
                data: { email, password: 'correct-horse-battery1', firstName: 'Ada', lastName: 'Lovelace' },
              })
            ).status(),
          ).toBeLessThan(300)
          await visit.goto(`${prefix}/Login`)
          await waitForHydration(page)
          const login = page.getByTestId('login-page')
          await login.locator('input[name=login-email]').fill(email)
          await login.locator('input[name=login-password]').fill('not-the-password')
          await login.getByTestId('login-form').locator('button[type=submit]').click()
          await page.getByText(says.password).first().waitFor()
          const signup = login.getByTestId('signup-form')
          await signup.locator('input[name=signup-email]').fill(email)
          await signup.locator('input[name=signup-first-name]').fill('Ada')
          await signup.locator('input[name=signup-last-name]').fill('Lovelace')
          await signup.locator('input[name=signup-password]').fill('correct-horse-battery1')
          await signup.locator('button[type=submit]').click()
          await page.getByText(says.taken).first().waitFor()
          expect(await page.getByText('has already been taken').count()).toBe(0)
          if (locale === 'en') {
            for (const [w, h] of [
              [390, 844],
              [1440, 900],
            ] as const) {
              await page.setViewportSize({ width: w, height: h })
              await signup.screenshot({ path: `docs/screenshots/refusal-email-taken-${w}.png` })
            }
            expect(await audit(page, 'email taken')).toEqual([])
          }
          expect(failedLoads(visit.problems)).toEqual([])
          if (locale === 'de') return visit.expectNoProblems()

          // a real failure still shows: the same coupon request answered 503
          await page.route('**/api/cart/coupon', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }))
          await page.evaluate(() => fetch('/api/cart/coupon', { method: 'POST', headers: { 'content-type': 'application/json', 'x-refusal-in-body': '1' }, body: '{"code":"X"}' }))
          await expect.poll(() => failedLoads(visit.problems).length).toBe(1)
          visit.expectNoProblems()
        } finally {
          await visit.close()
        }
      },
    )
  }
})
