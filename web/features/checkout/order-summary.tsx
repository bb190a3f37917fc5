import type { Cart } from '../../api/models.ts'
import { SummaryRow } from '../../components/summary-row.tsx'
import { useT } from '../../i18n/index.tsx'

/** What the shopper is about to pay for: lines, subtotal, promotions, the included GST, shipping, total, balance. */
export function OrderSummary({ cart }: { cart: Cart }) {
  const { t } = useT()
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:sticky lg:top-6" data-testid="order-summary" aria-label={t('checkout.summary')}>
      <h3 className="mb-3 text-lg font-bold">{t('checkout.summary')}</h3>
      <ul className="mb-3 divide-y divide-neutral-100 text-sm">
        {cart.lineItems.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 py-2">
            <span>
              {item.name}
              <span className="block text-neutral-600">{[item.options.colour, item.options.size, t('checkout.qty', { qty: item.qty })].filter(Boolean).join(' · ')}</span>
            </span>
            <span className="font-semibold">{item.displayTotal}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 text-sm">
        <SummaryRow label={t('cart.subtotal')} value={cart.totals.subtotal} />
        {cart.orderPromotions.map((promotion) => (
          <SummaryRow key={promotion.id} label={promotion.name} value={promotion.amount} />
        ))}
        <SummaryRow label={t('cart.tax')} value={cart.totals.tax} />
        <SummaryRow label={t('cart.shipping')} value={cart.totals.shipping} />
        <div className="flex justify-between border-t border-neutral-200 pt-2 text-lg font-bold text-neutral-900" data-testid="order-total">
          <dt>{t('cart.total')}</dt>
          <dd>{cart.totals.total}</dd>
        </div>
        <SummaryRow label={t('cart.balance')} value={cart.totals.balance} />
      </dl>
    </section>
  )
}
