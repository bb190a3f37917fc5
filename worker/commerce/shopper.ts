import { ApiError, type ShopperOperations } from '#web/api/storefront-api.ts'
import type { CommerceContext } from './context.ts'

// Until the write side lands (issue 4): a visitor is a guest with no cart, and anything that would change state
// answers 503 with a sentence rather than pretending to work.
export function shopperOperations(ctx: CommerceContext): ShopperOperations {
  const unavailable = async (): Promise<never> => {
    throw new ApiError(503, 'This part of the store is not open yet.')
  }
  return {
    getSession: async () => ({ isAuthenticated: ctx.session.isAuthenticated, user: null, cart: null, wishlist: null }),
    isAuthenticated: async () => ctx.session.isAuthenticated,
    getOrCreateCart: unavailable,
    getCart: async () => null,
    addToCart: unavailable,
    removeFromCart: unavailable,
    updateItemQuantity: unavailable,
    clearCart: unavailable,
    applyCoupon: unavailable,
    removeCoupon: unavailable,
    changeCurrency: async () => null,
    saveCheckoutShippingAddress: unavailable,
    saveCheckoutBillingAddress: unavailable,
    getShipments: async () => [],
    saveShippingMethod: unavailable,
    makeOrder: unavailable,
    getOrder: async () => null,
    getOrders: async () => ({ orders: [], totalPages: 0, totalCount: 0 }),
    getCurrentUser: async () => null,
    logIn: unavailable,
    logOut: async () => {
      ctx.session.setAuth(null)
    },
    registerUser: unavailable,
    updateCurrentUser: unavailable,
    changePassword: unavailable,
    forgotPassword: unavailable,
    resetPassword: unavailable,
    getAddresses: async () => [],
    addAddress: unavailable,
    updateAddress: unavailable,
    deleteAddress: unavailable,
    getWishlist: async () => null,
    addToWishlist: unavailable,
    removeFromWishlist: unavailable,
    deleteWishlist: unavailable,
    buyGiftCard: unavailable,
    setAffiliateCode: async () => {},
    subscribeNewsletter: unavailable,
    unsubscribeNewsletter: unavailable,
    sendContactMessage: unavailable,
  }
}
