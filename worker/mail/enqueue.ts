import type { Env } from '#worker/env.ts'
import { shopName } from '#kernel/store-settings.ts'
import { readStoreSettings } from '#worker/lib/store-settings.ts'
import { dueOutboxIds, outboxManyStatement, type OutboxMessage } from '#worker/backend/services/outbox.ts'
import { enqueueOutboxIds } from './queue.ts'
import type { Mail, MailSettings } from './types.ts'

/**
 * The mail API for the rest of the store (docs/deploying.md "Mail").
 *
 * In a change that causes mail, put the mail in the change's own batch and dispatch after it commits:
 *
 *   const results = await env.DB.batch([change, await mailStatement(env, mail)])
 *   await dispatchWritten(env, results)
 *
 * Standalone (nothing else to write): `await enqueueMail(env, mail)`.
 */
type MailEnv = Pick<Env, 'DB' | 'MAIL_QUEUE' | 'RESEND_API_KEY'>

/** The shop's name, legal name, ABN and address for the emails: its settings as saved now (D1, not a cached copy). */
export async function mailSettings(db: D1Database): Promise<MailSettings> {
  const s = await readStoreSettings(db)
  return { name: shopName(s), legalName: s.legalName, abn: s.abn, address: s.address }
}

/** The outbox rows of these mails (subject and plain text rendered now; the HTML when sent). */
export async function outboxMessages(db: D1Database, mails: Mail[]): Promise<OutboxMessage[]> {
  if (mails.length === 0) return []
  // the templates load on first use, not with every request
  const { composeMail } = await import('./templates/index.tsx')
  const settings = await mailSettings(db)
  return mails.map((mail) => {
    const { subject, text } = composeMail(mail, settings)
    return { subject, body: text, to: mail.to, kind: mail.kind, locale: mail.locale, payload: mail.payload, ref: mail.ref, replyTo: mail.replyTo, dueAt: mail.dueAt, eventKey: mail.eventKey }
  })
}

/** One statement writing these mails to the outbox, for the batch of the change that causes them. */
export async function mailStatement(env: MailEnv, ...mails: Mail[]): Promise<D1PreparedStatement> {
  return outboxManyStatement(env.DB, await outboxMessages(env.DB, mails))
}

/** After the batch has committed: enqueue the mails it wrote that are due now (later ones wait for the sweep). */
export async function dispatchWritten(env: MailEnv, results: D1Result[]): Promise<void> {
  await enqueueOutboxIds(env, dueOutboxIds(results))
}

/** Writes one mail to the outbox and enqueues it; answers its outbox id (the existing one's when its event was mailed already). */
export async function enqueueMail(env: MailEnv, mail: Mail): Promise<number> {
  const results = await env.DB.batch([await mailStatement(env, mail)])
  await dispatchWritten(env, results)
  const written = results[0]!.results[0] as { outbox_id: number } | undefined
  if (written) return written.outbox_id
  return (await env.DB.prepare('SELECT id FROM outbox WHERE event_key = ?').bind(mail.eventKey ?? null).first<{ id: number }>())!.id
}

/**
 * Sends an outbox message again as a new message (its own id, so its own idempotency key): the admin console's
 * "resend confirmation". Answers the new id, or null when there is no such message.
 */
export async function resendMail(env: MailEnv, outboxId: number): Promise<number | null> {
  const results = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO outbox (to_email, kind, locale, subject, body, payload, ref, reply_to)
       SELECT to_email, kind, locale, subject, body, payload, ref, reply_to FROM outbox WHERE id = ?
       RETURNING id AS outbox_id, 1 AS outbox_due`,
    ).bind(outboxId),
  ])
  await dispatchWritten(env, results)
  return (results[0]!.results[0] as { outbox_id: number } | undefined)?.outbox_id ?? null
}

/** Resends the newest confirmation of an order (by number); null when the order has none. */
export async function resendOrderConfirmation(env: MailEnv, orderNumber: string): Promise<number | null> {
  const row = await env.DB.prepare("SELECT id FROM outbox WHERE ref = ? AND kind = 'order_confirmation' ORDER BY id DESC LIMIT 1").bind(orderNumber).first<{ id: number }>()
  return row ? resendMail(env, row.id) : null
}
