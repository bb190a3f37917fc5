/**
 * The business constants of spec §9, with the spec's names, in one place.
 * Shared by the worker and the browser; nothing here may import worker code.
 */
import type { Currency, Locale } from './models.ts'

export const LOCALES = ['en', 'de'] as const satisfies readonly Locale[]
export const DEFAULT_LOCALE: Locale = 'en'
/** BCP 47 tags the locales format with (spec §9: en-US and de-DE). */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-AU', de: 'de-DE' }
/** German pages keep this prefix; English pages have none. */
export const LOCALE_PREFIX: Record<Locale, string> = { en: '', de: '/de' }

export const CURRENCIES = ['AUD', 'USD'] as const satisfies readonly Currency[]
export const DEFAULT_CURRENCY: Currency = 'AUD'
export const DEFAULT_COUNTRY = 'AU'
/** The store's clock: dates in emails, and the day a gift card's delivery date means. */
export const STORE_TIME_ZONE = 'Australia/Melbourne'
/** Locale, currency and country cookies live a year (spec §9). */
export const PREFERENCE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365

export const ITEMS_PER_PAGE_DEFAULT = 48
export const ITEMS_PER_PAGE_OPTIONS = [12, 24, 48] as const
export const PRICE_FILTER_BUCKETS = ['0-50', '51-100', '101-150', '151-200', '201-300'] as const
export const SORT_OPTIONS = ['', 'member_price', '-member_price', 'name', '-name'] as const

export const SEARCH_ITEMS_PER_PAGE = 40
/**
 * The search's order: '' asks the API for none, which for a search means relevance (the name above the categories
 * above the description; docs/catalogue-api.md, Search). Spec §9 said 'name'; decision 0009 explains the change.
 */
export const SEARCH_SORT = ''
export const SEARCH_DEBOUNCE_MS = 1000
export const CART_QUANTITY_DEBOUNCE_MS = 500
/** A tab shown again after at least this long hidden asks the server who the shopper is (a logout in another tab). */
export const SESSION_RECHECK_HIDDEN_MS = 3000

export const NOTIFICATIONS_MAX = 3
export const NOTIFICATION_TIMEOUT_MS = 3000
export const TOAST_TIMEOUT_MS = 5000

export const PASSWORD_MIN_CHARACTERS = 8
/** The signup form's email-verification widget (spec §5): seconds before a check counts as failed, accepted result codes. */
export const EMAIL_VERIFICATION_TIMEOUT_SECONDS = 10
export const EMAIL_VERIFICATION_ACCEPTED_CODES: readonly number[] = [0, 3, 4]
/** The stock a cart line shows, whatever is on hand (spec §3). */
export const CART_LINE_STOCK = 99999
export const CART_EVENT_CURRENCY: Currency = 'AUD'

/**
 * The most one card payment may be (Stripe's per-charge maximum, 999,999.99 in AUD and USD): a price, and an order's
 * merchandise and balance due, stay at or below it, so no order reaches checkout that the card provider would refuse.
 */
export const CHARGE_MAX_CENTS = 99_999_999

/** Gift cards (issue 7 bounds): whole amounts in the cart's currency, and how many one order may hold. */
export const GIFT_CARD_AMOUNT_MIN = 10
export const GIFT_CARD_AMOUNT_MAX = 500
export const GIFT_CARD_LINE_MAX_QUANTITY = 10
export const GIFT_CARD_LINES_MAX = 10
export const GIFT_CARD_PRESET_AMOUNTS = [25, 50, 100, 200] as const
/** A gift card with a delivery date is emailed at this hour (store time) that day, at most this many days ahead. */
export const GIFT_CARD_DELIVERY_HOUR = 8
export const GIFT_CARD_DELIVERY_MAX_DAYS = 365
/**
 * D1 allows 1,000 queries per Worker invocation on Workers Paid (50 on Free), each statement of a batch counting as
 * one. A completion request is budgeted at 50 whatever the order holds, so the storefront's payment request (gift
 * card, card and completion chained in one invocation) stays far below 1,000 (docs/checkout.md).
 */
export const D1_QUERIES_PER_COMPLETION_MAX = 50

export const IMAGE_SIZES = {
  mobile: { width: 240, height: 240 },
  desktop: { width: 350, height: 468 },
  large: { width: 650, height: 870 },
} as const

/**
 * CMS section pictures (hero, gallery, side by side) are shown 2:1 at the three widths of the §9 styles' names: the
 * console resizes an uploaded picture to each (docs/console.md 'Content').
 */
export const CMS_IMAGE_SIZES = {
  mobile: { width: 600, height: 300 },
  desktop: { width: 1200, height: 600 },
  large: { width: 1600, height: 800 },
} as const

export const LOADING_MIN_DELAY_MS = 200
export const PROGRESS_BAR_THROTTLE_MS = 200
export const PROGRESS_BAR_DURATION_MS = 5000
export const CHUNK_RELOAD_GUARD_MS = 60_000

/**
 * Prefetch of likely next pages (route chunks, and the data of the one a shopper points at) is skipped on these
 * connection types and whenever the browser asks to save data (spec §9: not on slow 2g or with data-saver).
 */
export const PREFETCH_SKIP_EFFECTIVE_TYPES: readonly string[] = ['slow-2g']
/** How long prefetched page data may stand in for the request a navigation makes. */
export const PREFETCH_DATA_TTL_MS = 30_000

export const DESKTOP_BREAKPOINT_PX = 1024
export const LAYOUT_MAX_WIDTH_PX = 1240
export const FREE_RETURNS_DAYS = 30
/** Why a shopper sends something back (the return form's choices; en/de words in the dictionaries and the emails). */
export const RETURN_REASONS = ['too_small', 'too_large', 'not_as_described', 'faulty', 'changed_mind', 'other'] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]

export const ONE_DAY_DEAL_PATH = '/t/special-events/one-day-deal'
/**
 * The gift cards category. The mobile menu leaves it out: its extra 'GIFT CARDS' link (spec §2, to /GiftCards, where a
 * card is bought) would otherwise appear twice under the same name.
 */
export const GIFT_CARDS_CATEGORY_PATH = '/t/gift-cards'
export const LAST_CHANCE_DEALS_SLUG = 'last-chance-deals'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}
export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value)
}

/** Splits `/de/t/men` into `{ locale: 'de', path: '/t/men' }`; English paths have no prefix. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  // case-insensitive, as route matching is: /DE/AboutUs is the German page, in German
  const head = pathname.slice(0, 4).toLowerCase()
  if (head === '/de' || head === '/de/') {
    return { locale: 'de', path: pathname.slice(3) || '/' }
  }
  return { locale: 'en', path: pathname || '/' }
}

/** The same page in another language: `localePath('de', '/t/men')` → `/de/t/men`. */
export function localePath(locale: Locale, path: string): string {
  const prefix = LOCALE_PREFIX[locale]
  if (!prefix) return path || '/'
  return path === '/' || path === '' ? prefix : prefix + path
}

/** No storefront request body comes near this; anything larger is refused before it is parsed (the body-limit
 * middleware and the backend, each on its own, so a backend mounted elsewhere keeps the limit). */
export const MAX_BODY_BYTES = 64 * 1024
