import { useNavigate } from 'react-router'
import { useSetAtom } from 'jotai'
import type { MessageKey } from '../../i18n/index.tsx'
import { useT } from '../../i18n/index.tsx'
import { useApi } from '../../api/use-api.ts'
import { LocalLink, useLocalPath } from '../../components/local-link.tsx'
import { resetSessionAtom } from '../../state/session/atoms.ts'

export const ACCOUNT_PAGES = ['MyProfile', 'ShippingDetails', 'BillingDetails', 'SavedAddressesDetails', 'OrderHistory', 'OrderDetails', 'MyNewsletter', 'MyPrivacy'] as const
export type AccountPage = (typeof ACCOUNT_PAGES)[number]

/** The account menu; Log out ends the session and empties user, cart and wishlist (spec §4). */
export function AccountNav({ page }: { page: AccountPage }) {
  const { t } = useT()
  const api = useApi()
  const navigate = useNavigate()
  const local = useLocalPath()
  const reset = useSetAtom(resetSessionAtom)
  // an order's details belong to the order history: its entry stays marked there (no entry was, so no way back showed)
  const marked = page === 'OrderDetails' ? 'OrderHistory' : page
  const logOut = async () => {
    await api.logOut().catch(() => {})
    reset()
    navigate(local('/'))
  }
  return (
    <nav aria-label={t('account.title')}>
      {/* two columns on a phone: one column of eight rows pushed the page itself below the first screen */}
      <ul className="grid grid-cols-2 gap-1 lg:block lg:space-y-1">
        {ACCOUNT_PAGES.filter((p) => p !== 'OrderDetails').map((p) => (
          <li key={p}>
            <LocalLink to={`/MyAccount/${p}`} className={`flex min-h-11 items-center rounded-md px-3 ${p === marked ? 'bg-primary-50 font-semibold text-primary-700' : 'text-neutral-800 hover:bg-neutral-100'}`}>
              {t(`account.${p}` as MessageKey)}
            </LocalLink>
          </li>
        ))}
        <li>
          {/* a form posted to /Login without JavaScript; with it, the API call and the atoms reset */}
          <form
            method="post"
            action={local('/Login')}
            onSubmit={(event) => {
              event.preventDefault()
              void logOut()
            }}
          >
            <input type="hidden" name="intent" value="logout" />
            <button type="submit" className="flex min-h-11 w-full items-center rounded-md px-3 text-left text-neutral-800 hover:bg-neutral-100" data-testid="logout">
              {t('account.logout')}
            </button>
          </form>
        </li>
      </ul>
    </nav>
  )
}
