import type { Env } from '#worker/env.ts'
import { reloadOrder } from '#worker/backend/commerce/orders.ts'
import { returnDecisionStatement, returnDeclinedLateStatement, returnReceivedStatements, returnsOfOrder, type ReturnItemRow, type ReturnRow, type ReturnStage } from '#worker/backend/commerce/returns.ts'
import { returnMail } from '#worker/backend/commerce/return-mails.ts'
import { returnAddress } from '#worker/backend/commerce/return-address.ts'
import { storeUrl } from '#worker/backend/services/store-url.ts'
import { dispatchWritten, mailStatement } from '#worker/mail/enqueue.ts'
import type { Mail } from '#worker/mail/types.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { loadOrderDetail, type OrderDetail } from './order-detail.ts'
import { ActionRefused, refusedAs, unlessTaken } from './action-refused.ts'
import { underClaim } from '#worker/backend/refunds/claims.ts'

/**
 * A shopper's return through its steps (docs/console.md 'Returns'; decision 0032): approve, and the shopper is emailed
 * where and how to send the goods; receive them line by line, each back on the shelf or not (damaged); refund
 * (return-refund.ts), which closes it. Decline with the reason at any step before the refund. Nothing moves money or
 * stock before the refund. Each step is once: the triggers on return_requests and return_progress refuse a second
 * (two operators, a replayed form) and the whole batch with it, so no second email or audit line is written.
 */

export interface ReturnDetail {
  ret: ReturnRow & { items: ReturnItemRow[] }
  order: OrderDetail
}

export async function loadReturn(db: D1Database, id: number): Promise<ReturnDetail | null> {
  const row = await db.prepare('SELECT r.id, o.number FROM return_requests r JOIN orders o ON o.id = r.order_id WHERE r.id = ?').bind(id).first<{ id: number; number: string }>()
  if (!row) return null
  const order = await loadOrderDetail(db, row.number)
  if (!order) return null
  const ret = (await returnsOfOrder(db, order.order.id)).find((r) => r.id === id)!
  return { ret, order }
}

const STAGE_DONE: Record<ReturnStage, string> = {
  requested: 'is waiting for an answer',
  approved: 'was already approved',
  received: 'was already received',
  refunded: 'was already refunded and is closed',
  declined: 'was already declined',
}

/** Refuses (409) unless the return is at one of `stages`: what it is now says why. */
export function assertStage(detail: ReturnDetail, ...stages: ReturnStage[]) {
  if (!stages.includes(detail.ret.stage)) throw new ActionRefused(`This return ${STAGE_DONE[detail.ret.stage]}: nothing was changed. Reload it to see where it stands.`)
}

/** Said (409) when another operator or tab took the same step a moment before (a trigger or key refused the batch). */
export const STEP_TAKEN = 'This return was moved on a moment ago, from another tab or by another operator: nothing was changed. Reload it to see where it stands.'
/** The refusals the return triggers and keys raise when a step was taken meanwhile (migrations 0195, 0320). */
export const stepTaken = (error: unknown) => /return already|return not approved|UNIQUE/.test(String(error))

async function run(env: Env, statements: D1PreparedStatement[]) {
  try {
    await dispatchWritten(env, await env.DB.batch(statements))
  } catch (error) {
    if (stepTaken(error)) throw new ActionRefused(STEP_TAKEN)
    throw error
  }
}

const origin = (env: Env, requestUrl: string) => storeUrl(env, new URL(requestUrl).origin)

/** The email of a step, about the units it concerns. */
export async function stepMail(env: Env, detail: ReturnDetail, status: 'approved' | 'received' | 'declined' | 'refunded', requestUrl: string, note: string | null, extra: Parameters<typeof returnMail>[6] = {}, items = detail.ret.items as Array<{ line_item_id: number; quantity: number }>): Promise<Mail> {
  const { ret, order } = detail
  return returnMail(env.DB, await reloadOrder(env.DB, order.order.id), { id: ret.id, reason: ret.reason, locale: ret.locale, note }, items, status, await origin(env, requestUrl), extra)
}

/** Approves a return: the shopper is emailed the return address, the reference and how to send the goods. */
export async function approveReturn(env: Env, operator: Operator, detail: ReturnDetail, note: string | null, requestUrl: string) {
  assertStage(detail, 'requested')
  const address = await returnAddress(env.DB)
  if (address.length === 0) throw new ActionRefused('The store has no return address, so the customer could not be told where to send the goods: nothing was changed. Set the store’s address first.')
  const db = env.DB
  const { ret, order } = detail
  await run(env, [
    returnDecisionStatement(db, ret.id, 'approved', note, operator.email),
    auditStatement(db, operator, 'return.approve', { type: 'order', id: order.order.number! }, { return_id: ret.id, stage: ret.stage }, { return_id: ret.id, stage: 'approved', note }),
    await mailStatement(env, await stepMail(env, detail, 'approved', requestUrl, note, { returnAddress: address })),
  ])
}

/** What came back of one line of the return. */
export interface Receipt {
  line_item_id: number
  quantity: number
  restock: boolean
}

/**
 * Records the goods that came back, line by line (at most what was asked back), each to go back on the shelf or not.
 * Stock moves with the refund: a return declined after this sends its goods back to the customer.
 */
export async function receiveReturn(env: Env, operator: Operator, detail: ReturnDetail, receipts: Receipt[], requestUrl: string) {
  assertStage(detail, 'approved')
  const { ret, order } = detail
  for (const r of receipts) {
    const item = ret.items.find((i) => i.line_item_id === r.line_item_id)
    if (!item) throw new ActionRefused('One of the lines is not part of this return: nothing was changed.')
    if (!Number.isInteger(r.quantity) || r.quantity < 0 || r.quantity > item.quantity) throw new ActionRefused(`At most ${item.quantity} of a line can come back (what the customer asked to return): nothing was changed.`)
  }
  const came = receipts.filter((r) => r.quantity > 0)
  if (came.length === 0) throw new ActionRefused('Nothing came back: enter how many units of at least one line arrived, or decline the return with the reason.')
  const db = env.DB
  await run(env, [
    // first: a second receipt fails on the key (or a decline meanwhile on the trigger) before anything else is written
    ...returnReceivedStatements(
      db,
      ret.id,
      operator.email,
      ret.items.map((i) => {
        const r = receipts.find((x) => x.line_item_id === i.line_item_id)
        return { line_item_id: i.line_item_id, quantity: r?.quantity ?? 0, restock: r?.restock ?? false }
      }),
    ),
    auditStatement(db, operator, 'return.receive', { type: 'order', id: order.order.number! }, { return_id: ret.id, stage: ret.stage }, { return_id: ret.id, stage: 'received', received: receipts }),
    await mailStatement(env, await stepMail(env, detail, 'received', requestUrl, null, {}, came.map((r) => ({ line_item_id: r.line_item_id, quantity: r.quantity })))),
  ])
}

/** Declines a return with the reason the shopper is told: before the answer, or after it as long as nothing was refunded. */
export async function declineReturn(env: Env, operator: Operator, detail: ReturnDetail, note: string, requestUrl: string) {
  assertStage(detail, 'requested', 'approved', 'received')
  // claimed as a refund claims it, so a decline cannot land while the return's refund is at the provider
  await refusedAs(underClaim(env.DB, [[`return:${detail.ret.id}`, 'Another operator is refunding or declining this return right now, or just did: reload it to see where it stands.']], operator, () => false, () => settleDecline(env, operator, detail, note, requestUrl)))
}

async function settleDecline(env: Env, operator: Operator, detail: ReturnDetail, note: string, requestUrl: string) {
  const db = env.DB
  const { ret, order } = detail
  const write = ret.stage === 'requested' ? returnDecisionStatement(db, ret.id, 'declined', note, operator.email) : returnDeclinedLateStatement(db, ret.id, operator.email, note)
  await unlessTaken(
    run(env, [
      write,
      auditStatement(db, operator, 'return.decline', { type: 'order', id: order.order.number! }, { return_id: ret.id, stage: ret.stage }, { return_id: ret.id, stage: 'declined', note }),
      await mailStatement(env, await stepMail(env, detail, 'declined', requestUrl, note)),
    ]),
    STEP_TAKEN,
  )
}
