import * as z from 'zod/mini'
import { auditStatement, type AuditSubject } from '../services/audit-log.ts'

/**
 * `charge.refunded`: what Stripe says was refunded of a payment in all (`amount_refunded`, refunds made in the
 * console and in Stripe's dashboard alike). Stripe sends events in no particular order and sometimes twice, and each
 * carries the total at its moment, so the figure only moves forward: an older, smaller total arriving late changes
 * nothing (events of 5000 then 3000 leave 5000). The store's own refunds write the same column (refunds/give-back.ts
 * refundRows) and meet the webhook's figure the same way.
 *
 * A figure the store cannot take (more than the payment took, negative, not whole cents, another currency, a payment
 * the store never placed) changes nothing and is recorded in the audit log for an operator: the order page's history,
 * or /admin/audit for an unknown payment. The webhook still answers 200 with the reason (decision 0005): Stripe
 * retries any other answer for three days, and no retry would make the figure fit.
 */

/** Who the audit log names for what a webhook did. */
export const WEBHOOK_ACTOR = { id: null, email: 'Stripe webhook' } as const

const ChargeSchema = z.object({
  id: z.optional(z.string()),
  payment_intent: z.nullish(z.union([z.string(), z.object({ id: z.string() })])),
  currency: z.optional(z.string()),
  amount_refunded: z.unknown(),
})

interface PaidRow {
  id: number
  amount_cents: number
  refunded_cents: number
  provider_state: string | null
  number: string
  currency: string
}

/** Applies a `charge.refunded`; returns null when done, or the sentence saying why it was ignored (and recorded). */
export async function applyRefunded(db: D1Database, eventId: string, object: unknown): Promise<string | null> {
  const charge = ChargeSchema.safeParse(object)
  const sent = charge.success ? charge.data : { amount_refunded: undefined, currency: undefined, payment_intent: undefined, id: undefined }
  const intentId = typeof sent.payment_intent === 'string' ? sent.payment_intent : (sent.payment_intent?.id ?? null)
  const told = { event: 'charge.refunded', event_id: eventId, charge: sent.id ?? null, payment_intent: intentId, amount_refunded: sent.amount_refunded ?? null, currency: sent.currency ?? null }
  const paid = intentId
    ? await db
        .prepare("SELECT p.id, p.amount_cents, p.refunded_cents, p.provider_state, o.number, o.currency FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.payment_intent_id = ? AND p.state = 'completed' ORDER BY p.id DESC LIMIT 1")
        .bind(intentId)
        .first<PaidRow>()
    : null
  if (!paid) {
    const reason = `Stripe reported a refund of ${intentId ?? 'a charge without a payment intent'}, which is no placed payment of this store: nothing was changed; recorded for an operator.`
    await ignored(db, { type: 'payment', id: intentId ?? sent.id ?? eventId }, null, told, reason)
    return reason
  }
  const refunded = sent.amount_refunded
  const figure = typeof refunded === 'number' ? refunded : NaN
  const problem =
    !Number.isInteger(figure) || figure < 0
      ? 'is not a whole, non-negative number of cents'
      : figure > paid.amount_cents
        ? `is more than the ${paid.amount_cents} cents the payment took`
        : sent.currency?.toLowerCase() !== paid.currency.toLowerCase()
          ? `is in ${String(sent.currency).toUpperCase()}, but the order was paid in ${paid.currency}`
          : null
  if (problem) {
    const reason = `Stripe's refunded amount for order ${paid.number} (${String(refunded)}) ${problem}: nothing was changed; recorded for an operator.`
    await ignored(db, { type: 'order', id: paid.number }, { payment_id: paid.id, amount_cents: paid.amount_cents, refunded_cents: paid.refunded_cents }, told, reason)
    return reason
  }
  // MAX: a late event with an older total never moves the figure back; the state follows the figure it leaves
  await db
    .prepare(
      `UPDATE payments SET refunded_cents = MAX(refunded_cents, ?2),
         provider_state = CASE WHEN MAX(refunded_cents, ?2) >= amount_cents THEN 'refunded' WHEN MAX(refunded_cents, ?2) > 0 THEN 'partially_refunded' ELSE provider_state END
       WHERE id = ?1`,
    )
    .bind(paid.id, figure)
    .run()
  return null
}

function ignored(db: D1Database, subject: AuditSubject, before: unknown, told: object, reason: string) {
  return auditStatement(db, WEBHOOK_ACTOR, 'payment.webhook_ignored', subject, before, { ...told, reason }).run()
}
