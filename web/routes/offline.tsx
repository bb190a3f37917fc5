import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'

/** What the service worker shows when a page cannot be fetched. */
export function Component() {
  const { t } = useT()
  return (
    <section className="py-16 text-center" data-testid="offline-page">
      <PageTitle title={t('pages.offline')} />
      <h1 className="text-2xl font-bold">{t('pages.offline')}</h1>
      <p className="mt-2 text-neutral-600">{t('pages.offlineText')}</p>
      <a href="/" className="mt-6 inline-block rounded bg-primary-600 px-5 py-2 font-semibold text-white">
        {t('error.returnHome')}
      </a>
    </section>
  )
}
