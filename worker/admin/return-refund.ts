import type { Env } from '#worker/env.ts'
import type { RefundTo } from '#worker/backend/commerce/returns.ts'
import { quoteReturnRefund as quote, refundReturn as refund } from '#worker/backend/refunds/give-back.ts'
import type { ReturnQuote as Quote } from '#worker/backend/refunds/value.ts'
import type { Operator } from './context.ts'
import type { OrderPayment } from './order-detail.ts'
import { refusedAs } from './action-refused.ts'
import { assertStage, stepMail, STEP_TAKEN, stepTaken, type ReturnDetail } from './return-actions.ts'

/**
 * The last step of a return (decision 0032): the units that came back are refunded to the payments, as the customer's
 * store credit, or on a new gift card, the units marked for it go back on the shelf, the return is closed and the
 * customer emailed. The money is the backend's refund module's (worker/backend/refunds/, decision 0074); the console
 * checks the step and says it in the return's email.
 */

export type ReturnQuote = Quote<OrderPayment>

/** What refunding the return would give back, as the operator sees it before confirming. */
export const quoteReturnRefund = (db: D1Database, detail: ReturnDetail, withShipping: boolean): Promise<ReturnQuote> => quote(db, detail, withShipping)

export async function refundReturn(env: Env, operator: Operator, detail: ReturnDetail, input: { to: RefundTo; shipping: boolean; formToken: string }, requestUrl: string) {
  assertStage(detail, 'received')
  await refusedAs(
    refund(
      env,
      operator,
      detail,
      input,
      ({ came, ...told }) => stepMail(env, detail, 'refunded', requestUrl, null, told, came),
      (error) => (stepTaken(error) ? STEP_TAKEN : null),
    ),
  )
}
