import type { ErrorCode } from './error-codes.ts'
/**
 * The storefront models of spec §3. These are what loaders, components and the BFF speak;
 * JSON:API never reaches the browser. Money amounts are numbers in major units of `currency`
 * (already including GST); `display*` twins are formatted by the backend for the cart's locale.
 */

export type Locale = 'en' | 'de'
export type Currency = 'AUD' | 'USD'

export interface ImageStyle {
  url: string
  width: number
  height: number
}
export interface ProductImage {
  alt: string
  /** 240x240 mobile, 350x468 desktop, 650x870 large (spec §9). */
  styles: { mobile: ImageStyle; desktop: ImageStyle; large: ImageStyle }
  /** The colour (option value id) this image shows, when it shows one: the product gallery follows the chosen colour. */
  optionValueId?: string | null
}

export interface OptionType {
  id: string
  name: string
  presentation: string
}
export interface OptionValue {
  id: string
  optionTypeId: string
  name: string
  presentation: string
  /** A CSS colour or image URL for colour swatches. */
  image_preview?: string | null
}

export interface Price {
  /** What a guest pays now: the sale price if there is one, else the RRP. */
  current: number
  /** The recommended retail price (compare-at). */
  original: number
}

export interface Variant {
  id: string
  sku: string
  optionValueIds: string[]
  inStock: boolean
  backorderable: boolean
  price: Price
  member_price: number | null
  /** Units on hand when the backend says (our extension `total_on_hand`); null when unknown. Drives 'Only n left'. */
  onHand?: number | null
  /** Pay-later's line for this variant's price, finished on the server (decision 0079); absent when not offered. */
  instalments?: string
}

export interface Product {
  _id: string
  name: string
  slug: string
  description: string
  price: Price
  member_price: number | null
  displayPrice: string
  displayMemberPrice: string | null
  RRP: string
  isOnSale: boolean
  currency: Currency
  /** Pay-later's line in the shopper's language and currency ('or 4 interest-free payments of $X with Afterpay'),
   * finished on the server (decision 0079); null when the price is outside the provider's limits. */
  instalments?: string | null
  images: ProductImage[]
  optionTypes: OptionType[]
  optionValues: OptionValue[]
  variants: Variant[]
  inStock: boolean
  is_master: boolean
  /** The store's gift card product: bought with the gift card form (amount and recipient), not a size. */
  isGiftCard: boolean
  discontinue_on: string | null
  properties: Array<{ name: string; presentation: string; value: string }>
  breadcrumbs: Array<{ text: string; link: string }>
  _categoriesRef: string[]
  metaTitle?: string | null
  metaDescription?: string | null
}

export interface ProductCard {
  id: string
  title: string
  slug: string
  image: ProductImage | null
  /** Display strings; salePrice only when on sale, clubPrice only when the product has a Club Price. */
  price: string
  salePrice: string | null
  clubPrice: string | null
  /** The sizes differ in price: the prices are the cheapest size's, shown as 'from …'. */
  priceFrom?: boolean
  link: string
  inStock: boolean
  /** The variant a wishlist heart saves (the product's default variant). */
  variantId?: string | null
}

export interface Category {
  id: string
  name: string
  slug: string
  permalink: string
  items: Category[]
  taxonomy_position: number
  left: number
  hide_from_nav: boolean
  description?: string | null
}

export interface FacetOption {
  type: 'option' | 'property' | 'price'
  id: string
  value: string
  label: string
  count: number
  selected: boolean
  /** Colour facets: the swatch colour (CSS hex) of the option value; `value` stays the option value id. */
  swatch?: string | null
}
export interface Facet {
  name: string
  label: string
  kind: 'color' | 'price' | 'checkbox'
  options: FacetOption[]
}

/** A facet filter the search set from its own words ('red' in 'red jacket'), and the term that searches without it. */
export interface InferredFilter {
  kind: 'color' | 'size' | 'gender' | 'brand' | 'material'
  /** What to show: the values' names when known ('Müller Outdoor'), else the words typed. */
  words: string[]
  termWithout: string
  /** The facet it ticks ('color', 'brand') and that facet's option values it chose (option value ids, filter params). */
  facet: string
  values: string[]
}

export interface ProductListMeta {
  facets: Facet[]
  totalPages: number
  totalCount: number
  count: number
  /** Facet filters the backend read from the search term (our backend's `meta.search`; empty from a real Spree). */
  inferredFilters?: InferredFilter[]
  /** The search term without the words of `inferredFilters`: with those filters chosen, it finds the same. */
  termWithoutFilters?: string
  /** A search that found nothing: the corrected term that finds something (our backend's `meta.search.did_you_mean`). */
  didYouMean?: string
}
export interface ProductList {
  data: ProductCard[]
  meta: ProductListMeta
}

export interface ProductQuery {
  categoryId?: string
  term?: string
  /** option type name → option value ids */
  optionTypeFilters?: Array<{ optionTypeName: string; optionValueId: string }>
  productPropertyFilters?: Array<{ productPropertyName: string; productPropertyValue: string }>
  /** "min,max" in the shopper's currency */
  priceFilter?: string
  page?: number
  itemsPerPage?: number
  sort?: string
  /** false leaves the facets out (carousels, similar items): cheaper. */
  facets?: boolean
}

export interface SearchResult {
  products: ProductCard[]
  categories: Array<{ name: string; slug: string }>
  productsMeta: { totalCount: number; count: number }
  /** Queries the shopper may mean, completed or corrected (our backend's; none from a remote Spree). */
  suggestions?: string[]
}

export interface MenuItem {
  label: string
  link: string
  items: MenuItem[]
}
export interface Menu {
  items: MenuItem[]
  isDisabled: boolean
}

export interface CmsSection {
  type: 'hero_image' | 'featured_article' | 'product_carousel' | 'image_gallery' | 'side_by_side_images' | 'rich_text_content'
  name: string
  content: Record<string, unknown>
  settings: Record<string, unknown>
  link?: string | null
  images?: ProductImage[]
  /** For product carousels: the products, already resolved. */
  products?: ProductCard[]
}
export interface CmsPage {
  title: string
  slug: string
  content: string
  type: 'homepage' | 'standard' | 'feature'
  cmsSections: CmsSection[]
  metaTitle?: string | null
  metaDescription?: string | null
}

export interface Banner {
  id: string
  title: string
  subtitle?: string | null
  image: string
  link: string
}

export interface Country {
  label: string
  iso: string
  states: Array<{ abbr: string; name: string }>
}

export interface User {
  firstName: string
  lastName: string
  email: string
  completedOrders: number
  storeCredits: number
}

/**
 * A login's answer: the member, and how many units their saved cart (from an earlier visit) added to the cart they had
 * as a guest, when it added any (the embedded backend's `/cart/associate` says so; issue 42). The storefront tells
 * the shopper, so a merged cart never changes unseen.
 */
export interface LoggedIn extends User {
  savedItemsAdded?: number
}

/** A member's saved card: what the provider tells of it (brand, last four, expiry), never the number. */
export interface SavedCard {
  id: string
  brand: string
  lastDigits: string
  month: number
  year: number
  isDefault: boolean
}

export interface Address {
  _id: string
  firstName: string
  lastName: string
  company?: string | null
  addressLine1: string
  apartment?: string | null
  streetName?: string | null
  streetNumber?: string | null
  city: string
  state: string
  zipCode: string
  country: string
  phoneNumber: string
  email?: string | null
  taxId?: string | null
  isDefault: boolean
}

export interface LineItem {
  id: string
  _variantId: string
  name: string
  image: ProductImage | null
  sku: string
  slug: string
  qty: number
  price: { current: number; original: number }
  club_price: number | null
  displayTotal: string
  options: { colour?: string; size?: string; [name: string]: string | undefined }
  /** The unit price this shopper pays, formatted; and the Club Price, formatted, when the line has one. */
  displayPrice?: string
  displayClubPrice?: string | null
  /** The most the line may hold (stock on hand, the gift card bound); null when not limited (spec §3's 99999). */
  maxQuantity?: number | null
  /** A gift card line (it cannot be returned). */
  giftCard?: boolean
}

export interface Promotion {
  id: string
  name: string
  amount: string
  /** The coupon code that applied it (what removing it names). */
  code?: string | null
}

export interface Cart {
  token: string
  lineItems: LineItem[]
  itemCount: number
  itemTotalAmount: number
  totalAmount: number
  total: string
  shipTotalAmount: number
  taxTotalAmount: number
  adjustmentTotal: number
  orderPromotions: Promotion[]
  gift_card: string | null
  balance: string
  /** The balance due as a number (what the card will be charged). */
  balanceAmount: number
  currency: Currency
  club_price_savings: string | null
  email: string | null
  address: { billing: Address | null; shipping: Address | null }
  totals: { subtotal: string; special: string; total: string; balance: string; tax: string; shipping: string }
  /** The chosen shipping method's name; null until one is chosen (the cart then says shipping is calculated at checkout). */
  shippingMethod?: string | null
  /** The gift card on the checkout: its masked code, what it pays on this order, what it keeps afterwards. */
  giftCard?: { code: string; amount: string; remaining: string } | null
  /** Store credit used on this order, formatted; null when none. */
  storeCredit?: string | null
  /** Delivered outside Australia: prices without GST, and the tax line says no GST is charged. */
  gstFree?: boolean
}

export interface ShippingRate {
  id: string
  name: string
  cost: string
  /** What it costs this cart, as a number (which rate is the cheapest). */
  costAmount: number
  selected: boolean
  /** Collected by the shopper (Click & Collect): never chosen for them. */
  pickup: boolean
  /** Business days it usually takes (until ready to collect, for a pickup); null when the backend does not say. */
  deliveryDays: { min: number; max: number } | null
  /** A pickup's places to collect from (the shopper chooses one; none is preset), and the one chosen. */
  pickupPlaces?: PickupPlace[]
  pickupPlaceId?: string | null
}

/** A Click & Collect place, in the shopper's language. */
export interface PickupPlace {
  id: string
  name: string
  /** One entry a line. */
  address: string[]
  hours: string
}

export interface Order {
  number: string
  state: string
  completedAt: string | null
  totalAmount: number
  total: string
  itemTotal: string
  itemCount: number
  shipTotal: string
  taxTotalAmount: number
  /** The GST included, formatted (the tax invoice's figure); '' when the backend does not say. */
  taxTotal?: string
  /** Delivered outside Australia: no GST was charged (the tax invoice says so). */
  gstFree?: boolean
  /** The promotions' total, formatted (negative). */
  promoTotal?: string
  balance: string
  currency: Currency
  lineItems: LineItem[]
  address: { billing: Address | null; shipping: Address | null }
  orderPromotions: Promotion[]
  /** One per parcel that left: its tracking number and the carrier's page for it (when known). */
  shipmentItems: Array<{ tracking_id: string | null; tracking_url?: string | null; carrier?: string | null }>
  /** Spree's `shipment_state`: 'partial' while parcels are still to go, 'shipped' once the order left the shop (or was collected); null before it is placed. */
  shipmentState?: string | null
  /** Collected in store rather than delivered (its shipment's method is Click & Collect). */
  pickup?: boolean
  /** Where it is collected, and when the shop said it is ready (null until then). */
  pickupPlace?: (PickupPlace & { readyAt: string | null }) | null
  shipmentMethods: Array<{ name: string }>
  /** Set when the store cancelled the placed order (`state` is then 'canceled'). */
  canceledAt?: string | null
  /** Until when a return can be asked for (null before shipping or when cancelled). */
  returnableUntil?: string | null
  returns?: OrderReturn[]
  /**
   * How the placed order was paid, as the backend recorded each payment when it charged it (gift cards first, then
   * store credit, then the card): together they make the order's total. Empty when the backend does not say.
   */
  payments?: OrderPayment[]
}

/** One payment of a placed order: what it paid (a decimal amount in the order's currency) and by what. */
export interface OrderPayment {
  method: 'gift_card' | 'store_credit' | 'card' | 'other'
  amount: number
  /** The gift card's code as the backend shows it back, masked to its last four characters ('•••• 7K2Q'). */
  giftCardCode: string | null
  /** The card's last four digits, when the provider told them. */
  lastDigits: string | null
  /** A card provider's payment made with a wallet or pay-later (decision 0079), and which one ('apple_pay', 'afterpay_clearpay'). */
  kind?: { type: 'wallet' | 'pay_later'; name: string | null }
}

/** A shopper's return request on a placed order (docs/console.md 'Returns'). */
export interface OrderReturn {
  id: string
  /** The step it reached: asked, approved (send the goods), received, refunded (closed) or declined. */
  state: 'requested' | 'approved' | 'received' | 'refunded' | 'declined'
  reason: string
  createdAt: string
  /** What was refunded, as a decimal amount in the order's currency (refunded only). */
  refundTotal: string | null
  /** Refunded: back to the payments, as store credit or on a new gift card. */
  refundTo?: 'original' | 'store_credit' | 'gift_card' | null
  /** The reference to write on the parcel, and (approved) the address to send it to, line by line. */
  returnNumber?: string
  returnAddress?: string[] | null
  /** The shop's note (why it was declined). */
  note?: string | null
  items: Array<{ lineItemId: string; quantity: number }>
}

export interface ReturnRequestInput {
  reason: string
  comment: string | null
  items: Array<{ lineItemId: string; quantity: number }>
}

export interface Wishlist {
  token: string
  wishedProducts: Array<{
    wishedProductId: string
    variantId: string
    name: string
    slug: string
    image: ProductImage | null
    price: { regular: string; special: string | null }
    sku: string
    colour?: string
    size?: string
  }>
  isDisabled: boolean
  /** What every item together costs now, formatted (the sidebar's 'Total price'). */
  displayTotal?: string
}

/** What the client loads after hydration (personal data never sits in cacheable HTML). */
export interface SessionInfo {
  isAuthenticated: boolean
  user: User | null
  cart: Cart | null
  wishlist: Wishlist | null
}

/** The one error shape the BFF answers with and the browser API throws. */
export interface ApiErrorBody {
  error: string
  /** Field messages, keyed by field name. */
  errors?: Record<string, string[]>
  /** The refusal's stable code (our extension of Spree's shape; a remote Spree sends none). */
  code?: ErrorCode
  /** The figures the refusal's sentence names, beside the code. */
  params?: Record<string, string | number>
}

/** A size guide in the shopper's language (issue 44 point 5): a table in cm and how to measure for it. */
export interface SizeGuide {
  slug: string
  name: string
  /** 'How to measure', one step a line ('Chest: measure around …'). */
  howTo: string[]
  /** Column headings; the first column names the size. */
  columns: string[]
  /** One row a size, one cell per column. */
  rows: string[][]
}
