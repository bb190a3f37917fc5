import * as z from 'zod/mini'
import { CARRIER_NAMES, isRefusal, trackParcel, type Parcel } from '#kernel/tracking.ts'
import type { FieldErrors } from '#worker/admin/pages/parts.tsx'
import { field, type FormResult } from './forms.ts'
import { linesToShip } from './fulfilment.ts'
import type { OrderDetail } from './order-detail.ts'

/** The fulfil form of one order (worker/admin/pages/order-page.tsx): a carrier, its number, and the units of each line. */

export const FulfilSchema = z.object({
  carrier: z.enum(CARRIER_NAMES, { message: 'Choose a carrier from the list.' }),
  tracking: field.text('The tracking number', 60).check(z.regex(/^[A-Za-z0-9 -]+$/, 'Use letters, digits, spaces and dashes only.')),
  trackingUrl: z.optional(z.string().check(z.maxLength(300, 'Give the carrier’s tracking page as a link starting with https:// (at most 300 characters).'))),
})

export type ParcelForm = { ok: true; tracking: Parcel; units: Map<number, number> } | { ok: false; errors: FieldErrors }

/**
 * The parcel a fulfil form asks for, or every field's refusal at once. A line's units come as `qty-<line id>`; a form
 * without any (one drawn before parcels, or the 'ship everything' button) sends everything still to send.
 */
export function parcelOf(detail: OrderDetail, form: FormResult<z.output<typeof FulfilSchema>>): ParcelForm {
  const errors: FieldErrors = form.ok ? {} : { ...form.errors }
  const units = new Map<number, number>()
  const lines = linesToShip(detail).filter((l) => l.left > 0)
  const perLine = lines.some((l) => form.values[`qty-${l.id}`] !== undefined)
  for (const l of lines) {
    const raw = (form.values[`qty-${l.id}`] ?? '').trim()
    if (!perLine) units.set(l.id, l.left)
    else if (!/^\d{1,4}$/.test(raw || '0')) errors[`qty-${l.id}`] = `Units of ${l.label}: enter a whole number from 0 to ${l.left}.`
    else if (Number(raw || '0') > l.left) errors[`qty-${l.id}`] = `Units of ${l.label}: at most ${l.left} are left to send.`
    else units.set(l.id, Number(raw || '0'))
  }
  if (perLine && !errors[`qty-${lines[0]?.id}`] && [...units.values()].every((q) => q === 0) && lines.length) errors[`qty-${lines[0]!.id}`] = 'Choose at least one unit to put in this parcel.'
  let tracking: Parcel | null = null
  if (form.ok) {
    const checked = trackParcel(form.data.carrier, form.data.tracking, form.data.trackingUrl)
    if (isRefusal(checked)) errors[checked.field] ??= checked.en
    else tracking = checked
  }
  return Object.keys(errors).length || !tracking ? { ok: false, errors } : { ok: true, tracking, units }
}
