import { env } from 'cloudflare:workers'
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { vi } from 'vitest'
import type { Env } from '#worker/env.ts'
import { handleMailBatch } from '#worker/mail/consumer.ts'
import type { MailMessage } from '#worker/mail/queue.ts'

/**
 * Mail delivery switched on against a fake of Resend's API (a fetch spy: nothing leaves the test) and a queue that
 * records what is put on it, so a test can deliver those messages itself, duplicated, late, or at a chosen time.
 */
export const MAIL_API = 'https://mail-api.test'
export const MAIL_KEY = 're_test_key'

export interface SentEmail {
  idempotencyKey: string
  body: { from: string; to: string[]; subject: string; html?: string; text: string; reply_to?: string }
}

export function fakeMailApi({ failFirst = 0, status = 503 }: { failFirst?: number; status?: number } = {}) {
  const requests: SentEmail[] = []
  /** What the provider accepted: one email per idempotency key, as Resend answers a replay with the first id. */
  const delivered = new Map<string, SentEmail>()
  const realFetch = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    if (!request.url.startsWith(MAIL_API)) return realFetch(input, init)
    if (request.headers.get('authorization') !== `Bearer ${MAIL_KEY}`) return Response.json({ statusCode: 401, name: 'validation_error', message: 'API key is invalid' }, { status: 401 })
    const sent: SentEmail = { idempotencyKey: request.headers.get('idempotency-key') ?? '', body: await request.json() }
    requests.push(sent)
    if (requests.length <= failFirst) return Response.json({ statusCode: status, name: 'internal_server_error', message: 'Something went wrong' }, { status })
    if (!delivered.has(sent.idempotencyKey)) delivered.set(sent.idempotencyKey, sent)
    return Response.json({ id: `email-${sent.idempotencyKey}` })
  })
  return { requests, delivered }
}

export function fakeQueue({ fail = false } = {}) {
  const ids: number[] = []
  const queue = {
    async send(body: MailMessage) {
      if (fail) throw new Error('queue unavailable')
      ids.push(body.id)
    },
    async sendBatch(messages: Iterable<{ body: MailMessage }>) {
      if (fail) throw new Error('queue unavailable')
      for (const m of messages) ids.push(m.body.id)
    },
  }
  return { ids, queue: queue as unknown as Queue<MailMessage> }
}

export function mailEnv(queue: Queue<MailMessage>): Env {
  return { ...(env as unknown as Env), RESEND_API_KEY: MAIL_KEY, MAIL_API_BASE: MAIL_API, MAIL_FROM: 'Store <orders@store.test>', MAIL_QUEUE: queue }
}

let messageSeq = 0

/** Delivers queue messages (outbox ids, `attempts` as the queue counts them) to the consumer; answers what it decided. */
export async function deliver(target: Env, ids: number[], { attempts = 1, now, queue = 'storefront-mail' }: { attempts?: number; now?: Date; queue?: string } = {}) {
  const batch = createMessageBatch<MailMessage>(
    queue,
    ids.map((id) => ({ id: `msg-${++messageSeq}`, timestamp: new Date(), attempts, body: { id } })),
  )
  const ctx = createExecutionContext()
  await handleMailBatch(batch, target, now ? () => now : undefined)
  return getQueueResult(batch, ctx)
}

export async function outboxRow(id: number) {
  return env.DB.prepare('SELECT * FROM outbox WHERE id = ?').bind(id).first<Record<string, any>>()
}

/** The shop's name in its settings (the console's Settings page), for a test store without the sample seed: the emails sign with it. */
export async function namedShop(name = 'Basecamp Outfitters') {
  await env.DB.prepare("INSERT INTO store (id, name, url) VALUES (1, ?, '') ON CONFLICT (id) DO UPDATE SET name = excluded.name").bind(name).run()
}
