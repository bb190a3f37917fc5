import * as z from 'zod'
import { CAPTCHA_TOKEN_MAX } from '#worker/lib/captcha.ts'

/** Inputs of the shopper BFF. Shapes and sizes only: the commerce API checks the business rules and says why. */

const text = (max: number) => z.string({ message: 'This field is required.' }).max(max, `This field can have at max ${max} characters.`)
const optionalText = (max: number) => text(max).nullish()
const captchaToken = text(CAPTCHA_TOKEN_MAX).optional()
const id = z.string({ message: 'must be an id' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an id')
const email = z.string({ message: 'Please, provide a valid email address.' }).trim().max(254).pipe(z.email({ message: 'Please, provide a valid email address.' }))

export const AddressSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  company: optionalText(100),
  addressLine1: text(255),
  apartment: optionalText(255),
  streetName: optionalText(255),
  streetNumber: optionalText(50),
  city: text(100),
  state: text(100),
  zipCode: text(20),
  country: text(2),
  phoneNumber: text(25),
  email: optionalText(254),
  taxId: optionalText(50),
})
export const SavedAddressSchema = AddressSchema.extend({ isDefault: z.boolean({ message: 'must be true or false' }).default(false) })

export const AddItemSchema = z.object({ variantId: id, quantity: z.number({ message: 'must be a number' }).int().min(1, 'must be at least 1').max(9999).default(1) })
export const QuantitySchema = z.object({ quantity: z.number({ message: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(9999) })
export const CouponSchema = z.object({ code: text(64).min(1, 'This field is required.') })
export const CurrencyChangeSchema = z.object({ current: z.enum(['AUD', 'USD']), next: z.enum(['AUD', 'USD'], { message: 'Choose AUD or USD.' }) })
export const ShippingAddressSchema = z.object({ address: AddressSchema, email: email.optional() })
export const BillingAddressSchema = z.object({ address: AddressSchema })
export const ShippingMethodSchema = z.object({ shippingRateId: id, pickupPlaceId: id.optional() })
const returnUrl = z.string().max(500).refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an absolute http(s) URL')
export const PaymentSchema = z.object({
  method: z.enum(['card', 'gift_card', 'store_credit', 'authorised', 'wallet', 'pay_later'], { message: 'Choose a payment method.' }),
  cardNumber: z.string().max(30).optional(),
  expiry: z.string().max(10).optional(),
  cvc: z.string().max(4).optional(),
  paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{6,100}$/, 'is not a card of the payment provider').optional(),
  savedCardId: id.optional(),
  saveCard: z.boolean().optional(),
  returnUrl: returnUrl.optional(),
  hostedSessionId: z.string().regex(/^cs_[A-Za-z0-9_]{6,200}$/, 'is not a payment page session').optional(),
  giftCardCode: z.string().max(40).optional(),
  expectedBalance: z.number().nonnegative().max(9_999_999).optional(),
  captchaToken,
})
export const HostedPaymentSchema = z.object({ successUrl: returnUrl, cancelUrl: returnUrl, expectedBalance: z.number().nonnegative().max(9_999_999).optional(), saveCard: z.boolean().optional() })
export const OrdersQuerySchema = z.object({
  page: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000').default(1),
  pageSize: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').default(10),
})
export const LoginSchema = z.object({ username: text(254).min(1, 'This field is required.'), password: text(128).min(1, 'This field is required.'), captchaToken })
export const RegisterSchema = z.object({ email, password: text(128), firstName: text(100).min(1, 'This field is required.'), lastName: text(100).min(1, 'This field is required.'), captchaToken })
export const ProfileSchema = z.object({ firstName: text(100), lastName: text(100), email, currentPassword: text(128).optional() })
export const AccountDeleteSchema = z.object({ password: text(128) })
export const PasswordChangeSchema = z.object({ currentPassword: text(128), newPassword: text(128) })
export const ForgotSchema = z.object({ email })
export const ResetSchema = z.object({ token: text(200).min(1, 'This field is required.'), password: text(128) })
export const WishlistAddSchema = z.object({ variantId: id })
export const GiftCardSchema = z.object({
  amount: z.number({ message: 'must be a number' }),
  recipientName: text(100),
  recipientEmail: email,
  message: optionalText(500).transform((v) => v ?? undefined),
  // YYYY-MM-DD; the backend checks the day
  deliverOn: optionalText(10).transform((v) => v ?? undefined),
})
export const GiftCardCodeSchema = z.object({ code: text(40).min(1, 'This field is required.') })
export const AffiliateSchema = z.object({ code: text(64) })
export const EmailSchema = z.object({ email })
/** An unsubscribe: a newsletter link's address and signature, or (signed in, no token) the customer's own. */
export const UnsubscribeSchema = z.object({ email, token: z.string().max(200).optional() })
export const ContactSchema = z.object({ name: text(100), email, message: text(5000), captchaToken })
export const IdParamSchema = z.object({ id })
export const NewsletterTokenSchema = z.object({ token: text(100).regex(/^[A-Za-z0-9_-]{20,100}$/, 'This confirmation link is not valid.') })
/** Back-in-stock alerts: shapes only, so the backend refuses a bad address or size in the shopper's language. */
export const StockAlertSchema = z.object({ variantId: text(64), email: text(1000).optional() })
export const StockAlertTokenSchema = z.object({ token: text(200) })
export const StockAlertUnsubscribeSchema = z.object({ email: text(254), token: text(200) })
export const ReturnRequestSchema = z.object({
  reason: text(40).min(1, 'Choose a reason for the return.'),
  comment: text(1000).nullable(),
  items: z.array(z.object({ lineItemId: text(20).min(1), quantity: z.number().int().min(0).max(999) })).min(1).max(100),
})
