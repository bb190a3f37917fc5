import type { Cart, Currency } from '#kernel/models.ts'
import type { StorefrontApi } from '../../api/storefront-api.ts'
import { browserOnly } from '../../lib/browser-only.ts'

type DataLayer = typeof import('./data-layer.ts')

/** The event builders load with the first event, not with the page: they are not first-visit JavaScript. */
export function track(push: (layer: DataLayer) => void) {
  void (import.meta.env.SSR ? browserOnly() : import('./data-layer.ts')).then(push, () => {
    // A chunk that fails to load costs one event, never the shopper's action.
  })
}

/**
 * The browser API with the data layer events of the shopper's own actions (spec §7). Every add, remove, quantity
 * change, search, wishlist add and payment goes through here, whichever component started it, so no screen can
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
      track((layer) => layer.trackAddToCart(cart, variantId, quantity))
      return cart
    },
    removeFromCart: async (lineItemId) => {
      const line = lastCart?.lineItems.find((l) => l.id === lineItemId)
      const cart = seen(await api.removeFromCart(lineItemId))
      if (line) track((layer) => layer.trackRemoveFromCart(line, line.qty))
      return cart
    },
    updateItemQuantity: async (lineItemId, quantity) => {
      const before = lastCart?.lineItems.find((l) => l.id === lineItemId)
      const cart = seen(await api.updateItemQuantity(lineItemId, quantity))
      const after = cart.lineItems.find((l) => l.id === lineItemId)
      if (before && after && after.qty > before.qty) track((layer) => layer.trackAddToCart(cart, after._variantId, after.qty - before.qty))
      if (before && (!after || after.qty < before.qty)) track((layer) => layer.trackRemoveFromCart(before, before.qty - (after?.qty ?? 0)))
      return cart
    },
    search: async (term, opts) => {
      const result = await api.search(term, opts)
      track((layer) => layer.trackSearch(term, result))
      return result
    },
    addToWishlist: async (variantId) => {
      const wishlist = await api.addToWishlist(variantId)
      track((layer) => layer.trackAddToWishlist(wishlist, variantId, currency()))
      return wishlist
    },
    makeOrder: async (payment) => {
      // Only the method's name: the card number, expiry and code never leave the payment form for the data layer.
      const cart = lastCart
      if (cart) track((layer) => layer.trackAddPaymentInfo(cart, payment.method))
      // `purchase` is pushed by the thank-you page, the one place every way of paying ends (trackPurchaseOnce)
      return api.makeOrder(payment)
    },
  }
}
