// Checkout steps the browser tests share: one sample Australian address, typed into the shipping step's form, and
// paying on the payment step (test card and/or gift card code) through to the thank-you page.
import type { Locator, Page } from 'playwright-core'
import { CARD_EXPIRY } from './browser.ts'

/** Fills the shipping address form (and the guest's email when given); the caller submits it. */
export async function fillShippingAddress(address: Locator, guestEmail?: string) {
  if (guestEmail) await address.getByLabel('Email').fill(guestEmail)
  await address.getByLabel('First name').fill('Ada')
  await address.getByLabel('Last name').fill('Lovelace')
  await address.getByLabel('Street address').fill('1 Collins Street')
  await address.getByLabel('City / suburb').fill('Melbourne')
  await address.getByLabel('State').selectOption('VIC')
  await address.getByLabel('Postcode').fill('3000')
  await address.getByLabel('Phone').fill('0412 345 678')
}

/** Pays on the payment step with a gift card code and/or the test card, agrees to the terms, waits for thank-you. */
export async function pay(page: Page, opts: { giftCardCode?: string; card: boolean }) {
  const payment = page.locator('[data-testid=payment-form]')
  if (opts.giftCardCode) await payment.getByLabel('Gift card code (optional)').fill(opts.giftCardCode)
  if (opts.card) {
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242')
    await payment.getByLabel('Expiry (MM/YY)').fill(CARD_EXPIRY)
    await payment.getByLabel('CVC').fill('123')
  }
  await payment.getByLabel('I agree to the terms and conditions').check()
  await page.getByTestId('pay').click()
  await page.waitForURL(/\/checkout\/thank-you\?order=R\d+$/)
}
