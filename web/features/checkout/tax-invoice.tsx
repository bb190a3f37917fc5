import type { Order } from '#kernel/models.ts'
import { needsDelivery } from '#kernel/destinations.ts'
import { useStoreSettings } from '../../state/session/request-info.ts'
import { OrderLines, SummaryRow } from '../../components/summary-row.tsx'
import { formatDate, formatMoney } from '#kernel/format.ts'
import { useT } from '../../i18n/index.tsx'
import { PaidWith } from '../../components/paid-with.tsx'
import { PickupPlaceBlock } from '../../components/pickup-place.tsx'

/**
 * The order as a tax invoice (what the confirmation email says too): the words, the seller and its ABN, the lines and
 * totals, the GST included, or that none was charged on a delivery abroad, and how the total was paid.
 */
export function TaxInvoice({ order }: { order: Order }) {
  const { t, locale } = useT()
  const store = useStoreSettings()
  return (
    <section className="mx-auto mt-8 max-w-xl rounded-xl bg-white p-5 text-left shadow-sm ring-1 ring-neutral-200" data-testid="tax-invoice" aria-labelledby="tax-invoice-title">
      <h3 id="tax-invoice-title" className="text-lg font-bold">
        {t('shop.taxInvoice')}
      </h3>
      <p className="text-sm text-neutral-700">
        {store.legalName || store.name}
        {store.abn ? (
          <>
            {' · '}
            <span data-testid="invoice-abn">{t('shop.abn', { abn: store.abn })}</span>
          </>
        ) : null}
      </p>
      <p className="text-sm text-neutral-700">
        {order.number}
        {order.completedAt ? ` · ${formatDate(order.completedAt)}` : ''}
      </p>
      <OrderLines items={order.lineItems} className="my-3" />
      <dl className="space-y-1.5 text-sm text-neutral-700">
        <SummaryRow label={t('cart.subtotal')} value={order.itemTotal} />
        {order.orderPromotions.map((promotion) => (
          <SummaryRow key={promotion.id} label={promotion.name} value={promotion.amount} />
        ))}
        <SummaryRow label={t('cart.shipping')} value={needsDelivery(order.lineItems) ? order.shipTotal : t('shop.noShipping')} testId="invoice-shipping" />
        <SummaryRow
          label={order.gstFree ? t('shop.gstFree') : t('shop.gstIncluded')}
          value={order.taxTotal || formatMoney(order.taxTotalAmount, order.currency, locale)}
          testId="invoice-gst"
        />
        <SummaryRow label={t('cart.total')} value={order.total} testId="invoice-total" total />
      </dl>
      {order.pickupPlace ? <PickupPlaceBlock place={order.pickupPlace} className="mt-4" /> : null}
      <PaidWith order={order} className="mt-4" />
    </section>
  )
}
