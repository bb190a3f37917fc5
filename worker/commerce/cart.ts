import { ApiError, type ShopperOperations } from '#web/api/storefront-api.ts'
import type { Cart } from '#kernel/models.ts'
import type { SpreeClient, Document } from './spree-client.ts'
import { toCart } from './shopper-mappers.ts'

type CartOperations = Pick<
  ShopperOperations,
  'getOrCreateCart' | 'getCart' | 'addToCart' | 'removeFromCart' | 'updateItemQuantity' | 'clearCart' | 'applyCoupon' | 'removeCoupon' | 'changeCurrency'
>

/** Whether there is a cart to ask for: a customer always may have one; a guest only with a cart token. */
const mayHaveCart = (client: SpreeClient) => client.isAuthenticated || client.ctx.session.cartToken !== null

/** The shopper's cart, or null (404 means the token names no open cart, e.g. after the order was placed). */
export async function fetchCart(client: SpreeClient): Promise<Cart | null> {
  if (!mayHaveCart(client)) return null
  try {
    return toCart(await client.request<Document>('/cart'))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export async function createCart(client: SpreeClient): Promise<Cart> {
  const cart = toCart(await client.request<Document>('/cart', { method: 'POST', query: { currency: client.ctx.currency } }))
  if (!client.isAuthenticated) client.ctx.session.setCartToken(cart.token)
  return cart
}

/** The cart has gone (placed or deleted): said by its code (a remote Spree's plain 404 is not retried, as before). */
const cartGone = (error: unknown) => error instanceof ApiError && error.status === 404 && error.code === 'cart_not_found'

/**
 * Runs a cart call; when there is no cart (or it has gone: placed or deleted), starts a new one. If the call is then
 * refused (an unknown variant, no stock), the new cart is deleted again and the cart cookie left as it was: a
 * refused request changes nothing.
 */
async function withCart(client: SpreeClient, run: () => Promise<Document>): Promise<Cart> {
  const restore = client.ctx.session.cartCheckpoint()
  let created = false
  try {
    if (!mayHaveCart(client)) created = Boolean(await createCart(client))
    try {
      return toCart(await run())
    } catch (error) {
      if (!cartGone(error)) throw error
      created = Boolean(await createCart(client))
      return toCart(await run())
    }
  } catch (error) {
    if (created) {
      // best effort: an empty cart left behind by a failed delete holds nothing and is never shown
      await client.request('/cart', { method: 'DELETE' }).catch(() => undefined)
      restore()
    }
    throw error
  }
}

export function cartOperations(client: SpreeClient): CartOperations {
  const patch = (path: string, body?: unknown, query?: Record<string, string>) => client.request<Document>(path, { method: 'PATCH', body, query })
  return {
    getCart: () => fetchCart(client),
    getOrCreateCart: async () => (await fetchCart(client)) ?? createCart(client),
    addToCart: (variantId, quantity) =>
      withCart(client, () => client.request<Document>('/cart/add_item', { method: 'POST', body: { variant_id: variantId, quantity } })),
    removeFromCart: async (lineItemId) => toCart(await client.request<Document>(`/cart/remove_line_item/${encodeURIComponent(lineItemId)}`, { method: 'DELETE' })),
    updateItemQuantity: async (lineItemId, quantity) => toCart(await patch('/cart/set_quantity', { line_item_id: lineItemId, quantity })),
    clearCart: async () => toCart(await patch('/cart/empty')),
    applyCoupon: async (couponCode) => toCart(await patch('/cart/apply_coupon_code', { coupon_code: couponCode })),
    removeCoupon: async (couponCode) =>
      toCart(await client.request<Document>(`/cart/remove_coupon_code/${encodeURIComponent(couponCode)}`, { method: 'DELETE' })),
    changeCurrency: async (_current, next) => {
      if (!mayHaveCart(client)) return null
      try {
        return toCart(await patch('/cart/change_currency', undefined, { new_currency: next }))
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
  }
}
