import type { Env } from '#worker/env.ts'
import { refundPayment } from '#worker/backend/payments/refunds.ts'
import { BackendError } from '#worker/backend/shared/errors.ts'
import type { ClaimSubject } from './refund-claims.ts'

/**
 * Gives `cents` of a card payment back through the provider that took it (Stripe, or the test gateway for payments it
 * took). Provider side only: the console records the refund in its own batch. A refusal is a sentence for the operator.
 * `subject` is what the refund is for (the claim the console holds: its form, line, return or cancellation), so the
 * same refund tried again keeps its idempotency key and a different one never shares it (refunds.ts).
 */
export async function refundCard(env: Env, paymentId: number, cents: number, subject: ClaimSubject | null): Promise<{ ok: true; reference: string } | { ok: false; message: string }> {
  try {
    return { ok: true, reference: (await refundPayment(env, paymentId, cents, subject)).reference }
  } catch (error) {
    if (error instanceof BackendError) return { ok: false, message: error.message }
    throw error
  }
}
