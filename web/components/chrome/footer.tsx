import { FREE_RETURNS_DAYS } from '../../config.ts'
import { useT, type MessageKey } from '../../i18n/index.tsx'
import { LocalLink } from '../local-link.tsx'
import { LocaleSelector } from './locale-selector.tsx'
import { ConsentSettingsButton } from '../../features/consent/consent-manager.tsx'

/** Footer links come from the translations (spec §2) and use the lowercase aliases. */
const FOOTER_LINKS: Array<{ key: MessageKey; to: string }> = [
  { key: 'footer.aboutUs', to: '/aboutus' },
  { key: 'footer.contactUs', to: '/contactus' },
  { key: 'footer.faqs', to: '/FAQs' },
  { key: 'footer.giftCards', to: '/giftcards' },
  { key: 'footer.sizingGuides', to: '/sizingguides' },
  { key: 'footer.returns', to: '/productreturns' },
  { key: 'footer.privacyPolicy', to: '/privacypolicy' },
  { key: 'footer.terms', to: '/termsandconditions' },
]

export function Footer() {
  const { t } = useT()
  return (
    <footer className="mt-16 bg-gray-900 pb-20 text-gray-300 lg:pb-0" data-testid="site-footer">
      <div className="mx-auto max-w-site px-4 py-10">
        <p className="mb-6 font-semibold text-white">{t('footer.freeReturns', { days: FREE_RETURNS_DAYS })}</p>
        <nav aria-label={t('footer.title')}>
          <ul className="grid grid-cols-2 gap-2 lg:grid-cols-4">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <LocalLink to={link.to} className="hover:text-white hover:underline">
                  {t(link.key)}
                </LocalLink>
              </li>
            ))}
          </ul>
        </nav>
        <ConsentSettingsButton className="mt-4 text-left underline hover:text-white" />
        <div className="mt-8 lg:hidden">
          <LocaleSelector idPrefix="footer" />
        </div>
        <p className="mt-8 text-sm text-gray-400">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  )
}
