import type { Env } from '#worker/env.ts'
import type { Parcel as TrackedParcel } from '#kernel/tracking.ts'
import { when } from '#worker/admin/pages/parts.tsx'
import { shippingConfirmationMail } from '#worker/backend/commerce/order-mails.ts'
import { storeUrl } from '#worker/backend/services/store-url.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { formAlreadySent, spendFormStatement } from './form-tokens.ts'
import type { OrderDetail } from './order-detail.ts'
import { ActionRefused } from './action-refused.ts'
import { onceOnlyStatement } from '#worker/backend/refunds/claims.ts'
import { parcelStatements } from '#worker/backend/commerce/shipment-write.ts'

/**
 * Parcels (issue 41 point 3; decision 0040): some units of an order's lines leave now, the rest later. Each parcel is
 * a `fulfilments` row with its units (`fulfilment_items`, whose trigger refuses more units than a line holds), and the
 * order's shipment row says 'partial' until nothing is left to send, then 'shipped'. Each parcel: one D1 batch with
 * its audit entry and the shopper's email, which names the units in it.
 */

/** A line as the fulfil form shows it: what was ordered, sent, refunded before it left, and is still to send. */
export interface LineToShip {
  id: number
  label: string
  sku: string | null
  ordered: number
  shipped: number
  left: number
}

/** Every line that is delivered (gift cards go by email): units sent and left, refunded units counted as not to send. */
export function linesToShip(detail: OrderDetail): LineToShip[] {
  const sum = (rows: Array<{ line_item_id: number; quantity: number }>, id: number) => rows.filter((r) => r.line_item_id === id).reduce((n, r) => n + r.quantity, 0)
  const sent = detail.parcels.flatMap((p) => p.items)
  return detail.lines
    .filter((l) => l.gift_card_cents === null)
    .map((l) => {
      const shipped = sum(sent, l.id)
      // a refunded unit that had not left stays on the shelf (or was written off): it is not sent any more
      const refunded = sum(detail.lineRefunds, l.id)
      return {
        id: l.id,
        label: [l.product_name ?? `Line ${l.id}`, l.options].filter(Boolean).join(' – '),
        sku: l.sku,
        ordered: l.quantity,
        shipped,
        left: Math.max(0, l.quantity - shipped - refunded),
      }
    })
}

/** Why nothing more of this order can be sent (cancelled, picked up in store, no shipment, all sent), or null. */
export function fulfilClosed(detail: OrderDetail): string | null {
  const { order, shipment } = detail
  if (order.canceled_at) return 'This order was cancelled; it cannot be shipped.'
  if (!shipment) return 'This order has no shipment: nothing in it is delivered.'
  if (shipment.pickup === 1) return 'This is a Click & Collect order: the customer picks it up in store, so nothing is shipped. Nothing was changed.'
  if (shipment.state === 'shipped') return `This order was already shipped (${when(shipment.shipped_at)}, tracking ${shipment.tracking_id ?? 'none'}).`
  return null
}

export interface ParcelInput {
  /** The carrier, number and link, checked by kernel/tracking.ts; null: sent without tracking. */
  tracking: TrackedParcel | null
  /** Units per line id; lines left out send nothing. */
  units: ReadonlyMap<number, number>
  formToken?: string | null
}

const SHIPPED_MEANWHILE =
  'A parcel of this order was shipped, or the order cancelled, a moment ago from another tab or by another operator: nothing was changed. Reload the order to see what is left to send.'
export const PARCEL_SENT_ONCE = { done: 'the parcel was shipped then (it is listed under Shipment).', label: 'See the order' }

/**
 * The claim of the parcel the operator saw the order at: the first parcel takes `ship:<order>` (as cancel() does, so
 * an order being cancelled cannot ship meanwhile), the n-th `ship:<order>:<n>`. Two operators (or a double click)
 * sending a parcel from the same view claim the same key: one batch goes through, the other is refused whole.
 */
const parcelClaim = (detail: OrderDetail): `ship:${number}` | `ship:${number}:${number}` => (detail.parcels.length === 0 ? `ship:${detail.order.id}` : `ship:${detail.order.id}:${detail.parcels.length}`)

/** Sends one parcel; returns whether the order is now shipped in full. */
export async function shipParcel(env: Env, operator: Operator, detail: OrderDetail, input: ParcelInput, requestUrl: string): Promise<'shipped' | 'partial'> {
  const db = env.DB
  const { order, shipment } = detail
  const closed = fulfilClosed(detail)
  if (closed || !shipment) throw new ActionRefused(closed ?? 'This order has no shipment.')
  const lines = linesToShip(detail)
  const chosen: Array<{ id: number; q: number; sku: string | null }> = []
  for (const [id, q] of input.units) {
    const line = lines.find((l) => l.id === id)
    if (!line) throw new ActionRefused('A line of this parcel is not one of this order’s delivered lines: nothing was changed.')
    if (!Number.isInteger(q) || q < 0 || q > line.left) throw new ActionRefused(`Units of ${line.label}: at most ${line.left} are left to send.`)
    if (q > 0) chosen.push({ id, q, sku: line.sku })
  }
  if (!chosen.length) throw new ActionRefused('Choose at least one unit to put in this parcel.')
  const state = lines.reduce((n, l) => n + l.left, 0) === chosen.reduce((n, c) => n + c.q, 0) ? 'shipped' : 'partial'
  const t = input.tracking
  const mail = await shippingConfirmationMail(
    db,
    order.id,
    { carrier: t?.carrier ?? null, trackingId: t?.tracking ?? null, trackingUrl: t?.url ?? null },
    await storeUrl(env, new URL(requestUrl).origin),
    {
      units: new Map(chosen.map((c) => [c.id, c.q])),
      rest: state === 'partial',
    },
  )
  const statements = [
    // first: of two parcels sent from the same view, the second batch fails here and writes nothing
    onceOnlyStatement(db, parcelClaim(detail), operator),
    ...(input.formToken ? [spendFormStatement(db, input.formToken, operator, { sql: '?', binds: [`/admin/orders/${order.number}`] })] : []),
    // the returns window counts from the day the last parcel left (shipped_at); until then it is 'partial'
    ...parcelStatements(db, order.id, { carrier: t?.carrier ?? null, tracking: t?.tracking ?? null, url: t?.url ?? null }, chosen, state, operator.email),
    auditStatement(
      db,
      operator,
      'order.fulfil',
      { type: 'order', id: order.number! },
      { state: shipment.state, tracking_id: shipment.tracking_id },
      {
        state,
        carrier: t?.carrier ?? null,
        tracking_id: t?.tracking ?? null,
        tracking_url: t?.url ?? null,
        parcel: detail.parcels.length + 1,
        units: chosen.map((c) => `${c.q} × ${c.sku ?? c.id}`).join(', '),
      },
    ),
    ...(mail ? [await mailStatement(env, mail)] : []),
  ]
  let results: D1Result[]
  try {
    results = await db.batch(statements)
  } catch (error) {
    const text = String(error)
    if (!text.includes('UNIQUE') && !text.includes('fulfilment exceeds line')) throw error
    // the same form sent again is told what its first sending did; another view's parcel, that the order moved on
    const again = input.formToken ? await formAlreadySent(db, input.formToken, PARCEL_SENT_ONCE) : null
    throw again ?? new ActionRefused(SHIPPED_MEANWHILE)
  }
  await dispatchWritten(env, results)
  return state
}

/** Every unit still to send, for a parcel of the rest (the single 'ship everything' form, bulk fulfilment). */
export const everythingLeft = (detail: OrderDetail) => new Map(linesToShip(detail).map((l) => [l.id, l.left] as const))
