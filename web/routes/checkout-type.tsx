import { useNavigate, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { LocalLink, useLocalPath } from '../components/local-link.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { LoginForm, GUEST_MARKER_KEY } from '../features/auth/auth-modals.tsx'
import { localRedirect } from './route-helpers.ts'

/** Members have already chosen (the shipping step's own guard then checks the cart). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await loaderApi(context).isAuthenticated()) localRedirect(request, '/checkout/shipping')
  return null
}

/**
 * Log in for Club Prices, or continue as a guest (spec §2). The login form is the real one (posted to /Login without
 * JavaScript, back to the shipping step); the guest way is a plain link.
 */
export function Component() {
  const { t } = useT()
  const navigate = useNavigate()
  const local = useLocalPath()
  const shipping = local('/checkout/shipping')
  return (
    <section className="grid gap-6 lg:grid-cols-2" data-testid="checkout-type">
      <h2 className="text-2xl font-bold lg:col-span-2">{t('checkout.type')}</h2>
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:p-8">
        <h3 className="mb-1 text-lg font-bold">{t('shop.memberTitle')}</h3>
        <p className="mb-4 text-sm text-neutral-700">{t('auth.clubPitch')}</p>
        <LoginForm page back={shipping} onDone={() => navigate(shipping)} />
      </div>
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:p-8">
        <h3 className="mb-1 text-lg font-bold">{t('shop.guestTitle')}</h3>
        <p className="mb-4 text-sm text-neutral-700">{t('shop.guestText')}</p>
        <LocalLink to="/checkout/shipping" onClick={() => sessionStorage.setItem(GUEST_MARKER_KEY, '1')} className={buttonClass('secondary', 'lg', true)} data-testid="as-guest">
          {t('checkout.asGuest')}
        </LocalLink>
      </div>
    </section>
  )
}
