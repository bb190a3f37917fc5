import * as z from 'zod/mini'
import { CAPTCHA_TOKEN_MAX } from '#worker/lib/captcha.ts'

/** Inputs of the shopper BFF. Shapes and sizes only: the commerce API checks the business rules and says why. */

const text = (max: number) => z.string({ message: 'This field is required.' }).check(z.maxLength(max, `This field can have at max ${max} characters.`))
const optionalText = (max: number) => z.nullish(text(max))
const captchaToken = z.optional(text(CAPTCHA_TOKEN_MAX))
const id = z.string({ message: 'must be an id' }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be an id'))
const email = z.pipe(z.string({ message: 'Please, provide a valid email address.' }).check(z.trim(), z.maxLength(254)), z.email({ message: 'Please, provide a valid email address.' }))

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
export const SavedAddressSchema = z.extend(AddressSchema, { isDefault: z._default(z.boolean({ message: 'must be true or false' }), false) })

export const AddItemSchema = z.object({ variantId: id, quantity: z._default(z.number({ message: 'must be a number' }).check(z.int(), z.gte(1, 'must be at least 1'), z.lte(9999)), 1) })
export const QuantitySchema = z.object({ quantity: z.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'), z.lte(9999)) })
export const CouponSchema = z.object({ code: text(64).check(z.minLength(1, 'This field is required.')) })
export const CurrencyChangeSchema = z.object({ current: z.enum(['AUD', 'USD']), next: z.enum(['AUD', 'USD'], { message: 'Choose AUD or USD.' }) })
export const ShippingAddressSchema = z.object({ address: AddressSchema, email: z.optional(email) })
export const BillingAddressSchema = z.object({ address: AddressSchema })
export const ShippingMethodSchema = z.object({ shippingRateId: id, pickupPlaceId: z.optional(id) })
const returnUrl = z.string().check(z.maxLength(500), z.refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an absolute http(s) URL'))
export const PaymentSchema = z.object({
  method: z.enum(['card', 'gift_card', 'store_credit', 'authorised', 'wallet', 'pay_later'], { message: 'Choose a payment method.' }),
  cardNumber: z.optional(z.string().check(z.maxLength(30))),
  expiry: z.optional(z.string().check(z.maxLength(10))),
  cvc: z.optional(z.string().check(z.maxLength(4))),
  paymentMethodId: z.optional(z.string().check(z.regex(/^pm_[A-Za-z0-9_]{6,100}$/, 'is not a card of the payment provider'))),
  savedCardId: z.optional(id),
  saveCard: z.optional(z.boolean()),
  returnUrl: z.optional(returnUrl),
  hostedSessionId: z.optional(z.string().check(z.regex(/^cs_[A-Za-z0-9_]{6,200}$/, 'is not a payment page session'))),
  giftCardCode: z.optional(z.string().check(z.maxLength(40))),
  expectedBalance: z.optional(z.number().check(z.nonnegative(), z.lte(9_999_999))),
  captchaToken,
})
export const HostedPaymentSchema = z.object({ successUrl: returnUrl, cancelUrl: returnUrl, expectedBalance: z.optional(z.number().check(z.nonnegative(), z.lte(9_999_999))), saveCard: z.optional(z.boolean()) })
export const OrdersQuerySchema = z.object({
  page: z._default(z.coerce.number({ message: 'must be a whole number' }).check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'), z.lte(10_000, 'must be at most 10000')), 1),
  pageSize: z._default(z.coerce.number({ message: 'must be a whole number' }).check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'), z.lte(100, 'must be at most 100')), 10),
})
export const LoginSchema = z.object({ username: text(254).check(z.minLength(1, 'This field is required.')), password: text(128).check(z.minLength(1, 'This field is required.')), captchaToken })
export const RegisterSchema = z.object({ email, password: text(128), firstName: text(100).check(z.minLength(1, 'This field is required.')), lastName: text(100).check(z.minLength(1, 'This field is required.')), captchaToken })
export const ProfileSchema = z.object({ firstName: text(100), lastName: text(100), email, currentPassword: z.optional(text(128)) })
export const AccountDeleteSchema = z.object({ password: text(128) })
export const PasswordChangeSchema = z.object({ currentPassword: text(128), newPassword: text(128) })
export const ForgotSchema = z.object({ email })
export const ResetSchema = z.object({ token: text(200).check(z.minLength(1, 'This field is required.')), password: text(128) })
export const WishlistAddSchema = z.object({ variantId: id })
export const GiftCardSchema = z.object({
  amount: z.number({ message: 'must be a number' }),
  recipientName: text(100),
  recipientEmail: email,
  message: z.pipe(optionalText(500), z.transform((v) => v ?? undefined)),
  // YYYY-MM-DD; the backend checks the day
  deliverOn: z.pipe(optionalText(10), z.transform((v) => v ?? undefined)),
})
export const GiftCardCodeSchema = z.object({ code: text(40).check(z.minLength(1, 'This field is required.')) })
export const AffiliateSchema = z.object({ code: text(64) })
export const EmailSchema = z.object({ email })
/** An unsubscribe: a newsletter link's address and signature, or (signed in, no token) the customer's own. */
export const UnsubscribeSchema = z.object({ email, token: z.optional(z.string().check(z.maxLength(200))) })
export const ContactSchema = z.object({ name: text(100), email, message: text(5000), captchaToken })
export const IdParamSchema = z.object({ id })
export const NewsletterTokenSchema = z.object({ token: text(100).check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'This confirmation link is not valid.')) })
/** Back-in-stock alerts: shapes only, so the backend refuses a bad address or size in the shopper's language. */
export const StockAlertSchema = z.object({ variantId: text(64), email: z.optional(text(1000)) })
export const StockAlertTokenSchema = z.object({ token: text(200) })
export const StockAlertUnsubscribeSchema = z.object({ email: text(254), token: text(200) })
export const ReturnRequestSchema = z.object({
  reason: text(40).check(z.minLength(1, 'Choose a reason for the return.')),
  comment: z.nullable(text(1000)),
  items: z.array(z.object({ lineItemId: text(20).check(z.minLength(1)), quantity: z.number().check(z.int(), z.gte(0), z.lte(999)) })).check(z.minLength(1), z.maxLength(100)),
})
