import type { Order } from '#kernel/models.ts'
import type { ShopperOperations } from '../storefront-api.ts'
import { apiRequest, withQuery } from './request.ts'

const enc = encodeURIComponent

/** Personal operations in the browser, through the BFF (worker/bff/shopper.ts). */
export function browserShopper(): ShopperOperations {
  return {
    getSession: () => apiRequest('GET', '/api/session'),
    isAuthenticated: async () => (await apiRequest<{ isAuthenticated: boolean }>('GET', '/api/session/auth')).isAuthenticated,

    getOrCreateCart: () => apiRequest('POST', '/api/cart'),
    getCart: () => apiRequest('GET', '/api/cart'),
    addToCart: (variantId, quantity) => apiRequest('POST', '/api/cart/items', { variantId, quantity }),
    removeFromCart: (lineItemId) => apiRequest('DELETE', `/api/cart/items/${enc(lineItemId)}`),
    updateItemQuantity: (lineItemId, quantity) => apiRequest('PATCH', `/api/cart/items/${enc(lineItemId)}`, { quantity }),
    clearCart: () => apiRequest('POST', '/api/cart/empty'),
    applyCoupon: (code) => apiRequest('POST', '/api/cart/coupon', { code }),
    removeCoupon: (code) => apiRequest('DELETE', `/api/cart/coupon/${enc(code)}`),
    changeCurrency: (current, next) => apiRequest('POST', '/api/cart/currency', { current, next }),

    saveCheckoutShippingAddress: (address, email) => apiRequest('POST', '/api/checkout/shipping-address', { address, email }),
    saveCheckoutBillingAddress: (address) => apiRequest('POST', '/api/checkout/billing-address', { address }),
    getShipments: () => apiRequest('GET', '/api/checkout/shipping-rates'),
    applyGiftCard: (code) => apiRequest('POST', '/api/checkout/gift-card', { code }),
    removeGiftCard: () => apiRequest('DELETE', '/api/checkout/gift-card'),
    saveShippingMethod: (shippingRateId, pickupPlaceId) => apiRequest('POST', '/api/checkout/shipping-method', { shippingRateId, pickupPlaceId }),
    makeOrder: (payment) => apiRequest('POST', '/api/checkout/complete', payment),
    placedOrder: async () => (await apiRequest<{ order: Order | null }>('GET', '/api/checkout/placed-order')).order,
    openHostedPayment: (input) => apiRequest('POST', '/api/checkout/hosted-payment', input),
    getOrder: async (orderNumber) => {
      try {
        return await apiRequest('GET', `/api/orders/${enc(orderNumber)}`)
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null
        throw error
      }
    },
    requestReturn: (orderNumber, input) => apiRequest('POST', `/api/orders/${enc(orderNumber)}/returns`, input),
    getOrders: (page, pageSize) => apiRequest('GET', withQuery('/api/orders', { page, pageSize })),

    getCurrentUser: () => apiRequest('GET', '/api/account'),
    logIn: (username, password, captchaToken) => apiRequest('POST', '/api/auth/login', { username, password, ...(captchaToken ? { captchaToken } : {}) }),
    logOut: () => apiRequest('POST', '/api/auth/logout'),
    registerUser: (input) => apiRequest('POST', '/api/account', input),
    updateCurrentUser: (input) => apiRequest('PATCH', '/api/account', input),
    changePassword: (currentPassword, newPassword) => apiRequest('POST', '/api/account/password', { currentPassword, newPassword }),
    forgotPassword: (email) => apiRequest('POST', '/api/passwords', { email }),
    resetPassword: (token, password) => apiRequest('PATCH', '/api/passwords', { token, password }),
    getAddresses: () => apiRequest('GET', '/api/account/addresses'),
    addAddress: (address) => apiRequest('POST', '/api/account/addresses', address),
    updateAddress: ({ _id, ...address }) => apiRequest('PATCH', `/api/account/addresses/${enc(_id)}`, address),
    deleteAddress: (id) => apiRequest('DELETE', `/api/account/addresses/${enc(id)}`),
    getSavedCards: () => apiRequest('GET', '/api/account/cards'),

    getWishlist: () => apiRequest('GET', '/api/wishlist'),
    addToWishlist: (variantId) => apiRequest('POST', '/api/wishlist/items', { variantId }),
    removeFromWishlist: (wishedProductId) => apiRequest('DELETE', `/api/wishlist/items/${enc(wishedProductId)}`),
    deleteWishlist: () => apiRequest('DELETE', '/api/wishlist'),

    buyGiftCard: (input) => apiRequest('POST', '/api/gift-cards', input),
    setAffiliateCode: (code) => apiRequest('POST', '/api/affiliate', { code }),
    subscribeNewsletter: (email) => apiRequest('POST', '/api/newsletter', { email }),
    unsubscribeNewsletter: (email, token) => apiRequest('POST', '/api/newsletter/unsubscribe', { email, ...(token ? { token } : {}) }),
    confirmNewsletter: (token) => apiRequest('POST', '/api/newsletter/confirm', { token }),
    sendContactMessage: (input) => apiRequest('POST', '/api/contact', input),
    exportAccountData: () => apiRequest('GET', '/api/account/export'),
    deleteAccount: async (password) => {
      await apiRequest('POST', '/api/account/delete', { password })
    },
    checkGiftCardBalance: (code) => apiRequest('POST', '/api/gift-cards/balance', { code }),
  }
}
