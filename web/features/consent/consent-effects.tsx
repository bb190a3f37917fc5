import { lazy, Suspense, useEffect } from 'react'
import { useAtom } from '../../state/use-atom.ts'
import { useLocation } from 'react-router'
import { useRequestInfo } from '../../state/session/request-info.ts'
import { consentAtom, consentBannerOpenAtom, readConsent } from './consent.ts'
import { isSensitivePath, loadTagManager, tagManagerLoaded } from './tag-manager.ts'
import { browserOnly } from '../../lib/browser-only.ts'

// the banner opens in an effect (never on the server), so the worker leaves its code out (decision 0053)
const ConsentBanner = lazy(() => (import.meta.env.SSR ? browserOnly() : import('./consent-banner.tsx')))

/**
 * The consent work of a store that switched a third party on (consent-manager.tsx loads this chunk only then): reads
 * the stored answer, opens the banner when there is none, and loads the tag manager, live chat and fonts service once
 * consent is granted (chat and fonts from their own chunk).
 */
export default function ConsentEffects() {
  const { thirdParty } = useRequestInfo()
  const { gtmId, chatWidgetUrl, fontsCssUrl } = thirdParty
  const [consent, setConsent] = useAtom(consentAtom)
  const [open, setOpen] = useAtom(consentBannerOpenAtom)
  const { pathname } = useLocation()

  useEffect(() => {
    const stored = readConsent()
    setConsent(stored)
    if (!stored) setOpen(true)
  }, [setConsent, setOpen])

  useEffect(() => {
    if (consent !== 'granted') return
    if (isSensitivePath(pathname)) {
      if (tagManagerLoaded()) window.location.reload()
      return
    }
    if (gtmId) loadTagManager(gtmId)
    if (chatWidgetUrl || fontsCssUrl) {
      void (import.meta.env.SSR ? browserOnly() : import('./non-essential.ts')).then(({ loadChatWidget, loadFontsStylesheet }) => {
        if (chatWidgetUrl) loadChatWidget(chatWidgetUrl)
        if (fontsCssUrl) loadFontsStylesheet(fontsCssUrl)
      })
    }
  }, [gtmId, chatWidgetUrl, fontsCssUrl, consent, pathname])

  if (!open) return null
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  )
}
