import type { Address, Order } from '#kernel/models.ts'
import { needsDelivery } from '#kernel/destinations.ts'
import { SummaryRow } from '../../components/summary-row.tsx'
import { useT, type Translate } from '../../i18n/index.tsx'
import { formatDate, formatMoney } from '#kernel/format.ts'
import { ReturnForm, ReturnStatus } from './return-form.tsx'
import { PaidWith } from '../../components/paid-with.tsx'
import { PickupPlaceBlock } from '../../components/pickup-place.tsx'

/**
 * The order's state in the shopper's language (the API's state names are not words for people): placed, then shipped
 * (or collected, for Click & Collect) once the shop has fulfilled it, partially shipped while parcels are still to go,
 * or cancelled.
 */
export function orderStateLabel(t: Translate, order: Pick<Order, 'state' | 'shipmentState' | 'pickup' | 'pickupPlace'>): string {
  if (order.state === 'canceled') return t('account.stateCanceled')
  if (order.state !== 'complete') return order.state
  if (order.shipmentState === 'shipped') return order.pickup ? t('account.stateCollected') : t('account.stateShipped')
  if (order.shipmentState === 'partial') return t('account.statePartial')
  if (order.pickupPlace?.readyAt) return t('account.stateReady')
  return t('account.stateComplete')
}

function AddressBlock({ title, address }: { title: string; address: Address | null }) {
  if (!address) return null
  return (
    <div className="text-sm">
      <h3 className="mb-1 font-semibold">{title}</h3>
      <p>
        {address.firstName} {address.lastName}
      </p>
      <p>{address.addressLine1}</p>
      <p>
        {address.city} {address.state} {address.zipCode} {address.country}
      </p>
      <p>{address.phoneNumber}</p>
    </div>
  )
}

/** One order: lines, addresses, shipping, tracking, promotions, totals (GST included in the prices) and how it was paid. */
export function OrderDetails({ order }: { order: Order }) {
  const { t, locale } = useT()
  const waiting = (order.returns ?? []).some((r) => r.state === 'requested')
  const canReturn = order.state !== 'canceled' && Boolean(order.returnableUntil) && new Date(order.returnableUntil!) > new Date() && !waiting
  const methods = order.shipmentMethods.map((m) => m.name).filter(Boolean)
  const tracking = order.shipmentItems.filter((s): s is typeof s & { tracking_id: string } => Boolean(s.tracking_id))
  return (
    <div data-testid="order-details" className="space-y-6">
      {/* the order's heading under the page's h1, so the addresses' and payment's h3 do not skip a level */}
      <h2 className="text-sm font-normal text-neutral-700">
        {t('account.orderNumber', { number: order.number })} · <span data-testid="order-state">{orderStateLabel(t, order)}</span> · {order.completedAt ? formatDate(order.completedAt) : ''}
      </h2>
      {order.state === 'canceled' ? (
        <p role="status" className="rounded-md bg-danger-50 p-3 text-sm font-semibold text-danger-700" data-testid="order-canceled">
          {t('account.canceledNote', { date: order.canceledAt ? formatDate(order.canceledAt) : '' })}
        </p>
      ) : null}
      <ul className="divide-y divide-neutral-200">
        {order.lineItems.map((item) => (
          <li key={item.id} className="flex items-center gap-4 py-3" data-testid="order-line">
            {item.image ? <img src={item.image.styles.mobile.url} alt={item.image.alt} width={64} height={85} loading="lazy" className="rounded" /> : <div className="h-[85px] w-16 rounded bg-neutral-100" />}
            <div className="flex-1">
              <p className="font-semibold">{item.name}</p>
              <p className="text-sm text-neutral-600">{Object.values(item.options).filter(Boolean).join(' · ')}</p>
              <p className="text-sm">
                {t('account.quantity')}: {item.qty}
              </p>
            </div>
            <span>{item.displayTotal}</span>
          </li>
        ))}
      </ul>
      <div className="grid gap-4 lg:grid-cols-2">
        {order.pickupPlace ? <PickupPlaceBlock place={order.pickupPlace} /> : <AddressBlock title={t('account.shippingAddress')} address={order.address.shipping} />}
        <AddressBlock title={t('account.billingAddress')} address={order.address.billing} />
      </div>
      {methods.length ? <p className="text-sm">{t('account.shippingMethods')}: {methods.join(', ')}</p> : null}
      {tracking.length ? (
        // each parcel's number, linked to the carrier's page when the shop knows it
        <p className="text-sm" data-testid="order-tracking">
          {t('account.tracking')}:{' '}
          {tracking.map((s, i) => (
            <span key={i}>
              {i ? ', ' : ''}
              {s.tracking_url ? (
                <a href={s.tracking_url} className="underline" rel="noopener noreferrer">
                  {s.carrier ? `${s.carrier} ` : ''}
                  {s.tracking_id}
                </a>
              ) : (
                s.tracking_id
              )}
            </span>
          ))}
        </p>
      ) : null}
      <dl className="max-w-sm space-y-1 text-sm">
        <SummaryRow label={t('account.subtotal')} value={order.itemTotal} />
        {order.orderPromotions.map((p) => (
          <SummaryRow key={p.id} label={`${t('account.promotions')}: ${p.name}`} value={p.amount} testId="order-promotion" />
        ))}
        <SummaryRow label={t('account.shipping')} value={needsDelivery(order.lineItems) ? order.shipTotal : t('shop.noShipping')} />
        <SummaryRow label={order.gstFree ? t('shop.gstFree') : t('account.tax')} value={formatMoney(order.taxTotalAmount, order.currency, locale)} testId="order-tax" />
        <div className="flex justify-between border-t border-neutral-300 pt-1 font-semibold">
          <dt>{t('account.total')}</dt>
          <dd>{order.total}</dd>
        </div>
      </dl>
      <PaidWith order={order} heading="h3" className="max-w-sm" />
      <ReturnStatus order={order} />
      {canReturn ? <ReturnForm order={order} /> : null}
    </div>
  )
}
