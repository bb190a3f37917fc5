import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError, cartNotFound } from '../shared/errors.ts'
import { currentUserId } from './auth.ts'
import { loadCartState } from './cart-state.ts'
import { completionConflict, completionProblems } from './complete.ts'
import { activePlaces, placeStatements } from './pickup.ts'
import { chosenProvider } from '../payments/provider.ts'
import { testProvider } from '../payments/test-provider.ts'
import { readParams } from './http.ts'
import { orderByToken, requireCart, type OrderRow } from './orders.ts'
import { cartResponse, requestLocale } from './respond.ts'
import { insertAddress } from './address-routes.ts'
import { AddressPayloadSchema, EmailSchema, IdSchema, ReturnUrlSchema } from './schemas.ts'
import { costFor, defaultOption, methodName, shippingOptions, type ShippingOption } from './shipping.ts'
import { storeUrl } from '../services/store-url.ts'
import type { BackendContext } from './http.ts'

/** Checkout: details, shipping, state, completion. Payments are in payment-routes.ts. */
export const checkoutRoutes = new Hono<{ Bindings: Env }>()

const CheckoutSchema = z.object({
  order: z.strictObject({
      email: z.optional(EmailSchema),
      bill_address_attributes: z.optional(AddressPayloadSchema),
      ship_address_attributes: z.optional(AddressPayloadSchema),
      shipments_attributes: z.optional(z.array(z.object({ id: z.optional(z.string().check(z.maxLength(40))), selected_shipping_rate_id: IdSchema })).check(z.maxLength(5))),
  }),
})
const SelectShippingSchema = z.object({ shipping_method_id: IdSchema, pickup_location_id: z.optional(IdSchema), shipment_id: z.optional(z.pipe(z.union([z.string().check(z.maxLength(40)), z.number()], { message: 'must be a shipment id' }), z.transform(String))) })

/**
 * A cart has one shipment. Before the order is placed it is named by the order's id: `GET /checkout/shipping_rates`
 * answers it as `<id>`, the cart's `shipments` relationship as `order-<id>`; both name it. Any other id (another
 * cart's, a made-up one) is refused as Spree refuses it (Checkout::SelectShippingMethod's `shipment_not_found`, 422),
 * before anything is written, instead of being ignored and the method set on this cart's shipment anyway.
 */
function assertOwnShipment(order: OrderRow, shipmentId: string | undefined, field: string) {
  if (shipmentId === undefined) return
  const id = shipmentId.trim()
  if (id === String(order.id) || id === `order-${order.id}`) return
  throw new BackendError(422, 'This cart has no shipment with that id. Leave shipment_id out, or use the id GET /checkout/shipping_rates answers.', { [field]: ['is not a shipment of this cart'] }, undefined, 'invalid_request')
}

/** Selects a shipping method if it ships to the order's address; otherwise 422 naming the field. */
async function selectShipping(db: D1Database, order: OrderRow, methodId: number, placeId?: number): Promise<D1PreparedStatement[]> {
  const address = order.ship_address_id ? await db.prepare('SELECT country_iso FROM addresses WHERE id = ?').bind(order.ship_address_id).first<{ country_iso: string }>() : null
  if (!address) throw new BackendError(422, 'Add a shipping address first.', { ship_address: ['is missing'] }, undefined, 'address_missing')
  const options = await shippingOptions(db, address.country_iso, order.currency)
  const option = options.find((o) => o.method.id === methodId)
  if (!option) {
    throw new BackendError(422, 'This shipping method is not available for the address.', { shipping_method_id: ['is not available'] }, undefined, 'shipping_unavailable')
  }
  // extension (docs/commerce-api.md): a pickup rate is chosen with the place to collect from (migration 0400)
  const place = await placeStatements(db, order.id, option.method.pickup === 1, placeId)
  return [...place, db.prepare("UPDATE orders SET shipping_method_id = ?, state = CASE WHEN state IN ('cart', 'address') THEN 'delivery' ELSE state END WHERE id = ?").bind(methodId, order.id)]
}

/** The method a cart gets with a new address: the cheapest delivering rate at its totals; none when nothing ships. */
async function defaultRateFor(c: BackendContext, order: OrderRow, options: ShippingOption[]): Promise<number | null> {
  if (options.length === 0) return null
  const state = await loadCartState(c.env.DB, order, requestLocale(c))
  if (!state.needsDelivery) return null
  return defaultOption(options, state.totals.merchandiseAfterPromotions)?.method.id ?? null
}

checkoutRoutes.patch('/checkout', async (c) => {
  const order = await requireCart(c)
  const { order: input } = await readParams(c, CheckoutSchema)
  const db = c.env.DB
  // Everything is checked before anything is written, so a refused update changes nothing.
  input.shipments_attributes?.forEach((s, i) => assertOwnShipment(order, s.id, `shipments_attributes.${i}.id`))
  const rate = input.shipments_attributes?.[0]?.selected_shipping_rate_id
  const existingShip = order.ship_address_id
    ? await db.prepare('SELECT country_iso FROM addresses WHERE id = ?').bind(order.ship_address_id).first<{ country_iso: string }>()
    : null
  const country = input.ship_address_attributes?.country_iso ?? existingShip?.country_iso ?? null
  const options = country ? await shippingOptions(db, country, order.currency) : []
  if (rate !== undefined) {
    if (!country) throw new BackendError(422, 'Add a shipping address first.', { ship_address: ['is missing'] }, undefined, 'address_missing')
    if (!options.some((o) => o.method.id === rate)) {
      throw new BackendError(422, 'This shipping method is not available for the address.', { 'shipments_attributes.0.selected_shipping_rate_id': ['is not available'] }, undefined, 'shipping_unavailable')
    }
  }
  const statements: D1PreparedStatement[] = []
  if (input.email) statements.push(db.prepare('UPDATE orders SET email = ? WHERE id = ?').bind(input.email, order.id))
  // One batch: each address row and the order pointing at it (last_insert_rowid) are written together or not at all.
  if (input.ship_address_attributes) {
    statements.push(insertAddress(db, input.ship_address_attributes, null))
    statements.push(db.prepare("UPDATE orders SET ship_address_id = last_insert_rowid(), state = CASE WHEN state = 'cart' THEN 'address' ELSE state END WHERE id = ?").bind(order.id))
    // A chosen method that serves the new destination stays; otherwise the checkout gets the cheapest rate that
    // delivers there (never Click & Collect), as Spree selects a rate when it builds the shipments.
    if (rate === undefined && !options.some((o) => o.method.id === order.shipping_method_id)) {
      const fallback = await defaultRateFor(c, order, options)
      statements.push(db.prepare('UPDATE orders SET shipping_method_id = ? WHERE id = ?').bind(fallback, order.id))
    }
  }
  if (input.bill_address_attributes) {
    statements.push(insertAddress(db, input.bill_address_attributes, null))
    statements.push(db.prepare('UPDATE orders SET bill_address_id = last_insert_rowid() WHERE id = ?').bind(order.id))
  }
  if (rate !== undefined) {
    statements.push(db.prepare("UPDATE orders SET shipping_method_id = ?, state = CASE WHEN state IN ('cart', 'address') THEN 'delivery' ELSE state END WHERE id = ?").bind(rate, order.id))
  }
  return cartResponse(c, order, { writes: statements })
})

checkoutRoutes.get('/checkout/shipping_rates', async (c) => {
  const order = await requireCart(c)
  const state = await loadCartState(c.env.DB, order, requestLocale(c))
  if (!state.shipAddress) throw new BackendError(422, 'Add a shipping address first.', { ship_address: ['is missing'] }, undefined, 'address_missing')
  const options = await shippingOptions(c.env.DB, state.shipAddress.country_iso, order.currency)
  const merchAfterPromos = state.totals.merchandiseAfterPromotions
  const places = options.some((o) => o.method.pickup === 1) ? await activePlaces(c.env.DB, requestLocale(c)) : []
  const rates = options.map((o) => {
    const cost = costFor(o, merchAfterPromos)
    return {
      id: String(o.method.id),
      type: 'shipping_rate',
      attributes: {
        name: methodName(o.method, requestLocale(c)),
        selected: o.method.id === order.shipping_method_id,
        shipping_method_id: o.method.id,
        cost: (cost / 100).toFixed(2),
        display_cost: state.money(cost),
        final_price: (cost / 100).toFixed(2),
        display_final_price: state.money(cost),
        tax_amount: '0.00',
        free: cost === 0,
        // extensions (docs/commerce-api.md): a pickup is never chosen for the shopper; when it usually arrives
        pickup: o.method.pickup === 1,
        delivery_days_min: o.method.delivery_days_min,
        delivery_days_max: o.method.delivery_days_max,
        // extensions: the places a pickup rate is collected from, and the one chosen (never preset)
        ...(o.method.pickup === 1 ? { pickup_locations: places, pickup_location_id: o.method.id === order.shipping_method_id ? (state.pickupPlace?.id ?? null) : null } : {}),
      },
    }
  })
  return c.json({
    data: [{ id: String(order.id), type: 'shipment', attributes: { number: `H${order.id}` }, relationships: { shipping_rates: { data: rates.map((r) => ({ type: r.type, id: r.id })) } } }],
    included: rates,
  })
})

checkoutRoutes.patch('/checkout/select_shipping_method', async (c) => {
  const order = await requireCart(c)
  const body = await readParams(c, SelectShippingSchema)
  assertOwnShipment(order, body.shipment_id, 'shipment_id')
  return cartResponse(c, order, { writes: await selectShipping(c.env.DB, order, body.shipping_method_id, body.pickup_location_id) })
})

const STEPS = ['cart', 'address', 'delivery', 'payment', 'confirm'] as const

/** How far the checkout can go with what it has now. */
async function reachableState(c: BackendContext, order: OrderRow) {
  const state = await loadCartState(c.env.DB, order, requestLocale(c))
  const problems = completionProblems(state)
  if (problems.line_items) return { step: 'cart' as const, problems }
  if (problems.email || problems.ship_address || problems.bill_address) return { step: 'address' as const, problems }
  if (problems.shipping_method) return { step: 'delivery' as const, problems }
  if (problems.payment) return { step: 'payment' as const, problems }
  return { step: 'confirm' as const, problems }
}

checkoutRoutes.patch('/checkout/next', async (c) => {
  const order = await requireCart(c)
  const { step, problems } = await reachableState(c, order)
  const current = STEPS.indexOf(order.state as (typeof STEPS)[number])
  const next = STEPS[Math.min(current + 1, STEPS.length - 1)]!
  if (STEPS.indexOf(step) < STEPS.indexOf(next)) throw completionConflict(problems)
  return cartResponse(c, order, { writes: [c.env.DB.prepare('UPDATE orders SET state = ? WHERE id = ?').bind(next, order.id)] })
})

checkoutRoutes.patch('/checkout/advance', async (c) => {
  const order = await requireCart(c)
  const { step } = await reachableState(c, order)
  return cartResponse(c, order, { writes: [c.env.DB.prepare('UPDATE orders SET state = ? WHERE id = ?').bind(step, order.id)] })
})

/** The order a completion call is about, including one this same call already completed (a retry). */
async function orderToComplete(c: BackendContext): Promise<OrderRow> {
  const token = c.req.header('x-spree-order-token')
  const userId = await currentUserId(c)
  if (token) {
    const order = await orderByToken(c.env.DB, token)
    if (order && (order.user_id === null || order.user_id === userId)) return order
  } else if (userId !== null) {
    const order = await c.env.DB.prepare('SELECT * FROM orders WHERE user_id = ? ORDER BY id DESC LIMIT 1').bind(userId).first<OrderRow>()
    if (order) return order
  }
  throw cartNotFound()
}

/** Extension: the balance due the shopper was shown and agreed to pay by card (docs/commerce-api.md). */
const CompleteSchema = z.object({
  expected_balance: z.optional(z.pipe(z.coerce
    .string().check(z.regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount such as 26.90')), z.transform((v) => Math.round(Number(v) * 100)))),
  /** Extension: back from Stripe's hosted payment page (docs/payments.md). */
  stripe_session_id: z.optional(z.string().check(z.regex(/^cs_[A-Za-z0-9_]{6,200}$/, 'is not a payment page session'))),
  /** Extension: where the bank's 3-D Secure page sends the shopper back to (the storefront's page). */
  return_url: z.optional(ReturnUrlSchema),
})

checkoutRoutes.patch('/checkout/complete', async (c) => {
  const { expected_balance: expected, stripe_session_id: sessionId, return_url: returnUrl } = await readParams(c, CompleteSchema)
  const order = await orderToComplete(c)
  if (order.state === 'complete') return cartResponse(c, order)
  const links = await storeUrl(c.env, new URL(c.req.url).origin)
  // no provider (a production store without card keys): no card payment could be added, so only an order that needs
  // none (gift cards, store credit) completes, as the test gateway's completion does
  const provider = chosenProvider(c.env) ?? testProvider
  const request = { expectedCents: expected ?? null, sessionId: sessionId ?? null, returnUrl: returnUrl ?? new URL('/checkout/payment/return', c.req.url).href, storeUrl: links }
  return cartResponse(c, await provider.complete(c, order, request))
})
