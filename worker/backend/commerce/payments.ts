import * as z from 'zod/mini'
import { luhnValid } from '#kernel/card-number.ts'

/**
 * The store's payment methods: their ids as the contract's `payment_method_id` (clients find them by type in
 * GET /checkout/payment_methods, as with any Spree), and how each is listed. The card method's type and words are
 * its provider's (payments/provider.ts).
 */
export const PAYMENT_METHOD_IDS = { card: '1', gift_card: '2', store_credit: '3', wallet: '4', pay_later: '5' } as const
export const PAYMENT_METHODS = [
  { id: PAYMENT_METHOD_IDS.gift_card, type: 'Spree::PaymentMethod::GiftCard', name: 'Gift Card', description: 'Pay with a gift card code.' },
  { id: PAYMENT_METHOD_IDS.store_credit, type: 'Spree::PaymentMethod::StoreCredit', name: 'Store Credit', description: 'Use the store credit of your account.' },
] as const

/**
 * The test card gateway approves exactly these numbers (the usual public test cards) and declines every other valid
 * card number. It sees the number once, at tokenisation (gateway.ts); only the brand and last four digits are kept.
 */
export const APPROVED_TEST_CARDS: Record<string, 'visa' | 'mastercard' | 'amex'> = {
  '4111111111111111': 'visa',
  '4242424242424242': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '378282246310005': 'amex',
}


const thisYear = () => new Date().getUTCFullYear()

export const CardSourceSchema = z
  .object({
    number: z.pipe(z
      .string({ message: 'This field is required.' }), z.transform((v) => v.replace(/[\s-]/g, ''))).check(z.refine((v) => /^\d{12,19}$/.test(v) && luhnValid(v), 'The card number is not valid.')),
    month: z.coerce.number({ message: 'must be a month' }).check(z.int('must be a month'), z.gte(1, 'must be a month'), z.lte(12, 'must be a month')),
    year: z.pipe(z.coerce
      .number({ message: 'must be a year' }).check(z.int('must be a year')), z.transform((y) => (y < 100 ? 2000 + y : y))).check(z.refine((y) => y >= thisYear() && y <= thisYear() + 20, 'The card has expired or the year is not valid.')),
    verification_value: z.string({ message: 'This field is required.' }).check(z.regex(/^\d{3,4}$/, 'The security code has 3 or 4 digits.')),
    name: z.optional(z.string().check(z.trim(), z.maxLength(100, 'This field can have at max 100 characters.'))),
  }).check(z.refine((s) => {
      const now = new Date()
      return s.year > now.getUTCFullYear() || s.month >= now.getUTCMonth() + 1
    }, { path: ['month'], message: 'The card has expired.' }))

export type CardSource = z.output<typeof CardSourceSchema>
