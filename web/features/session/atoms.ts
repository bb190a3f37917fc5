import { atom } from 'jotai'
import type { Cart, User, Wishlist } from '../../api/models.ts'

/**
 * Personal state, loaded by the client from /api/session after hydration (never part of the cacheable HTML).
 * `loaded` tells the chrome when it may stop showing placeholders.
 */
export const sessionLoadedAtom = atom(false)
export const userAtom = atom<User | null>(null)
export const isAuthenticatedAtom = atom(false)
export const cartAtom = atom<Cart | null>(null)
export const wishlistAtom = atom<Wishlist | null>(null)

export const cartItemCountAtom = atom((get) => get(cartAtom)?.itemCount ?? 0)

/** Logout empties cart and wishlist (spec §4). */
export const resetSessionAtom = atom(null, (_get, set) => {
  set(userAtom, null)
  set(isAuthenticatedAtom, false)
  set(cartAtom, null)
  set(wishlistAtom, null)
})
