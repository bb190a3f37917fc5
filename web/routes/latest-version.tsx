import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { useRequestInfo } from '../state/session/request-info.ts'

async function reloadLatest() {
  if ('serviceWorker' in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations()
    await Promise.all(registrations.map((registration) => registration.update()))
  }
  if ('caches' in window) {
    const keys = await caches.keys()
    await Promise.all(keys.map((key) => caches.delete(key)))
  }
  window.location.reload()
}

/** Shows the running version and lets a shopper drop cached files to load the newest one. */
export function Component() {
  const { t } = useT()
  const { version } = useRequestInfo()
  return (
    <section className="mx-auto max-w-xl py-10">
      <PageTitle title={t('pages.latestVersion')} />
      <h1 className="text-3xl font-bold">{t('pages.latestVersion')}</h1>
      <p className="mt-4" data-testid="version">
        {t('pages.latestVersionText', { version })}
      </p>
      <button type="button" onClick={() => void reloadLatest()} className="mt-6 rounded bg-primary-600 px-5 py-2 font-semibold text-white hover:bg-primary-700">
        {t('pages.reload')}
      </button>
    </section>
  )
}
