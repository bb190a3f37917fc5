import type { Env } from '#worker/env.ts'
import type { RefundTo } from '#worker/backend/commerce/returns.ts'
import { giftCardCode } from '#worker/backend/commerce/complete.ts'
import { mailStatement } from '#worker/mail/enqueue.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { refundStatements } from './order-actions.ts'
import { ActionRefused } from './action-refused.ts'
import { FORM_USED, PAYMENT_BUSY, paymentClaim, underClaim, type Claim } from './refund-claims.ts'
import { gstShareCents, refundCardShares, refundableCents, returnValueCents, shippingLeftCents, splitRefund } from './refund-money.ts'
import { assertStage, stepMail, STEP_TAKEN, stepTaken, type ReturnDetail } from './return-actions.ts'
import { dispatchWritten } from '#worker/mail/enqueue.ts'

/**
 * The last step of a return (decision 0032): the units that came back are refunded (valued as when they were bought,
 * less their share of promotions), with the order's shipping if the operator says so, to the payments the order was
 * paid with, as the customer's store credit, or on a new gift card; the units marked for it go back on the shelf; the
 * return is closed and the customer emailed. Never more than the payments still hold: the refund is always split over
 * them and counted as refunded on each (when it goes to store credit or a gift card too), so a later refund of the
 * order cannot give the same money back again.
 */

export interface ReturnQuote {
  goodsCents: number
  shippingCents: number
  totalCents: number
  gstCents: number
  shares: ReturnType<typeof splitRefund>
}

/** What refunding the return would give back, as the operator sees it before confirming. */
export async function quoteReturnRefund(db: D1Database, detail: ReturnDetail, withShipping: boolean): Promise<ReturnQuote> {
  const { ret, order } = detail
  const received = ret.items.map((i) => ({ line_item_id: i.line_item_id, quantity: i.received ?? i.quantity }))
  const goodsCents = returnValueCents(order, received)
  const shippingCents = withShipping ? Math.min(await shippingLeftCents(db, order), refundableCents(order) - goodsCents) : 0
  const totalCents = goodsCents + shippingCents
  return { goodsCents, shippingCents, totalCents, gstCents: gstShareCents(order, totalCents), shares: splitRefund(order.payments, totalCents) }
}

const RETURN_BUSY = 'Another operator is refunding or declining this return right now, or just did: reload it to see where it stands.'

export async function refundReturn(env: Env, operator: Operator, detail: ReturnDetail, input: { to: RefundTo; shipping: boolean; formToken: string }, requestUrl: string) {
  assertStage(detail, 'received')
  const { order } = detail
  if (input.to === 'store_credit' && order.order.user_id === null) throw new ActionRefused('This order was placed by a guest, who has no account to hold store credit: refund to the payments or on a new gift card.')
  const quote = await quoteReturnRefund(env.DB, detail, input.shipping)
  const references = new Map<number, string>()
  const claims: Claim[] = [
    [`form:${input.formToken}`, FORM_USED],
    [`return:${detail.ret.id}`, RETURN_BUSY],
    ...quote.shares.map((s): Claim => [paymentClaim(s.payment), PAYMENT_BUSY]),
  ]
  await underClaim(env.DB, claims, operator, () => references.size > 0, async () => {
    // money leaves through a card only when it goes back to the payments
    if (input.to === 'original') await refundCardShares(env, quote.shares, `return:${detail.ret.id}`, references)
    await recordRefund(env, operator, detail, input.to, quote, references, requestUrl)
  })
}

async function recordRefund(env: Env, operator: Operator, detail: ReturnDetail, to: RefundTo, quote: ReturnQuote, references: Map<number, string>, requestUrl: string) {
  const db = env.DB
  const { ret, order } = detail
  const code = to === 'gift_card' && quote.totalCents > 0 ? giftCardCode() : null
  const restock = ret.items.filter((i) => i.restock && (i.received ?? 0) > 0).map((i) => ({ v: order.lines.find((l) => l.id === i.line_item_id)!.variant_id, q: i.received! }))
  const said = to === 'original' ? '' : to === 'store_credit' ? ' (as store credit)' : ' (on a new gift card)'
  const refunds = to === 'original' ? quote.shares.map((s) => ({ method: s.payment.method, amountCents: s.cents })) : quote.totalCents > 0 ? [{ method: to === 'store_credit' ? ('store_credit' as const) : ('gift_card' as const), amountCents: quote.totalCents }] : []
  const came = ret.items.filter((i) => (i.received ?? 0) > 0).map((i) => ({ line_item_id: i.line_item_id, quantity: i.received! }))
  const mail = await stepMail(env, detail, 'refunded', requestUrl, null, { refunds, refundTo: to, giftCardCode: code, shippingCents: quote.shippingCents }, came)
  const statements = [
    // first: the trigger refuses a return refunded or declined meanwhile, before anything else is written
    db
      .prepare(
        `UPDATE return_progress SET refunded_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), refunded_by = ?2, refund_to = ?3, goods_cents = ?4, shipping_cents = ?5, gst_cents = ?6,
           gift_card_id = (SELECT id FROM gift_cards WHERE code = ?7) WHERE return_id = ?1`,
      )
      .bind(ret.id, operator.email, to, quote.goodsCents, quote.shippingCents, quote.gstCents, code),
    db.prepare('UPDATE return_requests SET refund_cents = ? WHERE id = ?').bind(quote.totalCents, ret.id),
    ...(quote.shippingCents > 0 ? [db.prepare('INSERT INTO shipping_refunds (order_id, amount_cents, return_id) VALUES (?, ?, ?)').bind(order.order.id, quote.shippingCents, ret.id)] : []),
    ...quote.shares.flatMap((s) => refundStatements(db, order, s.payment, s.cents, `Return #${ret.id}: ${ret.reason}${said}`, references.get(s.payment.id) ?? null, ret.id, to === 'original')),
    ...(to === 'store_credit' && quote.totalCents > 0
      ? [
          db
            .prepare('INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, ?, ?) ON CONFLICT (user_id, currency) DO UPDATE SET balance_cents = balance_cents + excluded.balance_cents')
            .bind(order.order.user_id, order.order.currency, quote.totalCents),
        ]
      : []),
    db.prepare(`UPDATE variants SET stock_on_hand = stock_on_hand + json_extract(j.value, '$.q') FROM json_each(?1) AS j WHERE variants.id = json_extract(j.value, '$.v')`).bind(JSON.stringify(restock)),
    auditStatement(db, operator, 'return.refund', { type: 'order', id: order.order.number! }, { return_id: ret.id, stage: ret.stage }, {
      return_id: ret.id,
      stage: 'refunded',
      refund_to: to,
      goods_cents: quote.goodsCents,
      shipping_cents: quote.shippingCents,
      gst_cents: quote.gstCents,
      restocked: restock,
      refunded: quote.shares.map((s) => ({ payment_id: s.payment.id, method: s.payment.method, cents: s.cents })),
      ...(code ? { gift_card: `•••• ${code.slice(-4)}` } : {}),
    }),
    await mailStatement(env, mail),
  ]
  if (code) statements.splice(0, 0, db.prepare('INSERT INTO gift_cards (code, currency, original_cents, balance_cents, recipient_email) VALUES (?, ?, ?, ?, ?)').bind(code, order.order.currency, quote.totalCents, quote.totalCents, order.order.email))
  try {
    await dispatchWritten(env, await db.batch(statements))
  } catch (error) {
    if (stepTaken(error)) throw new ActionRefused(STEP_TAKEN)
    throw error
  }
}
