import { data } from 'react-router'
import type { Order } from '#kernel/models.ts'
import { ApiError, type StorefrontApi } from '../../api/storefront-api.ts'
import type { ErrorKind } from '../../routes/route-helpers.ts'

type Payment = Parameters<StorefrontApi['makeOrder']>[0]

/**
 * Whether a completion's answer never arrived, so the order may or may not have been placed: the network failed
 * (status 0 in the browser), a proxy gave up (502, 504), or the backend met a passing fault (503; the card provider
 * being down is a 503 too, but a refusal that names the payment, and nothing was charged).
 */
export function answerLost(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  return error.status === 0 || error.status === 502 || error.status === 504 || (error.status === 503 && !error.errors?.payment)
}

/** Seconds to wait before each new try: about six in all, longer than a D1 lock or restart usually lasts. */
const WAITS = [1, 2, 3]

/**
 * Places the order, and when its answer was lost sends the same completion again (after the `Retry-After` the
 * server asked for, at most the next wait). That is safe: a completion sent again for an order already placed
 * answers that order, never a second (worker/commerce/checkout.ts), so the shopper sees the order they placed.
 * Any other error, or the last lost answer, is thrown for the caller (`outcomeUnknown` then).
 */
export async function placeOrderOnce(api: StorefrontApi, payment: Payment, waits: readonly number[] = WAITS): Promise<Order> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.makeOrder(payment)
    } catch (error) {
      if (!answerLost(error) || attempt >= waits.length) throw error
      const wait = Math.min((error as ApiError).retryAfter ?? waits[attempt]!, waits[attempt]!)
      await new Promise((done) => setTimeout(done, wait * 1000))
    }
  }
}

/**
 * The backend failed or its answer never came, so the order may or may not have been placed: the error page says so
 * and that trying again is safe (503 with Retry-After, never 'failed'). Thrown, not returned: the order may be
 * complete, so the step's own loader would redirect the answer away. Null for any other error.
 */
export function outcomeUnknown(error: unknown) {
  if (!(error instanceof ApiError) || (error.status < 500 && error.status !== 0)) return null
  return data({ kind: 'outcome-unknown' satisfies ErrorKind }, { status: 503 })
}
