import type { Env } from '#worker/env.ts'

/** A queue message names an outbox row; the row is the message (so a duplicate delivery is recognised by its id). */
export interface MailMessage {
  id: number
}

type QueueEnv = Pick<Env, 'DB' | 'MAIL_QUEUE' | 'RESEND_API_KEY'>

/** Mail is delivered when a mail API key and the queue are configured; otherwise the outbox is the mailbox. */
export const mailDelivery = (env: Pick<Env, 'MAIL_QUEUE' | 'RESEND_API_KEY'>): boolean => Boolean(env.RESEND_API_KEY && env.MAIL_QUEUE)

/**
 * Puts committed outbox rows on the mail queue and notes when. A failure here loses nothing: the rows are in D1,
 * and the cron sweep (worker/mail/sweep.ts) enqueues whatever was not sent after a few minutes.
 */
export async function enqueueOutboxIds(env: QueueEnv, ids: number[], now = new Date()): Promise<void> {
  if (ids.length === 0 || !mailDelivery(env)) return
  try {
    // sendBatch takes at most 100 messages
    for (let i = 0; i < ids.length; i += 100) {
      await env.MAIL_QUEUE!.sendBatch(ids.slice(i, i + 100).map((id) => ({ body: { id } satisfies MailMessage, contentType: 'json' as const })))
    }
    await env.DB.prepare('UPDATE outbox SET enqueued_at = ?1 WHERE id IN (SELECT value FROM json_each(?2))').bind(now.toISOString(), JSON.stringify(ids)).run()
  } catch (error) {
    console.warn(`mail: could not enqueue outbox rows ${ids.join(',')}; the sweep will retry`, error)
  }
}
