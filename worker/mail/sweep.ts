import type { Env } from '#worker/env.ts'
import { enqueueOutboxIds, mailDelivery } from './queue.ts'

/**
 * The cron sweep (wrangler.toml `[triggers]`, every 5 minutes): puts on the queue every outbox row that is due and
 * not sent, and either was never enqueued (a gift card whose delivery date has come) or has been quiet for
 * SWEEP_QUIET_MS (its enqueue after the commit was lost, or its consumer died). Rows older than SWEEP_MAX_AGE_MS are
 * left alone: a reset link or an order confirmation days late helps nobody (the development mailbox still has them).
 */
export const SWEEP_QUIET_MS = 10 * 60_000
export const SWEEP_MAX_AGE_MS = 3 * 24 * 60 * 60_000
const SWEEP_LIMIT = 500

export async function sweepOutbox(env: Env, now = new Date()): Promise<number[]> {
  if (!mailDelivery(env)) return []
  const at = now.toISOString()
  const quiet = new Date(now.getTime() - SWEEP_QUIET_MS).toISOString()
  const oldest = new Date(now.getTime() - SWEEP_MAX_AGE_MS).toISOString()
  const { results } = await env.DB.prepare(
    `SELECT id FROM outbox
     WHERE sent_at IS NULL AND dead_at IS NULL
       AND COALESCE(due_at, created_at) <= ?1 AND COALESCE(due_at, created_at) >= ?3
       AND (claimed_at IS NULL OR claimed_at <= ?2)
       AND CASE WHEN enqueued_at IS NOT NULL THEN enqueued_at <= ?2 WHEN due_at IS NOT NULL THEN 1 ELSE created_at <= ?2 END
     ORDER BY id LIMIT ${SWEEP_LIMIT}`,
  )
    .bind(at, quiet, oldest)
    .all<{ id: number }>()
  const ids = results.map((r) => r.id)
  await enqueueOutboxIds(env, ids, now)
  return ids
}
