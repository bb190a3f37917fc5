import type { Cart, Currency, LineItem, Order, Product, ProductCard, SearchResult, Wishlist } from '#kernel/models.ts'
import { CART_EVENT_CURRENCY } from '#kernel/config.ts'
import { groupByName } from '../../lib/search-suggestions.ts'

/**
 * The data layer of spec §7 and the GA4 e-commerce events a tag manager expects. Payloads are built here from
 * named fields only, so no token, email, address or card detail can reach `window.dataLayer`; `scrub` is the
 * second lock should a field ever be added carelessly. Nothing here loads a tag manager (see features/consent).
 */
declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

type Payload = { [key: string]: unknown }

const FORBIDDEN_KEY = /token|e-?mail|card|cvc|cvv|expiry|password|address|phone/i
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/
const CARD_DIGITS = /\d(?:[ -]?\d){12,18}/

/** Drops any key or text that could identify the shopper or pay with their card. */
export function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !FORBIDDEN_KEY.test(key)).map(([key, v]) => [key, scrub(v)]))
  }
  if (typeof value === 'string' && (EMAIL.test(value) || CARD_DIGITS.test(value))) return '[removed]'
  return value
}

export function pushEvent(event: Payload & { event: string }) {
  if (typeof window === 'undefined') return
  const layer = (window.dataLayer ??= [])
  // GA4: clear the previous ecommerce object so its fields do not leak into this event.
  if ('ecommerce' in event) layer.push({ ecommerce: null })
  layer.push(scrub(event))
}

/** §7's product shape: id, name, variant (colour), size, price, quantity. */
function cartProduct(line: LineItem, quantity: number) {
  return { id: line.slug, name: line.name, variant: line.options.colour ?? '', size: line.options.size ?? '', price: line.price.current, quantity }
}
function lineItem(line: LineItem, quantity = line.qty) {
  const variant = [line.options.colour, line.options.size].filter(Boolean).join(' / ')
  return { item_id: line.slug, item_name: line.name, ...(variant ? { item_variant: variant } : {}), price: line.price.current, quantity }
}
const money = (n: number) => Math.round(n * 100) / 100

export function trackAddToCart(cart: Cart, variantId: string, quantity: number) {
  const line = cart.lineItems.find((l) => l._variantId === variantId)
  if (line && quantity > 0) pushEvent({ event: 'addToCart', currencyCode: cart.currency, products: [cartProduct(line, quantity)] })
}

export function trackRemoveFromCart(line: LineItem, quantity: number) {
  // Spec §9: the remove event's currency code is AUD.
  if (quantity > 0) pushEvent({ event: 'removeFromCart', currencyCode: CART_EVENT_CURRENCY, products: [cartProduct(line, quantity)] })
}

/** §7's productSearch: what was searched, how many products match, and how many product suggestions the overlay shows. */
export function trackSearch(term: string, result: SearchResult) {
  pushEvent({ event: 'productSearch', searchTerms: term, resultsReturned: result.productsMeta.totalCount, resultsDisplayed: groupByName(result.products).length })
}

export function trackViewItem(product: Product) {
  const item = { item_id: product.slug, item_name: product.name, price: product.price.current, quantity: 1 }
  pushEvent({ event: 'view_item', ecommerce: { currency: product.currency, value: product.price.current, items: [item] } })
}

export function trackViewItemList(listId: string, listName: string, products: Array<Pick<ProductCard, 'slug' | 'title'>>) {
  const items = products.map((p, index) => ({ item_id: p.slug, item_name: p.title, index, item_list_id: listId, item_list_name: listName }))
  pushEvent({ event: 'view_item_list', ecommerce: { item_list_id: listId, item_list_name: listName, items } })
}

export function trackAddToWishlist(wishlist: Wishlist, variantId: string, currency: Currency) {
  const wished = wishlist.wishedProducts.find((w) => w.variantId === variantId)
  if (!wished) return
  const variant = [wished.colour, wished.size].filter(Boolean).join(' / ')
  pushEvent({ event: 'add_to_wishlist', ecommerce: { currency, items: [{ item_id: wished.slug, item_name: wished.name, ...(variant ? { item_variant: variant } : {}), quantity: 1 }] } })
}

export function trackBeginCheckout(cart: Cart) {
  pushEvent({ event: 'begin_checkout', ecommerce: { currency: cart.currency, value: money(cart.itemTotalAmount), items: cart.lineItems.map((l) => lineItem(l)) } })
}

export function trackAddPaymentInfo(cart: Cart, method: string) {
  pushEvent({ event: 'add_payment_info', ecommerce: { currency: cart.currency, value: money(cart.totalAmount), payment_type: method, items: cart.lineItems.map((l) => lineItem(l)) } })
}

export function trackPurchase(order: Order) {
  pushEvent({
    event: 'purchase',
    ecommerce: { transaction_id: order.number, currency: order.currency, value: money(order.totalAmount), tax: money(order.taxTotalAmount), items: order.lineItems.map((l) => lineItem(l)) },
  })
}

/** Order numbers whose `purchase` this browser already pushed (the last few: a thank-you page is seen once). */
const REPORTED_KEY = 'purchases-reported'
const REPORTED_KEPT = 20
/** A thank-you page opened this long after the order (an old link, another device) is not a purchase any more. */
const PURCHASE_FRESH_MS = 24 * 60 * 60 * 1000
const sentHere = new Set<string>()

function reportedOrders(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(REPORTED_KEY) ?? '[]')
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : []
  } catch {
    return []
  }
}

/**
 * `purchase` once per order, from the thank-you page, whichever way the order was placed (in the browser, after
 * the bank's 3-D Secure page, after Stripe's hosted page, or by a form post without JavaScript): a reload or a
 * later visit of the same page pushes nothing. Answers whether it pushed.
 */
export function trackPurchaseOnce(order: Order, now = Date.now()): boolean {
  // this page already pushed it (an effect run twice): still 'sent', never twice
  if (sentHere.has(order.number)) return true
  const reported = reportedOrders()
  if (reported.includes(order.number)) return false
  const completed = order.completedAt ? Date.parse(order.completedAt) : NaN
  if (Number.isFinite(completed) && now - completed > PURCHASE_FRESH_MS) return false
  try {
    localStorage.setItem(REPORTED_KEY, JSON.stringify([...reported, order.number].slice(-REPORTED_KEPT)))
  } catch {
    // storage refused (private mode, full): report anyway; a reload may then report again, GA4 dedupes by transaction_id
  }
  sentHere.add(order.number)
  trackPurchase(order)
  return true
}
