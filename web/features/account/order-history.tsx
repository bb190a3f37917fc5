import type { Order } from '#kernel/models.ts'
import { orderStateLabel } from './order-details.tsx'
import { useT } from '../../i18n/index.tsx'
import { formatDate } from '#kernel/format.ts'
import { LocalLink } from '../../components/local-link.tsx'
import { buttonClass } from '../../components/ui/button.tsx'

export const ORDERS_PAGE_SIZE = 10

interface Props {
  orders: Order[]
  page: number
  totalPages: number
}

/** Completed orders, newest first, 10 a page (?page=N); the number opens the order's details. */
export function OrderHistory({ orders, page, totalPages }: Props) {
  const { t } = useT()
  if (orders.length === 0) {
    return (
      <div className="space-y-4" data-testid="empty-state">
        <p className="text-neutral-600">{t('account.noOrders')}</p>
        <LocalLink to="/" className={buttonClass('primary')}>
          {t('account.startShopping')}
        </LocalLink>
      </div>
    )
  }
  return (
    <div>
      <table className="w-full text-left text-sm" data-testid="order-history">
        <thead className="border-b border-neutral-300">
          <tr>
            <th className="py-2">{t('account.order')}</th>
            <th className="py-2">{t('account.date')}</th>
            <th className="py-2">{t('account.status')}</th>
            <th className="py-2 text-right">{t('account.total')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">
          {orders.map((o) => (
            <tr key={o.number} data-testid="order-row">
              <td className="py-3">
                <LocalLink to={`/my-account/OrderDetails/${encodeURIComponent(o.number)}`} className="inline-flex min-h-11 items-center font-semibold underline lg:min-h-0">
                  {o.number}
                </LocalLink>
              </td>
              <td className="py-3">{o.completedAt ? formatDate(o.completedAt) : ''}</td>
              <td className="py-3">{orderStateLabel(t, o)}</td>
              <td className="py-3 text-right">{o.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {totalPages > 1 ? (
        <nav className="mt-4 flex items-center justify-between text-sm" aria-label={t('account.OrderHistory')}>
          {page > 1 ? (
            <LocalLink to={`/MyAccount/OrderHistory?page=${page - 1}`} className="underline" rel="prev">
              {t('account.previous')}
            </LocalLink>
          ) : (
            <span />
          )}
          <span>{t('account.pageOf', { page, pages: totalPages })}</span>
          {page < totalPages ? (
            <LocalLink to={`/MyAccount/OrderHistory?page=${page + 1}`} className="underline" rel="next">
              {t('account.next')}
            </LocalLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  )
}
