import { FREE_RETURNS_DAYS } from '#kernel/config.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink } from '../../components/local-link.tsx'

/** The three promises under the hero (spec §1): free returns, Club Prices, a secure checkout. */
export function UspBar() {
  const { t } = useT()
  const items = [
    { text: t('landing.uspReturns', { days: FREE_RETURNS_DAYS }), link: '/ProductReturns' },
    { text: t('landing.uspClub'), link: '/Login' },
    { text: t('landing.uspSecure'), link: '/FAQs' },
  ]
  return (
    <section aria-label={t('landing.usp')} data-testid="usp-bar">
      <ul className="grid gap-2 rounded-lg border border-neutral-200 bg-white text-center text-sm font-semibold sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.link}>
            <LocalLink to={item.link} className="block px-4 py-3 hover:underline">
              {item.text}
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
