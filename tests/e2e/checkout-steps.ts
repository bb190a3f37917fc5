// Checkout steps the browser tests share: one sample Australian address, typed into the shipping step's form, the
// rate and billing steps, and paying on the payment step (test card and/or gift card code) through to the thank-you
// page. Controls are found by id, test id or name, not by their words, so the German pages use the same steps.
import type { Locator, Page } from 'playwright-core'
import { CARD_EXPIRY, untilItWorks, waitForHydration } from './browser.ts'

/** Adds the product at `path` to the cart with JavaScript: the sidebar opens with it. */
export async function addWithSidebar(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
  return addOnThisPage(page)
}

/** Presses the product page's Add to cart (hydrated) until the sidebar opens with the line; answers the sidebar. */
export async function addOnThisPage(page: Page) {
  const sidebar = page.locator('[data-testid=cart-sidebar]')
  // a click before hydration has committed does nothing: click again, but never once the sidebar is open (a slow
  // machine opens it late, and the open sidebar covers the button)
  await untilItWorks(async () => {
    if (!(await sidebar.isVisible())) await page.getByTestId('add-to-cart').click()
    await sidebar.waitFor({ state: 'visible', timeout: 5_000 })
  }, 30_000)
  return sidebar
}

/**
 * A guest's Melbourne address, typed into the shipping address form by field id (so the German form takes the same
 * step) and submitted: the rates come next.
 */
export async function submitMelbourneAddress(page: Page, email: string) {
  const form = page.getByTestId('shipping-address-form')
  await form.locator('#email').fill(email)
  await form.locator('#firstName').fill('Ada')
  await form.locator('#lastName').fill('Lovelace')
  await form.locator('#addressLine1').fill('1 Flinders Street')
  await form.locator('#city').fill('Melbourne')
  await form.locator('#zipCode').fill('3000')
  await form.locator('#country').selectOption('AU')
  await form.locator('#state').selectOption('AU-VIC')
  await form.locator('#phoneNumber').fill('0412 345 678')
  await form.locator('button[type=submit]').click()
}

/** Fills the shipping address form (and the guest's email when given); the caller submits it. */
export async function fillShippingAddress(address: Locator, guestEmail?: string) {
  if (guestEmail) await address.getByLabel('Email').fill(guestEmail)
  await address.getByLabel('First name').fill('Ada')
  await address.getByLabel('Last name').fill('Lovelace')
  await address.getByLabel('Street address').fill('1 Collins Street')
  await address.getByLabel('City / suburb').fill('Melbourne')
  await address.getByLabel('State').selectOption({ label: 'Victoria' })
  await address.getByLabel('Postcode').fill('3000')
  await address.getByLabel('Phone').fill('0412 345 678')
}

/**
 * 'go to checkout' in the cart sidebar; a guest then chooses 'Check out as a guest' on /Checkout/CheckoutType. A cart
 * of only e-gift cards has no shipping step: it lands on billing.
 */
export async function goToCheckout(page: Page) {
  await page.locator('[data-testid=cart-sidebar]').getByRole('link', { name: 'go to checkout' }).click()
  await page.waitForURL(/\/checkout\/(shipping|billing)|\/Checkout\/CheckoutType/)
  if (page.url().includes('CheckoutType')) {
    await page.getByTestId('as-guest').click()
    await page.waitForURL('**/checkout/shipping')
  }
}

/** From the cart sidebar to the payment step, filling the shipping address (and the email for a guest). */
export async function toPaymentStep(page: Page, guestEmail?: string) {
  await goToCheckout(page)
  await addressToPayment(page, guestEmail)
}

/** On the shipping step: the sample address (and the guest's email), then on to the payment step. */
export async function addressToPayment(page: Page, guestEmail?: string) {
  const address = page.locator('[data-testid=shipping-address-form]')
  await fillShippingAddress(address, guestEmail)
  await address.getByRole('button', { name: 'Continue to shipping method' }).click()
  await rateToPayment(page)
}

/** Once the address is saved: the offered rate (or the last one listed), billing as shipping, the payment step. */
export async function rateToPayment(page: Page, { lastRate = false } = {}) {
  const rates = page.locator('[data-testid=shipping-rate-form]')
  await rates.waitFor({ state: 'visible' })
  if (lastRate) await rates.locator('input[name=rateId]').last().check()
  await rates.locator('button[type=submit]').click()
  await page.waitForURL('**/checkout/billing')
  await page.getByTestId('billing-form').locator('button[type=submit]').click()
  await page.waitForURL('**/checkout/payment')
}

/** A cart of only e-gift cards, from the cart sidebar: no shipping step, the billing address, the payment step. */
export async function giftCardsToPayment(page: Page) {
  await goToCheckout(page)
  await page.waitForURL('**/checkout/billing')
  const billing = page.getByTestId('billing-form')
  await fillShippingAddress(billing)
  await billing.locator('button[type=submit]').click()
  await page.waitForURL('**/checkout/payment')
}

/** Redeems a gift card code on the payment step and waits until the summary shows what it pays. */
export async function redeemGiftCard(page: Page, code: string) {
  const redeem = page.locator('[data-testid=gift-card-form]')
  await redeem.getByLabel('Gift card code').fill(code)
  await redeem.getByRole('button', { name: 'Redeem' }).click()
  await page.locator('[data-testid=order-summary] [data-testid=gift-card-pays]').waitFor()
}

/** Pays on the payment step with a gift card code and/or the test card, agrees to the terms, waits for thank-you. */
export async function pay(page: Page, opts: { giftCardCode?: string; card: boolean }) {
  const payment = page.locator('[data-testid=payment-form]')
  if (opts.giftCardCode) await redeemGiftCard(page, opts.giftCardCode)
  if (opts.card) {
    await payment.locator('#cardNumber').fill('4242 4242 4242 4242')
    await payment.locator('#expiry').fill(CARD_EXPIRY)
    await payment.locator('#cvc').fill('123')
  }
  await payment.locator('input[name=terms]').check()
  await page.getByTestId('pay').click()
  await page.waitForURL(/\/checkout\/thank-you\?order=R\d+$/)
}
