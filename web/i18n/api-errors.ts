import type { ErrorCode } from '#kernel/error-codes.ts'
import type { MessageKey, Translate } from './index.tsx'
import { tooManyAttemptsMessage } from '../api/storefront-api.ts'

/**
 * The one place a backend refusal becomes words: its stable code (kernel/error-codes.ts) picks a dictionary key, so
 * the shopper reads it in their language and rewording the backend's sentence changes nothing here. Every code has
 * a whole sentence in both languages (the type makes the map complete; tests/worker/refusals-german.test.ts reads
 * them); figures come with the refusal as `params`. The balance refusals (`order_changed`, `balance_changed`) name a
 * new figure, so the checkout says them with it.
 */
export const API_ERROR_KEYS: Record<ErrorCode, MessageKey> = {
  cart_not_found: 'shop.cartGone',
  line_not_found: 'shop.lineGone',
  order_too_large: 'shop.orderTooLarge',
  coupon_unknown: 'shop.couponUnknown',
  coupon_expired: 'shop.couponExpired',
  coupon_used_up: 'shop.couponUsedUp',
  coupon_not_active: 'shop.couponNotActive',
  coupon_already_used: 'shop.couponAlreadyUsed',
  gift_card_invalid: 'shop.giftCardInvalid',
  gift_card_empty: 'shop.giftCardEmpty',
  order_changed: 'refusal.orderChanged',
  balance_changed: 'refusal.balanceChanged',
  provider_unavailable: 'payment.providerDown',
  card_declined: 'payment.declined',
  insufficient_funds: 'payment.insufficientFunds',
  card_expired: 'payment.expired',
  incorrect_cvc: 'payment.incorrectCvc',
  authentication_failed: 'payment.authFailed',
  card_unknown: 'payment.reenter',
  payment_not_completed: 'payment.notPlaced',
  captcha_required: 'captcha.required',
  captcha_invalid: 'captcha.invalid',
  captcha_unavailable: 'refusal.captchaUnavailable',
  product_unavailable: 'refusal.productUnavailable',
  gift_card_form_only: 'refusal.giftCardFormOnly',
  no_price_in_currency: 'refusal.noPriceInCurrency',
  out_of_stock: 'refusal.outOfStock',
  stock_limited: 'refusal.stockLimited',
  deal_sold_out: 'refusal.dealSoldOut',
  line_quantity_limit: 'refusal.lineQuantityLimit',
  gift_card_quantity_limit: 'refusal.giftCardQuantityLimit',
  coupon_minimum: 'refusal.couponMinimum',
  coupon_not_applied: 'refusal.couponNotApplied',
  coupon_removed: 'refusal.couponRemoved',
  currency_unavailable: 'refusal.currencyUnavailable',
  gift_card_currency: 'refusal.giftCardCurrency',
  gift_card_unavailable: 'refusal.giftCardUnavailable',
  gift_card_lines_limit: 'refusal.giftCardLinesLimit',
  store_credit_unavailable: 'refusal.storeCreditUnavailable',
  store_credit_empty: 'refusal.storeCreditEmpty',
  pay_later_limit: 'refusal.payLaterLimit',
  wallet_unavailable: 'refusal.walletUnavailable',
  address_missing: 'refusal.addressMissing',
  shipping_unavailable: 'refusal.shippingUnavailable',
  pickup_place_missing: 'refusal.pickupPlaceMissing',
  card_missing: 'refusal.cardMissing',
  card_brand_not_accepted: 'refusal.cardBrandNotAccepted',
  authentication_required: 'refusal.authenticationRequired',
  nothing_to_pay: 'refusal.nothingToPay',
  order_not_ready: 'refusal.orderNotReady',
  login_required: 'refusal.loginRequired',
  session_expired: 'refusal.sessionExpired',
  email_taken: 'refusal.emailTaken',
  email_unknown: 'refusal.emailUnknown',
  password_common: 'refusal.passwordCommon',
  password_required: 'refusal.passwordRequired',
  password_incorrect: 'refusal.passwordIncorrect',
  reset_link_invalid: 'refusal.resetLinkInvalid',
  address_unknown: 'refusal.addressUnknown',
  account_is_operator: 'refusal.accountIsOperator',
  too_many_attempts: 'error.tooManyAttempts',
  newsletter_link_invalid: 'refusal.newsletterLinkInvalid',
  wishlist_item_gone: 'refusal.wishlistItemGone',
  stock_alert_email_invalid: 'refusal.stockAlertEmailInvalid',
  stock_alert_variant_unknown: 'refusal.stockAlertVariantUnknown',
  stock_alert_in_stock: 'refusal.stockAlertInStock',
  stock_alert_link_invalid: 'refusal.stockAlertLinkInvalid',
  return_order_cancelled: 'refusal.returnOrderCancelled',
  return_not_shipped: 'refusal.returnNotShipped',
  return_window_closed: 'refusal.returnWindowClosed',
  return_already_open: 'refusal.returnAlreadyOpen',
  return_none_chosen: 'refusal.returnNoneChosen',
  return_unknown_item: 'refusal.returnUnknownItem',
  return_gift_card: 'refusal.returnGiftCard',
  return_all_returned: 'refusal.returnAllReturned',
  return_too_many: 'refusal.returnTooMany',
  invalid_details: 'refusal.invalidDetails',
  invalid_request: 'refusal.invalidRequest',
  not_found: 'refusal.notFound',
}

/** What a refused call failed with: the sentence, and the code when our backend sent one. */
interface Refused {
  message: string
  code?: ErrorCode
  /** The figures the sentence names (`{ left: 3 }`). */
  params?: Record<string, string | number>
  /** A 429's seconds until the shopper may try again. */
  retryAfter?: number
}

/**
 * The sentence to show for a failure, in the page's language. Without a known code (a remote Spree, the network,
 * a refusal the storefront does not tell apart) the answer's own sentence is shown, as Spree gave it.
 */
export function localizeApiError(error: unknown, t: Translate): string {
  if (!(error instanceof Error)) return String(error)
  const code = codeOf(error)
  if (!code) return error.message
  const { params, retryAfter } = error as Partial<Refused>
  if (code === 'too_many_attempts') return tooManyAttemptsMessage(t, Number(params?.seconds ?? retryAfter ?? 60))
  const key = keyOfCode(code)
  if (!key) return error.message
  const text = t(key, params)
  // a key the page has not loaded yet (its dictionary part comes with the screens that need it) reads as itself
  return text === key ? error.message : text
}

/**
 * The dictionary key of a code, or undefined for a code this build does not know: the browser takes any code-shaped
 * string from the BFF (web/api/browser/request.ts), so a newer worker's code shows the answer's own sentence.
 */
export const keyOfCode = (code: ErrorCode): MessageKey | undefined => (Object.hasOwn(API_ERROR_KEYS, code) ? API_ERROR_KEYS[code] : undefined)

/** The code an error carries (an `ApiError` from the commerce client or the browser), if any. */
export const codeOf = (error: unknown): ErrorCode | undefined => (error as Partial<Refused> | null)?.code
