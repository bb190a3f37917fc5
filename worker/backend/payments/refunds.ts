import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { providerError, stripeClient, stripeEnabled } from './stripe-client.ts'

export interface RefundResult {
  paymentId: number
  /** Refunded on this payment so far, this refund included. */
  refundedCents: number
  providerState: 'refunded' | 'partially_refunded'
  /** Stripe's refund id; null for a payment taken by the test gateway (no money moved, D1 records it). */
  refundId: string | null
}

interface RefundableRow {
  id: number
  method: string
  state: string
  amount_cents: number | null
  refunded_cents: number
  payment_intent_id: string | null
}

/**
 * Refunds `amountCents` of a placed order's card payment (the admin console's call; docs/operations.md, 'Stripe').
 * Never more than what is left of the payment; each call is keyed by the payment and what was refunded before, so a
 * retried request refunds once. The `charge.refunded` webhook later confirms the same figure. Throws a BackendError
 * (4xx) a person can read when the refund is not possible, or 503 when Stripe cannot be reached (nothing refunded).
 */
export async function refundPayment(env: Env, paymentId: number, amountCents: number): Promise<RefundResult> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new BackendError(422, 'The refund must be a positive amount in cents.', { amount: ['must be positive'] })
  const db = env.DB
  const row = await db.prepare('SELECT id, method, state, amount_cents, refunded_cents, payment_intent_id FROM payments WHERE id = ?').bind(paymentId).first<RefundableRow>()
  if (!row) throw new BackendError(404, 'This payment could not be found.')
  if (row.method !== 'card' || row.state !== 'completed' || row.amount_cents === null) {
    throw new BackendError(422, 'Only the card payment of a placed order can be refunded.', { payment: ['is not a captured card payment'] })
  }
  const left = row.amount_cents - row.refunded_cents
  if (amountCents > left) throw new BackendError(422, `At most ${(left / 100).toFixed(2)} is left to refund on this payment.`, { amount: ['is more than is left'] })
  let refundId: string | null = null
  if (row.payment_intent_id) {
    if (!stripeEnabled(env)) throw new BackendError(503, 'This payment was taken by Stripe, which is not configured now: nothing was refunded.')
    try {
      const refund = await (await stripeClient(env)).refunds.create(
        { payment_intent: row.payment_intent_id, amount: amountCents, reason: 'requested_by_customer' },
        { idempotencyKey: `refund-${row.id}-${row.refunded_cents}-${amountCents}` },
      )
      refundId = refund.id
    } catch (error) {
      throw providerError(error)
    }
  }
  const refundedCents = row.refunded_cents + amountCents
  const providerState = refundedCents >= row.amount_cents ? 'refunded' : 'partially_refunded'
  // guarded by what was read: a parallel refund of the same payment does not add up twice
  await db.prepare('UPDATE payments SET refunded_cents = ?2, provider_state = ?3 WHERE id = ?1 AND refunded_cents = ?4').bind(row.id, refundedCents, providerState, row.refunded_cents).run()
  return { paymentId: row.id, refundedCents, providerState, refundId }
}
