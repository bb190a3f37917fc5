// Gift cards in Chromium with JavaScript (issue 9.1): a logged-out shopper is sent to the login modal; a member buys
// a card from /GiftCards and pays; the emailed code then pays a guest's whole order and part of another, and each
// thank-you page's tax invoice says how its total was paid (the card by its last four characters, and the card).
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { giftCardsToPayment, pay, redeemGiftCard, toPaymentStep } from './checkout-steps.ts'
import { audit } from './axe.ts'
import { DESKTOP, MOBILE, baseUrl, launchBrowser, openPage, untilItWorks, waitForHydration, type Visit, ownAddress } from './browser.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const origin = () => new URL(baseUrl()).origin

async function addProduct(visit: Visit, slug: string) {
  await visit.goto(`/products/${slug}`)
  await waitForHydration(visit.page)
  // a slow machine opens the sidebar late, and the open sidebar covers the button: never click again once it is open
  const sidebar = visit.page.locator('[data-testid=cart-sidebar]')
  await untilItWorks(async () => {
    if (!(await sidebar.isVisible())) await visit.page.getByRole('button', { name: 'Add to cart' }).click()
    await sidebar.waitFor({ state: 'visible', timeout: 10_000 })
  }, 30_000)
}

const summaryAmount = async (page: Page, testId: string) => Number(((await page.locator(`[data-testid=order-summary] [data-testid=${testId}] dd`).textContent()) ?? '').replace(/[^\d.]/g, ''))
const amountOf = async (page: Page, testId: string) => Number(((await page.locator(`[data-testid=${testId}]`).first().textContent()) ?? '').replace(/[^\d.]/g, ''))

describe('gift cards', () => {
  test('a logged-out shopper is asked to log in; a member buys one; a guest redeems it for a whole order and part of another', async () => {
    const recipient = `giftee-${Date.now()}@example.com`

    // Logged out: the message and the login modal, nothing in the cart.
    // the page knows a guest (the server confirms it) before posting: no refused request, a clean console
    const guestVisit = await openPage(browser)
    try {
      const { page } = guestVisit
      await guestVisit.goto('/GiftCards')
      await waitForHydration(page)
      const form = page.locator('[data-testid=gift-card-form]')
      await form.getByLabel('Recipient name').fill('Grace')
      await form.getByLabel('Recipient email').fill(recipient)
      await form.getByTestId('gift-card-submit').click()
      await page.locator('[data-testid=login-modal]').waitFor({ state: 'visible' })
      await expect.poll(() => page.locator('[data-testid=notifications]').textContent()).toContain('Please login in to add gift card')
      for (const [name, viewport] of [['mobile', MOBILE], ['desktop', { width: 1440, height: 900 }]] as const) {
        await page.keyboard.press('Escape')
        await page.setViewportSize(viewport)
        await form.screenshot({ path: `/tmp/gift-card-form-${name}.png` })
      }
      guestVisit.expectNoProblems()
    } finally {
      await guestVisit.close()
    }

    // A member buys a $200 card and pays for it.
    const member = await openPage(browser, { viewport: DESKTOP })
    let code = ''
    try {
      const { page, context } = member
      const signup = await context.request.post('/api/account', { data: { email: `buyer-${Date.now()}@example.com`, password: 'secret123', firstName: 'Ada', lastName: 'Lovelace' }, headers: { origin: origin(), ...ownAddress() } })
      expect(signup.status()).toBe(200)
      await member.goto('/GiftCards')
      await waitForHydration(page)
      const form = page.locator('[data-testid=gift-card-form]')
      await form.getByText('$200').click()
      await form.getByLabel('Recipient name').fill('Grace')
      await form.getByLabel('Recipient email').fill(recipient)
      await form.getByLabel('Message (optional)').fill('Happy birthday!')
      await untilItWorks(async () => {
        await form.getByTestId('gift-card-submit').click()
        await page.locator('[data-testid=cart-sidebar]').waitFor({ state: 'visible', timeout: 2_000 })
      })
      await expect.poll(() => page.locator('[data-testid=cart-line]').first().textContent()).toContain('$200.00')
      // only an e-gift card in the cart: no shipping step, the billing address is asked for outright
      await giftCardsToPayment(page)
      await pay(page, { card: true })
      code = await readCode(context, recipient)
      expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/)
      member.expectNoProblems()
    } finally {
      await member.close()
    }

    // A guest: one product, paid wholly by the card (no card number needed).
    const list = await (await browser.newContext({ baseURL: baseUrl() })).request.get('/api/v2/storefront/products?filter[purchasable]=true&per_page=20')
    // a product of 60–150: one is less than the card, three are more than what it has left
    const products = ((await list.json()) as { data: Array<{ attributes: { slug: string; price: string } }> }).data
    const slug = products.find((p) => !p.attributes.slug.startsWith('gift-card') && Number(p.attributes.price) >= 60 && Number(p.attributes.price) <= 150)!.attributes.slug
    const whole = await openPage(browser)
    let left = 0
    try {
      await addProduct(whole, slug)
      await toPaymentStep(whole.page, `whole-${Date.now()}@example.com`)
      const total = await amountOf(whole.page, 'order-total')
      expect(total).toBeLessThan(200)
      left = 200 - total
      // redeemed: the summary shows what it pays, what it keeps and nothing left to pay (removing: tests/worker/shop-forms)
      await redeemGiftCard(whole.page, code)
      expect(await summaryAmount(whole.page, 'gift-card-pays')).toBeCloseTo(total, 2)
      expect(await summaryAmount(whole.page, 'gift-card-left')).toBeCloseTo(left, 2)
      expect(await summaryAmount(whole.page, 'balance-due')).toBe(0)
      await pay(whole.page, { card: false })
      // the tax invoice: the gift card paid it all, and no card was charged
      const wholePaid = await paidWith(whole.page)
      expect(wholePaid.map(([label]) => label)).toEqual([`Gift card •••• ${code.slice(-4)}`])
      expect(wholePaid[0]![1]).toBeCloseTo(total, 2)
      expect(await whole.page.getByTestId('paid-in-full').textContent()).toBe('Paid in full by gift card: no card was charged.')
      expect(await audit(whole.page, 'thank-you, paid by gift card')).toEqual([])
      whole.expectNoProblems()
    } finally {
      await whole.close()
    }

    // Another guest: an order larger than what is left; the card pays that and the credit card the rest.
    const part = await openPage(browser)
    try {
      await addProduct(part, slug)
      await addProduct(part, slug)
      await addProduct(part, slug)
      await toPaymentStep(part.page, `part-${Date.now()}@example.com`)
      const partTotal = await amountOf(part.page, 'order-total')
      expect(partTotal).toBeGreaterThan(left)
      await redeemGiftCard(part.page, code)
      expect(await summaryAmount(part.page, 'gift-card-pays')).toBeCloseTo(left, 2)
      expect(await summaryAmount(part.page, 'gift-card-left')).toBe(0)
      expect(await summaryAmount(part.page, 'balance-due')).toBeCloseTo(partTotal - left, 2)
      await pay(part.page, { card: true })
      // the tax invoice: what the gift card paid and what the card paid, together the total
      const partPaid = await paidWith(part.page)
      expect(partPaid.map(([label]) => label)).toEqual([`Gift card •••• ${code.slice(-4)}`, 'Card ending in 4242'])
      expect(partPaid[0]![1]).toBeCloseTo(left, 2)
      expect(partPaid[1]![1]).toBeCloseTo(partTotal - left, 2)
      expect(partPaid[0]![1] + partPaid[1]![1]).toBeCloseTo(await amountOf(part.page, 'invoice-total'), 2)
      expect(await part.page.getByTestId('paid-in-full').count()).toBe(0)
      expect(await audit(part.page, 'thank-you, paid by gift card and card')).toEqual([])
      for (const [name, width] of [['390', 390], ['1440', 1440]] as const) {
        await part.page.setViewportSize({ width, height: 900 })
        await part.page.getByTestId('tax-invoice').screenshot({ path: `/tmp/thank-you-paid-with-${name}.png` })
      }
      part.expectNoProblems()
    } finally {
      await part.close()
    }
  }, 120_000)
})

/** The tax invoice's 'Paid with' rows: label and amount. */
async function paidWith(page: Page) {
  const rows = page.locator('[data-testid=tax-invoice] [data-testid=paid-by]')
  await rows.first().waitFor()
  return Promise.all(
    (await rows.all()).map(async (row) => [(await row.locator('dt').textContent()) ?? '', Number(((await row.locator('dd').textContent()) ?? '').replace(/[^\d.]/g, ''))] as const),
  )
}

async function readCode(context: BrowserContext, recipient: string) {
  const outbox = await context.request.get(`/api/v2/storefront/outbox?email=${encodeURIComponent(recipient)}`)
  const mail = ((await outbox.json()) as { data: Array<{ kind: string; body: string }> }).data.find((m) => m.kind === 'gift_card')
  return /Your code: ([A-Z0-9-]+)/.exec(mail?.body ?? '')?.[1] ?? ''
}
