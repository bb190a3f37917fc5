import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError, cartNotFound, notFound } from '../shared/errors.ts'
import { rateLimit } from '../services/rate-limit.ts'
import { currentUserId, requireUser } from './auth.ts'
import { loadCartState, type CartLine, type CartState } from './cart-state.ts'
import { pathId, readParams } from './http.ts'
import { createOrder, openCartOfUser, orderByToken, requireCart, touchOrder, type OrderRow } from './orders.ts'
import { findPromotionByCode, promotionProblem } from './promotions.ts'
import { cartResponse, requestLocale } from './respond.ts'
import { CountryIsoSchema, CurrencySchema, IdSchema, LINE_QUANTITY_MAX, MESSAGES, QuantitySchema } from './schemas.ts'
import { knownCountryShippingOptions, methodName } from './shipping.ts'
import { loadVariants, type VariantInfo } from './variants.ts'
import { mergeCarts } from './merge.ts'
import { releaseDeals, reserveDeal } from './deal-stock.ts'
import { CHARGE_MAX_CENTS, GIFT_CARD_LINE_MAX_QUANTITY } from '#kernel/config.ts'
import { formatMoney } from '#kernel/format.ts'

/** Spree's cart endpoints (`/cart…`): guests by `X-Spree-Order-Token`, customers by bearer. */
export const cartRoutes = new Hono<{ Bindings: Env }>()

const AddItemSchema = z.object({ variant_id: IdSchema, quantity: z._default(QuantitySchema, 1) })
const SetQuantitySchema = z.object({ line_item_id: IdSchema, quantity: QuantitySchema })
// missing is 'required'; anything that cannot be a cart's token (too short, a number) says so
const GuestTokenSchema = z.object({
  guest_order_token: z.pipe(z
    .custom<unknown>((v) => v !== undefined && v !== null && v !== '', 'This field is required.'), z.string('is not a cart token').check(z.minLength(8, 'is not a cart token'), z.maxLength(128, 'is not a cart token'))),
})
const CouponSchema = z.object({
  coupon_code: z.string({ message: 'This field is required.' }).check(z.trim(), z.minLength(1, 'This field is required.'), z.maxLength(64, 'This field can have at max 64 characters.')),
})

/**
 * Checks a variant can be sold in this cart's currency in `quantity` units; the message says why not. `known`: the
 * variant as the cart's state just read it (a line of the cart), so it is not read again.
 */
async function assertSellable(db: D1Database, order: OrderRow, variantId: number, quantity: number, known?: VariantInfo | null) {
  const variant = known ?? (await loadVariants(db, [variantId], order.currency, 'en')).get(variantId)
  if (!variant || !variant.available) throw new BackendError(404, 'This product is not available.', { variant_id: ['is not available'] }, undefined, 'product_unavailable')
  if (variant.isGiftCard) throw new BackendError(422, 'Gift cards are bought with the gift card form.', { variant_id: ['is a gift card'] }, undefined, 'gift_card_form_only')
  if (variant.amountCents === null) throw new BackendError(422, `This product cannot be bought in ${order.currency}.`, { variant_id: ['has no price'] }, undefined, 'no_price_in_currency')
  if (!variant.backorderable && quantity > variant.stockOnHand) {
    const left = Math.max(variant.stockOnHand, 0)
    throw new BackendError(422, left === 0 ? 'This product is out of stock.' : `Only ${left} of this product are in stock.`, {
      quantity: [`must be at most ${left}`],
    }, undefined, left === 0 ? 'out_of_stock' : 'stock_limited', { left })
  }
  return variant
}

/**
 * Refuses a change that would take the cart's merchandise, at what this shopper pays a unit, past the most a card can
 * be charged at once (CHARGE_MAX_CENTS): such an order could never be paid, so it is refused when the quantity is
 * chosen, with the figure, rather than at the payment. The line `lineId` (or the variant's line) is counted at
 * `quantity` units of `unitCents`, against the cart as `state` has it (loaded once for the checks, before the change).
 */
function assertChargeable(state: CartState, order: OrderRow, change: { lineId?: number; variantId?: number; quantity: number; unitCents: number }) {
  const isChanged = (l: CartLine) => (change.lineId !== undefined ? l.row.id === change.lineId : l.row.variant_id === change.variantId && l.row.gift_card_cents === null)
  const changed = state.lines.find(isChanged)
  const others = state.lines.filter((l) => !isChanged(l)).reduce((sum, l) => sum + l.paidUnitCents * l.row.quantity, 0)
  const total = others + (changed?.paidUnitCents ?? change.unitCents) * change.quantity
  if (total > CHARGE_MAX_CENTS) {
    const most = formatMoney(CHARGE_MAX_CENTS / 100, order.currency, 'en')
    throw new BackendError(422, `An order can be at most ${most} (the most a card can be charged at once); this would make it ${formatMoney(total / 100, order.currency, 'en')}. Choose fewer.`, {
      quantity: [`would take the order past ${most}`],
    }, undefined, 'order_too_large')
  }
}

cartRoutes.post('/cart', async (c) => {
  const userId = await currentUserId(c)
  // a currency the store does not sell in is refused rather than answered with a cart in AUD
  const { currency: asked } = await readParams(c, z.object({ currency: z.optional(z.pipe(z.string({ message: 'Choose AUD or USD.' }).check(z.toUpperCase()), CurrencySchema)) }))
  const currency = asked ?? 'AUD'
  if (userId !== null) {
    const open = await openCartOfUser(c.env.DB, userId)
    if (open) return cartResponse(c, open, { status: 201 })
  }
  // a new cart is bounded per address, so making carts cannot reset the per-cart code limits or fill the database
  await rateLimit(c, 'cart')
  const order = await createOrder(c.env.DB, userId, currency)
  if (userId !== null) {
    await c.env.DB.prepare('UPDATE orders SET email = (SELECT email FROM users WHERE id = ?) WHERE id = ?').bind(userId, order.id).run()
  }
  return cartResponse(c, order, { status: 201 })
})

cartRoutes.get('/cart', async (c) => cartResponse(c, await requireCart(c)))

cartRoutes.delete('/cart', async (c) => {
  const order = await requireCart(c)
  await c.env.DB.prepare('DELETE FROM orders WHERE id = ? AND state != ?').bind(order.id, 'complete').run()
  return c.body(null, 204)
})

cartRoutes.post('/cart/add_item', async (c) => {
  const order = await requireCart(c)
  const body = await readParams(c, AddItemSchema)
  // the cart as it is, read once: the line this adds to, and the total the change must keep chargeable
  const state = await loadCartState(c.env.DB, order, 'en')
  const existingLine = state.lines.find((l) => l.row.variant_id === body.variant_id && l.row.gift_card_cents === null)
  const has = existingLine?.row.quantity ?? 0
  // the line's quantity after the add
  const wanted = has + body.quantity
  // the line the item is added to stays within the bound set_quantity keeps
  const room = LINE_QUANTITY_MAX - has
  if (body.quantity > room) {
    throw new BackendError(422, `The cart holds at most ${LINE_QUANTITY_MAX} of one product; it has ${has} of this one.`, { quantity: [`must be at most ${Math.max(room, 0)}`] }, undefined, 'line_quantity_limit', { max: LINE_QUANTITY_MAX, has })
  }
  const variant = await assertSellable(c.env.DB, order, body.variant_id, wanted, existingLine?.variant)
  assertChargeable(state, order, { variantId: body.variant_id, quantity: wanted, unitCents: variant.amountCents! })
  // a deal's units are held for this cart by its object first: a shopper who lost hears 'sold out' now (decision 0081)
  if (variant.deal) await reserveDeal(c.env, variant.id, order.id, wanted, variant.stockOnHand)
  // the change and the cart it leaves in one round trip
  return cartResponse(c, order, {
    writes: [
      c.env.DB.prepare(
        `INSERT INTO line_items (order_id, variant_id, quantity) VALUES (?, ?, ?)
         ON CONFLICT (order_id, variant_id) WHERE gift_card_cents IS NULL DO UPDATE SET quantity = quantity + excluded.quantity`,
      ).bind(order.id, body.variant_id, body.quantity),
      touchOrder(c.env.DB, order.id),
    ],
  })
})

cartRoutes.patch('/cart/set_quantity', async (c) => {
  const order = await requireCart(c)
  const body = await readParams(c, SetQuantitySchema)
  const state = await loadCartState(c.env.DB, order, 'en')
  const cartLine = state.lines.find((l) => l.row.id === body.line_item_id)
  const line = cartLine?.row
  if (!line) throw new BackendError(404, 'This item is not in the cart.', { line_item_id: ['is not in the cart'] }, undefined, 'line_not_found')
  if (line.gift_card_cents === null) await assertSellable(c.env.DB, order, line.variant_id, body.quantity, cartLine.variant)
  else if (body.quantity > GIFT_CARD_LINE_MAX_QUANTITY) {
    throw new BackendError(422, `At most ${GIFT_CARD_LINE_MAX_QUANTITY} of the same gift card can be bought at once.`, { quantity: [`must be at most ${GIFT_CARD_LINE_MAX_QUANTITY}`] }, undefined, 'gift_card_quantity_limit', { max: GIFT_CARD_LINE_MAX_QUANTITY })
  }
  assertChargeable(state, order, { lineId: body.line_item_id, quantity: body.quantity, unitCents: line.gift_card_cents ?? 0 })
  if (cartLine.variant?.deal && line.gift_card_cents === null) await reserveDeal(c.env, line.variant_id, order.id, body.quantity, cartLine.variant.stockOnHand)
  return cartResponse(c, order, { writes: [c.env.DB.prepare('UPDATE line_items SET quantity = ? WHERE id = ?').bind(body.quantity, body.line_item_id), touchOrder(c.env.DB, order.id)] })
})

cartRoutes.delete('/cart/remove_line_item/:id', async (c) => {
  const order = await requireCart(c)
  const id = pathId(c.req.param('id'))
  // the cart changed: its updated_at moves, as with add_item and set_quantity, in the same round trip; removing a line
  // that is not there (404) leaves the cart as it was; the answer's reads go in the same batch
  let deals: number[] = []
  const answer = await cartResponse(c, order, {
    writes: [c.env.DB.prepare(`DELETE FROM line_items WHERE id = ? AND order_id = ? ${RETURNING_DEALS}`).bind(id, order.id), touchOrder(c.env.DB, order.id, { ifChanged: true })],
    checkWrites: ([removed]) => {
      if (removed!.meta.changes === 0) throw notFound('This item is not in the cart.', 'line_not_found')
      deals = dealsOf(removed!)
    },
  })
  // a deal's units held for this cart are free again at once
  await releaseDeals(c.env, deals, order.id)
  return answer
})

// the deal variants among the lines a DELETE removed (RETURNING, in the same round trip)
const RETURNING_DEALS = 'RETURNING (SELECT id FROM variants WHERE id = variant_id AND deal = 1) AS deal'
const dealsOf = (result: D1Result) => (result.results as Array<{ deal: number | null }>).flatMap((r) => (r.deal ? [r.deal] : []))

cartRoutes.patch('/cart/empty', async (c) => {
  const order = await requireCart(c)
  let deals: number[] = []
  const answer = await cartResponse(c, order, {
    checkWrites: ([removed]) => void (deals = dealsOf(removed!)),
    writes: [
      c.env.DB.prepare(`DELETE FROM line_items WHERE order_id = ? ${RETURNING_DEALS}`).bind(order.id),
      c.env.DB.prepare('DELETE FROM order_promotions WHERE order_id = ?').bind(order.id),
      c.env.DB.prepare('DELETE FROM payments WHERE order_id = ?').bind(order.id),
      c.env.DB.prepare("UPDATE orders SET state = 'cart' WHERE id = ?").bind(order.id),
    ],
  })
  await releaseDeals(c.env, deals, order.id)
  return answer
})

cartRoutes.patch('/cart/apply_coupon_code', async (c) => {
  const order = await requireCart(c)
  const body = await readParams(c, CouponSchema)
  await rateLimit(c, 'code', { cart: order.token })
  const promo = await findPromotionByCode(c.env.DB, body.coupon_code)
  const state = await loadCartState(c.env.DB, order, requestLocale(c))
  const problem = await promotionProblem(c.env.DB, promo, order, state.totals.merchandiseTotal, state.money)
  if (problem) throw new BackendError(422, problem.message, { coupon_code: [problem.message] }, undefined, problem.code, problem.params)
  return cartResponse(c, order, { writes: [c.env.DB.prepare('INSERT OR IGNORE INTO order_promotions (order_id, promotion_id) VALUES (?, ?)').bind(order.id, promo.id)] })
})

async function removeCoupons(c: Parameters<typeof requireCart>[0], code: string | null) {
  const order = await requireCart(c)
  if (code === null) {
    await c.env.DB.prepare('DELETE FROM order_promotions WHERE order_id = ?').bind(order.id).run()
  } else {
    const { meta } = await c.env.DB.prepare(
      'DELETE FROM order_promotions WHERE order_id = ? AND promotion_id = (SELECT id FROM promotions WHERE code = ?)',
    )
      .bind(order.id, code.trim().toLowerCase())
      .run()
    if (meta.changes === 0) throw new BackendError(422, 'This coupon code is not applied to the cart.', { coupon_code: ['is not applied'] }, undefined, 'coupon_not_applied')
  }
  return cartResponse(c, order)
}
cartRoutes.delete('/cart/remove_coupon_code/:code', (c) => removeCoupons(c, c.req.param('code').slice(0, 64)))
// Without a code in the path, a `coupon_code` parameter names the one to take off (the official client sends it in the
// body); without either, every coupon comes off, as in Spree.
cartRoutes.delete('/cart/remove_coupon_code', async (c) => {
  const { coupon_code } = await readParams(c, z.object({ coupon_code: z.optional(z.string({ message: 'must be a code' }).check(z.trim(), z.maxLength(64, 'This field can have at max 64 characters.'))) }))
  return removeCoupons(c, coupon_code ? coupon_code : null)
})

cartRoutes.patch('/cart/change_currency', async (c) => {
  const order = await requireCart(c)
  const { new_currency } = await readParams(c, z.object({ new_currency: z.pipe(z.string({ message: 'This field is required.' }).check(z.toUpperCase()), CurrencySchema) }))
  const { results } = await c.env.DB.prepare(
    `SELECT li.id FROM line_items li LEFT JOIN prices p ON p.variant_id = li.variant_id AND p.currency = ?
     WHERE li.order_id = ? AND li.gift_card_cents IS NULL AND p.variant_id IS NULL`,
  )
    .bind(new_currency, order.id)
    .all()
  if (results.length > 0) {
    throw new BackendError(422, `Some items in the cart cannot be bought in ${new_currency}.`, { new_currency: ['is not available for every item'] }, undefined, 'currency_unavailable')
  }
  // Prices are re-resolved from the price table on every read; gift card and store credit payments are per currency.
  return cartResponse(c, order, {
    writes: [
      c.env.DB.prepare('UPDATE orders SET currency = ? WHERE id = ?').bind(new_currency, order.id),
      c.env.DB.prepare("DELETE FROM payments WHERE order_id = ? AND method IN ('gift_card', 'store_credit')").bind(order.id),
    ],
  })
})

cartRoutes.patch('/cart/associate', async (c) => {
  const userId = await requireUser(c)
  const { guest_order_token } = await readParams(c, GuestTokenSchema)
  const guest = await orderByToken(c.env.DB, guest_order_token)
  if (!guest || guest.state === 'complete' || (guest.user_id !== null && guest.user_id !== userId)) {
    throw cartNotFound('The guest cart could not be found.')
  }
  const { orderId: merged, added } = await mergeCarts(c.env.DB, userId, guest)
  // how many units the member's saved cart added to the cart they had as a guest: the storefront says so (issue 42)
  return cartResponse(c, merged, { meta: added > 0 ? { saved_items_added: added } : undefined })
})

cartRoutes.get('/cart/estimate_shipping_rates', async (c) => {
  const order = await requireCart(c)
  const { country_iso } = await readParams(c, z.object({ country_iso: CountryIsoSchema }))
  const options = await knownCountryShippingOptions(c.env.DB, country_iso, order.currency)
  // a code of no country ('ZZ') is refused, not answered with no rates as if the country had none (docs/commerce-api.md)
  if (options === null) throw new BackendError(422, `There is no country '${country_iso}'. Use a country's ISO or ISO3 code, such as AU or AUS.`, { country_iso: [MESSAGES.country] }, undefined, 'invalid_details')
  const state = await loadCartState(c.env.DB, order, requestLocale(c))
  return c.json({
    data: options.map((o) => {
      const free = o.freeOverCents !== null && state.totals.merchandiseAfterPromotions >= o.freeOverCents
      const cost = free ? 0 : o.costCents
      return {
        id: String(o.method.id),
        type: 'shipping_rate',
        attributes: {
          name: methodName(o.method, requestLocale(c)),
          selected: false,
          cost: (cost / 100).toFixed(2),
          display_cost: state.money(cost),
          shipping_method_id: o.method.id,
          free: cost === 0,
          pickup: o.method.pickup === 1,
          delivery_days_min: o.method.delivery_days_min,
          delivery_days_max: o.method.delivery_days_max,
        },
      }
    }),
  })
})

