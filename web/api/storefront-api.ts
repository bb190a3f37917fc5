import type { Translate } from '../i18n/index.tsx'
import type { ErrorCode } from '#kernel/error-codes.ts'
import type {
  Address,
  Banner,
  Cart,
  Category,
  CmsPage,
  SizeGuide,
  Country,
  Currency,
  LoggedIn,
  Menu,
  Order,
  Product,
  ReturnRequestInput,
  ProductList,
  ProductQuery,
  SavedCard,
  SearchResult,
  SessionInfo,
  ShippingRate,
  User,
  Wishlist,
} from '#kernel/models.ts'

/**
 * The operations of spec §7, typed with the models of §3. Route loaders and actions are written once against it:
 * on the server it calls the commerce client directly (worker/commerce/server-api.ts), in the browser it calls the
 * BFF at /api/* (web/api/browser-api.ts). Every method rejects with an `ApiError` on failure.
 */
export interface StorefrontApi extends Partial<StockAlertOperations> {
  // Session (personal data, loaded by the client after hydration)
  getSession(): Promise<SessionInfo>
  /** Cheap check used by the account guard on both sides. */
  isAuthenticated(): Promise<boolean>

  // Catalogue (issue 3)
  getCategory(categorySlug: string, opts?: { disableFilterNav?: boolean }): Promise<Category | null>
  getCategoryTree(): Promise<Category[]>
  getProducts(query: ProductQuery): Promise<ProductList>
  getProduct(slug: string, opts?: { categoryId?: string }): Promise<Product | null>
  getProductById(id: string): Promise<Product | null>
  getCMSPage(contentPageSlug: string): Promise<CmsPage | null>
  /** The size guide the product's category uses (issue 44 point 5); null when there is none. */
  getSizeGuide(product: string): Promise<SizeGuide | null>
  getMenus(menuType: 'header' | 'footer'): Promise<Menu>
  getBanners(): Promise<Banner[]>
  getCategoryBanners(categorySlug: string): Promise<Banner[]>
  search(term: string, opts?: { page?: number; itemsPerPage?: number }): Promise<SearchResult>
  getAvailableCountries(): Promise<Country[]>
  getCountryDetails(iso: string): Promise<Country | null>

  // Cart (issue 4)
  getOrCreateCart(): Promise<Cart>
  getCart(): Promise<Cart | null>
  addToCart(variantId: string, quantity: number): Promise<Cart>
  removeFromCart(lineItemId: string): Promise<Cart>
  updateItemQuantity(lineItemId: string, quantity: number): Promise<Cart>
  clearCart(): Promise<Cart>
  applyCoupon(couponCode: string): Promise<Cart>
  removeCoupon(couponCode: string): Promise<Cart>
  changeCurrency(current: Currency, next: Currency): Promise<Cart | null>

  // Checkout (issue 4)
  saveCheckoutShippingAddress(address: Omit<Address, '_id' | 'isDefault'>, email?: string): Promise<Cart>
  saveCheckoutBillingAddress(address: Omit<Address, '_id' | 'isDefault'>): Promise<Cart>
  getShipments(): Promise<ShippingRate[]>
  /** Attaches a gift card to the checkout (it pays up to its balance); the cart then shows what it pays and keeps. */
  applyGiftCard(code: string): Promise<Cart>
  removeGiftCard(): Promise<Cart>
  /** `pickupPlaceId`: the Click & Collect place, with a pickup rate (docs/commerce-api.md). */
  saveShippingMethod(shippingRateId: string, pickupPlaceId?: string): Promise<Cart>
  makeOrder(payment: {
    /** `authorised`: the card was already confirmed elsewhere (the bank's 3-D Secure page, Stripe's hosted page). */
    method: 'card' | 'gift_card' | 'store_credit' | 'authorised' | 'wallet' | 'pay_later'
    cardNumber?: string
    expiry?: string
    cvc?: string
    /** A card entered in the provider's own element: its payment method id (the contract's gateway_payment_profile_id). */
    paymentMethodId?: string
    /** A member's saved card (the contract's source_id). */
    savedCardId?: string
    /** A member keeps the new card for next time (ticked on the payment step); left out, the API keeps it (Spree's way). */
    saveCard?: boolean
    /** Where the bank's 3-D Secure page sends the shopper back to (a 402 with `redirect_url` asks for it). */
    returnUrl?: string
    /** Back from the provider's hosted payment page. */
    hostedSessionId?: string
    giftCardCode?: string
    /** The balance due the shopper was shown: the card is never charged more (409 if it would be). */
    expectedBalance?: number
    /** The captcha's answer, asked for after repeated declines where one is configured (422 `captcha_token`). */
    captchaToken?: string
  }): Promise<Order>
  /**
   * The order the shopper's checkout became when it was placed within the last hour, and they have no open cart
   * since: where a 'Pay now' sent again (a double click, a dropped connection) lands. Null otherwise.
   */
  placedOrder(): Promise<Order | null>
  /** Opens the card provider's hosted payment page for the balance due (paying without JavaScript): its URL. */
  openHostedPayment(input: { successUrl: string; cancelUrl: string; expectedBalance?: number; saveCard?: boolean }): Promise<{ url: string }>
  /** A member's saved cards (empty for a guest). */
  getSavedCards(): Promise<SavedCard[]>

  // Orders and account (issue 4)
  getOrder(orderNumber: string): Promise<Order | null>
  getOrders(page: number, pageSize: number): Promise<{ orders: Order[]; totalPages: number; totalCount: number }>
  /** A member asks to return items of a placed order; answers the order with the request (4xx with a sentence otherwise). */
  requestReturn(orderNumber: string, input: ReturnRequestInput): Promise<Order>
  getCurrentUser(): Promise<User | null>
  /** `captchaToken`: a solved captcha, which the backend asks for after many wrong passwords for the account. */
  logIn(username: string, password: string, captchaToken?: string): Promise<LoggedIn>
  logOut(): Promise<void>
  /** `captchaToken`: the captcha's answer, required when one is configured (worker/lib/captcha.ts). */
  registerUser(input: { email: string; password: string; firstName: string; lastName: string; captchaToken?: string }): Promise<User>
  /** A new email needs `currentPassword` (a stolen session alone cannot move the account to another mailbox). */
  updateCurrentUser(input: { firstName: string; lastName: string; email: string; currentPassword?: string }): Promise<User>
  changePassword(currentPassword: string, newPassword: string): Promise<{ isPasswordChanged: boolean }>
  forgotPassword(email: string): Promise<void>
  resetPassword(token: string, password: string): Promise<void>
  getAddresses(): Promise<Address[]>
  addAddress(address: Omit<Address, '_id'>): Promise<Address>
  updateAddress(address: Address): Promise<Address>
  deleteAddress(id: string): Promise<void>

  // Wishlist (issue 4)
  getWishlist(): Promise<Wishlist | null>
  addToWishlist(variantId: string): Promise<Wishlist>
  removeFromWishlist(wishedProductId: string): Promise<Wishlist>
  deleteWishlist(): Promise<void>

  // Extensions (issue 4)
  buyGiftCard(input: { amount: number; recipientName: string; recipientEmail: string; message?: string; /** YYYY-MM-DD: emailed that morning */ deliverOn?: string }): Promise<Cart>
  setAffiliateCode(code: string): Promise<void>
  subscribeNewsletter(email: string): Promise<void>
  /** Without `token`: the signed-in customer's own subscription; with it: the address of a newsletter's signed link. */
  unsubscribeNewsletter(email: string, token?: string): Promise<void>
  /** The double opt-in: the emailed link's token, posted from the confirm page's button. */
  confirmNewsletter(token: string): Promise<void>
  sendContactMessage(input: { name: string; email: string; message: string; captchaToken?: string }): Promise<void>
  /** The member's own data as one JSON document: profile, addresses, orders, wishlist, store credit, newsletter (docs/account.md). */
  exportAccountData(): Promise<Record<string, unknown>>
  /** Deletes the member's account once the password is re-entered (orders kept, anonymised); the session ends. */
  deleteAccount(password: string): Promise<void>
  /** What a gift card still holds, formatted in its currency (limited per client like redeeming a code). */
  checkGiftCardBalance(code: string): Promise<{ balance: string }>
}

/**
 * Back-in-stock alerts (issue 44, decision 0073): the server's API only. The browser's first-visit code stays without
 * them: the product page's alert form (its own chunk) posts to the BFF itself, and the alert's confirm and unsubscribe
 * pages post their forms to the server.
 */
export interface StockAlertOperations {
  /**
   * Back-in-stock alert for a sold-out size (issue 44): a guest's `email` is mailed a confirmation link (`confirmed:
   * false`); a signed-in member without one (or with their own) is confirmed at once.
   */
  askStockAlert(variantId: string, email?: string): Promise<{ confirmed: boolean }>
  /** The alert's emailed link's token, posted from its page's button; `back`: the size is in stock already (mailed). */
  confirmStockAlert(token: string): Promise<{ back: boolean }>
  /** The alert emails' signed unsubscribe link: no more alerts to the address. */
  unsubscribeStockAlerts(email: string, token: string): Promise<void>
  /** The signed-in member's price-drop emails for wished items on or off (decision 0080). */
  setPriceDropEmails(on: boolean): Promise<void>
}

/** The catalogue reads (issue 3). */
export type CatalogueOperations = Pick<
  StorefrontApi,
  | 'getCategory'
  | 'getCategoryTree'
  | 'getProducts'
  | 'getProduct'
  | 'getProductById'
  | 'getCMSPage'
  | 'getSizeGuide'
  | 'getMenus'
  | 'getBanners'
  | 'getCategoryBanners'
  | 'search'
  | 'getAvailableCountries'
  | 'getCountryDetails'
>

/** Everything personal: session, cart, checkout, orders, account, wishlist, extensions (issue 4). */
export type ShopperOperations = Omit<StorefrontApi, keyof CatalogueOperations>

/** The error every StorefrontApi implementation throws: an HTTP-like status plus a message a person understands. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Seconds until the shopper may try again (`Retry-After`): a 429's, or a 503's when a passing fault caused it. */
    readonly retryAfter?: number,
    /** The backend's stable code for the refusal (kernel/error-codes.ts); words come from it, never from `message`. */
    readonly code?: ErrorCode,
    /** The figures the refusal's sentence names (`{ left: 3 }`), for saying it in the shopper's words. */
    readonly params?: Record<string, string | number>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The sentence to show a person for any failure a StorefrontApi call (or the network) produced. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** `Retry-After` in seconds (a number or an HTTP date); 60 when absent or unreadable. */
export function retryAfterSeconds(header: string | null): number {
  const seconds = header && /^\d+$/.test(header.trim()) ? Number(header) : header ? Math.ceil((Date.parse(header) - Date.now()) / 1000) : NaN
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 86_400) : 60
}

/** The sentence a rate-limited shopper sees, in their language: what happened and when to try again. */
export function tooManyAttemptsMessage(t: Translate, seconds: number): string {
  const minutes = Math.ceil(seconds / 60)
  const wait = seconds < 90 ? (seconds === 1 ? t('error.second') : t('error.seconds', { n: seconds })) : minutes === 1 ? t('error.minute') : t('error.minutes', { n: minutes })
  return t('error.tooManyAttempts', { wait })
}

/** What a page action answers with a 429 (status and `Retry-After`), so a form post without JavaScript gets them too. */
export function rateLimitedInit(error: unknown): { status: 429; headers: Record<string, string> } | undefined {
  if (!(error instanceof ApiError) || error.status !== 429) return undefined
  return { status: 429, headers: { 'Retry-After': String(error.retryAfter ?? 60) } }
}
