import type { Env } from '#worker/env.ts'
import { formatMoney } from '#kernel/format.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import type { Mail } from '#worker/mail/types.ts'
import { restockStatement } from '../catalogue/product-write.ts'
import { giftCardCode } from '../commerce/complete.ts'
import { shipmentCancelStatement } from '../commerce/shipment-write.ts'
import { giftCardCreditStatement, giftCardIssueStatement, storeCreditAddStatement } from '../commerce/balances.ts'
import type { RefundTo, ReturnItemRow, ReturnRow } from '../commerce/returns.ts'
import { refundPayment } from '../payments/refunds.ts'
import { auditStatement, type AuditActor } from '../services/audit-log.ts'
import { BackendError } from '../shared/errors.ts'
import { FORM_USED, PAYMENT_BUSY, paymentClaim, underClaim, type Claim, type ClaimSubject } from './claims.ts'
import { RefundRefused } from './refused.ts'
import { quoteReturn, quoteUnits, refundable, refundableCents, type RefundOrder, type RefundPayment, type RefundShare, type ReturnQuote, type UnitsChoice, type UnitsQuote } from './value.ts'

/**
 * The store's one way of giving money back (decision 0074): a payment's refund, units of lines from the refund dialog,
 * a return's received goods, and everything an order took when it is cancelled all go through `settle` below. It
 * checks each share against what its payment still holds, claims what the refund is of (so a form sent twice, two
 * tabs or two operators refund once), asks the card provider first (Stripe or the test gateway, keyed so a lost answer
 * is refunded once: payments/refunds.ts), then writes in one D1 batch the refund rows, the payments' refunded figure,
 * the gift card's or store credit's money back, what the refund is of (units, shipping, the return, the cancellation),
 * the stock back on the shelf, the audit entry and the shopper's email. Callers (the console) hold no refund SQL.
 */

/** What every refund is told about the order it belongs to (a console order detail is one). */
export type Refundable = RefundOrder

interface Settlement<P extends RefundPayment> {
  /** Taken in order before any money moves; the shares' payments are claimed after them. */
  claims: Claim[]
  paymentBusy: string
  shares: Array<RefundShare<P>>
  /** What the provider's refund is for (its idempotency), or null for a refund with no form. */
  subject: ClaimSubject | null
  /** false: the shares are counted as refunded on their payments but the money goes elsewhere (store credit, a new gift card). */
  toPayments: boolean
  /** The refund rows' reason and the return they belong to. */
  reason: string
  returnId?: number | null
  /** The statements of what the refund is of, before and after the refund rows (the first may refuse the batch by trigger or key). */
  first: D1PreparedStatement[]
  then: D1PreparedStatement[]
  audit: (references: Map<number, string>) => D1PreparedStatement
  mail: () => Promise<Mail | null>
  /** The refusal (409) for an error of the batch that means another tab or operator did it first, or null. */
  taken?: (error: unknown) => string | null
}

const money = (detail: Refundable, cents: number) => formatMoney(cents / 100, detail.order.currency, 'en')

/** Said beside the amount (the form's check) and by the refund (a refund made meanwhile by someone else). */
export const refundTooMuch = (detail: Refundable, p: RefundPayment) => `At most ${money(detail, refundable(p))} can still be refunded to this payment.`

async function settle<P extends RefundPayment>(env: Env, actor: AuditActor, detail: Refundable, s: Settlement<P>): Promise<void> {
  const db = env.DB
  for (const share of s.shares) if (!Number.isInteger(share.cents) || share.cents <= 0 || share.cents > refundable(share.payment)) throw new RefundRefused(refundTooMuch(detail, share.payment))
  const references = new Map<number, string>()
  const claims: Claim[] = [...s.claims, ...s.shares.map((sh): Claim => [paymentClaim(sh.payment), s.paymentBusy])]
  await underClaim(
    db,
    claims,
    actor,
    () => references.size > 0,
    async () => {
      if (s.toPayments) {
        for (const share of s.shares) {
          if (share.payment.method !== 'card') continue
          references.set(share.payment.id, await cardRefund(env, share.payment.id, share.cents, s.subject))
        }
      }
      const mail = await s.mail()
      const statements = [
        ...s.first,
        ...s.shares.flatMap((sh) => refundRows(db, detail, sh.payment, sh.cents, s.reason, references.get(sh.payment.id) ?? null, s.returnId ?? null, s.toPayments)),
        ...s.then,
        s.audit(references),
        ...(mail ? [await mailStatement(env, mail)] : []),
      ]
      try {
        await dispatchWritten(env, await db.batch(statements))
      } catch (error) {
        const said = s.taken?.(error)
        if (said) throw new RefundRefused(said, 409)
        throw error
      }
    },
  )
}

/** A card share back through the provider that took it; its refusal (a sentence) stops the refund before anything is written. */
async function cardRefund(env: Env, paymentId: number, cents: number, subject: ClaimSubject | null): Promise<string> {
  try {
    return (await refundPayment(env, paymentId, cents, subject)).reference
  } catch (error) {
    if (error instanceof BackendError) throw new RefundRefused(error.message, error.status === 409 ? 409 : 422)
    throw error
  }
}

/**
 * The D1 side of giving `cents` back to one payment. `toBalance` false: the payment's share is counted as refunded (so
 * no more than was captured is ever given back) but the money goes elsewhere (a return refunded as store credit or on a
 * new gift card), so a gift card or store credit that paid is not refilled.
 */
function refundRows(
  db: D1Database,
  detail: Refundable,
  payment: RefundPayment,
  cents: number,
  reason: string,
  reference: string | null,
  returnId: number | null,
  toBalance: boolean,
): D1PreparedStatement[] {
  return [
    // the CHECK on payments.refunded_cents refuses the whole batch if this would give back more than was taken. A Stripe
    // payment's figure is also raised by the charge.refunded webhook (Stripe's total, only ever forward), which may have
    // counted this very refund already: it becomes at least the figure this refund started from plus the refund, so
    // the two writers meet instead of adding up (the payment's claim means nothing else of the store's changed it)
    db
      .prepare('UPDATE payments SET refunded_cents = CASE WHEN payment_intent_id IS NULL THEN refunded_cents + ?1 ELSE MAX(refunded_cents, ?3 + ?1) END WHERE id = ?2')
      .bind(cents, payment.id, payment.refunded_cents),
    db
      .prepare('INSERT INTO refunds (order_id, payment_id, amount_cents, reason, provider_reference, return_id) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(detail.order.id, payment.id, cents, reason, reference, returnId),
    ...(toBalance ? balanceBack(db, detail, payment, cents) : []),
  ]
}

/** Gives `cents` back to a gift card or the customer's store credit (a card is refunded through its provider). */
function balanceBack(db: D1Database, detail: Refundable, payment: RefundPayment, cents: number): D1PreparedStatement[] {
  if (payment.method === 'gift_card') return [giftCardCreditStatement(db, payment.gift_card_id, cents)]
  if (payment.method === 'store_credit') return [storeCredit(db, detail, cents)]
  return []
}

const storeCredit = (db: D1Database, detail: Refundable, cents: number) => storeCreditAddStatement(db, detail.order.user_id, detail.order.currency, cents)

// ——— a payment's refund ———

/** Said (409) while another refund of the same payment holds it. */
export const ONE_PAYMENT_BUSY = 'This payment is being refunded by another operator or tab right now, or just was: reload the order to see it.'
/** How long a payment's refund waits for another refund of the same payment (a double click, a second tab) to finish. */
const REFUND_WAIT_MS = 10_000

export interface PaymentRefund {
  paymentId: number
  cents: number
  reason: string
  /** The console form's one-time key: sent twice, it refunds once. */
  formToken?: string
  /** The page that shows what the form did. */
  donePath?: string
}

/** Gives `cents` back to one payment of the order; the mail is the shopper's, told what came back. */
export async function refundToPayment<D extends Refundable>(env: Env, actor: AuditActor, detail: D, input: PaymentRefund, mail: (payment: D['payments'][number]) => Promise<Mail>): Promise<void> {
  let payment = detail.payments.find((p) => p.id === input.paymentId)
  if (!payment) throw new RefundRefused('Choose one of this order’s payments.')
  const deadline = Date.now() + REFUND_WAIT_MS
  for (;;) {
    if (input.cents > refundable(payment)) throw new RefundRefused(refundTooMuch(detail, payment))
    try {
      return await refundOnce(env, actor, detail, payment, input, mail)
    } catch (error) {
      // Another refund of this payment, read from the same figure, holds the claim: wait until it is written (or given
      // back), then go on from the new figure, so two refunds that both fit both go through and one that no longer
      // fits is refused by the amount check above. A claim that stays (a refund cut off at the provider) still refuses.
      if (!(error instanceof RefundRefused) || error.message !== ONE_PAYMENT_BUSY || Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
      const now: number | null = await env.DB.prepare('SELECT refunded_cents FROM payments WHERE id = ?').bind(payment.id).first<number>('refunded_cents')
      payment = { ...payment, refunded_cents: now ?? payment.refunded_cents }
    }
  }
}

function refundOnce<P extends RefundPayment>(env: Env, actor: AuditActor, detail: Refundable, payment: P, input: PaymentRefund, mail: (payment: P) => Promise<Mail>) {
  const form = input.formToken ? (`form:${input.formToken}` as const) : null
  return settle(env, actor, detail, {
    claims: form ? [[form, FORM_USED, input.donePath]] : [],
    paymentBusy: ONE_PAYMENT_BUSY,
    shares: [{ payment, cents: input.cents }],
    // what this refund is: its form (the same form sent again after a lost answer keeps its idempotency key)
    subject: form,
    toPayments: true,
    reason: input.reason,
    first: [],
    then: [],
    audit: (references) =>
      auditStatement(
        env.DB,
        actor,
        'order.refund',
        { type: 'order', id: detail.order.number! },
        { payment_id: payment.id, refunded_cents: payment.refunded_cents },
        { payment_id: payment.id, refunded_cents: payment.refunded_cents + input.cents, amount_cents: input.cents, reason: input.reason, reference: references.get(payment.id) ?? null },
      ),
    mail: () => mail(payment),
  })
}

// ——— units of lines (the refund dialog) ———

const LINE_BUSY = 'A line of this order is being refunded by another operator or tab right now, or just was: nothing was refunded. Reload the order to see it.'

export interface UnitsRefund extends UnitsChoice {
  reason: string
  formToken: string
  donePath?: string
}

/** Refunds the units (and shipping) chosen in the order's refund dialog; the mail is told the quote (null: nothing to say). */
export async function refundUnits<D extends Refundable>(
  env: Env,
  actor: AuditActor,
  detail: D,
  input: UnitsRefund,
  mail: (quote: UnitsQuote<D['payments'][number]>, said: string) => Promise<Mail | null>,
): Promise<void> {
  const db = env.DB
  const quote = await quoteUnits(db, detail, input)
  const { order } = detail
  const said = [...quote.lines.map((l) => `${l.quantity} × ${l.line.label}`), ...(quote.shippingCents > 0 ? ['shipping'] : [])].join(', ')
  const restock = quote.lines.filter((l) => l.restock).map((l) => ({ v: detail.lines.find((x) => x.id === l.line.id)!.variant_id, q: l.quantity }))
  await settle(env, actor, detail, {
    // the form (sent twice, it refunds once), each line as the operator saw it (two refunds of it from the same view:
    // one goes on, the other is refused, 409) and each payment it draws on
    claims: [
      [`form:${input.formToken}`, FORM_USED, input.donePath],
      ...quote.lines.map((l): Claim => [`line:${l.line.id}:${l.line.settled}`, LINE_BUSY]),
      ...(quote.shippingCents > 0 ? [[`shipping:${order.id}`, LINE_BUSY] as const] : []),
    ],
    paymentBusy: PAYMENT_BUSY,
    shares: quote.shares,
    subject: `form:${input.formToken}`,
    toPayments: true,
    reason: `${said}: ${input.reason}`,
    first: [
      // first: the trigger refuses units beyond what the line has left (a refund or return meanwhile) before anything else
      ...quote.lines.map((l) =>
        db
          .prepare('INSERT INTO quantity_refunds (order_id, line_item_id, quantity, amount_cents, restocked, reason) VALUES (?, ?, ?, ?, ?, ?)')
          .bind(order.id, l.line.id, l.quantity, l.cents, l.restock ? 1 : 0, input.reason),
      ),
      ...(quote.shippingCents > 0 ? [db.prepare('INSERT INTO shipping_refunds (order_id, amount_cents) VALUES (?, ?)').bind(order.id, quote.shippingCents)] : []),
    ],
    then: [restockStatement(db, restock)],
    audit: () =>
      auditStatement(
        db,
        actor,
        'order.refund_units',
        { type: 'order', id: order.number! },
        { refundable_cents: refundableCents(detail) },
        {
          lines: quote.lines.map((l) => ({ line_item_id: l.line.id, sku: detail.lines.find((x) => x.id === l.line.id)?.sku ?? null, quantity: l.quantity, cents: l.cents, restocked: l.restock })),
          shipping_cents: quote.shippingCents,
          cents: quote.totalCents,
          gst_cents: quote.gstCents,
          reason: input.reason,
          refunded: quote.shares.map((s) => ({ payment_id: s.payment.id, method: s.payment.method, cents: s.cents })),
        },
      ),
    mail: () => (quote.totalCents > 0 ? mail(quote, `${said}: ${input.reason}`) : Promise.resolve(null)),
    taken: (error) =>
      /beyond its quantity|UNIQUE/.test(String(error))
        ? 'These units or the shipping were refunded a moment ago, from another tab or by another operator: nothing more was refunded. Reload the order.'
        : null,
  })
}

// ——— a return's received goods ———

const RETURN_BUSY = 'Another operator is refunding or declining this return right now, or just did: reload it to see where it stands.'

/** A received return, as its refund reads it. */
export interface RefundableReturn<D extends Refundable = Refundable> {
  ret: Pick<ReturnRow, 'id' | 'reason' | 'stage'> & { items: ReturnItemRow[] }
  order: D
}

/** What the mail of a return's refund is told: the refunds as the shopper sees them, where they went, the new gift card's code. */
export interface ReturnRefundMail {
  refunds: Array<{ method: 'card' | 'gift_card' | 'store_credit'; amountCents: number }>
  refundTo: RefundTo
  giftCardCode: string | null
  shippingCents: number
  came: Array<{ line_item_id: number; quantity: number }>
}

/** The quote a return's refund gives, before the operator confirms it. */
export const quoteReturnRefund = <D extends Refundable>(db: D1Database, detail: RefundableReturn<D>, withShipping: boolean): Promise<ReturnQuote<D['payments'][number]>> =>
  quoteReturn(db, detail.order, detail.ret.items, withShipping)

/**
 * The last step of a return: the units that came back are refunded (with the order's shipping if asked) to the
 * payments, as the customer's store credit, or on a new gift card; the units marked for it go back on the shelf; the
 * return is closed. Never more than the payments still hold: the refund is always split over them and counted as
 * refunded on each (when it goes to store credit or a gift card too), so a later refund cannot give it back again.
 */
export async function refundReturn<D extends Refundable>(
  env: Env,
  actor: AuditActor,
  detail: RefundableReturn<D>,
  input: { to: RefundTo; shipping: boolean; formToken: string },
  mail: (told: ReturnRefundMail) => Promise<Mail>,
  taken: (error: unknown) => string | null,
): Promise<void> {
  const db = env.DB
  const { ret, order } = detail
  const to = input.to
  if (to === 'store_credit' && order.order.user_id === null)
    throw new RefundRefused('This order was placed by a guest, who has no account to hold store credit: refund to the payments or on a new gift card.')
  const quote = await quoteReturnRefund(db, detail, input.shipping)
  const code = to === 'gift_card' && quote.totalCents > 0 ? giftCardCode() : null
  const restock = ret.items.filter((i) => i.restock && (i.received ?? 0) > 0).map((i) => ({ v: order.lines.find((l) => l.id === i.line_item_id)!.variant_id, q: i.received! }))
  const said = to === 'original' ? '' : to === 'store_credit' ? ' (as store credit)' : ' (on a new gift card)'
  const refunds =
    to === 'original'
      ? quote.shares.map((s) => ({ method: s.payment.method, amountCents: s.cents }))
      : quote.totalCents > 0
        ? [{ method: to === 'store_credit' ? ('store_credit' as const) : ('gift_card' as const), amountCents: quote.totalCents }]
        : []
  const came = ret.items.filter((i) => (i.received ?? 0) > 0).map((i) => ({ line_item_id: i.line_item_id, quantity: i.received! }))
  await settle(env, actor, order, {
    claims: [
      [`form:${input.formToken}`, FORM_USED],
      [`return:${ret.id}`, RETURN_BUSY],
    ],
    paymentBusy: PAYMENT_BUSY,
    shares: quote.shares,
    subject: `return:${ret.id}`,
    // money leaves through a card only when it goes back to the payments
    toPayments: to === 'original',
    reason: `Return #${ret.id}: ${ret.reason}${said}`,
    returnId: ret.id,
    first: [
      ...(code
        ? [
            giftCardIssueStatement(db, { code, currency: order.order.currency, cents: quote.totalCents, recipientName: null, recipientEmail: order.order.email }),
          ]
        : []),
      // the trigger refuses a return refunded or declined meanwhile, before anything else of it is written
      db
        .prepare(
          `UPDATE return_progress SET refunded_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), refunded_by = ?2, refund_to = ?3, goods_cents = ?4, shipping_cents = ?5, gst_cents = ?6,
             gift_card_id = (SELECT id FROM gift_cards WHERE code = ?7) WHERE return_id = ?1`,
        )
        .bind(ret.id, actor.email, to, quote.goodsCents, quote.shippingCents, quote.gstCents, code),
      db.prepare('UPDATE return_requests SET refund_cents = ? WHERE id = ?').bind(quote.totalCents, ret.id),
      ...(quote.shippingCents > 0 ? [db.prepare('INSERT INTO shipping_refunds (order_id, amount_cents, return_id) VALUES (?, ?, ?)').bind(order.order.id, quote.shippingCents, ret.id)] : []),
    ],
    then: [...(to === 'store_credit' && quote.totalCents > 0 ? [storeCredit(db, order, quote.totalCents)] : []), restockStatement(db, restock)],
    audit: () =>
      auditStatement(
        db,
        actor,
        'return.refund',
        { type: 'order', id: order.order.number! },
        { return_id: ret.id, stage: ret.stage },
        {
          return_id: ret.id,
          stage: 'refunded',
          refund_to: to,
          goods_cents: quote.goodsCents,
          shipping_cents: quote.shippingCents,
          gst_cents: quote.gstCents,
          restocked: restock,
          refunded: quote.shares.map((s) => ({ payment_id: s.payment.id, method: s.payment.method, cents: s.cents })),
          ...(code ? { gift_card: `•••• ${code.slice(-4)}` } : {}),
        },
      ),
    mail: () => mail({ refunds, refundTo: to, giftCardCode: code, shippingCents: quote.shippingCents, came }),
    taken,
  })
}

// ——— everything an order took, when it is cancelled ———

const CANCEL_BUSY = 'This order is being cancelled or refunded by another operator or tab right now, or just was: reload the order to see it.'

/** The units a cancellation puts back: each merchandise line less what a line refund already settled. */
export interface CancelledOrder extends Refundable {
  shipment: { state: string } | null
  parcels: ReadonlyArray<unknown>
  lineRefunds: ReadonlyArray<{ line_item_id: number; quantity: number }>
}

/**
 * Cancels an order that has not shipped: every payment gets back what it still holds (the card through its provider,
 * gift cards and store credit their balance), its stock goes back on the shelf, gift cards bought with it are
 * withdrawn, the coupon use is undone, and the shopper is told (the mail is told what each payment got back).
 */
export async function refundCancelledOrder(
  env: Env,
  actor: AuditActor,
  detail: CancelledOrder,
  reason: string,
  mail: (given: Array<{ method: RefundPayment['method']; amountCents: number }>) => Promise<Mail>,
): Promise<void> {
  const db = env.DB
  const { order } = detail
  if (order.canceled_at) throw new RefundRefused('This order is already cancelled.')
  if (detail.shipment?.state === 'shipped' || detail.parcels.length) throw new RefundRefused('This order has shipped (all or part of it); refund it instead of cancelling.')
  const issued = await db
    .prepare('SELECT COUNT(*) AS n FROM gift_cards WHERE line_item_id IN (SELECT id FROM line_items WHERE order_id = ?) AND balance_cents < original_cents')
    .bind(order.id)
    .first<{ n: number }>()
  if (issued!.n > 0) throw new RefundRefused('A gift card bought with this order has already been spent, so the order cannot be cancelled. Refund the other lines instead.')
  // units a line refund already settled are left out: back on the shelf then (restocked) or never to be (not restocked)
  const settled = (lineId: number) => detail.lineRefunds.filter((r) => r.line_item_id === lineId).reduce((n, r) => n + r.quantity, 0)
  const merchandise = detail.lines
    .filter((l) => l.gift_card_cents === null)
    .map((l) => ({ v: l.variant_id, q: l.quantity - settled(l.id) }))
    .filter((l) => l.q > 0)
  const given = detail.payments.map((p) => ({ method: p.method, amountCents: refundable(p) })).filter((r) => r.amountCents > 0)
  await settle(env, actor, detail, {
    // the order (a second cancel) and its shipment (fulfil's batch writes the same key, so an order being cancelled
    // cannot be shipped meanwhile); each payment (a refund of it meanwhile) is claimed by settle
    claims: [
      [`cancel:${order.id}`, CANCEL_BUSY],
      [`ship:${order.id}`, 'This order is being shipped by another operator or tab right now, or just was: reload it.'],
    ],
    paymentBusy: CANCEL_BUSY,
    shares: detail.payments.filter((p) => refundable(p) > 0).map((payment) => ({ payment, cents: refundable(payment) })),
    subject: `cancel:${order.id}`,
    toPayments: true,
    reason: `Order cancelled: ${reason}`,
    first: [db.prepare('INSERT INTO order_cancellations (order_id, reason) VALUES (?, ?)').bind(order.id, reason)],
    then: [
      restockStatement(db, merchandise),
      // cards bought with the order are withdrawn (none of them was spent: checked above)
      db.prepare('UPDATE gift_cards SET balance_cents = 0 WHERE line_item_id IN (SELECT id FROM line_items WHERE order_id = ?)').bind(order.id),
      db.prepare('UPDATE promotions SET used_count = used_count - 1 WHERE id IN (SELECT promotion_id FROM promotion_redemptions WHERE order_id = ?) AND used_count > 0').bind(order.id),
      db.prepare('DELETE FROM promotion_redemptions WHERE order_id = ?').bind(order.id),
      db.prepare("UPDATE orders SET canceled_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(order.id),
      shipmentCancelStatement(db, order.id),
    ],
    audit: () =>
      auditStatement(
        db,
        actor,
        'order.cancel',
        { type: 'order', id: order.number! },
        { canceled_at: null, stock_restored: merchandise },
        { reason, refunded: detail.payments.map((p) => ({ payment_id: p.id, method: p.method, cents: refundable(p) })) },
      ),
    mail: () => mail(given),
  })
}
