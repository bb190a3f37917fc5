import type { Env } from '#worker/env.ts'
import { refundUnits, type UnitsRefund } from '#worker/backend/refunds/give-back.ts'
import { quoteUnits, refundableLinesOf, type UnitsChoice, type UnitsQuote } from '#worker/backend/refunds/value.ts'
import type { Operator } from './context.ts'
import type { OrderDetail, OrderPayment } from './order-detail.ts'
import { orderUpdateMail } from './order-actions.ts'
import { refusedAs } from './action-refused.ts'

/**
 * The order's refund dialog (issue 41 point 2; decision 0032): every line with how many of its units to refund and
 * whether they go back on the shelf, the shipping, and the total it comes to, or everything at once. What it is worth
 * and the refund itself are the backend's refund module's (worker/backend/refunds/, decision 0074): units are valued as
 * a return values them, never more than the payments still hold, split over them as they paid, each unit refunded once.
 */

export { refundableLinesOf }
export type { RefundableLine } from '#worker/backend/refunds/value.ts'
export type QuantityRefundInput = UnitsChoice & { reason: string }
export type RefundQuote = UnitsQuote<OrderPayment>

/** What the dialog's choice comes to; refuses (422) a quantity that is not there to refund. */
export const quoteQuantityRefund = (db: D1Database, detail: OrderDetail, input: UnitsChoice): Promise<RefundQuote> => refusedAs(quoteUnits(db, detail, input))

export async function refundQuantities(env: Env, operator: Operator, detail: OrderDetail, input: QuantityRefundInput & { formToken: string }, requestUrl: string) {
  const refund: UnitsRefund = { ...input, donePath: `/admin/orders/${detail.order.number}` }
  await refusedAs(
    refundUnits(env, operator, detail, refund, (quote, said) =>
      orderUpdateMail(
        env,
        detail,
        requestUrl,
        'refunded',
        quote.shares.map((s) => ({ method: s.payment.method, amountCents: s.cents })),
        said,
      ),
    ),
  )
}
