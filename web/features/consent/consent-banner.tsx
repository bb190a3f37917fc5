import { useSetAtom } from 'jotai'
import { useT } from '../../i18n/index.tsx'
import { Button } from '../../components/ui/button.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { consentAtom, consentBannerOpenAtom, writeConsent, type Consent } from './consent.ts'

/**
 * The consent banner: one question, two equal answers (declining is as easy as accepting), remembered a year and
 * changeable from the footer's 'Cookie settings'. Not modal: the store stays usable while it is open.
 */
export default function ConsentBanner() {
  const { t } = useT()
  const setConsent = useSetAtom(consentAtom)
  const setOpen = useSetAtom(consentBannerOpenAtom)
  const answer = (value: Consent) => {
    writeConsent(value)
    setConsent(value)
    setOpen(false)
  }
  return (
    <section
      role="region"
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-16 z-40 mx-auto max-w-site px-4 lg:bottom-4"
      data-testid="consent-banner"
    >
      <div className="rounded-lg border border-neutral-200 bg-white p-4 shadow-lg lg:flex lg:items-center lg:gap-6">
        <div className="flex-1">
          <h2 id="consent-title" className="text-base font-semibold text-neutral-900">
            {t('consent.title')}
          </h2>
          <p className="mt-1 text-sm text-neutral-700">
            {t('consent.text')}{' '}
            <LocalLink to="/PrivacyPolicy" className="font-medium text-primary-700 underline underline-offset-2">
              {t('consent.privacy')}
            </LocalLink>
          </p>
        </div>
        <div className="mt-3 flex gap-3 lg:mt-0">
          <Button variant="secondary" onClick={() => answer('denied')} data-testid="consent-decline">
            {t('consent.decline')}
          </Button>
          <Button onClick={() => answer('granted')} data-testid="consent-accept">
            {t('consent.accept')}
          </Button>
        </div>
      </div>
    </section>
  )
}
