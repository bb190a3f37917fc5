import type { Currency, Locale } from '#kernel/models.ts'
import { formatMoney } from '#kernel/format.ts'
import { BackendError, cartNotFound } from '../shared/errors.ts'
import { computeTotals, exGst, unitPrice, withoutGst, type PricingLine, type Totals } from './pricing.ts'
import type { OrderRow } from './orders.ts'
import { promotionProblem, type PromotionRow } from './promotions.ts'
import { gstFreeSql, optionFor, zoneOf, type ShippingMethodRow } from './shipping.ts'
import { PLACES_OFFERED_SQL, chosenPlaceSql, parsePlace, type PickupPlace } from './pickup.ts'
import { variantsFrom, variantStatements, type VariantInfo } from './variants.ts'

export interface LineRow {
  id: number
  order_id: number
  variant_id: number
  quantity: number
  gift_card_cents: number | null
  recipient_name: string | null
  recipient_email: string | null
  gift_message: string | null
  /** YYYY-MM-DD (store time) the card is emailed; null = when the order is placed. */
  gift_deliver_on: string | null
  price_cents: number | null
  rrp_cents: number | null
  member_cents: number | null
}

export interface AddressRow {
  id: number
  user_id: number | null
  firstname: string
  lastname: string
  company: string | null
  address1: string
  address2: string | null
  city: string
  zipcode: string
  phone: string
  state_name: string
  country_iso: string
  email: string | null
  tax_id: string | null
  label: string | null
  is_default: number
}

export interface PaymentRow {
  id: number
  order_id: number
  method: 'card' | 'gift_card' | 'store_credit'
  state: 'checkout' | 'completed' | 'void'
  amount_cents: number | null
  requested_cents: number | null
  last4: string | null
  cc_type: string | null
  card_name: string | null
  /** How the card provider's payment was made (migration 0450): a card, a wallet or pay-later, and which one. */
  kind?: 'card' | 'wallet' | 'pay_later'
  kind_name?: string | null
  gift_card_id: number | null
  /** The gift card's or store credit's balance when it was attached: what the shopper's totals were computed from. */
  seen_balance_cents: number | null
  gift_card_code?: string | null
  gift_card_balance?: number | null
  gift_card_currency?: string | null
}

export interface CartLine {
  row: LineRow
  variant: VariantInfo | null
  pricing: PricingLine
  /** What one unit costs this shopper. */
  paidUnitCents: number
  /** The regular price per unit (RRP, or the gift card's amount), without GST on an export. */
  rrpCents: number
}

export interface CartState {
  order: OrderRow
  member: boolean
  locale: Locale
  lines: CartLine[]
  promotions: Array<{ promo: PromotionRow; amountCents: number }>
  /** The chosen shipping method; always null on a cart with nothing to ship (only e-gift cards). */
  shippingMethod: ShippingMethodRow | null
  /** Where a Click & Collect order is collected (null for a delivery, or before the shopper chose). */
  pickupPlace: PickupPlace | null
  /** A pickup rate is chosen and the shop offers places: the order needs one (decision 0055). */
  placeNeeded: boolean
  /** Something is to be shipped: a line that is not a gift card (gift cards are emailed). */
  needsDelivery: boolean
  /** `parcels_json`: the parcels that left (carrier, tracking, tracking_url, shipped_at), a JSON array. */
  shipment: { id: number; number: string; tracking_id: string | null; shipping_method_id: number; state: string; parcels_json?: string | null } | null
  billAddress: AddressRow | null
  shipAddress: AddressRow | null
  payments: PaymentRow[]
  /** Delivered outside Australia: priced without GST, and the tax line says so. */
  gstFree: boolean
  storeCreditAvailable: number
  totals: Totals
  /**
   * The balance due as it was shown: gift cards and store credit at the balances they had when they were attached.
   * Higher `totals.balance` means one of them was spent elsewhere meanwhile (never charged without asking again).
   */
  shownBalance: number
  money(cents: number): string
}

/**
 * Loads everything about an order and prices it on the server (a completed order shows what was charged), in one
 * round trip: the order, its lines with their variants, promotions, payments, addresses, shipment, shipping method and
 * the customer's store credit are read in one batch, a consistent snapshot (only a coupon with a per-customer limit
 * costs one more read). The order is read in the batch whether it is given as a row or an id: the state is what the
 * database holds, and `state.order` is that row. `writes` run first in the same batch (atomically), so a change and the
 * cart it leaves cost one round trip (`checkWrites` may refuse the request from what they changed); an order that is
 * not there is a 404.
 */
/** The country of the order's shipping address (SQL; `?1` is the order's id). */
const SHIP_COUNTRY = '(SELECT a.country_iso FROM addresses a WHERE a.id = (SELECT o.ship_address_id FROM orders o WHERE o.id = ?1))'

export async function loadCartState(
  db: D1Database,
  ref: OrderRow | number,
  locale: Locale,
  { writes = [], checkWrites }: { writes?: D1PreparedStatement[]; checkWrites?: (results: D1Result[]) => void } = {},
): Promise<CartState> {
  const orderId = typeof ref === 'number' ? ref : ref.id
  const of = (column: string) => `(SELECT ${column} FROM orders WHERE id = ?1)`
  const results = await db.batch([
    ...writes,
    db.prepare('SELECT * FROM orders WHERE id = ?').bind(orderId),
    db.prepare('SELECT * FROM line_items WHERE order_id = ? ORDER BY id').bind(orderId),
    db.prepare('SELECT p.*, op.amount_cents AS applied_cents FROM order_promotions op JOIN promotions p ON p.id = op.promotion_id WHERE op.order_id = ? ORDER BY p.id').bind(orderId),
    db.prepare(
      `SELECT pay.*, g.code AS gift_card_code, g.balance_cents AS gift_card_balance, g.currency AS gift_card_currency
       FROM payments pay LEFT JOIN gift_cards g ON g.id = pay.gift_card_id WHERE pay.order_id = ? AND pay.state != 'void' ORDER BY pay.id`,
    ).bind(orderId),
    db.prepare(`SELECT * FROM addresses WHERE id IN (${of('bill_address_id')}, ${of('ship_address_id')})`).bind(orderId),
    // a placed order's parcels (migration 0350) ride along as JSON: a cart has no shipment row, so it costs carts nothing
    db
      .prepare(
        `SELECT id, number, tracking_id, shipping_method_id, state,
           (SELECT json_group_array(json_object('carrier', f.carrier, 'tracking', f.tracking_id, 'tracking_url', f.tracking_url, 'shipped_at', f.created_at))
            FROM (SELECT * FROM fulfilments WHERE order_id = shipments.order_id ORDER BY id) f) AS parcels_json
         FROM shipments WHERE order_id = ?`,
      )
      .bind(orderId),
    db.prepare(`SELECT balance_cents FROM store_credits WHERE user_id = ${of('user_id')} AND currency = ${of('currency')}`).bind(orderId),
    // with the Click & Collect place chosen for it (migration 0400): no statement of its own
    db.prepare(`SELECT m.*, ${chosenPlaceSql(locale)} AS pickup_place_json, ${PLACES_OFFERED_SQL} AS places_offered FROM shipping_methods m WHERE m.id = ${of('shipping_method_id')}`).bind(orderId),
    // the GST rule and zone of the shipping address's country, as the console set them (migration 0330)
    db.prepare(`SELECT CASE WHEN ${SHIP_COUNTRY} IS NULL THEN 0 ELSE ${gstFreeSql(SHIP_COUNTRY)} END AS gst_free, ${zoneOf(SHIP_COUNTRY)} AS zone_id, (SELECT r.gst_free FROM order_gst_rules r WHERE r.order_id = ?1) AS placed_gst_free`).bind(orderId),
    ...variantStatements(db, { orderOf: orderId }, locale)!,
  ])
  checkWrites?.(results.slice(0, writes.length))
  const [orderRes, linesRes, promosRes, paymentsRes, addressesRes, shipmentRes, creditRes, methodRes, zoneRes, ...variantResults] = results.slice(writes.length)
  const order = orderRes!.results[0] as OrderRow | undefined
  if (!order) throw cartNotFound()
  const currency: Currency = order.currency
  const money = (cents: number) => formatMoney(cents / 100, currency, locale)
  const rows = linesRes!.results as unknown as LineRow[]
  const addresses = addressesRes!.results as unknown as AddressRow[]
  const shipAddress = addresses.find((a) => a.id === order.ship_address_id) ?? null
  const complete = order.state === 'complete'
  // an export is priced without GST from the moment the checkout has an address in a GST-free zone (docs/checkout.md);
  // a placed order keeps the rule it was placed under
  const zone = zoneRes!.results[0] as { gst_free: number; zone_id: number | null; placed_gst_free: number | null }
  const gstFree = complete && zone.placed_gst_free != null ? zone.placed_gst_free === 1 : zone.gst_free === 1
  const member = complete ? order.member_pricing === 1 : order.user_id !== null
  const variants = variantsFrom(variantResults)
  const lines: CartLine[] = rows.map((row) => {
    const variant = variants.get(row.variant_id) ?? null
    const pricing: PricingLine = complete
      ? { unitCents: row.price_cents ?? 0, memberCents: null, quantity: row.quantity, giftCard: row.gift_card_cents !== null }
      : row.gift_card_cents !== null
        ? { unitCents: row.gift_card_cents, memberCents: null, quantity: row.quantity, giftCard: true }
        : exportPriced({ unitCents: variant?.amountCents ?? 0, memberCents: variant?.memberCents ?? null, quantity: row.quantity, giftCard: false }, gstFree)
    const paidUnitCents = unitPrice(pricing, member)
    const rrp = variant?.rrpCents ?? null
    const rrpCents = row.gift_card_cents ?? (complete ? (row.rrp_cents ?? paidUnitCents) : rrp === null ? pricing.unitCents : gstFree ? exGst(rrp) : rrp)
    return { row, variant, pricing, paidUnitCents, rrpCents }
  })
  const payments = paymentsRes!.results as unknown as PaymentRow[]
  const needsDelivery = rows.some((row) => row.gift_card_cents === null)
  // a cart of only e-gift cards ships nothing, so a method chosen earlier neither charges nor shows
  const chosen = (methodRes!.results[0] as (ShippingMethodRow & { pickup_place_json?: string | null; places_offered?: number }) | undefined) ?? null
  // a cart keeps its rate only while it is offered to its address: retired, or its zone no longer covering the
  // country, and the shopper chooses again (a placed order keeps the rate it was placed with)
  const offered = chosen !== null && chosen.retired_at === null && chosen.zone_id === zone.zone_id
  const method = complete ? chosen : needsDelivery && offered ? chosen : null
  const storeCreditAvailable = (creditRes!.results[0] as { balance_cents: number } | undefined)?.balance_cents ?? 0
  const promoRows = promosRes!.results as unknown as Array<PromotionRow & { applied_cents: number | null }>

  let totals: Totals
  let shownBalance = 0
  let promotions: CartState['promotions']
  if (complete) {
    totals = storedTotals(order, lines)
    promotions = promoRows.map((promo) => ({ promo, amountCents: promo.applied_cents ?? 0 }))
  } else {
    const merch = lines.filter((l) => !l.pricing.giftCard).reduce((s, l) => s + l.paidUnitCents * l.row.quantity, 0)
    const eligible: PromotionRow[] = []
    for (const promo of promoRows) {
      if (!(await promotionProblem(db, promo, order, merch, money))) eligible.push(promo)
    }
    const storeCredit = payments.find((p) => p.method === 'store_credit')
    const cards = payments.filter((p) => p.method === 'gift_card' && p.gift_card_currency === currency)
    const creditCents = (available: number) => (storeCredit ? Math.min(storeCredit.requested_cents ?? available, available) : 0)
    const input = {
      lines: lines.map((l) => l.pricing),
      member,
      promotions: eligible,
      shipping: method ? optionFor(method, currency) : null,
      giftCards: cards.map((p) => ({ id: p.gift_card_id!, balanceCents: p.gift_card_balance ?? 0 })),
      storeCreditCents: creditCents(storeCreditAvailable),
      gstFree,
    }
    totals = computeTotals(input)
    shownBalance = computeTotals({
      ...input,
      giftCards: cards.map((p) => ({ id: p.gift_card_id!, balanceCents: p.seen_balance_cents ?? p.gift_card_balance ?? 0 })),
      storeCreditCents: creditCents(storeCredit?.seen_balance_cents ?? storeCreditAvailable),
    }).balance
    promotions = eligible.map((promo) => ({ promo, amountCents: totals.promotions.find((p) => p.id === promo.id)?.amount ?? 0 }))
  }
  const shipmentRow = shipmentRes!.results[0] as CartState['shipment'] | undefined
  return {
    order,
    member,
    locale,
    lines,
    promotions,
    shippingMethod: method,
    pickupPlace: method?.pickup ? parsePlace(chosen?.pickup_place_json) : null,
    placeNeeded: Boolean(method?.pickup && chosen?.places_offered),
    needsDelivery,
    shipment: shipmentRow ?? null,
    billAddress: addresses.find((a) => a.id === order.bill_address_id) ?? null,
    shipAddress,
    payments,
    gstFree,
    storeCreditAvailable,
    totals,
    shownBalance,
    money,
  }
}

const exportPriced = (line: PricingLine, gstFree: boolean) => (gstFree ? withoutGst(line) : line)

function storedTotals(order: OrderRow, lines: CartLine[]): Totals {
  const total = order.total_cents ?? 0
  const giftCardTotal = order.gift_card_total_cents ?? 0
  const storeCreditTotal = order.store_credit_total_cents ?? 0
  const merch = lines.filter((l) => !l.pricing.giftCard).reduce((s, l) => s + l.paidUnitCents * l.row.quantity, 0)
  return {
    itemCount: lines.reduce((s, l) => s + l.row.quantity, 0),
    itemTotal: order.item_total_cents ?? 0,
    merchandiseTotal: merch,
    merchandiseAfterPromotions: merch,
    promoTotal: order.promo_total_cents ?? 0,
    promotions: [],
    shipTotal: order.ship_total_cents ?? 0,
    taxableTotal: 0,
    includedTax: order.tax_total_cents ?? 0,
    total,
    giftCards: [],
    giftCardTotal,
    storeCreditTotal,
    // the card paid whatever gift cards and store credit did not
    balance: 0,
    clubSavings: order.club_savings_cents ?? 0,
  }
}
