import { useEffect } from 'react'
import { useSetAtom, useStore } from 'jotai'
import { useAtomValue } from '../use-atom.ts'
import { useLocation, useNavigate, useRevalidator } from 'react-router'
import { useApi } from '../../api/use-api.ts'
import { SESSION_RECHECK_HIDDEN_MS } from '#kernel/config.ts'
import { loadDictionary, useT } from '../../i18n/index.tsx'
import { notifyAtom } from '../notifications.ts'
import { noScrollAtom } from '../ui.ts'
import { isAuthenticatedAtom, sessionLoadedAtom } from './atoms.ts'
import { useReloadSession } from './use-reload-session.ts'
import { whenIdle } from './when-idle.ts'

/** The shopper's first input starts the session load at once (not the service worker), idle or not. */
const INPUT = ['pointerdown', 'keydown']

/**
 * What the browser does once the page is interactive (spec §4): load the shopper's session, register the service
 * worker, record an affiliate code (`?ac=`) and drop it from the address, and lock page scroll under overlays.
 * Renders nothing, so the server and the client agree on the markup.
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

  // After hydration's long tasks, not inside its commit: the header already shows the personal state the worker wrote
  // into the page, so the session only has to arrive before the shopper acts; their first touch or key starts it at once.
  useEffect(() => {
    let started = false
    const start = () => {
      if (started) return
      started = true
      for (const type of INPUT) removeEventListener(type, start, true)
      void reload()
    }
    const cancel = whenIdle(() => {
      start()
      if ('serviceWorker' in navigator && import.meta.env.PROD) {
        navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
          // No service worker (private mode, old browser): the store works the same, only without offline support.
        })
      }
    }, 1000)
    for (const type of INPUT) addEventListener(type, start, true)
    return () => {
      cancel()
      for (const type of INPUT) removeEventListener(type, start, true)
    }
  }, [reload])

  // A tab left open while the shopper logged out (or in) in another one: shown again, it asks who they are now, so its
  // header stops greeting someone who has left, and a personal page that is no longer theirs is left (its loader
  // sends a guest home). Without this the stale tab said 'Hi Ada' and its forms failed one by one.
  useEffect(() => {
    let hiddenAt = 0
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now()
        return
      }
      if (!hiddenAt || Date.now() - hiddenAt < SESSION_RECHECK_HIDDEN_MS || !store.get(sessionLoadedAtom)) return
      hiddenAt = 0
      const was = store.get(isAuthenticatedAtom)
      void reload().then(() => {
        const now = store.get(isAuthenticatedAtom)
        if (now === was) return
        // the message is one of the shop texts, which a catalogue page has not loaded yet
        if (was) void loadDictionary(locale, 'all').then(() => notify({ message: t('shop.loggedOut'), type: 'info' }), () => {})
        void revalidate()
      })
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [reload, store, notify, revalidate, t, locale])

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
