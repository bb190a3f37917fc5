import { env } from 'cloudflare:workers'
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from 'cloudflare:test'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import worker from '#worker/index.ts'
import { AU_ADDRESS, TEST_CARD, call, registerAndLogin, uniqueEmail } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { deliver, fakeMailApi, fakeQueue, mailEnv, namedShop, outboxRow } from '#tests/factories/mail.ts'
import { enqueueMail } from '#worker/mail/enqueue.ts'
import { sampleMail } from '#worker/mail/samples.ts'
import { storeTime, storeToday } from '#worker/mail/delivery-date.ts'
import type { MailMessage } from '#worker/mail/queue.ts'
import { retryDelaySeconds } from '#worker/mail/consumer.ts'
import { shippingConfirmationMail } from '#worker/backend/commerce/order-mails.ts'

// the emails sign with the shop's name from its settings
beforeAll(() => namedShop())

const MINUTE = 60_000
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE)

/** A password reset with delivery on: its outbox row and the ids that were put on the queue. */
async function resetRequested(queue = fakeQueue()) {
  const me = await registerAndLogin()
  const res = await call('/passwords', { body: { user: { email: me.email } }, env: mailEnv(queue.queue) })
  expect(res.status).toBe(200)
  const row = await env.DB.prepare("SELECT * FROM outbox WHERE to_email = ? AND kind = 'password_reset'").bind(me.email).first<Record<string, any>>()
  return { me, row: row!, queued: queue.ids }
}

describe('mail through the queue', () => {
  it('writes the outbox row with its change, enqueues it, retries a failing mail API with backoff and sends one email', async () => {
    const api = fakeMailApi({ failFirst: 2 })
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { me, row, queued } = await resetRequested()
    expect(queued).toEqual([row.id])
    expect(row.enqueued_at).not.toBeNull()
    expect(JSON.parse(row.payload)).toMatchObject({ name: 'Ada', validMinutes: 30 })
    const target = mailEnv(fakeQueue().queue)

    // the worker's own queue handler, as the Queues runtime calls it; the mail API answers 503 twice
    const results = []
    for (const attempts of [1, 2, 3]) {
      const batch = createMessageBatch<MailMessage>('storefront-mail', [{ id: `m${attempts}`, timestamp: new Date(), attempts, body: { id: row.id } }])
      const ctx = createExecutionContext()
      await worker.queue(batch, target, ctx)
      results.push(await getQueueResult(batch, ctx))
    }
    expect(results.map((r) => r.retryMessages.map((m: { msgId: string }) => m.msgId))).toEqual([['m1'], ['m2'], []])
    // backoff: 30 s doubling to at most 5 minutes (under the sweep's 10 quiet minutes)
    expect([1, 2, 3, 4, 5, 10].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 300, 300])
    expect(results[2]!.explicitAcks).toEqual(['m3'])

    expect(api.requests).toHaveLength(3)
    expect(new Set(api.requests.map((r) => r.idempotencyKey))).toEqual(new Set([`outbox-${row.id}`]))
    expect(api.delivered.size).toBe(1)
    const email = api.requests[2]!.body
    expect(email).toMatchObject({ from: 'Store <orders@store.test>', to: [me.email], subject: row.subject, text: row.body })
    expect(email.html).toContain('/reset-password?token=')
    const sent = await outboxRow(row.id)
    expect(sent).toMatchObject({ attempts: 3, provider_id: `email-outbox-${row.id}`, last_error: null, claimed_at: null })
    expect(sent!.sent_at).not.toBeNull()
    expect(warnings).toHaveBeenCalledTimes(2)
  })

  it('sends one email when the queue delivers the same message twice, together or later', async () => {
    const api = fakeMailApi()
    const { row } = await resetRequested()
    const target = mailEnv(fakeQueue().queue)
    // twice in one batch, and two batches at the same moment
    const [a, b] = await Promise.all([deliver(target, [row.id, row.id]), deliver(target, [row.id])])
    const again = await deliver(target, [row.id])
    expect(api.requests).toHaveLength(1)
    // each copy is either acknowledged (sent, or found sent) or, while another copy is being sent, looked at again later
    expect([...a.explicitAcks, ...a.retryMessages, ...b.explicitAcks, ...b.retryMessages]).toHaveLength(3)
    expect(again.explicitAcks).toHaveLength(1)
    expect((await outboxRow(row.id))!.attempts).toBe(1)
  })

  it('the sweep re-enqueues a row whose enqueue was lost, once it has been quiet for a while', async () => {
    const api = fakeMailApi()
    const broken = fakeQueue({ fail: true })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const id = await enqueueMail(mailEnv(broken.queue), sampleMail('newsletter_confirm', 'de'))
    expect((await outboxRow(id))!.enqueued_at).toBeNull()

    const queue = fakeQueue()
    const sweep = async (at: Date) => {
      const ctx = createExecutionContext()
      await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '*/5 * * * *' }), mailEnv(queue.queue), ctx)
      await waitOnExecutionContext(ctx)
    }
    await sweep(later(2))
    expect(queue.ids).not.toContain(id)
    await sweep(later(11))
    expect(queue.ids.filter((x) => x === id)).toHaveLength(1)
    // just enqueued: the next run leaves it to the queue
    await sweep(later(16))
    expect(queue.ids.filter((x) => x === id)).toHaveLength(1)

    await deliver(mailEnv(queue.queue), [id])
    expect(api.requests.map((r) => r.body.subject)).toEqual(['Bitte bestätigen Sie Ihr Basecamp Outfitters Newsletter-Abonnement'])
    await sweep(later(40))
    expect(queue.ids.filter((x) => x === id)).toHaveLength(1)
  })

  it('marks a message refused by the mail API, or dead-lettered after its retries, as dead and sends nothing more', async () => {
    fakeMailApi({ failFirst: 1, status: 422 })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const refused = await enqueueMail(mailEnv(fakeQueue().queue), sampleMail('contact', 'en'))
    const target = mailEnv(fakeQueue().queue)
    expect((await deliver(target, [refused])).explicitAcks).toHaveLength(1)
    expect((await outboxRow(refused))!.dead_at).not.toBeNull()
    expect((await outboxRow(refused))!.last_error).toMatch(/mail API 422/)

    const lost = await enqueueMail(target, sampleMail('password_reset', 'en'))
    await deliver(target, [lost], { queue: 'storefront-mail-dlq' })
    expect((await outboxRow(lost))!.dead_at).not.toBeNull()
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringMatching(/was refused/), expect.stringMatching(/dead letter/)])
  })
})

describe('a gift card with a delivery date', () => {
  it('is emailed by the sweep on that day, not before, and only once', async () => {
    const api = fakeMailApi()
    const queue = fakeQueue()
    const target = mailEnv(queue.queue)
    await createProduct({ kind: 'gift_card', prices: { AUD: { amount: 0 }, USD: { amount: 0 } } })
    const buyer = await registerAndLogin()
    const recipient = uniqueEmail('gift')
    const day = new Date(Date.parse(`${storeToday()}T00:00:00Z`) + 3 * 24 * 60 * MINUTE).toISOString().slice(0, 10)

    const past = await call('/gift_cards', { bearer: buyer.bearer, body: { gift_card: { amount: 40, recipient_name: 'Jo', recipient_email: recipient, deliver_on: '2020-01-01' } } })
    expect(past.status).toBe(422)
    expect(JSON.stringify(past.body.errors)).toContain('must be today or later')
    const cart = await call('/gift_cards', { bearer: buyer.bearer, body: { gift_card: { amount: 40, recipient_name: 'Jo', recipient_email: recipient, message: 'Happy trails', deliver_on: day } } })
    expect(cart.status).toBe(200)
    await call('/checkout', { method: 'PATCH', bearer: buyer.bearer, body: { order: { ship_address_attributes: AU_ADDRESS, bill_address_attributes: AU_ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '3' }] } } })
    await call('/checkout/create_payment', { bearer: buyer.bearer, body: { payment_method_id: '1', source_attributes: TEST_CARD } })
    expect((await call('/checkout/complete', { method: 'PATCH', bearer: buyer.bearer, env: target })).status).toBe(200)

    const card = await env.DB.prepare("SELECT * FROM outbox WHERE to_email = ? AND kind = 'gift_card'").bind(recipient).first<Record<string, any>>()
    expect(card!.due_at).toBe(storeTime(day, 8).toISOString())
    // the confirmation went on the queue at once; the card did not, and the development mailbox does not show it yet
    const confirmation = await env.DB.prepare("SELECT id FROM outbox WHERE to_email = ? AND kind = 'order_confirmation'").bind(buyer.email).first<{ id: number }>()
    expect(queue.ids).toEqual([confirmation!.id])
    expect((await call(`/outbox?email=${recipient}`)).body.data).toEqual([])

    const sweep = async (at: Date) => {
      const ctx = createExecutionContext()
      await worker.scheduled(createScheduledController({ scheduledTime: at }), target, ctx)
      await waitOnExecutionContext(ctx)
      const ids = queue.ids.splice(0).filter((id) => id === card!.id)
      if (ids.length) await deliver(target, ids, { now: at })
      return ids.length
    }
    const dayBefore = new Date(storeTime(day, 8).getTime() - 60 * MINUTE)
    expect(await sweep(new Date(Date.now() + 5 * MINUTE))).toBe(0)
    expect(await sweep(dayBefore)).toBe(0)
    // a message arriving early (a stray duplicate) sends nothing either
    await deliver(target, [card!.id], { now: dayBefore })
    expect(api.requests.filter((r) => r.body.to[0] === recipient)).toHaveLength(0)

    expect(await sweep(storeTime(day, 8))).toBe(1)
    expect(await sweep(storeTime(day, 14))).toBe(0)
    const sent = api.requests.filter((r) => r.body.to[0] === recipient)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body.text).toMatch(/Your code: [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)
    expect(sent[0]!.body.html).toContain('Happy trails')

    // the operator console's shipping confirmation of the same order, in the language it was placed in
    const order = await env.DB.prepare("SELECT id FROM orders WHERE user_id = ? AND state = 'complete'").bind(buyer.userId).first<{ id: number }>()
    const shipping = await shippingConfirmationMail(env.DB, order!.id, { carrier: 'Australia Post', trackingId: 'AP123' }, 'https://store.test')
    expect(shipping).toMatchObject({ kind: 'shipping_confirmation', to: buyer.email, locale: 'en', payload: { carrier: 'Australia Post', trackingId: 'AP123', lines: [{ quantity: 1, details: [expect.stringContaining(recipient)] }] } })
  })
})
