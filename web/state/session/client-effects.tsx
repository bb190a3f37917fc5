import { useEffect } from 'react'
import { useSetAtom, useStore } from 'jotai'
import { useAtomValue } from '../use-atom.ts'
import { useLocation, useNavigate, useRevalidator } from 'react-router'
import { useApi } from '../../api/use-api.ts'
import { SESSION_RECHECK_HIDDEN_MS } from '#kernel/config.ts'
import { loadDictionary, useT } from '../../i18n/index.tsx'
import { notifyAtom } from '../notifications.ts'
import { noScrollAtom } from '../ui.ts'
import { isAuthenticatedAtom } from './atoms.ts'
import { useReloadSession } from './use-reload-session.ts'
import { whenIdle } from './when-idle.ts'

/** When the tab was last hidden; 0 (long ago) while no hiding was seen: a tab opened in the background, or hidden
 * before hydration committed, asks when shown (CI, 7 Dec: hidden before the listener was there, it never asked).
 * Outside the effect, which subscribes again when its inputs change. One ClientEffects per page. */
let hiddenAt = 0

/**
 * What the browser does once the page is interactive (spec §4): register the service worker, record an affiliate code
 * (`?ac=`) and drop it from the address, and lock page scroll under overlays. Renders nothing, so the server and the
 * client agree on the markup. It reads nothing personal: the header's bits came with the page (personal-state.ts),
 * and the cart and wishlist are read when their drawers open (decision 0070).
 */
export function ClientEffects() {
  const reload = useReloadSession()
  const api = useApi()
  const location = useLocation()
  const navigate = useNavigate()
  const noScroll = useAtomValue(noScrollAtom)
  const store = useStore()
  const notify = useSetAtom(notifyAtom)
  const { revalidate } = useRevalidator()
  const { t, locale } = useT()

  // After hydration's long tasks, not inside its commit
  useEffect(
    () =>
      whenIdle(() => {
        if ('serviceWorker' in navigator && import.meta.env.PROD) {
          navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
            // No service worker (private mode, old browser): the store works the same, only without offline support.
          })
        }
      }, 1000),
    [],
  )

  // A tab left open while the shopper logged out (or in) in another one: shown again, it asks who they are now (from
  // the session cookie: no database read), so its header stops greeting someone who has left, and a personal page
  // that is no longer theirs is left (its loader sends a guest home). Without this the stale tab said 'Hi Ada' and its
  // forms failed one by one. Only a change loads the session (user, cart, wishlist) again.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now()
        return
      }
      if (Date.now() - hiddenAt < SESSION_RECHECK_HIDDEN_MS) return
      const was = store.get(isAuthenticatedAtom)
      const recheck = async () => {
        if ((await api.isAuthenticated()) === was) return
        await reload()
        if (store.get(isAuthenticatedAtom) === was) return
        // the message is one of the shop texts, which a catalogue page has not loaded yet
        // 10 s, not the usual 3: a shopper coming back to a tab looks at the page before any message (and under load the
        // page's new render can use up a 3 s toast before it is seen: CI, 7 Dec)
        if (was) void loadDictionary(locale, 'all').then(() => notify({ message: t('shop.loggedOut'), timeout: 1e4 }), () => {})
        void revalidate()
      }
      // offline: the tab stays as it is until it is shown again
      recheck().catch(() => {})
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [api, reload, store, notify, revalidate, t, locale])

  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const code = params.get('ac')
    if (!code) return
    params.delete('ac')
    void api.setAffiliateCode(code).catch(() => {})
    const search = params.toString()
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true })
  }, [location.search, location.pathname, location.hash, api, navigate])

  useEffect(() => {
    document.body.classList.toggle('overflow-hidden', noScroll)
  }, [noScroll])

  return null
}
