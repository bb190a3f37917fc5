import type { ShopperOperations } from '../storefront-api.ts'
import { apiRequest } from './request.ts'

/** Personal operations in the browser, through the BFF (worker/bff/shopper.ts). */
export function browserShopper(): ShopperOperations {
  const unavailable = (path: string) => () => apiRequest<never>('POST', path)
  return {
    getSession: () => apiRequest('GET', '/api/session'),
    isAuthenticated: async () => (await apiRequest<{ isAuthenticated: boolean }>('GET', '/api/session/auth')).isAuthenticated,
    getOrCreateCart: unavailable('/api/cart'),
    getCart: async () => null,
    addToCart: unavailable('/api/cart/items'),
    removeFromCart: unavailable('/api/cart/items'),
    updateItemQuantity: unavailable('/api/cart/items'),
    clearCart: unavailable('/api/cart/empty'),
    applyCoupon: unavailable('/api/cart/coupon'),
    removeCoupon: unavailable('/api/cart/coupon'),
    changeCurrency: async () => null,
    saveCheckoutShippingAddress: unavailable('/api/checkout/shipping-address'),
    saveCheckoutBillingAddress: unavailable('/api/checkout/billing-address'),
    getShipments: async () => [],
    saveShippingMethod: unavailable('/api/checkout/shipping-method'),
    makeOrder: unavailable('/api/checkout/complete'),
    getOrder: async () => null,
    getOrders: async () => ({ orders: [], totalPages: 0, totalCount: 0 }),
    getCurrentUser: async () => null,
    logIn: unavailable('/api/auth/login'),
    logOut: () => apiRequest('POST', '/api/auth/logout'),
    registerUser: unavailable('/api/account'),
    updateCurrentUser: unavailable('/api/account'),
    changePassword: unavailable('/api/account/password'),
    forgotPassword: unavailable('/api/passwords'),
    resetPassword: unavailable('/api/passwords'),
    getAddresses: async () => [],
    addAddress: unavailable('/api/account/addresses'),
    updateAddress: unavailable('/api/account/addresses'),
    deleteAddress: unavailable('/api/account/addresses'),
    getWishlist: async () => null,
    addToWishlist: unavailable('/api/wishlist/items'),
    removeFromWishlist: unavailable('/api/wishlist/items'),
    deleteWishlist: unavailable('/api/wishlist'),
    buyGiftCard: unavailable('/api/gift-cards'),
    setAffiliateCode: (code) => apiRequest('POST', '/api/affiliate', { code }),
    subscribeNewsletter: unavailable('/api/newsletter'),
    unsubscribeNewsletter: unavailable('/api/newsletter'),
    sendContactMessage: unavailable('/api/contact'),
  }
}
