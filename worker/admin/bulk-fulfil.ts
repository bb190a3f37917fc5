import * as z from 'zod/mini'
import { CARRIERS, isRefusal, trackParcel } from '#kernel/tracking.ts'
import type { Env } from '#worker/env.ts'
import type { FormValues } from '#worker/admin/pages/parts.tsx'
import type { Operator } from './context.ts'
import { ActionRefused } from './action-refused.ts'
import { everythingLeft, fulfilClosed, shipParcel } from './fulfilment.ts'
import { loadOrderDetail } from './order-detail.ts'

/**
 * Bulk fulfilment from the orders list (issue 41 point 3): the ticked orders (`ship-<number>`) each leave whole in one
 * parcel with the one carrier chosen, each with its own tracking number (`tracking-<number>`), or all without
 * tracking. Each order is its own D1 batch (worker/admin/fulfilment.ts): one refused (a mistyped number, shipped
 * meanwhile by someone else) leaves the others shipped and itself untouched, and the answer names each.
 */

/** At most one page of the list at a time. */
export const BULK_MAX = 25

export const BulkSchema = z.object({
  carrier: z.enum(CARRIERS.map((c) => c.name) as [string, ...string[]], { message: 'Choose a carrier from the list (a carrier of your own goes order by order, with its tracking page).' }),
  untracked: z.pipe(z.optional(z
    .string()), z.transform((v) => v === 'on')),
})

export interface BulkOutcome {
  number: string
  shipped: boolean
  said: string
}

/** The ticked orders and their typed numbers, in the order the list showed them. */
export function tickedOrders(values: FormValues): Array<{ number: string; tracking: string }> {
  return Object.keys(values)
    .filter((k) => /^ship-R\d{1,20}$/.test(k) && values[k] === 'on')
    .map((k) => k.slice('ship-'.length))
    .map((number) => ({ number, tracking: (values[`tracking-${number}`] ?? '').trim() }))
}

export async function bulkFulfil(
  env: Env,
  operator: Operator,
  input: { carrier: string; untracked: boolean; orders: Array<{ number: string; tracking: string }>; formToken: string },
  requestUrl: string,
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = []
  for (const { number, tracking: typed } of input.orders) {
    const detail = await loadOrderDetail(env.DB, number)
    const refuse = (said: string) => outcomes.push({ number, shipped: false, said: said.includes('Nothing') ? said : `${said} Nothing of this order was changed.` })
    if (!detail) {
      refuse('There is no such order.')
      continue
    }
    const closed = fulfilClosed(detail)
    if (closed) {
      refuse(closed)
      continue
    }
    let tracking = null
    if (!input.untracked) {
      const checked = trackParcel(input.carrier, typed)
      if (isRefusal(checked)) {
        refuse(checked.en)
        continue
      }
      tracking = checked
    }
    try {
      // each order's own one-time key, from the form's: sent again, every order of it is refused and told so
      await shipParcel(env, operator, detail, { tracking, units: everythingLeft(detail), formToken: `${input.formToken}-${number}` }, requestUrl)
      outcomes.push({
        number,
        shipped: true,
        said: tracking ? `Shipped with ${tracking.carrier}, tracking ${tracking.tracking}; the customer’s email is queued.` : 'Shipped without tracking; the customer’s email is queued.',
      })
    } catch (error) {
      if (!(error instanceof ActionRefused)) throw error
      refuse(error.message)
    }
  }
  return outcomes
}
