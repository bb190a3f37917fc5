import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router'
import { useSetAtom } from 'jotai'
import type { Order } from '../api/models.ts'
import { loaderApi } from '../api/loader-api.ts'
import { useApi } from '../api/use-api.ts'
import { useT, type MessageKey } from '../i18n/index.tsx'
import { formatDate } from '../i18n/format.ts'
import { PageTitle } from '../components/page-title.tsx'
import { LocalLink, useLocalPath } from '../components/local-link.tsx'
import { resetSessionAtom } from '../features/session/atoms.ts'
import { localRedirect, notFound } from './route-helpers.ts'

export const ACCOUNT_PAGES = ['MyProfile', 'ShippingDetails', 'BillingDetails', 'SavedAddressesDetails', 'OrderHistory', 'OrderDetails', 'MyNewsletter'] as const
type AccountPage = (typeof ACCOUNT_PAGES)[number]

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
  if (page === 'OrderDetails') {
    const order = params.id ? await api.getOrder(params.id) : null
    if (!order) notFound('order')
    return { page, user, order, orders: [] as Order[], addresses: [] }
  }
  const orders = page === 'OrderHistory' ? (await api.getOrders(1, 20)).orders : []
  const addresses = page === 'SavedAddressesDetails' || page === 'ShippingDetails' || page === 'BillingDetails' ? await api.getAddresses() : []
  return { page, user, order: null, orders, addresses }
}

export function Component() {
  const { page, user, order, orders, addresses } = useLoaderData<typeof loader>()
  const { t } = useT()
  const api = useApi()
  const navigate = useNavigate()
  const local = useLocalPath()
  const reset = useSetAtom(resetSessionAtom)
  const logOut = async () => {
    await api.logOut().catch(() => {})
    reset()
    navigate(local('/'))
  }
  return (
    <div className="grid gap-8 lg:grid-cols-[220px_1fr]">
      <PageTitle title={t(`account.${page}` as MessageKey)} />
      <nav aria-label={t('account.title')}>
        <ul className="space-y-1">
          {ACCOUNT_PAGES.filter((p) => p !== 'OrderDetails').map((p) => (
            <li key={p}>
              <LocalLink to={`/MyAccount/${p}`} className={`block rounded px-3 py-2 ${p === page ? 'bg-primary-50 font-semibold text-primary-700' : 'hover:bg-gray-100'}`}>
                {t(`account.${p}` as MessageKey)}
              </LocalLink>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => void logOut()} className="block w-full rounded px-3 py-2 text-left hover:bg-gray-100">
              {t('account.logout')}
            </button>
          </li>
        </ul>
      </nav>
      <section>
        <h1 className="mb-6 text-3xl font-bold">{t(`account.${page}` as MessageKey)}</h1>
        {page === 'MyProfile' && user ? (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
            <dt className="text-gray-600">{t('auth.firstName')}</dt>
            <dd>{user.firstName}</dd>
            <dt className="text-gray-600">{t('auth.lastName')}</dt>
            <dd>{user.lastName}</dd>
            <dt className="text-gray-600">{t('auth.email')}</dt>
            <dd>{user.email}</dd>
          </dl>
        ) : null}
        {page === 'OrderHistory' ? (
          orders.length === 0 ? (
            <p className="text-gray-600" data-testid="empty-state">{t('account.noOrders')}</p>
          ) : (
            <ul className="divide-y divide-gray-200">
              {orders.map((o) => (
                <li key={o.number} className="flex justify-between py-3">
                  <LocalLink to={`/my-account/OrderDetails/${o.number}`} className="font-semibold underline">
                    {o.number}
                  </LocalLink>
                  <span>{o.completedAt ? formatDate(o.completedAt) : ''}</span>
                  <span>{o.state}</span>
                  <span>{o.total}</span>
                </li>
              ))}
            </ul>
          )
        ) : null}
        {order ? (
          <div data-testid="order-details">
            <p>
              {order.number} · {order.state} · {order.completedAt ? formatDate(order.completedAt) : ''}
            </p>
            <ul className="mt-4 divide-y divide-gray-200">
              {order.lineItems.map((item) => (
                <li key={item.id} className="flex justify-between py-2">
                  <span>
                    {item.name} × {item.qty}
                  </span>
                  <span>{item.displayTotal}</span>
                </li>
              ))}
            </ul>
            <p className="mt-4 font-semibold">{order.total}</p>
          </div>
        ) : null}
        {(page === 'SavedAddressesDetails' || page === 'ShippingDetails' || page === 'BillingDetails') && addresses.length === 0 ? (
          <p className="text-gray-600" data-testid="empty-state">{t('account.noAddresses')}</p>
        ) : null}
        {addresses.length > 0 ? (
          <ul className="grid gap-4 lg:grid-cols-2">
            {addresses.map((address) => (
              <li key={address._id} className="rounded border border-gray-200 p-4 text-sm">
                {address.firstName} {address.lastName}
                <br />
                {address.addressLine1}
                <br />
                {address.city} {address.state} {address.zipCode}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  )
}
