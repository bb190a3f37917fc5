// Checkout steps the browser tests share: one sample Australian address, typed into the shipping step's form.
import type { Locator } from 'playwright-core'

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
