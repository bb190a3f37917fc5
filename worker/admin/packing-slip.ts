import { countryName } from '#kernel/destinations.ts'
import type { SlipView } from '#worker/admin/pages/packing-slip-page.tsx'
import { linesToShip } from './fulfilment.ts'
import type { OrderDetail } from './order-detail.ts'

/**
 * What a packing slip lists: one parcel's units (`parcelId`), or for the order what is still to send (all of its
 * delivered lines once nothing is left, to pack again). null: no such parcel on this order.
 */
export function slipOf(detail: OrderDetail, parcelId?: number): SlipView | null {
  const { order, shipment } = detail
  const lines = linesToShip(detail)
  const a = detail.addresses.find((x) => x.id === order.ship_address_id)
  const base = {
    number: order.number!,
    placedAt: order.completed_at,
    shipTo: a
      ? {
          name: `${a.firstname} ${a.lastname}`.trim(),
          company: a.company,
          lines: [a.address1, a.address2, [a.city, a.state_name, a.zipcode].filter(Boolean).join(' ')].filter((l): l is string => Boolean(l)),
          country: countryName(a.country_iso, 'en-AU'),
          phone: a.phone,
        }
      : null,
  }
  const slipLine = (id: number, quantity: number) => {
    const line = lines.find((l) => l.id === id)
    return { sku: line?.sku ?? null, label: line?.label ?? `Line ${id}`, quantity }
  }
  if (parcelId !== undefined) {
    const index = detail.parcels.findIndex((p) => p.id === parcelId)
    const parcel = detail.parcels[index]
    if (!parcel) return null
    const tracking = parcel.carrier ? `${parcel.carrier}, tracking ${parcel.tracking_id ?? ''}` : 'no tracking'
    return { ...base, title: `Parcel ${index + 1} of ${detail.parcels.length}`, via: `${shipment?.method ?? ''} · ${tracking}`, lines: parcel.items.map((i) => slipLine(i.line_item_id, i.quantity)) }
  }
  const left = lines.filter((l) => l.left > 0)
  return left.length
    ? { ...base, title: detail.parcels.length ? 'What is left to send' : 'The whole order', via: shipment?.method ?? '', lines: left.map((l) => slipLine(l.id, l.left)) }
    : { ...base, title: 'The whole order (all of it has been sent)', via: shipment?.method ?? '', lines: lines.map((l) => slipLine(l.id, l.ordered)) }
}
