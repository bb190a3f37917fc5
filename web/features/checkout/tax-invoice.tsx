import type { Order } from '../../api/models.ts'
import { BRAND } from '../../brand.ts'
import { SummaryRow } from '../../components/summary-row.tsx'
import { formatDate, formatMoney } from '../../i18n/format.ts'
import { useT } from '../../i18n/index.tsx'

/**
 * The order as a tax invoice (what the confirmation email says too): the words, the seller and its ABN, the lines and
 * totals, and the GST included, or that none was charged on a delivery abroad.
 */
export function TaxInvoice({ order }: { order: Order }) {
  const { t, locale } = useT()
  return (
    <section className="mx-auto mt-8 max-w-xl rounded-xl bg-white p-5 text-left shadow-sm ring-1 ring-neutral-200" data-testid="tax-invoice" aria-labelledby="tax-invoice-title">
      <h3 id="tax-invoice-title" className="text-lg font-bold">
        {t('shop.taxInvoice')}
      </h3>
      <p className="text-sm text-neutral-700">
        {BRAND.legalName} · <span data-testid="invoice-abn">{t('shop.abn', { abn: BRAND.abn })}</span>
      </p>
      <p className="text-sm text-neutral-700">
        {order.number}
        {order.completedAt ? ` · ${formatDate(order.completedAt)}` : ''}
      </p>
      <ul className="my-3 divide-y divide-neutral-100 text-sm">
        {order.lineItems.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 py-2">
            <span>
              {item.name}
              <span className="block text-neutral-600">{[item.options.colour, item.options.size, t('checkout.qty', { qty: item.qty })].filter(Boolean).join(' · ')}</span>
            </span>
            <span className="font-semibold">{item.displayTotal}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1.5 text-sm text-neutral-700">
        <SummaryRow label={t('cart.subtotal')} value={order.itemTotal} />
        {order.orderPromotions.map((promotion) => (
          <SummaryRow key={promotion.id} label={promotion.name} value={promotion.amount} />
        ))}
        <SummaryRow label={t('cart.shipping')} value={order.shipTotal} />
        <SummaryRow
          label={order.gstFree ? t('shop.gstFree') : t('shop.gstIncluded')}
          value={order.taxTotal || formatMoney(order.taxTotalAmount, order.currency, locale)}
          testId="invoice-gst"
        />
        <div className="flex justify-between border-t border-neutral-200 pt-2 font-bold text-neutral-900" data-testid="invoice-total">
          <dt>{t('cart.total')}</dt>
          <dd>{order.total}</dd>
        </div>
      </dl>
    </section>
  )
}
