import { lazy, Suspense, useEffect } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { useLocation } from 'react-router'
import { useRequestInfo } from '../session/request-info.ts'
import { useT } from '../../i18n/index.tsx'
import { consentAtom, consentBannerOpenAtom, readConsent } from './consent.ts'
import { isSensitivePath, loadTagManager, tagManagerLoaded } from './tag-manager.ts'

const ConsentBanner = lazy(() => import('./consent-banner.tsx'))

/**
 * Asks for consent and loads the tag manager once it is given, only when the operator set GTM_ID (without it the
 * store has no tracker, so there is nothing to ask). The banner is its own chunk, fetched only when shown.
 */
export function ConsentManager() {
  const { thirdParty } = useRequestInfo()
  const gtmId = thirdParty.gtmId
  const [consent, setConsent] = useAtom(consentAtom)
  const [open, setOpen] = useAtom(consentBannerOpenAtom)
  const { pathname } = useLocation()

  useEffect(() => {
    if (!gtmId) return
    const stored = readConsent()
    setConsent(stored)
    if (!stored) setOpen(true)
  }, [gtmId, setConsent, setOpen])

  useEffect(() => {
    if (!gtmId || consent !== 'granted') return
    if (!isSensitivePath(pathname)) loadTagManager(gtmId)
    else if (tagManagerLoaded()) window.location.reload()
  }, [gtmId, consent, pathname])

  if (!gtmId || !open) return null
  return (
    <Suspense fallback={null}>
      <ConsentBanner />
    </Suspense>
  )
}

/** The footer's 'Cookie settings': reopens the banner (only where there is something to consent to). */
export function useConsentSettings() {
  const { thirdParty } = useRequestInfo()
  const [, setOpen] = useAtom(consentBannerOpenAtom)
  const consent = useAtomValue(consentAtom)
  return thirdParty.gtmId && consent !== undefined ? () => setOpen(true) : null
}

/** The footer's small 'Cookie settings' button; nothing when there is no tag manager to consent to. */
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
