import type { Locale } from '#kernel/models.ts'

/**
 * Outgoing email is a row in the outbox, written in the same D1 batch as the change that causes it (an order, a
 * reset link), so a message exists exactly when its cause does. After the batch commits, the ids it returned are put
 * on the mail queue (worker/mail/dispatch.ts); the cron sweep catches any that never got there. With no mail API
 * configured the outbox is the development mailbox (GET /api/v2/storefront/outbox).
 */
export interface OutboxMessage {
  to: string
  kind: string
  locale?: Locale
  subject: string
  /** The plain-text part, also what the development mailbox shows. */
  body: string
  /** What the HTML template renders (JSON; worker/mail/templates); a message without one is sent as plain text. */
  payload?: unknown
  ref?: string | null
  replyTo?: string | null
  /** ISO instant; missing = at once. */
  dueAt?: string | null
  /** The event it tells of ('return:12:approved'): a second message for the same event is not written (migration 0360). */
  eventKey?: string | null
}

const row = (m: OutboxMessage) => ({
  to: m.to.toLowerCase(),
  kind: m.kind,
  locale: m.locale ?? 'en',
  subject: m.subject,
  body: m.body,
  payload: m.payload === undefined ? null : JSON.stringify(m.payload),
  ref: m.ref ?? null,
  reply_to: m.replyTo ?? null,
  due_at: m.dueAt ?? null,
  event_key: m.eventKey ?? null,
})

// Each insert answers `outbox_id` and whether the row is due now, so the caller can enqueue exactly what it wrote.
const RETURNING = `RETURNING id AS outbox_id, (due_at IS NULL OR due_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) AS outbox_due`

export function outboxStatement(db: D1Database, message: OutboxMessage): D1PreparedStatement {
  return outboxManyStatement(db, [message])
}

/** Many messages in one statement (a JSON array), so a batch does not grow with their number. */
export function outboxManyStatement(db: D1Database, messages: OutboxMessage[]): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO outbox (to_email, kind, locale, subject, body, payload, ref, reply_to, due_at, event_key)
       SELECT json_extract(value, '$.to'), json_extract(value, '$.kind'), json_extract(value, '$.locale'), json_extract(value, '$.subject'),
         json_extract(value, '$.body'), json_extract(value, '$.payload'), json_extract(value, '$.ref'), json_extract(value, '$.reply_to'),
         json_extract(value, '$.due_at'), json_extract(value, '$.event_key')
       FROM json_each(?) WHERE true
       ON CONFLICT (event_key) WHERE event_key IS NOT NULL DO NOTHING ${RETURNING}`,
    )
    .bind(JSON.stringify(messages.map(row)))
}

/** The ids of outbox rows a batch wrote that are due now (to enqueue once it has committed). */
export function dueOutboxIds(results: D1Result[]): number[] {
  return results.flatMap((r) =>
    ((r.results ?? []) as Array<{ outbox_id?: number; outbox_due?: number }>).filter((x) => typeof x.outbox_id === 'number' && x.outbox_due === 1).map((x) => x.outbox_id!),
  )
}
