import type { ShopperOperations } from '#web/api/storefront-api.ts'
import type { CommerceContext } from './context.ts'
import { accountOperations, fetchUser } from './account.ts'
import { cartOperations, fetchCart } from './cart.ts'
import { checkoutOperations } from './checkout.ts'
import { extensionOperations } from './extensions.ts'
import { SpreeClient } from './spree-client.ts'
import { fetchWishlist, wishlistOperations } from './wishlist.ts'

/** Everything personal of `StorefrontApi` (spec §7), through the Spree API: session, cart, checkout, account, wishlist. */
export function shopperOperations(ctx: CommerceContext): ShopperOperations {
  const client = new SpreeClient(ctx)
  return {
    getSession: async () => {
      // the user first: it refreshes an expired bearer, which the cart and wishlist calls then reuse
      const user = await fetchUser(client)
      const [cart, wishlist] = await Promise.all([fetchCart(client), fetchWishlist(client)])
      return { isAuthenticated: user !== null, user, cart, wishlist }
    },
    isAuthenticated: async () => (await client.bearer()) !== null,
    ...cartOperations(client),
    ...checkoutOperations(client),
    ...accountOperations(client),
    ...wishlistOperations(client),
    ...extensionOperations(client),
  }
}
