import type { Cart, Currency } from '../../api/models.ts'
import type { StorefrontApi } from '../../api/storefront-api.ts'
import { trackAddPaymentInfo, trackAddToCart, trackAddToWishlist, trackPurchase, trackRemoveFromCart, trackSearch } from './data-layer.ts'

/**
 * The browser API with the data layer events of the shopper's own actions (spec §7). Every add, remove, quantity
 * change, search, wishlist add and order goes through here, whichever component started it, so no screen can
 * forget an event. The last cart seen tells what a removal or a quantity change removed.
 */
export function withAnalytics(api: StorefrontApi): StorefrontApi {
  let lastCart: Cart | null = null
  const seen = <T extends Cart | null>(cart: T): T => {
    if (cart) lastCart = cart
    return cart
  }
  const currency = (): Currency => lastCart?.currency ?? 'AUD'
  return {
    ...api,
    getSession: async () => {
      const session = await api.getSession()
      seen(session.cart)
      return session
    },
    getCart: async () => seen(await api.getCart()),
    getOrCreateCart: async () => seen(await api.getOrCreateCart()),
    addToCart: async (variantId, quantity) => {
      const cart = seen(await api.addToCart(variantId, quantity))
      trackAddToCart(cart, variantId, quantity)
      return cart
    },
    removeFromCart: async (lineItemId) => {
      const line = lastCart?.lineItems.find((l) => l.id === lineItemId)
      const cart = seen(await api.removeFromCart(lineItemId))
      if (line) trackRemoveFromCart(line, line.qty)
      return cart
    },
    updateItemQuantity: async (lineItemId, quantity) => {
      const before = lastCart?.lineItems.find((l) => l.id === lineItemId)
      const cart = seen(await api.updateItemQuantity(lineItemId, quantity))
      const after = cart.lineItems.find((l) => l.id === lineItemId)
      if (before && after && after.qty > before.qty) trackAddToCart(cart, after._variantId, after.qty - before.qty)
      if (before && (!after || after.qty < before.qty)) trackRemoveFromCart(before, before.qty - (after?.qty ?? 0))
      return cart
    },
    search: async (term, opts) => {
      const result = await api.search(term, opts)
      trackSearch(term, result)
      return result
    },
    addToWishlist: async (variantId) => {
      const wishlist = await api.addToWishlist(variantId)
      trackAddToWishlist(wishlist, variantId, currency())
      return wishlist
    },
    makeOrder: async (payment) => {
      // Only the method's name: the card number, expiry and code never leave the payment form for the data layer.
      if (lastCart) trackAddPaymentInfo(lastCart, payment.method)
      const order = await api.makeOrder(payment)
      trackPurchase(order)
      return order
    },
  }
}
