import { useEffect } from 'react'
import { useSetAtom } from 'jotai'
import { data, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import type { Address, Country, Order } from '#kernel/models.ts'
import { loaderApi } from '../api/loader-api.ts'
import { createTranslator, useT, type MessageKey } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { ACCOUNT_PAGES, AccountNav, type AccountPage } from '../features/account/account-nav.tsx'
import { runAccountIntent } from '../features/account/actions.ts'
import { shippingCountries } from '../forms/countries.ts'
import { ProfileForm } from '../features/account/profile-form.tsx'
import { PasswordForm } from '../features/account/password-form.tsx'
import { AddressBook } from '../features/account/address-book.tsx'
import { OrderHistory, ORDERS_PAGE_SIZE } from '../features/account/order-history.tsx'
import { OrderDetails } from '../features/account/order-details.tsx'
import { NewsletterSettings } from '../features/account/newsletter-settings.tsx'
import { ACCOUNT_DELETED_PATH, PrivacySettings } from '../features/account/privacy-settings.tsx'
import { localeOf, localRedirect, notFound, readForm } from './route-helpers.ts'
import { userAtom } from '../state/session/atoms.ts'

export { ACCOUNT_PAGES }

const ADDRESS_PAGES: AccountPage[] = ['ShippingDetails', 'BillingDetails', 'SavedAddressesDetails']

function pageOf(name: string | undefined): AccountPage | null {
  if (!name) return 'MyProfile'
  const found = ACCOUNT_PAGES.find((page) => page.toLowerCase() === name.toLowerCase().replace(/-/g, ''))
  return found ?? null
}

/** /MyAccount/{page} and /my-account/{page}/{id}: only with a valid bearer cookie (spec §5), else home. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  if (!(await api.isAuthenticated())) localRedirect(request, '/')
  const page = pageOf(params.pageName)
  if (!page) notFound('router')
  const user = await api.getCurrentUser()
  const empty = { orders: [] as Order[], ordersPage: 1, totalPages: 0, addresses: [] as Address[], countries: [] as Country[], order: null as Order | null }
  // A cookie that looks valid but the backend no longer accepts (revoked, or the account is gone): ask to log in.
  if (!user) return { page, user, ...empty }
  if (page === 'OrderDetails') {
    const order = params.id ? await api.getOrder(params.id) : null
    if (!order) notFound('order')
    return { page, user, ...empty, order }
  }
  if (page === 'OrderHistory') {
    const raw = new URL(request.url).searchParams.get('page') ?? '1'
    if (!/^[1-9]\d{0,5}$/.test(raw)) notFound('router')
    const ordersPage = Number(raw)
    const { orders, totalPages } = await api.getOrders(ordersPage, ORDERS_PAGE_SIZE)
    return { page, user, ...empty, orders, ordersPage, totalPages }
  }
  if (ADDRESS_PAGES.includes(page)) {
    const [addresses, countries] = await Promise.all([api.getAddresses(), shippingCountries(api)])
    return { page, user, ...empty, addresses, countries }
  }
  return { page, user, ...empty }
}

/** Every account form posts here with an `intent` (works without JavaScript; with it, React Router fetches). */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = loaderApi(context)
  if (!(await api.isAuthenticated())) localRedirect(request, '/')
  const result = await runAccountIntent(api, await readForm(request), createTranslator(localeOf(request)))
  // the account is gone: off to the login page, which says so
  if (result.intent === 'delete-account' && result.ok) localRedirect(request, ACCOUNT_DELETED_PATH, 303)
  if (result.retryAfter) return data(result, { status: 429, headers: { 'Retry-After': String(result.retryAfter) } })
  // a refused form is a 4xx whatever refused it (the form's own checks, the store, an address that is not the
  // shopper's): 422 unless the refusal carries its own status
  return result.ok ? result : data(result, { status: result.status ?? 422 })
}

export function Component() {
  const { page, user, order, orders, ordersPage, totalPages, addresses, countries } = useLoaderData<typeof loader>()
  const { t } = useT()
  const pagePath = `/MyAccount/${page}`
  // The header's greeting follows a profile change at once: the loader's user is re-read after every account form.
  const setUser = useSetAtom(userAtom)
  useEffect(() => {
    if (user) setUser(user)
  }, [user, setUser])
  return (
    <div className="grid gap-8 lg:grid-cols-[220px_1fr]">
      <PageTitle title={t(`account.${page}` as MessageKey)} />
      <AccountNav page={page} />
      <section className="space-y-10">
        <h1 className="text-3xl font-bold lg:text-4xl">{t(`account.${page}` as MessageKey)}</h1>
        {user ? null : (
          <p data-testid="session-expired">
            {t('account.sessionExpired')}{' '}
            <LocalLink to="/Login" className="underline">
              {t('account.logIn')}
            </LocalLink>
          </p>
        )}
        {page === 'MyProfile' && user ? (
          <>
            <ProfileForm user={user} />
            <PasswordForm />
          </>
        ) : null}
        {ADDRESS_PAGES.includes(page) && user ? <AddressBook addresses={addresses} countries={countries} pagePath={pagePath} /> : null}
        {page === 'OrderHistory' && user ? <OrderHistory orders={orders} page={ordersPage} totalPages={totalPages} /> : null}
        {order ? <OrderDetails order={order} /> : null}
        {page === 'MyNewsletter' && user ? <NewsletterSettings user={user} /> : null}
        {page === 'MyPrivacy' && user ? <PrivacySettings user={user} /> : null}
      </section>
    </div>
  )
}
