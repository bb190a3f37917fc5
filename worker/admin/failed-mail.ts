import type { Env } from '#worker/env.ts'
import { dispatchWritten } from '#worker/mail/enqueue.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { ActionRefused } from './action-refused.ts'
import { formAlreadySent, spendFormStatement } from './form-tokens.ts'

/**
 * Mail that failed for good (docs/console.md 'Emails'): an outbox row the mail API refused as invalid, or whose queue
 * message used up its retries and was dead-lettered (worker/mail/consumer.ts marks it `dead_at`), and that nobody has
 * sent again yet. This page and the dashboard's tile count the same rows: FAILED_MAIL_WHERE.
 */
export const FAILED_MAIL_WHERE = 'o.dead_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM outbox r WHERE r.resent_from = o.id)'

export const FAILED_MAIL_PAGE_SIZE = 50

export interface FailedMail {
  id: number
  to_email: string
  kind: string
  locale: string
  subject: string
  ref: string | null
  last_error: string | null
  attempts: number
  created_at: string
  dead_at: string
}

export interface ResentMail extends FailedMail {
  resent_id: number
  resent_at: string
  resent_sent_at: string | null
  resent_dead_at: string | null
}

const COLUMNS = 'o.id, o.to_email, o.kind, o.locale, o.subject, o.ref, o.last_error, o.attempts, o.created_at, o.dead_at'

/** How many mails failed for good and wait for an operator (the dashboard's tile). */
export async function countFailedMail(db: D1Database): Promise<number> {
  return (await db.prepare(`SELECT COUNT(*) AS n FROM outbox o WHERE ${FAILED_MAIL_WHERE}`).first<{ n: number }>())!.n
}

/** The failed mails, newest failure first, and the last ones sent again (with what became of the new copy). */
export async function failedMailPage(db: D1Database, page: number) {
  const [rows, count, resent] = await db.batch([
    db.prepare(`SELECT ${COLUMNS} FROM outbox o WHERE ${FAILED_MAIL_WHERE} ORDER BY o.dead_at DESC, o.id DESC LIMIT ? OFFSET ?`).bind(FAILED_MAIL_PAGE_SIZE, (page - 1) * FAILED_MAIL_PAGE_SIZE),
    db.prepare(`SELECT COUNT(*) AS n FROM outbox o WHERE ${FAILED_MAIL_WHERE}`),
    db.prepare(
      `SELECT ${COLUMNS}, r.id AS resent_id, r.created_at AS resent_at, r.sent_at AS resent_sent_at, r.dead_at AS resent_dead_at
       FROM outbox o JOIN outbox r ON r.resent_from = o.id ORDER BY r.id DESC LIMIT 20`,
    ),
  ])
  return { failed: rows!.results as unknown as FailedMail[], total: (count!.results[0] as { n: number }).n, resent: resent!.results as unknown as ResentMail[] }
}

export const RESENT_ONCE = { done: 'the email was put on the queue again then.', label: 'See the failed mail' }

/**
 * Sends a failed mail again as a new outbox row (its own id, so its own idempotency key with the mail API) that names
 * the failed one (`resent_from`, unique): a double click is refused by the form's key, a second operator by that
 * column, so a failed mail is resent at most once. The new row is what the queue delivers; if it fails for good too,
 * it appears on the page in its turn. Audited. Answers the new row's id, or null when there is no such email.
 */
export async function resendFailedMail(env: Env, operator: Operator, id: number, token: string): Promise<number | null> {
  const db = env.DB
  const row = await db.prepare('SELECT o.id, o.to_email, o.kind, o.dead_at, o.last_error, (SELECT r.created_at FROM outbox r WHERE r.resent_from = o.id) AS resent_at FROM outbox o WHERE o.id = ?').bind(id).first<{ id: number; to_email: string; kind: string; dead_at: string | null; last_error: string | null; resent_at: string | null }>()
  if (!row) return null
  const used = await formAlreadySent(db, token, RESENT_ONCE)
  if (used) throw used
  if (row.resent_at) throw new ActionRefused(`This email was already sent again (${row.resent_at.slice(0, 16).replace('T', ' ')} UTC): nothing more was done. Its new copy is listed under 'Sent again'.`)
  if (!row.dead_at) throw new ActionRefused('This email has not failed for good (it was sent, or the queue is still trying it): nothing was done.')
  let results: D1Result[]
  try {
    results = await db.batch([
      spendFormStatement(db, token, operator, { sql: '?', binds: ['/admin/mail/failed'] }),
      db.prepare(
        `INSERT INTO outbox (to_email, kind, locale, subject, body, payload, ref, reply_to, resent_from)
         SELECT to_email, kind, locale, subject, body, payload, ref, reply_to, id FROM outbox WHERE id = ? AND dead_at IS NOT NULL
         RETURNING id AS outbox_id, 1 AS outbox_due`,
      ).bind(id),
      auditStatement(db, operator, 'mail.resend', { type: 'mail', id: String(id) }, { to: row.to_email, kind: row.kind, dead_at: row.dead_at, reason: row.last_error }, { queued: true }),
    ])
  } catch (error) {
    if (!String(error).includes('UNIQUE')) throw error
    // the same form sent twice, or another operator resent it a moment ago
    throw (await formAlreadySent(db, token, RESENT_ONCE)) ?? new ActionRefused('This email was already sent again by someone else a moment ago: nothing more was done.')
  }
  await dispatchWritten(env, results)
  return (results[1]!.results[0] as { outbox_id: number }).outbox_id
}
