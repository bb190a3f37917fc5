import type { Order } from '#kernel/models.ts'
import { formatDate } from '#kernel/format.ts'
import { useT } from '../i18n/index.tsx'

/**
 * Where a Click & Collect order is collected, instead of a shipping address (the thank-you page's invoice and the
 * account's order page): the place, its address and opening hours, and once the shop said so, that it is ready.
 */
export function PickupPlaceBlock({ place, className = '' }: { place: NonNullable<Order['pickupPlace']>; className?: string }) {
  const { t } = useT()
  return (
    <div className={`text-sm ${className}`} data-testid="pickup-place-info">
      <h3 className="mb-1 font-semibold">{t('shop.collectFrom')}</h3>
      <p className="font-semibold">{place.name}</p>
      {place.address.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
      <p>{t('shop.collectHours', { hours: place.hours })}</p>
      {place.readyAt ? <p className="mt-1 font-semibold text-success-700">{t('shop.collectReady', { date: formatDate(place.readyAt) })}</p> : null}
    </div>
  )
}
