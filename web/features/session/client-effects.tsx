import { useEffect } from 'react'
import { useAtomValue } from '../../state/use-atom.ts'
import { useLocation, useNavigate } from 'react-router'
import { useApi } from '../../api/use-api.ts'
import { noScrollAtom } from '../ui/atoms.ts'
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
