import type { OrderRow } from '#worker/backend/commerce/orders.ts'
import type { AuditEntry } from './audit.ts'
import type { CollectLocationRow } from './collect-locations.ts'

/** Click & Collect is any rate with `shipping_methods.pickup = 1` (the console's flag, not a code): SQL over `m`. */
export const PICKUP_SQL = 'm.pickup = 1'

/** One placed order as the console shows it: lines, promotions, payments and refunds, addresses, shipment, emails. */

export type AdminOrder = OrderRow & { canceled_at: string | null }

export interface OrderLine {
  id: number
  variant_id: number
  quantity: number
  price_cents: number | null
  rrp_cents: number | null
  member_cents: number | null
  gift_card_cents: number | null
  recipient_email: string | null
  sku: string | null
  product_id: number | null
  product_name: string | null
  options: string | null
}

export interface OrderPayment {
  id: number
  method: 'card' | 'gift_card' | 'store_credit'
  state: string
  amount_cents: number | null
  refunded_cents: number
  last4: string | null
  cc_type: string | null
  gift_card_id: number | null
  gift_card_code: string | null
  gateway_payment_profile_id: string | null
  /** Wallet or pay-later through the card provider (migration 0450), and which one. */
  kind?: string
  kind_name?: string | null
}

const KIND_WORDS: Record<string, string> = { wallet: 'Wallet', pay_later: 'Pay later' }

/** How a payment is named to the operator: a wallet's or pay-later's by its name ('Pay later afterpay_clearpay'). */
export const paymentLabel = (p: Pick<OrderPayment, 'last4' | 'cc_type' | 'gift_card_code' | 'kind' | 'kind_name'> & { method: string }) =>
  p.method === 'card' && p.kind && KIND_WORDS[p.kind]
    ? `${KIND_WORDS[p.kind]} ${p.kind_name ?? ''}`.trim()
    : p.method === 'card'
      ? `Card ${p.cc_type ?? ''} •••• ${p.last4 ?? ''}`.replace(/\s+/g, ' ').trim()
      : p.method === 'gift_card'
        ? `Gift card •••• ${(p.gift_card_code ?? '').slice(-4)}`
        : 'Store credit'

export interface OrderDetail {
  order: AdminOrder
  lines: OrderLine[]
  promotions: Array<{ id: number; code: string; name: string; amount_cents: number | null }>
  payments: OrderPayment[]
  refunds: Array<{ id: number; payment_id: number; amount_cents: number; reason: string; created_at: string }>
  /** Units the console refunded: whole lines (line_refunds, migration 0197) and by quantity (quantity_refunds, 0320). */
  lineRefunds: Array<{ line_item_id: number; quantity: number; amount_cents: number; restocked: number }>
  addresses: Array<{ id: number; firstname: string; lastname: string; company: string | null; address1: string; address2: string | null; city: string; zipcode: string; state_name: string; country_iso: string; phone: string }>
  shipment: { number: string; state: string; tracking_id: string | null; carrier: string | null; shipped_at: string | null; method: string; method_code: string; pickup: number } | null
  /** Click & Collect: the place (migration 0400) and when the shop said it is ready; null for a delivery. */
  pickupPlace: PickupPlaceRow | null
  emails: Array<{ id: number; kind: string; subject: string; created_at: string; sent_at: string | null }>
  history: AuditEntry[]
  /** The parcels that left (fulfilments, migration 0350), oldest first, each with the units of each line it held. */
  parcels: Parcel[]
}

/** The order's place as the console saved it, and when the order was marked ready there. */
export type PickupPlaceRow = Omit<CollectLocationRow, 'retired_at'> & { ready_at: string | null }

export interface Parcel {
  id: number
  carrier: string | null
  tracking_id: string | null
  tracking_url: string | null
  admin_email: string | null
  created_at: string
  items: Array<{ line_item_id: number; quantity: number }>
}

export async function loadOrderDetail(db: D1Database, number: string): Promise<OrderDetail | null> {
  const order = await db.prepare("SELECT * FROM orders WHERE number = ? AND state = 'complete'").bind(number).first<AdminOrder>()
  if (!order) return null
  const [lines, promotions, payments, refunds, lineRefunds, addresses, shipment, emails, history, parcels, parcelItems, place] = await db.batch([
    db
      .prepare(
        `SELECT li.id, li.variant_id, li.quantity, li.price_cents, li.rrp_cents, li.member_cents, li.gift_card_cents, li.recipient_email,
           v.sku, p.id AS product_id, p.name AS product_name,
           (SELECT group_concat(ov.presentation, ' / ') FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id WHERE vov.variant_id = li.variant_id) AS options
         FROM line_items li LEFT JOIN variants v ON v.id = li.variant_id LEFT JOIN products p ON p.id = v.product_id WHERE li.order_id = ? ORDER BY li.id`,
      )
      .bind(order.id),
    db.prepare('SELECT p.id, p.code, p.name, op.amount_cents FROM order_promotions op JOIN promotions p ON p.id = op.promotion_id WHERE op.order_id = ?').bind(order.id),
    db
      .prepare(
        `SELECT pay.id, pay.method, pay.state, pay.amount_cents, pay.refunded_cents, pay.last4, pay.cc_type, pay.gift_card_id, g.code AS gift_card_code, pay.gateway_payment_profile_id, pay.kind, pay.kind_name
         FROM payments pay LEFT JOIN gift_cards g ON g.id = pay.gift_card_id WHERE pay.order_id = ? AND pay.state = 'completed' ORDER BY pay.id`,
      )
      .bind(order.id),
    db.prepare('SELECT id, payment_id, amount_cents, reason, created_at FROM refunds WHERE order_id = ? ORDER BY id').bind(order.id),
    db.prepare('SELECT line_item_id, quantity, amount_cents, restocked FROM line_refunds WHERE order_id = ?1 UNION ALL SELECT line_item_id, quantity, amount_cents, restocked FROM quantity_refunds WHERE order_id = ?1').bind(order.id),
    db.prepare('SELECT * FROM addresses WHERE id IN (?, ?)').bind(order.bill_address_id ?? 0, order.ship_address_id ?? 0),
    db.prepare('SELECT s.number, s.state, s.tracking_id, s.carrier, s.shipped_at, m.name AS method, m.code AS method_code, m.pickup FROM shipments s JOIN shipping_methods m ON m.id = s.shipping_method_id WHERE s.order_id = ?').bind(order.id),
    db.prepare("SELECT id, kind, subject, created_at, sent_at, dead_at FROM outbox WHERE ref = ?1 OR (ref IS NULL AND to_email = ?2 AND subject LIKE '%' || ?1 || '%') ORDER BY id").bind(number, order.email ?? ''),
    db.prepare("SELECT * FROM audit_log WHERE subject_type = 'order' AND subject_id = ? ORDER BY id").bind(number),
    db.prepare('SELECT id, carrier, tracking_id, tracking_url, admin_email, created_at FROM fulfilments WHERE order_id = ? ORDER BY id').bind(order.id),
    db.prepare('SELECT fi.fulfilment_id, fi.line_item_id, fi.quantity FROM fulfilment_items fi JOIN fulfilments f ON f.id = fi.fulfilment_id WHERE f.order_id = ? ORDER BY fi.line_item_id').bind(order.id),
    db.prepare('SELECT l.id, l.name, l.name_de, l.address, l.hours, l.hours_de, p.ready_at FROM order_pickups p JOIN collect_locations l ON l.id = p.location_id WHERE p.order_id = ?').bind(order.id),
  ])
  const items = parcelItems!.results as Array<{ fulfilment_id: number; line_item_id: number; quantity: number }>
  return {
    order,
    lines: lines!.results as unknown as OrderLine[],
    promotions: promotions!.results as OrderDetail['promotions'],
    payments: payments!.results as unknown as OrderPayment[],
    refunds: refunds!.results as OrderDetail['refunds'],
    lineRefunds: lineRefunds!.results as unknown as OrderDetail['lineRefunds'],
    addresses: addresses!.results as OrderDetail['addresses'],
    shipment: (shipment!.results[0] as OrderDetail['shipment']) ?? null,
    pickupPlace: (shipment!.results[0] as { pickup?: number } | undefined)?.pickup ? ((place!.results[0] as PickupPlaceRow | undefined) ?? null) : null,
    emails: emails!.results as OrderDetail['emails'],
    history: history!.results as unknown as AuditEntry[],
    parcels: (parcels!.results as Array<Omit<Parcel, 'items'>>).map((p) => ({ ...p, items: items.filter((i) => i.fulfilment_id === p.id).map(({ line_item_id, quantity }) => ({ line_item_id, quantity })) })),
  }
}
