import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { providerOfPayment, type RefundResult } from './provider.ts'

export type { RefundResult }

interface RefundableRow {
  id: number
  method: string
  state: string
  amount_cents: number | null
  refunded_cents: number
  payment_intent_id: string | null
}

/**
 * Gives `amountCents` of a placed order's card payment back through the provider that took it: the refund module's
 * call (refunds/give-back.ts, the store's one way of giving money back). Provider side only: the refund module records
 * the refund in D1 in its own batch (`refunded_cents`, `refunds`, the audit log), as a refund is one business change. Refuses (BackendError 4xx, a sentence a person can
 * read) more than is left or a payment that is not a captured card payment; 503 when Stripe cannot be reached
 * (nothing refunded). Keyed by a `refund_attempts` row of its own (migration 0240): two refunds never share a key;
 * the same `subject` (what the refund is for: the console's form, line, return or cancellation) tried again for the
 * same payment and amount reuses its row, so a refund whose answer was lost is done once. Stripe's `charge.refunded`
 * webhook later brings `refunded_cents` up to Stripe's own figure (refunds made in the dashboard arrive that way too).
 */
export async function refundPayment(env: Env, paymentId: number, amountCents: number, subject: string | null = null): Promise<RefundResult> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new BackendError(422, 'The refund must be a positive amount in cents.', { amount: ['must be positive'] })
  const row = await env.DB.prepare('SELECT id, method, state, amount_cents, refunded_cents, payment_intent_id FROM payments WHERE id = ?').bind(paymentId).first<RefundableRow>()
  if (!row) throw new BackendError(404, 'This payment could not be found.')
  if (row.method !== 'card' || row.state !== 'completed' || row.amount_cents === null) {
    throw new BackendError(422, 'Only the card payment of a placed order can be refunded this way.', { payment: ['is not a captured card payment'] })
  }
  const left = row.amount_cents - row.refunded_cents
  if (amountCents > left) throw new BackendError(422, `At most ${(left / 100).toFixed(2)} is left to refund on this payment.`, { amount: ['is more than is left'] })
  return providerOfPayment(row).refund(env, row, amountCents, subject)
}
