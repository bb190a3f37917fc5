/**
 * Stable codes for the backend's refusals that the storefront tells apart. The backend sends one as `code` beside
 * Spree's `error`/`errors` (our extension of the contract); the client turns it into words in the shopper's language
 * (web/i18n/api-errors.ts). Sentences may be reworded freely; a code, once shipped, keeps its meaning.
 */
export const ERROR_CODES = [
  'cart_not_found',
  'line_not_found',
  'order_too_large',
  'coupon_unknown',
  'coupon_expired',
  'coupon_used_up',
  'coupon_not_active',
  'coupon_already_used',
  'gift_card_invalid',
  'gift_card_empty',
  'order_changed',
  'balance_changed',
  'provider_unavailable',
  'card_declined',
  'insufficient_funds',
  'card_expired',
  'incorrect_cvc',
  'authentication_failed',
  'card_unknown',
  'payment_not_completed',
  'captcha_required',
  'captcha_invalid',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES)

/** A code from an answer body: only one of ours counts (a remote Spree sends none; anything else is ignored). */
export const errorCodeOf = (value: unknown): ErrorCode | undefined => (typeof value === 'string' && KNOWN.has(value) ? (value as ErrorCode) : undefined)
