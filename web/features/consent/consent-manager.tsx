import { lazy, Suspense, useEffect } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { useLocation } from 'react-router'
import { useRequestInfo } from '../session/request-info.ts'
import { useT } from '../../i18n/index.tsx'
import { consentAtom, consentBannerOpenAtom, readConsent } from './consent.ts'
import { isSensitivePath, loadTagManager, tagManagerLoaded } from './tag-manager.ts'

const ConsentBanner = lazy(() => import('./consent-banner.tsx'))

/** Whether the operator switched on anything non-essential (tag manager, live chat, fonts service). */
function useNeedsConsent() {
  const { thirdParty } = useRequestInfo()
  return Boolean(thirdParty.gtmId || thirdParty.chatWidgetUrl || thirdParty.fontsCssUrl)
}

/**
 * Asks for consent and loads the non-essential third parties once it is given: the tag manager (GTM_ID), the
 * live-chat widget (CHAT_WIDGET_URL) and the fonts service (FONTS_CSS_URL), each only when its variable is set
 * (with none set there is nothing to ask). The banner and the chat/fonts loaders are their own chunks.
 */
export function ConsentManager() {
  const { thirdParty } = useRequestInfo()
  const { gtmId, chatWidgetUrl, fontsCssUrl } = thirdParty
  const needed = useNeedsConsent()
  const [consent, setConsent] = useAtom(consentAtom)
  const [open, setOpen] = useAtom(consentBannerOpenAtom)
  const { pathname } = useLocation()

  useEffect(() => {
    if (!needed) return
    const stored = readConsent()
    setConsent(stored)
    if (!stored) setOpen(true)
  }, [needed, setConsent, setOpen])

  useEffect(() => {
    if (!needed || consent !== 'granted') return
    if (isSensitivePath(pathname)) {
      if (tagManagerLoaded()) window.location.reload()
      return
    }
    if (gtmId) loadTagManager(gtmId)
    if (chatWidgetUrl || fontsCssUrl) {
      void import('./non-essential.ts').then(({ loadChatWidget, loadFontsStylesheet }) => {
        if (chatWidgetUrl) loadChatWidget(chatWidgetUrl)
        if (fontsCssUrl) loadFontsStylesheet(fontsCssUrl)
      })
    }
  }, [needed, gtmId, chatWidgetUrl, fontsCssUrl, consent, pathname])

  if (!needed || !open) return null
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  )
}

/** The footer's 'Cookie settings': reopens the banner (only where there is something to consent to). */
export function useConsentSettings() {
  const needed = useNeedsConsent()
  const [, setOpen] = useAtom(consentBannerOpenAtom)
  const consent = useAtomValue(consentAtom)
  return needed && consent !== undefined ? () => setOpen(true) : null
}

/** The footer's small 'Cookie settings' button; nothing when nothing non-essential is switched on. */
export function ConsentSettingsButton({ className }: { className?: string }) {
  const { t } = useT()
  const open = useConsentSettings()
  if (!open) return null
  return (
    <button type="button" onClick={open} className={className} data-testid="consent-settings">
      {t('consent.settings')}
    </button>
  )
}
