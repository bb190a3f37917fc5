import { CHARGE_MAX_CENTS } from '#kernel/config.ts'
import { BackendError } from '../shared/errors.ts'
import { randomDigits } from '../../lib/crypto.ts'
import type { Env } from '#worker/env.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import { giftCardDueAt } from '#worker/mail/delivery-date.ts'
import type { CartState } from './cart-state.ts'
import { PLACE_MISSING } from './pickup.ts'
import { customerKey } from './promotions.ts'
import { orderNumber, reloadOrder, type OrderRow } from './orders.ts'
import { giftCardMails, orderConfirmationMail } from './order-mails.ts'

/** What must be true before an order can be placed; each missing step is named. */
export function completionProblems(state: CartState): Record<string, string[]> {
  const problems: Record<string, string[]> = {}
  const add = (key: string, message: string) => (problems[key] ??= []).push(message)
  if (state.lines.length === 0) add('line_items', 'The cart is empty.')
  for (const line of state.lines) {
    if (line.row.gift_card_cents !== null) continue
    const v = line.variant
    if (!v || !v.available || v.amountCents === null) add('line_items', `${v?.name ?? 'A product'} is no longer available.`)
    else if (!v.backorderable && line.row.quantity > v.stockOnHand) {
      add('line_items', v.stockOnHand > 0 ? `Only ${v.stockOnHand} of ${v.name} are in stock.` : `${v.name} is out of stock.`)
    }
  }
  if (!state.order.email) add('email', 'An email address is needed.')
  // an order of only e-gift cards is emailed: no shipping address, no shipping method (spec §5 asks the billing address)
  if (!state.shipAddress && state.needsDelivery) add('ship_address', 'A shipping address is needed.')
  if (!state.billAddress) add('bill_address', 'A billing address is needed.')
  if (!state.shippingMethod && state.needsDelivery) add('shipping_method', 'Choose a shipping method.')
  // a pickup rate without a place is not an order anyone can hand over (the shopper chooses; none is preset)
  else if (state.placeNeeded && state.needsDelivery && !state.pickupPlace) add('shipping_method', PLACE_MISSING)
  const card = state.payments.find((p) => p.method === 'card')
  if (state.totals.balance > 0 && !card) add('payment', 'Add a payment for the balance of the order.')
  // the card provider refuses a larger charge: said here, before any payment is attempted (cart-routes refuses earlier)
  if (state.totals.balance > CHARGE_MAX_CENTS) add('line_items', `An order can be at most ${state.money(CHARGE_MAX_CENTS)} (the most a card can be charged at once); this one is ${state.money(state.totals.balance)}. Choose fewer.`)
  return problems
}

/**
 * Places the order in ONE D1 batch (a transaction): claim the completion, take the stock, spend gift cards, store
 * credit and coupon uses, record the payments, issue bought gift cards, close the cart and queue the emails. Every
 * guard is a constraint (stock ≥ 0 unless backorderable, balances ≥ 0, coupon limits, one completion per order), so
 * if any of them would break, nothing at all is written. The emails are enqueued once the batch has committed
 * (`storeUrl` is the store's own address for the links in them).
 */
export async function completeOrder(env: Env, state: CartState, storeUrl: string): Promise<OrderRow> {
  const db = env.DB
  const { order, totals } = state
  const number = order.number ?? orderNumber()
  // Set-based statements over JSON arrays, so the batch has the same ~20 statements however many lines, gift cards
  // and coupons the order holds (D1 counts each statement against its per-invocation query limit; docs/checkout.md).
  const json = (rows: unknown[]) => JSON.stringify(rows)
  const merchandise = state.lines.filter((l) => l.row.gift_card_cents === null)
  const issued = state.lines.flatMap(({ row }) =>
    row.gift_card_cents === null
      ? []
      : Array.from({ length: row.quantity }, () => ({
          code: giftCardCode(),
          cents: row.gift_card_cents!,
          name: row.recipient_name,
          email: row.recipient_email,
          message: row.gift_message,
          line: row.id,
          deliverOn: row.gift_deliver_on,
          dueAt: giftCardDueAt(row.gift_deliver_on),
        })),
  )
  const spent = totals.giftCards.filter((g) => g.amount > 0)
  const key = customerKey(order)
  const s: D1PreparedStatement[] = [db.prepare('INSERT INTO order_completions (order_id) VALUES (?)').bind(order.id)]

  s.push(
    db
      .prepare(
        `UPDATE line_items SET price_cents = json_extract(j.value, '$.paid'), rrp_cents = json_extract(j.value, '$.rrp'), member_cents = json_extract(j.value, '$.member')
         FROM json_each(?1) AS j WHERE line_items.id = json_extract(j.value, '$.id') AND line_items.order_id = ?2`,
      )
      .bind(
        json(state.lines.map((l) => ({ id: l.row.id, paid: l.paidUnitCents, rrp: l.rrpCents, member: l.pricing.memberCents }))),
        order.id,
      ),
    // the CHECK on variants (stock ≥ 0 unless backorderable) refuses the whole batch if any line oversells
    db
      .prepare(`UPDATE variants SET stock_on_hand = stock_on_hand - json_extract(j.value, '$.q') FROM json_each(?1) AS j WHERE variants.id = json_extract(j.value, '$.v')`)
      .bind(json(merchandise.map((l) => ({ v: l.row.variant_id, q: l.row.quantity })))),
    db
      .prepare(
        `INSERT INTO gift_cards (code, currency, original_cents, balance_cents, recipient_name, recipient_email, message, line_item_id, deliver_on)
         SELECT json_extract(value, '$.code'), ?2, json_extract(value, '$.cents'), json_extract(value, '$.cents'), json_extract(value, '$.name'),
           json_extract(value, '$.email'), json_extract(value, '$.message'), json_extract(value, '$.line'), json_extract(value, '$.deliverOn') FROM json_each(?1)`,
      )
      .bind(json(issued), order.currency),
    // balances ≥ 0 is a CHECK: a card spent meanwhile by another order refuses the batch
    db
      .prepare(`UPDATE gift_cards SET balance_cents = balance_cents - json_extract(j.value, '$.amount') FROM json_each(?1) AS j WHERE gift_cards.id = json_extract(j.value, '$.id')`)
      .bind(json(spent)),
    db
      .prepare(
        `UPDATE payments SET amount_cents = json_extract(j.value, '$.amount'), state = 'completed' FROM json_each(?2) AS j
         WHERE payments.order_id = ?1 AND payments.gift_card_id = json_extract(j.value, '$.id') AND payments.state = 'checkout'`,
      )
      .bind(order.id, json(spent)),
    db.prepare("UPDATE payments SET state = 'void' WHERE order_id = ? AND method = 'gift_card' AND state = 'checkout'").bind(order.id),
  )
  if (totals.storeCreditTotal > 0) {
    s.push(db.prepare('UPDATE store_credits SET balance_cents = balance_cents - ? WHERE user_id = ? AND currency = ?').bind(totals.storeCreditTotal, order.user_id, order.currency))
    s.push(db.prepare("UPDATE payments SET amount_cents = ?, state = 'completed' WHERE order_id = ? AND method = 'store_credit' AND state = 'checkout'").bind(totals.storeCreditTotal, order.id))
  } else {
    s.push(db.prepare("UPDATE payments SET state = 'void' WHERE order_id = ? AND method = 'store_credit' AND state = 'checkout'").bind(order.id))
  }
  const card = [...state.payments].reverse().find((p) => p.method === 'card')
  if (card && totals.balance > 0) {
    s.push(db.prepare("UPDATE payments SET amount_cents = ?, state = 'completed' WHERE id = ?").bind(totals.balance, card.id))
  }
  s.push(db.prepare("UPDATE payments SET state = 'void' WHERE order_id = ? AND method = 'card' AND state = 'checkout'").bind(order.id))

  const promos = state.promotions.map(({ promo, amountCents }) => ({ id: promo.id, limit: promo.per_customer_limit, amount: amountCents }))
  s.push(
    db.prepare('DELETE FROM order_promotions WHERE order_id = ?1 AND promotion_id NOT IN (SELECT json_extract(value, \'$.id\') FROM json_each(?2))').bind(order.id, json(promos)),
    // used_count ≤ usage_limit and the per-customer sequence are CHECKs too
    db.prepare("UPDATE promotions SET used_count = used_count + 1 WHERE id IN (SELECT json_extract(value, '$.id') FROM json_each(?1))").bind(json(promos)),
    db
      .prepare(
        `INSERT INTO promotion_redemptions (promotion_id, customer_key, seq, seq_limit, order_id)
         SELECT json_extract(j.value, '$.id'), ?2,
           (SELECT COUNT(*) + 1 FROM promotion_redemptions r WHERE r.promotion_id = json_extract(j.value, '$.id') AND r.customer_key = ?2),
           json_extract(j.value, '$.limit'), ?3
         FROM json_each(?1) AS j`,
      )
      .bind(json(promos), key, order.id),
    db
      .prepare(
        `UPDATE order_promotions SET amount_cents = json_extract(j.value, '$.amount') FROM json_each(?2) AS j
         WHERE order_promotions.order_id = ?1 AND order_promotions.promotion_id = json_extract(j.value, '$.id')`,
      )
      .bind(order.id, json(promos)),
  )

  // nothing to ship (only e-gift cards): no shipment, and no method on the order
  if (state.shippingMethod) {
    s.push(
      db
        .prepare(
          `INSERT INTO shipments (order_id, number, shipping_method_id, cost_cents) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (order_id) DO UPDATE SET shipping_method_id = excluded.shipping_method_id, cost_cents = excluded.cost_cents`,
        )
        .bind(order.id, `H${randomDigits(11)}`, state.shippingMethod.id, totals.shipTotal),
    )
  }
  s.push(
    db
      .prepare(
        `UPDATE orders SET state = 'complete', number = ?, completed_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), item_total_cents = ?, promo_total_cents = ?, ship_total_cents = ?,
           tax_total_cents = ?, total_cents = ?, gift_card_total_cents = ?, store_credit_total_cents = ?, club_savings_cents = ?,
           member_pricing = ?, shipping_method_id = ? WHERE id = ? AND state != 'complete'`,
      )
      .bind(number, totals.itemTotal, totals.promoTotal, totals.shipTotal, totals.includedTax, totals.total, totals.giftCardTotal, totals.storeCreditTotal, totals.clubSavings, state.member ? 1 : 0, state.shippingMethod?.id ?? null, order.id),
  )
  // the GST rule it was placed under (migration 0330), kept whatever the zone says later
  s.push(db.prepare('INSERT INTO order_gst_rules (order_id, gst_free) VALUES (?, ?) ON CONFLICT (order_id) DO NOTHING').bind(order.id, state.gstFree ? 1 : 0))
  // the confirmation, and each card's email due on its delivery date (the cron sweep sends it that morning): one
  // statement, so the store's settings for them are read once
  s.push(await mailStatement(env, orderConfirmationMail(state, number, storeUrl), ...giftCardMails(state, issued, storeUrl)))
  await dispatchWritten(env, await db.batch(s))
  return reloadOrder(db, order.id)
}

/** 16 characters from an alphabet without look-alikes (0/O, 1/I): hard to guess, easy to type. */
export function giftCardCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('')
  return chars.match(/.{4}/g)!.join('-')
}

/**
 * The card may only be charged what the shopper was shown: `expectedCents` when the client says what it showed
 * (`expected_balance`), otherwise the balance due with each gift card and store credit at the balance it had when it
 * was attached. If another order spent some of it meanwhile, the order is refused (409) and nothing changes.
 */
export function balanceMoved(state: CartState, expectedCents: number | null): BackendError | null {
  if (state.totals.balance <= (expectedCents ?? state.shownBalance)) return null
  // a gift card or store credit that pays less than when it was attached, or else the cart itself changed
  if (state.totals.balance > state.shownBalance) return balanceChanged(state)
  return new BackendError(
    409,
    `Your order changed since its total was shown, so it was not placed. The balance due is now ${state.money(state.totals.balance)}. Please review it and pay again.`,
    { payment: ['order changed'] },
    undefined,
    'order_changed',
  )
}

/** 409 naming the new balance due, so the shopper can decide again. */
export function balanceChanged(state: CartState): BackendError {
  return new BackendError(
    409,
    `The balance of your gift card or store credit has changed, so the order was not placed. The balance due is now ${state.money(state.totals.balance)}. Please review it and pay again.`,
    { payment: ['balance changed'] },
    undefined,
    'balance_changed',
  )
}

/** After a failed batch: why, in words (the order may have been placed by a parallel request meanwhile). */
export function completionConflict(problems: Record<string, string[]>): BackendError {
  const first = Object.values(problems)[0]?.[0]
  return new BackendError(422, first ?? 'The order changed while it was being placed. Please review it and try again.', problems, undefined, 'order_not_ready')
}

