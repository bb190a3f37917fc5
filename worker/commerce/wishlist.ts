import { ApiError, type ShopperOperations } from '#web/api/storefront-api.ts'
import type { Wishlist } from '#kernel/models.ts'
import type { Document, SpreeClient } from './spree-client.ts'
import { toWishlist } from './shopper-mappers.ts'

type WishlistOperations = Pick<ShopperOperations, 'getWishlist' | 'addToWishlist' | 'removeFromWishlist' | 'deleteWishlist'>

/** Wishlists belong to customers (bearer); a guest has none. */
export async function fetchWishlist(client: SpreeClient): Promise<Wishlist | null> {
  if (!client.isAuthenticated) return null
  try {
    return toWishlist(await client.request<Document>('/wishlists/default', { auth: 'user', query: { currency: client.ctx.currency, include: 'wished_items' } }))
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

export function wishlistOperations(client: SpreeClient): WishlistOperations {
  const token = async () => {
    const wishlist = await fetchWishlist(client)
    if (!wishlist) throw new ApiError(401, 'Please log in to use the wishlist.', undefined, undefined, 'login_required')
    return encodeURIComponent(wishlist.token)
  }
  const showWishlist = async (list: string) =>
    toWishlist(await client.request<Document>(`/wishlists/${list}`, { auth: 'user', query: { currency: client.ctx.currency, include: 'wished_items' } }))
  return {
    getWishlist: () => fetchWishlist(client),
    // Item calls answer the wished item (Spree's contract), so the wishlist is read again afterwards.
    addToWishlist: async (variantId) => {
      const list = await token()
      await client.request(`/wishlists/${list}/add_item`, { method: 'POST', auth: 'user', body: { variant_id: variantId, quantity: 1 } })
      return showWishlist(list)
    },
    removeFromWishlist: async (wishedProductId) => {
      const list = await token()
      await client.request(`/wishlists/${list}/remove_item/${encodeURIComponent(wishedProductId)}`, { method: 'DELETE', auth: 'user' })
      return showWishlist(list)
    },
    deleteWishlist: async () => {
      await client.request(`/wishlists/${await token()}`, { method: 'DELETE', auth: 'user' })
    },
  }
}
