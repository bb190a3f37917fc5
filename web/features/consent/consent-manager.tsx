import { lazy, Suspense } from 'react'
import { useAtom, useAtomValue } from '../../state/use-atom.ts'
import { useRequestInfo } from '../../state/session/request-info.ts'
import { useT } from '../../i18n/index.tsx'
import { consentAtom, consentBannerOpenAtom } from './consent.ts'

// Its own chunk: a store with no third party switched on (the default) loads none of the consent code
const ConsentEffects = lazy(() => import('./consent-effects.tsx'))

/** Whether the operator switched on anything non-essential (tag manager, live chat, fonts service). */
function useNeedsConsent() {
  const { thirdParty } = useRequestInfo()
  return Boolean(thirdParty.gtmId || thirdParty.chatWidgetUrl || thirdParty.fontsCssUrl)
}

/**
 * Asks for consent and loads the non-essential third parties once it is given: the tag manager (GTM_ID), the
 * live-chat widget (CHAT_WIDGET_URL) and the fonts service (FONTS_CSS_URL), each only when its variable is set
 * (with none set there is nothing to ask, and nothing is loaded). The work is in consent-effects.tsx.
 */
export function ConsentManager() {
  if (!useNeedsConsent()) return null
  return (
    <Suspense fallback={null}>
      <ConsentEffects />
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
