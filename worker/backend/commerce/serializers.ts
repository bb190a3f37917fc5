import type { AddressRow, CartState, CartLine } from './cart-state.ts'
import { GIFT_CARD_LINE_MAX_QUANTITY } from '#kernel/config.ts'
import { iso3Of } from './schemas.ts'
import { countryName } from '#kernel/destinations.ts'
import { STATE_NAMES } from './state-names.ts'
import { methodName } from './shipping.ts'

/** JSON:API documents of the write side, shaped like Spree 4.10's serializers plus the documented extensions. */

type Resource = { id: string; type: string; attributes: Record<string, unknown>; relationships?: Record<string, unknown> }

const decimal = (cents: number) => (cents / 100).toFixed(2)
const rel = (type: string, id: string | number | null | undefined) => ({ data: id === null || id === undefined ? null : { type, id: String(id) } })
const rels = (type: string, ids: Array<string | number>) => ({ data: ids.map((id) => ({ type, id: String(id) })) })

export function addressResource(a: AddressRow): Resource {
  return {
    id: String(a.id),
    type: 'address',
    attributes: {
      firstname: a.firstname,
      lastname: a.lastname,
      company: a.company,
      address1: a.address1,
      address2: a.address2,
      city: a.city,
      zipcode: a.zipcode,
      phone: a.phone,
      // as Spree: the state's name and its code where the country has a list of states; a region typed for another
      // country is the name, without a code
      state_name: STATE_NAMES[a.country_iso]?.[a.state_name] ?? a.state_name,
      state_code: STATE_NAMES[a.country_iso]?.[a.state_name] ? a.state_name : null,
      country_iso: a.country_iso,
      country_iso3: iso3Of(a.country_iso),
      // the country's name ('Australia'), as Spree's address serializer gives it
      country_name: countryName(a.country_iso),
      email: a.email,
      tax_id: a.tax_id,
      label: a.label,
      is_default: a.is_default === 1,
    },
  }
}

function lineResource(state: CartState, line: CartLine): Resource {
  const { row, variant } = line
  const total = line.paidUnitCents * row.quantity
  const rrp = line.rrpCents
  const club = state.order.state === 'complete' ? row.member_cents : line.pricing.memberCents
  return {
    id: String(row.id),
    type: 'line_item',
    attributes: {
      name: variant?.name ?? 'Unavailable product',
      quantity: row.quantity,
      slug: variant?.slug ?? '',
      sku: variant?.sku ?? '',
      options_text: variant?.options.map((o) => `${o.type}: ${o.value}`).join(', ') ?? '',
      options: variant?.options.map((o) => ({ type: o.type, value: o.value })) ?? [],
      price: decimal(line.paidUnitCents),
      display_price: state.money(line.paidUnitCents),
      guest_price: decimal(line.pricing.unitCents),
      compare_at_amount: decimal(rrp),
      club_price: club === null ? null : decimal(club),
      display_club_price: club === null ? null : state.money(club),
      total: decimal(total),
      display_total: state.money(total),
      currency: state.order.currency,
      image: variant?.image ?? null,
      gift_card: row.gift_card_cents === null ? null : { recipient_name: row.recipient_name, recipient_email: row.recipient_email, message: row.gift_message, deliver_on: row.gift_deliver_on },
      // extension: the most this line may hold (stock on hand, or the gift card bound); null when not limited
      max_quantity: row.gift_card_cents !== null ? GIFT_CARD_LINE_MAX_QUANTITY : variant && !variant.backorderable ? Math.max(variant.stockOnHand, 0) : null,
    },
    relationships: { variant: rel('variant', row.variant_id) },
  }
}

/** What a payment of a checkout pays of its totals: its gift card's part, the store credit, or the card the balance. */
function plannedCents(state: CartState, payment: CartState['payments'][number]): number {
  if (payment.method === 'gift_card') return state.totals.giftCards.find((g) => g.id === payment.gift_card_id)?.amount ?? 0
  if (payment.method === 'store_credit') return state.totals.storeCreditTotal
  return state.totals.balance
}

export function cartDocument(state: CartState) {
  const { order, totals, money } = state
  const included: Resource[] = []
  for (const line of state.lines) {
    included.push(lineResource(state, line))
    if (line.variant && !included.some((r) => r.type === 'variant' && r.id === String(line.variant!.id))) {
      included.push({
        id: String(line.variant.id),
        type: 'variant',
        attributes: { sku: line.variant.sku, in_stock: line.variant.backorderable || line.variant.stockOnHand > 0, backorderable: line.variant.backorderable },
      })
    }
  }
  for (const { promo, amountCents } of state.promotions) {
    included.push({
      id: String(promo.id),
      type: 'promotion',
      attributes: { name: promo.name, description: null, code: promo.code, amount: decimal(amountCents), display_amount: money(amountCents) },
    })
  }
  for (const payment of state.payments) {
    included.push({
      id: String(payment.id),
      type: 'payment',
      attributes: {
        payment_method: payment.method,
        state: payment.state,
        // until the order is placed, what the payment will pay of these totals (the contract's amount is a string)
        amount: decimal(payment.amount_cents ?? plannedCents(state, payment)),
        last_digits: payment.last4,
        cc_type: payment.cc_type,
        // extension (decision 0079): how the card provider's payment was made, and which wallet or pay-later it was
        payment_kind: payment.kind ?? 'card',
        payment_kind_name: payment.kind_name ?? null,
        gift_card_code: payment.gift_card_code ? maskCode(payment.gift_card_code) : null,
      },
    })
  }
  const shipmentId = pendingShipmentId(state)
  if (shipmentId) {
    const parcels = JSON.parse(state.shipment?.parcels_json ?? '[]') as Array<{ carrier: string | null; tracking: string | null; tracking_url: string | null; shipped_at: string }>
    // Spree has a shipment with its selected rate from the delivery step on; ours is stored when the order is placed,
    // so until then the chosen method stands for it (the summaries show its cost instead of 'calculated at checkout')
    included.push({
      id: shipmentId,
      type: 'shipment',
      attributes: {
        number: state.shipment?.number ?? null,
        tracking: state.shipment?.tracking_id ?? null,
        // Spree's link to the carrier's page for `tracking` (the latest parcel's)
        tracking_url: parcels.at(-1)?.tracking_url ?? null,
        state: state.shipment?.state ?? 'pending',
        // extension: every parcel that left, oldest first (an order can leave in several: decision 0040)
        parcels,
        shipping_method_name: state.shippingMethod ? methodName(state.shippingMethod, state.locale) : null,
        // extension: a Click & Collect shipment is collected, not delivered (the shopper's order state says which)
        pickup: state.shippingMethod ? Boolean(state.shippingMethod.pickup) : false,
      },
    })
  }
  if (state.billAddress) included.push(addressResource(state.billAddress))
  if (state.shipAddress && state.shipAddress.id !== state.billAddress?.id) included.push(addressResource(state.shipAddress))
  const itemsAfterPromotions = totals.itemTotal - (totals.merchandiseTotal - totals.merchandiseAfterPromotions)
  const giftCardPayment = state.payments.find((p) => p.method === 'gift_card' && p.gift_card_code)
  // what the applied card keeps after paying its part of this order (the balance it had when applied, less that part)
  const giftCardPaid = giftCardPayment ? (totals.giftCards.find((g) => g.id === giftCardPayment.gift_card_id)?.amount ?? 0) : 0
  const giftCardLeft = giftCardPayment ? Math.max(0, (giftCardPayment.seen_balance_cents ?? giftCardPayment.gift_card_balance ?? 0) - giftCardPaid) : 0

  return {
    data: {
      id: String(order.id),
      type: 'cart',
      attributes: {
        number: order.number,
        token: order.token,
        state: order.state,
        // Spree's overall state of the order's shipments: 'shipped' once the console fulfilled (or handed over) it
        shipment_state: state.shipment?.state ?? null,
        // extension: where a Click & Collect order is collected, its hours, and when the shop said it is ready
        pickup_place: state.pickupPlace,
        currency: order.currency,
        email: order.email,
        item_count: totals.itemCount,
        item_total: decimal(totals.itemTotal),
        display_item_total: money(totals.itemTotal),
        promo_total: decimal(totals.promoTotal),
        display_promo_total: money(totals.promoTotal),
        adjustment_total: decimal(totals.promoTotal),
        display_adjustment_total: money(totals.promoTotal),
        ship_total: decimal(totals.shipTotal),
        display_ship_total: money(totals.shipTotal),
        included_tax_total: decimal(totals.includedTax),
        display_included_tax_total: money(totals.includedTax),
        additional_tax_total: '0.00',
        tax_total: decimal(totals.includedTax),
        display_tax_total: money(totals.includedTax),
        total: decimal(totals.total),
        display_total: money(totals.total),
        completed_at: order.completed_at,
        created_at: order.created_at,
        updated_at: order.updated_at,
        // extensions (docs/commerce-api.md)
        club_member_pricing: state.member,
        // the destination zone's GST rule (migration 0330): true for a GST-free export
        gst_free: state.gstFree,
        item_total_after_promotions: decimal(itemsAfterPromotions),
        display_item_total_after_promotions: money(itemsAfterPromotions),
        club_price_savings: decimal(totals.clubSavings),
        display_club_price_savings: totals.clubSavings > 0 ? money(totals.clubSavings) : null,
        gift_card_total: decimal(totals.giftCardTotal),
        display_gift_card_total: money(totals.giftCardTotal),
        gift_card_code: giftCardPayment?.gift_card_code ? maskCode(giftCardPayment.gift_card_code) : null,
        gift_card_remaining: giftCardPayment ? decimal(giftCardLeft) : null,
        display_gift_card_remaining: giftCardPayment ? money(giftCardLeft) : null,
        store_credit_total: decimal(totals.storeCreditTotal),
        display_store_credit_total: money(totals.storeCreditTotal),
        total_available_store_credit: decimal(state.storeCreditAvailable),
        balance: decimal(totals.balance),
        display_balance: money(totals.balance),
        order_total_after_store_credit: decimal(totals.balance),
      },
      relationships: {
        line_items: rels('line_item', state.lines.map((l) => l.row.id)),
        variants: rels('variant', [...new Set(state.lines.filter((l) => l.variant).map((l) => l.row.variant_id))]),
        promotions: rels('promotion', state.promotions.map((p) => p.promo.id)),
        payments: rels('payment', state.payments.map((p) => p.id)),
        shipments: rels('shipment', shipmentId ? [shipmentId] : []),
        user: rel('user', order.user_id),
        billing_address: rel('address', order.bill_address_id),
        shipping_address: rel('address', order.ship_address_id),
      },
    },
    included,
  }
}

/** The placed order's shipment, or before that the order's own id for the shipment its chosen method will make. */
function pendingShipmentId(state: CartState): string | null {
  if (state.shipment) return String(state.shipment.id)
  return state.shippingMethod ? `order-${state.order.id}` : null
}

/** Gift card codes are secrets that pay: only the last four characters are ever shown back. */
export const maskCode = (code: string) => `•••• ${code.slice(-4)}`
