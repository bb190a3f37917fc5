import type { Address, Cart, Currency, LineItem, Order, OrderPayment, OrderReturn, PickupPlace, ProductImage, Promotion, ShippingRate, User, Wishlist } from '#kernel/models.ts'
import { related, type Document, type Resource } from './spree-client.ts'
import { isGstFree } from '#kernel/destinations.ts'

/** JSON:API (Spree 4.10 plus the embedded backend's documented extensions) → the storefront models of spec §3. */

const num = (value: unknown): number => {
  const n = Number(value)
  return Number.isFinite(n) ? n : 0
}
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null)

export function toAddress(r: Resource): Address {
  const a = r.attributes
  return {
    _id: r.id,
    firstName: a.firstname ?? '',
    lastName: a.lastname ?? '',
    company: a.company ?? null,
    addressLine1: a.address1 ?? '',
    apartment: a.address2 ?? null,
    streetName: null,
    streetNumber: null,
    city: a.city ?? '',
    state: a.state_code ?? a.state_name ?? '',
    zipCode: a.zipcode ?? '',
    country: a.country_iso ?? '',
    phoneNumber: a.phone ?? '',
    email: a.email ?? null,
    taxId: a.tax_id ?? null,
    isDefault: a.is_default === true,
  }
}

/** The storefront address → Spree's AddressPayload. */
export function toAddressPayload(a: Omit<Address, '_id' | 'isDefault'> & { isDefault?: boolean }) {
  const street = [a.streetNumber, a.streetName].filter(Boolean).join(' ')
  return {
    firstname: a.firstName,
    lastname: a.lastName,
    company: a.company ?? null,
    address1: a.addressLine1 || street,
    address2: a.apartment ?? null,
    city: a.city,
    zipcode: a.zipCode,
    phone: a.phoneNumber,
    state_name: a.state,
    country_iso: a.country,
    email: a.email ?? null,
    tax_id: a.taxId ?? null,
    ...(a.isDefault === undefined ? {} : { is_default: a.isDefault }),
  }
}

export function toImage(value: any, name: string): ProductImage | null {
  if (!value?.mobile?.url) return null
  return { alt: value.alt ?? name, styles: { mobile: value.mobile, desktop: value.desktop, large: value.large } }
}

function optionsOf(list: unknown): LineItem['options'] {
  const out: LineItem['options'] = {}
  for (const o of Array.isArray(list) ? list : []) {
    const type = String(o?.type ?? '').toLowerCase()
    const key = type === 'color' || type === 'colour' ? 'colour' : type
    if (key) out[key] = String(o.value ?? '')
  }
  return out
}

export function toLineItem(r: Resource): LineItem {
  const a = r.attributes
  const variant = r.relationships?.variant?.data
  return {
    id: r.id,
    _variantId: variant && !Array.isArray(variant) ? variant.id : '',
    name: a.name ?? '',
    image: toImage(a.image, a.name ?? ''),
    sku: a.sku ?? '',
    slug: a.slug ?? '',
    qty: num(a.quantity),
    price: { current: num(a.price), original: num(a.compare_at_amount ?? a.price) },
    club_price: a.club_price === null || a.club_price === undefined ? null : num(a.club_price),
    displayTotal: a.display_total ?? '',
    options: optionsOf(a.options),
    displayPrice: a.display_price ?? '',
    displayClubPrice: a.display_club_price ?? null,
    maxQuantity: typeof a.max_quantity === 'number' ? a.max_quantity : null,
    ...(a.gift_card ? { giftCard: true } : {}),
  }
}

function promotionsOf(doc: Document): Promotion[] {
  return related(doc, doc.data, 'promotions').map((p) => ({ id: p.id, name: p.attributes.name ?? '', amount: p.attributes.display_amount ?? p.attributes.amount ?? '', code: str(p.attributes.code) }))
}

function addressesOf(doc: Document) {
  const billing = related(doc, doc.data, 'billing_address')[0]
  const shipping = related(doc, doc.data, 'shipping_address')[0]
  return { billing: billing ? toAddress(billing) : null, shipping: shipping ? toAddress(shipping) : null }
}

export function toCart(doc: Document): Cart {
  const a = doc.data.attributes
  const display = (key: string) => a[`display_${key}`] ?? a[key] ?? ''
  const itemTotal = num(a.item_total)
  const balanceDisplay = a.display_balance ?? a.display_order_total_after_store_credit ?? a.display_total ?? ''
  return {
    token: a.token,
    lineItems: related(doc, doc.data, 'line_items').map(toLineItem),
    itemCount: num(a.item_count),
    itemTotalAmount: itemTotal,
    totalAmount: num(a.total),
    total: display('total'),
    shipTotalAmount: num(a.ship_total),
    taxTotalAmount: num(a.included_tax_total ?? a.tax_total),
    adjustmentTotal: num(a.adjustment_total),
    orderPromotions: promotionsOf(doc),
    gift_card: str(a.gift_card_code),
    balance: balanceDisplay,
    balanceAmount: num(a.balance ?? a.total),
    currency: (a.currency ?? 'AUD') as Currency,
    club_price_savings: str(a.display_club_price_savings),
    email: str(a.email),
    address: addressesOf(doc),
    totals: {
      subtotal: display('item_total'),
      special: a.display_item_total_after_promotions ?? display('item_total'),
      total: display('total'),
      balance: balanceDisplay,
      tax: display('included_tax_total'),
      shipping: display('ship_total'),
    },
    shippingMethod: str(related(doc, doc.data, 'shipments')[0]?.attributes.shipping_method_name),
    giftCard: str(a.gift_card_code) ? { code: a.gift_card_code, amount: display('gift_card_total'), remaining: a.display_gift_card_remaining ?? '' } : null,
    storeCredit: num(a.store_credit_total) > 0 ? display('store_credit_total') : null,
    gstFree: gstFreeOf(doc),
  }
}

/**
 * An export is charged no GST: the embedded backend says so from its zones (`gst_free`, migration 0330); a remote
 * Spree does not, and then a shipping address outside Australia is one.
 */
const gstFreeOf = (doc: Document) => (typeof doc.data.attributes.gst_free === 'boolean' ? doc.data.attributes.gst_free : isGstFree(addressesOf(doc).shipping?.country))

/** Payments that took money (Spree's completed, pending or processing ones): not void, failed or still at checkout. */
const UNPAID = new Set(['checkout', 'void', 'failed', 'invalid'])
/** In the order checkout spends them: gift cards first, then store credit, then the card pays the balance. */
const METHODS: Array<OrderPayment['method']> = ['gift_card', 'store_credit', 'card', 'other']

/** How a placed order was paid, payment by payment, with the amounts the backend stored when it charged them. */
function paymentsOf(doc: Document): OrderPayment[] {
  return related(doc, doc.data, 'payments')
    .filter((p) => !UNPAID.has(String(p.attributes.state ?? '')))
    .map((p) => {
      const a = p.attributes
      const method = METHODS.includes(a.payment_method) && a.payment_method !== 'other' ? (a.payment_method as OrderPayment['method']) : 'other'
      const kind = a.payment_kind === 'wallet' || a.payment_kind === 'pay_later' ? { kind: { type: a.payment_kind, name: str(a.payment_kind_name) } } : {}
      return { method, amount: num(a.amount), giftCardCode: method === 'gift_card' ? str(a.gift_card_code) : null, lastDigits: str(a.last_digits), ...kind }
    })
    .sort((x, y) => METHODS.indexOf(x.method) - METHODS.indexOf(y.method))
}

export function toOrder(doc: Document): Order {
  const a = doc.data.attributes
  const shipments = related(doc, doc.data, 'shipments')
  return {
    number: a.number ?? '',
    state: a.state ?? '',
    completedAt: a.completed_at ?? null,
    totalAmount: num(a.total),
    total: a.display_total ?? '',
    itemTotal: a.display_item_total ?? '',
    itemCount: num(a.item_count),
    shipTotal: a.display_ship_total ?? '',
    taxTotalAmount: num(a.included_tax_total ?? a.tax_total),
    taxTotal: a.display_included_tax_total ?? a.display_tax_total ?? '',
    gstFree: gstFreeOf(doc),
    promoTotal: a.display_promo_total ?? '',
    balance: a.display_balance ?? a.display_order_total_after_store_credit ?? '',
    currency: (a.currency ?? 'AUD') as Currency,
    lineItems: related(doc, doc.data, 'line_items').map(toLineItem),
    address: addressesOf(doc),
    orderPromotions: promotionsOf(doc),
    // our backend lists each parcel of the shipment; a remote Spree has a shipment per parcel, each with its link
    shipmentItems: shipments.flatMap((s) =>
      Array.isArray(s.attributes.parcels) && s.attributes.parcels.length
        ? s.attributes.parcels.map((p: { carrier: string | null; tracking: string | null; tracking_url: string | null }) => ({ tracking_id: p.tracking ?? null, tracking_url: p.tracking_url ?? null, carrier: p.carrier ?? null }))
        : [{ tracking_id: s.attributes.tracking ?? null, tracking_url: s.attributes.tracking_url ?? null }],
    ),
    shipmentState: a.shipment_state ?? null,
    pickup: shipments.some((s) => s.attributes.pickup === true),
    pickupPlace: a.pickup_place ? { ...pickupPlaceOf(a.pickup_place), readyAt: a.pickup_place.ready_at ?? null } : null,
    shipmentMethods: shipments.map((s) => ({ name: s.attributes.shipping_method_name ?? s.attributes.name ?? '' })),
    canceledAt: a.canceled_at ?? null,
    returnableUntil: a.returnable_until ?? null,
    returns: Array.isArray(a.returns)
      ? a.returns.map((r: { id: number; state: OrderReturn['state']; reason: string; created_at: string; refund_total: string | null; refund_to?: OrderReturn['refundTo']; return_number?: string; return_address?: string[] | null; note?: string | null; items: Array<{ line_item_id: string; quantity: number }> }) => ({
          id: String(r.id),
          state: r.state,
          reason: r.reason,
          createdAt: r.created_at,
          refundTotal: r.refund_total,
          refundTo: r.refund_to ?? null,
          returnNumber: r.return_number ?? String(r.id),
          returnAddress: Array.isArray(r.return_address) ? r.return_address.map(String) : null,
          note: r.note ?? null,
          items: r.items.map((i) => ({ lineItemId: String(i.line_item_id), quantity: i.quantity })),
        }))
      : [],
    payments: paymentsOf(doc),
  }
}

export function toUser(doc: Document): User {
  const a = doc.data.attributes
  return {
    firstName: a.first_name ?? '',
    lastName: a.last_name ?? '',
    email: a.email ?? '',
    completedOrders: num(a.completed_orders),
    storeCredits: num(a.store_credits),
  }
}

/** A Click & Collect place of the embedded backend's extension (docs/commerce-api.md). */
const pickupPlaceOf = (p: PickupPlace): PickupPlace => ({ id: String(p.id), name: p.name, address: p.address, hours: p.hours })

export function toShippingRates(doc: { data: Resource[]; included?: Resource[] }): ShippingRate[] {
  const rates = doc.data.flatMap((shipment) => related(doc, shipment, 'shipping_rates'))
  return rates
    .map((r) => ({
      id: String(r.attributes.shipping_method_id ?? r.id),
      name: r.attributes.name ?? '',
      cost: r.attributes.display_cost ?? r.attributes.cost ?? '',
      costAmount: num(r.attributes.cost),
      selected: r.attributes.selected === true,
      // extensions of the embedded backend (docs/commerce-api.md); a remote Spree says neither
      pickup: r.attributes.pickup === true,
      ...(r.attributes.pickup_locations ? { pickupPlaces: r.attributes.pickup_locations.map(pickupPlaceOf), pickupPlaceId: r.attributes.pickup_location_id?.toString() ?? null } : {}),
      deliveryDays: typeof r.attributes.delivery_days_min === 'number' && typeof r.attributes.delivery_days_max === 'number' ? { min: r.attributes.delivery_days_min, max: r.attributes.delivery_days_max } : null,
    }))
    .sort((x, y) => x.name.localeCompare(y.name, 'en', { sensitivity: 'base' }))
}

export function toWishlist(doc: Document): Wishlist {
  return {
    token: doc.data.attributes.token ?? doc.data.id,
    wishedProducts: related(doc, doc.data, 'wished_items').map((item) => {
      const a = item.attributes
      const variant = item.relationships?.variant?.data
      const options = optionsOf(a.options)
      return {
        wishedProductId: item.id,
        variantId: variant && !Array.isArray(variant) ? variant.id : '',
        name: a.name ?? '',
        slug: a.slug ?? '',
        image: toImage(a.image, a.name ?? ''),
        price: { regular: a.display_price ?? a.price ?? '', special: a.display_club_price ?? null },
        sku: a.sku ?? '',
        ...(options.colour ? { colour: options.colour } : {}),
        ...(options.size ? { size: options.size } : {}),
      }
    }),
    isDisabled: false,
    ...(doc.data.attributes.display_total ? { displayTotal: String(doc.data.attributes.display_total) } : {}),
  }
}
