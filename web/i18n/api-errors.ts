import type { ErrorCode } from '#kernel/error-codes.ts'
import type { MessageKey, Translate } from './index.tsx'

/**
 * The one place a backend refusal becomes words: its stable code (kernel/error-codes.ts) picks a dictionary key, so
 * the shopper reads it in their language and rewording the backend's sentence changes nothing here. The balance
 * refusals (`order_changed`, `balance_changed`) name a new figure, so their pages say them with it.
 */
export const API_ERROR_KEYS: Partial<Record<ErrorCode, MessageKey>> = {
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
  provider_unavailable: 'payment.providerDown',
  card_declined: 'payment.declined',
  insufficient_funds: 'payment.insufficientFunds',
  card_expired: 'payment.expired',
  incorrect_cvc: 'payment.incorrectCvc',
  authentication_failed: 'payment.authFailed',
  card_unknown: 'payment.reenter',
  payment_not_completed: 'payment.notPlaced',
}

/** What a refused call failed with: the sentence, and the code when our backend sent one. */
interface Refused {
  message: string
  code?: ErrorCode
}

/**
 * The sentence to show for a failure, in the page's language. Without a known code (a remote Spree, the network,
 * a refusal the storefront does not tell apart) the answer's own sentence is shown, as Spree gave it.
 */
export function localizeApiError(error: unknown, t: Translate): string {
  if (!(error instanceof Error)) return String(error)
  const key = codeOf(error) && API_ERROR_KEYS[codeOf(error)!]
  return key ? t(key) : error.message
}

/** The code an error carries (an `ApiError` from the commerce client or the browser), if any. */
export const codeOf = (error: unknown): ErrorCode | undefined => (error as Partial<Refused> | null)?.code
