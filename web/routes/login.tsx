import { useSetAtom } from 'jotai'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { openPanelAtom } from '../features/ui/atoms.ts'

/** /Login: the club pitch and the login and join buttons (the forms live in the modals). */
export function Component() {
  const { t } = useT()
  const openPanel = useSetAtom(openPanelAtom)
  return (
    <section className="mx-auto max-w-md py-10 text-center">
      <PageTitle title={t('pages.login')} />
      <h1 className="text-3xl font-bold">{t('pages.login')}</h1>
      <p className="mt-3 text-neutral-700">{t('auth.clubPitch')}</p>
      <div className="mt-6 flex flex-col gap-3">
        <button type="button" onClick={() => openPanel('login')} className="rounded bg-primary-600 py-3 font-semibold text-white hover:bg-primary-700" data-testid="open-login">
          {t('auth.login')}
        </button>
        <button type="button" onClick={() => openPanel('signup')} className="rounded border border-primary-600 py-3 font-semibold text-primary-700 hover:bg-primary-50">
          {t('auth.joinClub')}
        </button>
      </div>
    </section>
  )
}
