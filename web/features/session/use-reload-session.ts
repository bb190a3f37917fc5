import { useCallback } from 'react'
import { useSetAtom } from 'jotai'
import { useApi } from '../../api/use-api.ts'
import { cartAtom, isAuthenticatedAtom, sessionLoadedAtom, userAtom, wishlistAtom } from './atoms.ts'

/** Loads user, cart and wishlist from /api/session into the atoms (at startup, after login, signup and logout). */
export function useReloadSession() {
  const api = useApi()
  const setUser = useSetAtom(userAtom)
  const setAuthenticated = useSetAtom(isAuthenticatedAtom)
  const setCart = useSetAtom(cartAtom)
  const setWishlist = useSetAtom(wishlistAtom)
  const setLoaded = useSetAtom(sessionLoadedAtom)
  return useCallback(async () => {
    try {
      const session = await api.getSession()
      setUser(session.user)
      setAuthenticated(session.isAuthenticated)
      setCart(session.cart)
      setWishlist(session.wishlist)
    } catch {
      // Offline or the backend is down: the shopper keeps browsing as a guest; nothing personal is shown.
    } finally {
      setLoaded(true)
    }
  }, [api, setUser, setAuthenticated, setCart, setWishlist, setLoaded])
}
