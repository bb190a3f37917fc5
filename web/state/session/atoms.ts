import { atom } from 'jotai'
import { useAtomValue } from '../use-atom.ts'
import { useMatches } from 'react-router'
import type { Cart, User, Wishlist } from '#kernel/models.ts'
import { ANONYMOUS, type PersonalState } from './personal-state.ts'

/**
 * Personal state (never part of the cacheable HTML). A page view reads none of it: the header's bits come with the
 * page (`personalHintAtom`), the cart and wishlist are read when their drawers open (cart-sidebar.tsx, wishlist-sidebar.tsx), an add, a
 * heart or a personal page (cart, wishlist, account) fills them, and login, signup, logout and a placed order load
 * the whole session (/api/session: use-reload-session.ts). `loaded`: that whole session has answered.
 */
export const sessionLoadedAtom = atom(false)
export const userAtom = atom<User | null>(null)
export const isAuthenticatedAtom = atom(false)
export const cartAtom = atom<Cart | null>(null)
export const wishlistAtom = atom<Wishlist | null>(null)

/** What the worker filled into the page's header (personal-state.ts): the chrome's state until the cart, wishlist or session is read. */
export const personalHintAtom = atom<PersonalState>(ANONYMOUS)

export const cartItemCountAtom = atom((get) => get(cartAtom)?.itemCount ?? (get(sessionLoadedAtom) ? 0 : get(personalHintAtom).cartCount))
/** The header's 'Hi {name}': the loaded user's own name (it follows a profile change at once), else the page's hint. */
export const greetingNameAtom = atom((get) => get(userAtom)?.firstName ?? (get(sessionLoadedAtom) ? null : get(personalHintAtom).firstName))

/**
 * The header's item count. Before the session has loaded (and always without JavaScript) a personal page that
 * loaded the cart itself (the cart page, checkout) already knows it, so its server HTML shows the right count.
 */
export function useCartCount(): number {
  const count = useAtomValue(cartItemCountAtom)
  const loaded = useAtomValue(sessionLoadedAtom)
  const routeCart = useMatches()
    .map((match) => (match.data as { cart?: Cart | null } | undefined)?.cart)
    .find((cart) => cart !== undefined)
  return loaded || routeCart === undefined ? count : (routeCart?.itemCount ?? 0)
}

/** Logout empties cart and wishlist (spec §4). */
export const resetSessionAtom = atom(null, (_get, set) => {
  set(userAtom, null)
  set(isAuthenticatedAtom, false)
  set(cartAtom, null)
  set(wishlistAtom, null)
  set(personalHintAtom, ANONYMOUS)
})
