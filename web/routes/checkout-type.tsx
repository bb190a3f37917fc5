import { useSetAtom } from 'jotai'
import { useT } from '../i18n/index.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { openPanelAtom } from '../features/ui/atoms.ts'
import { GUEST_MARKER_KEY } from '../features/auth/auth-modals.tsx'

/** Log in for Club Prices, or continue as a guest (spec §2). */
export function Component() {
  const { t } = useT()
  const openPanel = useSetAtom(openPanelAtom)
  return (
    <section className="grid gap-4 lg:grid-cols-2" data-testid="checkout-type">
      <h2 className="text-xl font-semibold lg:col-span-2">{t('checkout.type')}</h2>
      <button type="button" onClick={() => openPanel('login')} className="rounded bg-primary-600 py-3 font-semibold text-white">
        {t('checkout.asMember')}
      </button>
      <LocalLink to="/checkout/shipping" onClick={() => sessionStorage.setItem(GUEST_MARKER_KEY, '1')} className="rounded border border-neutral-300 py-3 text-center font-semibold">
        {t('checkout.asGuest')}
      </LocalLink>
    </section>
  )
}
