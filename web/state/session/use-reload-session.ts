import { useCallback } from 'react'
import { useSetAtom, useStore } from 'jotai'
import { useApi } from '../../api/use-api.ts'
import { cartAtom, isAuthenticatedAtom, sessionLoadedAtom, userAtom, wishlistAtom } from './atoms.ts'

/** Loads user, cart and wishlist from /api/session into the atoms (after login, signup, a placed order, a tab's changed login). */
export function useReloadSession() {
  const api = useApi()
  const store = useStore()
  const setUser = useSetAtom(userAtom)
  const setAuthenticated = useSetAtom(isAuthenticatedAtom)
  const setLoaded = useSetAtom(sessionLoadedAtom)
  return useCallback(async () => {
    const cart = store.get(cartAtom)
    const wishlist = store.get(wishlistAtom)
    try {
      const session = await api.getSession()
      setUser(session.user)
      setAuthenticated(session.isAuthenticated)
      // An add to cart or wishlist that answered while the session was on its way is newer than the session's copy
      if (store.get(cartAtom) === cart) store.set(cartAtom, session.cart)
      if (store.get(wishlistAtom) === wishlist) store.set(wishlistAtom, session.wishlist)
    } catch {
      // Offline or the backend is down: the shopper keeps browsing as a guest; nothing personal is shown.
    } finally {
      setLoaded(true)
    }
  }, [api, store, setUser, setAuthenticated, setLoaded])
}
