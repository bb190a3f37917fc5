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
  'captcha_unavailable',
  // the cart and what goes in it
  'product_unavailable',
  'gift_card_form_only',
  'no_price_in_currency',
  'out_of_stock',
  'stock_limited',
  'deal_sold_out',
  'line_quantity_limit',
  'gift_card_quantity_limit',
  'coupon_minimum',
  'coupon_not_applied',
  'coupon_removed',
  'currency_unavailable',
  'gift_card_currency',
  'gift_card_unavailable',
  'gift_card_lines_limit',
  'store_credit_unavailable',
  'store_credit_empty',
  // wallets and pay-later (decision 0079)
  'pay_later_limit',
  'wallet_unavailable',
  // checkout and paying
  'address_missing',
  'shipping_unavailable',
  'pickup_place_missing',
  'card_missing',
  'card_brand_not_accepted',
  'authentication_required',
  'nothing_to_pay',
  'order_not_ready',
  // accounts
  'login_required',
  'session_expired',
  'email_taken',
  'email_unknown',
  'password_common',
  'password_required',
  'password_incorrect',
  'reset_link_invalid',
  'address_unknown',
  'account_is_operator',
  'too_many_attempts',
  'newsletter_link_invalid',
  'wishlist_item_gone',
  // back-in-stock alerts (issue 44)
  'stock_alert_email_invalid',
  'stock_alert_variant_unknown',
  'stock_alert_in_stock',
  'stock_alert_link_invalid',
  // returns
  'return_order_cancelled',
  'return_not_shipped',
  'return_window_closed',
  'return_already_open',
  'return_none_chosen',
  'return_unknown_item',
  'return_gift_card',
  'return_all_returned',
  'return_too_many',
  // a request the storefront's own forms do not send (a hand-made call), or an address that is not there
  'invalid_details',
  'invalid_request',
  'not_found',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

// pure: a module that takes only errorParamsOf (the browser, web/api/browser/request.ts) leaves the list out
const KNOWN: ReadonlySet<string> = /* @__PURE__ */ new Set(ERROR_CODES)

/** The figures a refusal's sentence names (`{ left: 3 }`), from an answer body: strings and numbers only. */
export const errorParamsOf = (value: unknown): Record<string, string | number> | undefined => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
  const out: Record<string, string | number> = {}
  for (const [key, v] of Object.entries(value)) if ((typeof v === 'string' && v.length <= 40) || (typeof v === 'number' && Number.isFinite(v))) out[key] = v
  return Object.keys(out).length ? out : undefined
}

/** A code from an answer body: only one of ours counts (a remote Spree sends none; anything else is ignored). */
export const errorCodeOf = (value: unknown): ErrorCode | undefined => (typeof value === 'string' && KNOWN.has(value) ? (value as ErrorCode) : undefined)
