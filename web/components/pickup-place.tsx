import type { PickupPlace } from '#kernel/models.ts'
import { useT } from '../i18n/index.tsx'

/**
 * Where a Click & Collect order is collected, instead of a shipping address (the thank-you page's invoice and the
 * account's order page): the place, its address and opening hours.
 */
export function PickupPlaceBlock({ place, className = '' }: { place: PickupPlace; className?: string }) {
  const { t } = useT()
  return (
    <div className={`whitespace-pre-line text-sm ${className}`} data-testid="pickup-place-info">
      <h3 className="mb-1 font-semibold">{t('shop.collectFrom')}</h3>
      <p>{[place.name, ...place.address, t('shop.collectHours', { hours: place.hours })].join('\n')}</p>
    </div>
  )
}
