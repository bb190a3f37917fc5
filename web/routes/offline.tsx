import { useT } from '../i18n/index.tsx'
import { localePath } from '#kernel/config.ts'
import { PageTitle } from '../components/page-title.tsx'
import { buttonClass } from '../components/ui/button.tsx'

/**
 * What the service worker shows when a page cannot be fetched, in the language of the page asked for (web/sw.ts). It
 * is shown at that page's address and does not hydrate there (web/boot/hydrate-app.tsx), so its link is a plain one.
 */
export function Component() {
  const { t, locale } = useT()
  return (
    <section className="py-16 text-center" data-testid="offline-page">
      <PageTitle title={t('pages.offline')} />
      <h1 className="text-2xl font-bold">{t('pages.offline')}</h1>
      <p className="mt-2 text-neutral-600">{t('pages.offlineText')}</p>
      <a href={localePath(locale, '/')} className={`mt-6 ${buttonClass('primary')}`}>
        {t('error.returnHome')}
      </a>
    </section>
  )
}
