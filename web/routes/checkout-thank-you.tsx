import { useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { useT } from '../i18n/index.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { useReloadSession } from '../features/session/use-reload-session.ts'

/** After the order is placed (the order number comes in ?order=). */
export function Component() {
  const { t } = useT()
  const [params] = useSearchParams()
  const number = params.get('order')
  const reloadSession = useReloadSession()
  // The placed order emptied the cart (spec §4): the header's badge and the cart sidebar follow.
  useEffect(() => {
    void reloadSession()
  }, [reloadSession])
  return (
    <section className="py-10 text-center" data-testid="thank-you">
      <h2 className="text-2xl font-bold">{t('checkout.thankYou')}</h2>
      <p className="mt-2 text-neutral-700">{number && /^[A-Z0-9-]{1,32}$/.test(number) ? t('checkout.thankYouText', { number }) : t('checkout.thankYouNoOrder')}</p>
      <LocalLink to="/" className="mt-6 inline-block rounded bg-primary-600 px-5 py-2 font-semibold text-white">
        {t('checkout.backToShop')}
      </LocalLink>
    </section>
  )
}
