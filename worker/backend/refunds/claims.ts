import type { AuditActor } from '../services/audit-log.ts'
import { RefundRefused } from './refused.ts'

/**
 * The claim recorded before the card provider is asked for a refund (migration 0204): a conditional INSERT, so of two
 * operators settling the same line or return at once exactly one goes on; the other gets `busy` as a 409.
 */
export type ClaimSubject = `line:${number}` | `line:${number}:${number}` | `shipping:${number}` | `return:${number}` | PaymentClaim | `cancel:${number}` | `ship:${number}` | `ship:${number}:${number}` | `ready:${number}` | `form:${string}`
// (`line:<id>:<units settled>`: a line as the refund dialog saw it; `shipping:<order id>`: the order's shipping refunded;
// `form:<token>`: a console form's one-time key, worker/admin/form-tokens.ts)
// (`ship:<order id>`: fulfil() writes it in its own batch, an order is shipped once; a cancellation takes it first, so an
// order being cancelled cannot be shipped meanwhile)
/**
 * A payment as the operator saw it (its id and what was refunded of it then): two refunds of it started from the same
 * view claim the same subject, so one goes on; a later refund sees the new figure and claims a new subject.
 */
export type PaymentClaim = `payment:${number}:${number}`
/** What a line refund or a return approval is told (409) when a payment it draws on is held by another action. */
export const PAYMENT_BUSY = 'A payment of this order is being refunded, or the order cancelled, by another operator or tab right now, or just was: reload the order to see it.'
export const paymentClaim = (p: { id: number; refunded_cents: number }): PaymentClaim => `payment:${p.id}:${p.refunded_cents}`

/** A once-only key taken in the caller's batch (a parcel, ready, collected): of two presses read before either, the second batch fails on it. */
export const onceOnlyStatement = (db: D1Database, subject: ClaimSubject, actor: AuditActor) => db.prepare('INSERT INTO refund_claims (subject, admin_email) VALUES (?, ?)').bind(subject, actor.email)

export async function claimRefund(db: D1Database, subject: ClaimSubject, actor: AuditActor, busy: string, donePath: string | null = null): Promise<void> {
  const { meta } = await db.prepare('INSERT INTO refund_claims (subject, admin_email, done_path) VALUES (?, ?, ?) ON CONFLICT (subject) DO NOTHING').bind(subject, actor.email, donePath).run()
  if (meta.changes !== 1) throw new RefundRefused(busy, 409)
}

/** Gives the claim back when nothing reached the provider (or the provider refused), so the operator can try again. */
export async function releaseRefund(db: D1Database, subject: ClaimSubject): Promise<void> {
  await db.prepare('DELETE FROM refund_claims WHERE subject = ?').bind(subject).run()
}

/** A subject to claim, what another operator is told (409) while it is held, and the page that shows what it did. */
export type Claim = readonly [subject: ClaimSubject, busy: string, donePath?: string]

/** What a refund form's one-time key (worker/admin/form-tokens.ts) is refused with when it was used already. */
export const FORM_USED = 'This refund form was already sent: nothing more was refunded.'

/**
 * Runs `settle` under the claims, taken in their order: if one is held elsewhere, or `settle` throws before any money
 * moved (`moved()` false), the ones taken are released; once a card refund went through they stay, so a retry cannot
 * refund it again.
 */
export async function underClaim<T>(db: D1Database, claims: readonly Claim[], actor: AuditActor, moved: () => boolean, settle: () => Promise<T>): Promise<T> {
  const taken: ClaimSubject[] = []
  try {
    for (const [subject, busy, donePath] of claims) {
      await claimRefund(db, subject, actor, busy, donePath ?? null)
      taken.push(subject)
    }
    return await settle()
  } catch (error) {
    if (!moved()) for (const subject of taken) await releaseRefund(db, subject)
    throw error
  }
}
