/// <reference types="node" />
// Card payments with Stripe in Chromium: a copy of the store served with Stripe's keys, pointed at a local fake of
// Stripe's API and of Stripe.js (tests/fakes/stripe-server.ts). A guest pays by card in AUD; a 3-D Secure card goes
// to the bank's page and back; a declined card in German says why in German and keeps the cart; without JavaScript
// the hosted payment page is the way; after three declined cards the captcha (a local fake Turnstile) is asked for.
// Each ends on the thank-you page with one payment and one confirmation email. axe finds nothing serious on the
// payment step with the element, nor with a refusal shown. After 3-D Secure the thank-you page pushes `purchase` once.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { FAKE_PUBLISHABLE_KEY, FAKE_SECRET_KEY } from '#tests/fakes/stripe-api.ts'
import { startStripeServer, type StripeServer } from '#tests/fakes/stripe-server.ts'
import { addressToPayment } from './checkout-steps.ts'
import { audit } from './axe.ts'
import { launchBrowser, openPage, waitForHydration, type Visit } from './browser.ts'
import { fakeCaptcha, startFakeThirdParty, type FakeThirdParty } from './fake-third-party.ts'
import { queryD1, serveCopy, type ServedCopy } from './serve-copy.ts'

let browser: Browser
let stripe: StripeServer
let thirdParty: FakeThirdParty
let store: ServedCopy
const captcha = fakeCaptcha('e2e-stripe-captcha-secret')
let variantId: string
const orders: string[] = []

beforeAll(async () => {
  ;[browser, stripe, thirdParty] = await Promise.all([launchBrowser(), startStripeServer(), startFakeThirdParty(captcha.files)])
  store = await serveCopy({
    from: inject('persistTo'),
    vars: {
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
      STRIPE_API_BASE: stripe.origin,
      STRIPE_JS_URL: `${stripe.origin}/v3/stripe.js`,
      // the card-testing defence: after three declines on a cart the payment step asks for the captcha
      ...captcha.vars(thirdParty.origin),
    },
  })
  const list = await fetch(`${store.url}/api/v2/storefront/products?filter[purchasable]=true&per_page=20&include=default_variant`)
  const products = (await list.json()) as { data: Array<{ attributes: { slug: string }; relationships: { default_variant: { data: { id: string } } } }> }
  variantId = products.data.find((p) => !p.attributes.slug.startsWith('gift-card'))!.relationships.default_variant.data.id
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await store?.stop()
  await stripe?.close()
  await thirdParty?.close()
})

/** One item in the cart (through the store's own cart API), then the address steps up to the payment step; `email` for a guest. */
async function toPayment(page: Page, context: BrowserContext, email?: string, scripted = true) {
  const added = await context.request.post(`${store.url}/api/cart/items`, { data: { variantId, quantity: 1 }, headers: { origin: store.url } })
  expect(added.status(), await added.text()).toBe(200)
  await page.goto('/checkout/shipping')
  // typed before hydration, the state would be lost when the form re-renders its country's states (seen under load)
  if (scripted) await waitForHydration(page, '[data-testid=shipping-address-form]')
  await addressToPayment(page, email)
}

/** Types a card into the (fake) Stripe card element once it has mounted. */
async function typeCard(page: Page, number: string) {
  await page.locator('[data-testid=card-element][aria-busy=false] [data-fake-stripe-card]').fill(number)
}

async function thankYou(page: Page) {
  await page.waitForURL(/\/checkout\/thank-you\?order=R\d+$/)
  const number = new URL(page.url()).searchParams.get('order')!
  await expect.poll(() => page.locator('[data-testid=thank-you]').textContent()).toContain(number)
  orders.push(number)
}

/** STRIPE_SCREENSHOTS=dir: the payment step with the card element at 1440 and 390 px, to look at. */
async function screenshots(page: Page, name = 'payment-step') {
  const dir = process.env.STRIPE_SCREENSHOTS
  if (!dir) return
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** The `purchase` events in the page's data layer. */
const purchases = (page: Page) => page.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter((e) => e?.event === 'purchase'))

async function withPage(run: (visit: Visit) => Promise<void>) {
  // the browser reports the BFF's refusals it was meant to get: the bank's 402 (3-D Secure) and a declined card's 422
  const visit = await openPage(browser, { baseUrl: store.url, allow: ({ text, url }) => /status of (402|422)/.test(text) && url.endsWith('/api/checkout/complete') })
  visit.page.setDefaultTimeout(30_000)
  try {
    await run(visit)
    visit.expectNoProblems()
  } finally {
    await visit.close()
  }
}

describe('paying by card with Stripe', () => {
  test('a guest pays in AUD with the card element', () =>
    withPage(async ({ page, context }) => {
      await toPayment(page, context, 'stripe-card@example.com')
      await typeCard(page, '4242 4242 4242 4242')
      expect(await audit(page, 'payment step with the card element')).toEqual([])
      await screenshots(page)
      await page.getByLabel('I agree to the terms and conditions').check()
      await page.getByTestId('pay').click()
      await thankYou(page)
    }))

  test('a member’s 3-D Secure card, kept for next time: the bank’s page, then back to the thank-you page', () =>
    withPage(async ({ page, context }) => {
      const email = `stripe-3ds-${Date.now()}@example.com`
      const headers = { origin: store.url, 'content-type': 'application/json' }
      const password = 'correct-horse-battery1'
      const joined = await context.request.post(`${store.url}/api/account`, { headers, data: { email, password, firstName: 'Ada', lastName: 'Lovelace', captchaToken: 'fake-pass' } })
      expect(joined.status(), await joined.text()).toBeLessThan(300)
      expect((await context.request.post(`${store.url}/api/auth/login`, { headers, data: { username: email, password } })).status()).toBeLessThan(300)
      await toPayment(page, context)
      await typeCard(page, '4000 0027 6000 3184')
      await page.getByLabel('Save this card for next time').check()
      await screenshots(page, 'payment-step-member')
      await page.getByLabel('I agree to the terms and conditions').check()
      await page.getByTestId('pay').click()
      await page.waitForURL(`${stripe.origin}/3ds/**`)
      await page.getByRole('button', { name: 'Complete authentication' }).click()
      await thankYou(page)
      // the order was placed on the server (the return route), yet the thank-you page reports it: once, nothing personal
      const number = orders.at(-1)!
      await page.locator('[data-testid=thank-you][data-purchase-event=sent]').waitFor()
      const pushed = await purchases(page)
      expect(pushed).toMatchObject([{ event: 'purchase', ecommerce: { transaction_id: number, currency: 'AUD', items: [{ quantity: 1 }] } }])
      expect(JSON.stringify(pushed)).not.toMatch(new RegExp(`${email.replace(/[.+]/g, '\\$&')}|3184|pm_|pi_|token`))
      await page.reload()
      await page.locator('[data-testid=thank-you][data-purchase-event=earlier]').waitFor()
      expect(await purchases(page)).toEqual([])
      // the ticked box kept the card, through the bank's page and back
      const cards = await context.request.get(`${store.url}/api/account/cards`)
      expect(((await cards.json()) as Array<{ lastDigits: string }>).map((card) => card.lastDigits)).toEqual(['3184'])
    }))

  test('three declined cards: the captcha and its sentence, then a good card pays once it is answered', () =>
    withPage(async ({ page, context }) => {
      await toPayment(page, context, 'stripe-captcha@example.com')
      await page.getByLabel('I agree to the terms and conditions').check()
      const form = page.getByTestId('payment-form')
      // each try is one confirmation at (fake) Stripe: the page's answer to it comes after
      const declines = () => stripe.fake.requests.filter((r) => r.path.endsWith('/confirm')).length
      const before = declines()
      const verified = () => thirdParty.requests.filter((path) => path === '/siteverify').length
      const verifiedBefore = verified()
      for (let i = 1; i <= 3; i++) {
        await typeCard(page, '4000 0000 0000 0002')
        await page.getByTestId('pay').click()
        await expect.poll(declines).toBe(before + i)
        await expect.poll(() => page.locator('[data-testid=form-error]').textContent()).toBe('Your card was declined. Please use another card.')
        if (i < 3) expect(await form.getByTestId('captcha').count()).toBe(0)
      }
      await form.getByText('Several cards were declined. Please confirm you are not a robot, then pay again.').waitFor()
      await form.getByRole('button', { name: /I am human/ }).click()
      await typeCard(page, '4242 4242 4242 4242')
      await page.getByTestId('pay').click()
      await thankYou(page)
      expect(verified()).toBe(verifiedBefore + 1)
    }))

  test('a declined card in German says why in German and keeps the cart; another card pays', () =>
    withPage(async ({ page, context }) => {
      await toPayment(page, context, 'stripe-declined@example.com')
      await page.goto('/de/checkout/payment')
      await typeCard(page, '4000 0000 0000 0002')
      await page.getByRole('checkbox', { name: 'Ich stimme den Allgemeinen Geschäftsbedingungen zu', exact: true }).check()
      await page.getByTestId('pay').click()
      await expect.poll(() => page.locator('[data-testid=form-error]').textContent()).toBe('Ihre Karte wurde abgelehnt. Bitte verwenden Sie eine andere Karte.')
      expect(await audit(page, 'payment step (de) after a declined card')).toEqual([])
      expect(new URL(page.url()).pathname).toBe('/de/checkout/payment')
      expect(await page.locator('[data-testid=order-summary]').textContent()).toMatch(/Menge 1/)
      await typeCard(page, '4242 4242 4242 4242')
      await page.getByTestId('pay').click()
      await thankYou(page)
    }))

  test('without JavaScript: Stripe’s hosted payment page and back', async () => {
    const context = await browser.newContext({ baseURL: store.url, javaScriptEnabled: false, locale: 'en-AU' })
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(30_000)
      await toPayment(page, context, 'stripe-nojs@example.com', false)
      expect(await page.getByTestId('pay-on-hosted-page').textContent()).toContain('secure payment page')
      await page.getByLabel('I agree to the terms and conditions').check()
      await page.getByTestId('pay').click()
      await page.waitForURL(`${stripe.origin}/pay/**`)
      await page.getByLabel('Card number').fill('4242424242424242')
      await page.getByRole('button', { name: /^Pay / }).click()
      await thankYou(page)
    } finally {
      await context.close()
    }
  })

  test('each order has one captured payment and one confirmation email', () => {
    expect(orders).toHaveLength(5)
    const list = orders.map((n) => `'${n}'`).join(',')
    const rows = queryD1(
      store.persistTo,
      `SELECT o.number, o.state, o.total_cents,
         (SELECT COUNT(*) FROM payments p WHERE p.order_id = o.id AND p.state = 'completed' AND p.provider_state = 'captured' AND p.amount_cents = o.total_cents) AS captured,
         (SELECT COUNT(*) FROM payments p WHERE p.order_id = o.id AND p.state NOT IN ('void', 'completed')) AS open,
         (SELECT COUNT(*) FROM outbox m WHERE m.ref = o.number AND m.kind = 'order_confirmation') AS mails
       FROM orders o WHERE o.number IN (${list}) ORDER BY o.number`,
    )
    expect(rows.map(({ number, state, captured, open, mails }) => ({ number, state, captured, open, mails }))).toEqual(
      [...orders].sort().map((number) => ({ number, state: 'complete', captured: 1, open: 0, mails: 1 })),
    )
    // every intent the fake saw for these orders was captured or cancelled: none is left authorised
    expect([...stripe.fake.intents.values()].filter((pi) => pi.status === 'requires_capture')).toEqual([])
  })
})
