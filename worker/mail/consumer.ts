import type { Env } from '#worker/env.ts'
import type { Locale } from '#kernel/models.ts'
import { mailSettings } from './enqueue.ts'
import type { MailMessage } from './queue.ts'
import { sendWithResend } from './resend.ts'
import type { Mail } from './types.ts'

/**
 * The mail queue's consumer (this worker's `queue` handler). Each message names an outbox row: the row is claimed,
 * rendered, sent through the mail API with the Idempotency-Key `outbox-<id>` and marked sent. A second delivery of
 * the same message finds it sent (or claimed) and sends nothing. A failure is retried with backoff; after
 * `max_retries` (wrangler.toml) the message goes to the dead-letter queue, whose consumer marks the row dead.
 */
interface OutboxRow {
  id: number
  to_email: string
  kind: string
  locale: string
  subject: string
  body: string
  payload: string | null
  reply_to: string | null
}

/** A claim older than this is a consumer that died mid-send; another may take the row over. */
const CLAIM_STALE_MS = 2 * 60_000
/** 30 s, 1, 2, 4 minutes, then every 5 (under the sweep's 10 quiet minutes, so the sweep does not double it). */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 300)

export async function handleMailBatch(batch: MessageBatch<MailMessage>, env: Env, now: () => Date = () => new Date()): Promise<void> {
  if (batch.queue.endsWith('-dlq')) return buryDeadLetters(batch, env, now())
  // one at a time: a batch holds at most 10 (wrangler.toml), and a duplicate in the same batch must see the first sent
  for (const message of batch.messages) {
    try {
      await deliver(message, env, now())
    } catch (error) {
      console.warn(`mail: delivering outbox row ${message.body?.id} failed`, error)
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
    }
  }
}

async function deliver(message: Message<MailMessage>, env: Env, now: Date): Promise<void> {
  const id = message.body?.id
  if (!Number.isInteger(id)) {
    console.warn('mail: a queue message without an outbox id was dropped', message.body)
    return message.ack()
  }
  if (!env.RESEND_API_KEY) return message.ack() // delivery switched off meanwhile: the outbox keeps it
  const at = now.toISOString()
  const row = await env.DB.prepare(
    `UPDATE outbox SET claimed_at = ?1, enqueued_at = ?1, attempts = attempts + 1
     WHERE id = ?2 AND sent_at IS NULL AND dead_at IS NULL AND COALESCE(due_at, created_at) <= ?1 AND (claimed_at IS NULL OR claimed_at <= ?3)
     RETURNING id, to_email, kind, locale, subject, body, payload, reply_to`,
  )
    .bind(at, id, new Date(now.getTime() - CLAIM_STALE_MS).toISOString())
    .first<OutboxRow>()
  if (!row) {
    const seen = await env.DB.prepare('SELECT sent_at, dead_at, claimed_at FROM outbox WHERE id = ?')
      .bind(id)
      .first<{ sent_at: string | null; dead_at: string | null; claimed_at: string | null }>()
    // another consumer is sending it: look again later (it may fail); sent, dead, unknown or not yet due (the sweep
    // sends it when it is): nothing to do
    return seen && !seen.sent_at && !seen.dead_at && seen.claimed_at ? message.retry({ delaySeconds: 60 }) : message.ack()
  }
  const shop = await mailSettings(env.DB)
  const rendered = row.payload ? await (await import('./templates/index.tsx')).renderMail(mailOf(row), shop) : null
  const result = await sendWithResend(
    env,
    { to: row.to_email, subject: row.subject, html: rendered?.html ?? null, text: row.body, replyTo: row.reply_to, fromName: shop.name, headers: rendered?.headers },
    `outbox-${row.id}`,
  )
  if (result.ok) {
    await env.DB.prepare('UPDATE outbox SET sent_at = ?, provider_id = ?, claimed_at = NULL, last_error = NULL WHERE id = ?').bind(at, result.id, row.id).run()
    return message.ack()
  }
  if (result.permanent) {
    await env.DB.prepare('UPDATE outbox SET dead_at = ?, claimed_at = NULL, last_error = ? WHERE id = ?').bind(at, result.error, row.id).run()
    console.error(`mail: outbox row ${row.id} (${row.kind}) was refused and will not be sent: ${result.error}`)
    return message.ack()
  }
  await env.DB.prepare('UPDATE outbox SET claimed_at = NULL, last_error = ? WHERE id = ?').bind(result.error, row.id).run()
  console.warn(`mail: outbox row ${row.id} not sent (attempt ${message.attempts}), retrying: ${result.error}`)
  message.retry({ delaySeconds: retryDelaySeconds(message.attempts) })
}

function mailOf(row: OutboxRow): Mail {
  return { kind: row.kind, to: row.to_email, locale: (row.locale === 'de' ? 'de' : 'en') as Locale, payload: JSON.parse(row.payload!) } as Mail
}

/** Messages that used up their retries: the row is marked dead (docs/troubleshooting.md says how to send them again). */
async function buryDeadLetters(batch: MessageBatch<MailMessage>, env: Env, now: Date): Promise<void> {
  for (const message of batch.messages) {
    const id = message.body?.id
    if (Number.isInteger(id)) {
      const row = await env.DB.prepare('UPDATE outbox SET dead_at = ?, claimed_at = NULL WHERE id = ? AND sent_at IS NULL AND dead_at IS NULL RETURNING kind, last_error')
        .bind(now.toISOString(), id)
        .first<{ kind: string; last_error: string | null }>()
      if (row) console.error(`mail: outbox row ${id} (${row.kind}) is a dead letter after its retries: ${row.last_error ?? 'unknown error'}`)
    }
    message.ack()
  }
}
