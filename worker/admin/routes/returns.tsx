import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { ReturnsPage, type ReturnFilter, type ReturnListItem } from '#worker/admin/pages/returns-page.tsx'
import { ReturnPage, type ReturnView } from '#worker/admin/pages/return-page.tsx'
import type { FieldErrors, FormValues } from '#worker/admin/pages/parts.tsx'
import { returnAddress } from '#worker/backend/commerce/return-address.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { field, orElse, pageOf, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { ActionRefused } from '../action-refused.ts'
import { reconfirm } from '../operators.ts'
import { renderPage, seeOther } from '../render.tsx'
import { approveReturn, declineReturn, loadReturn, receiveReturn, type ReturnDetail } from '../return-actions.ts'
import { quoteReturnRefund, refundReturn } from '../return-refund.ts'
import { gstShareCents, shippingLeftCents } from '#worker/backend/refunds/value.ts'
import { paymentLabel } from '../order-detail.ts'
import { FORM_TOKEN_MISSING, formAlreadySent, formTokenOf } from '../form-tokens.ts'
import { FORM_USED } from '#worker/backend/refunds/claims.ts'

export const returns = new Hono<AdminEnv>()

const PAGE_SIZE = 50
const FilterSchema = z.object({
  stage: orElse(z.enum(['open', 'requested', 'approved', 'received', 'refunded', 'declined', '']), 'open'),
  reason: orElse(z.string().check(z.regex(/^[a-z_]{0,40}$/)), ''),
  q: orElse(z.string().check(z.trim(), z.maxLength(200)), ''),
})

returns.get('/returns', async (c) => {
  const filter: ReturnFilter = FilterSchema.parse({ stage: c.req.query('stage') ?? 'open', reason: c.req.query('reason') ?? '', q: c.req.query('q') ?? '' })
  const page = pageOf(c)
  const db = c.env.DB
  // ?1 the stage ('' all, 'open' every stage before the refund), ?2 the reason, ?3 an order number or email (part of it)
  const where = `WHERE (?1 = '' OR (?1 = 'open' AND s.stage IN ('requested', 'approved', 'received')) OR s.stage = ?1)
    AND (?2 = '' OR r.reason = ?2) AND (?3 = '' OR o.number LIKE '%' || ?3 || '%' OR lower(o.email) LIKE '%' || lower(?3) || '%')`
  const from = 'FROM return_requests r JOIN return_stages s ON s.return_id = r.id JOIN orders o ON o.id = r.order_id'
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT r.id, o.number, o.email, o.currency, s.stage, r.reason, r.refund_cents, r.created_at,
           (SELECT SUM(quantity) FROM return_items WHERE return_id = r.id) AS units
         ${from} ${where} ORDER BY r.id DESC LIMIT ?4 OFFSET ?5`,
      )
      .bind(filter.stage, filter.reason, filter.q, PAGE_SIZE, (page - 1) * PAGE_SIZE),
    db.prepare(`SELECT COUNT(*) AS n ${from} ${where}`).bind(filter.stage, filter.reason, filter.q),
  ])
  const total = (count!.results[0] as { n: number }).n
  return renderPage(c, 'Returns', <ReturnsPage returns={rows!.results as unknown as ReturnListItem[]} total={total} page={page} pageSize={PAGE_SIZE} filter={filter} notice={noticeText(c.req.query('notice'))} />)
})

async function viewOf(db: D1Database, detail: ReturnDetail): Promise<ReturnView> {
  const { ret, order } = detail
  let quote: ReturnView['quote'] = { goodsCents: 0, shippingLeftCents: 0, gstCents: 0, split: [] }
  if (ret.stage === 'received') {
    const q = await quoteReturnRefund(db, detail, false)
    quote = { goodsCents: q.goodsCents, shippingLeftCents: await shippingLeftCents(db, order), gstCents: q.gstCents, split: q.shares.map((s) => ({ label: paymentLabel(s.payment), cents: s.cents })) }
  } else if (ret.stage === 'refunded') {
    const { results } = await db.prepare('SELECT payment_id, amount_cents FROM refunds WHERE return_id = ? ORDER BY id').bind(ret.id).all<{ payment_id: number; amount_cents: number }>()
    const split = results.map((r) => ({ label: paymentLabel(order.payments.find((p) => p.id === r.payment_id)!), cents: r.amount_cents }))
    quote = { goodsCents: ret.goods_cents ?? ret.refund_cents ?? 0, shippingLeftCents: 0, gstCents: ret.gst_cents ?? gstShareCents(order, ret.refund_cents ?? 0), split }
  }
  return {
    ...ret,
    member: order.order.user_id !== null,
    returnAddress: ret.stage === 'requested' ? await returnAddress(db) : [],
    order: { number: order.order.number!, email: order.order.email ?? '', currency: order.order.currency, shipped_at: order.shipment?.shipped_at ?? null },
    items: ret.items.map((i) => {
      const line = order.lines.find((l) => l.id === i.line_item_id)
      return { line_item_id: i.line_item_id, name: line?.product_name ?? 'Gift card', options: line?.options ?? null, quantity: i.quantity, bought: line?.quantity ?? 0, unit_cents: line?.price_cents ?? 0, received: i.received, restock: i.restock }
    }),
    quote,
    refundCents: ret.refund_cents,
  }
}

const idOf = (c: AdminContext) => {
  const id = Number(c.req.param('id'))
  return Number.isInteger(id) && id > 0 ? id : 0
}

async function showReturn(c: AdminContext, extra: { error?: string; form?: string; errors?: FieldErrors; values?: FormValues } = {}, status = 200) {
  const detail = await loadReturn(c.env.DB, idOf(c))
  if (!detail) return c.notFound()
  return renderPage(c, `Return #${detail.ret.id}`, <ReturnPage view={await viewOf(c.env.DB, detail)} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

returns.get('/returns/:id{[0-9]+}', (c) => showReturn(c))

const ApproveSchema = z.object({ note: field.optionalText(500) })
const DeclineSchema = z.object({ note: field.text('The reason', 500) })
const RefundSchema = z.object({ to: z.enum(['original', 'store_credit', 'gift_card'], { message: 'Choose where the refund goes.' }), shipping: field.checkbox, password: field.password })

/** A return step: the form refused re-renders the return with the messages (nothing changed), a refusal with its sentence (409), else 303. */
async function step(c: AdminContext, name: string, run: (detail: ReturnDetail) => Promise<void>, notice: string) {
  const detail = await loadReturn(c.env.DB, idOf(c))
  if (!detail) return c.notFound()
  try {
    await run(detail)
  } catch (error) {
    if (error instanceof FormRefused) return showReturn(c, { form: name, errors: error.errors, values: error.values }, 422)
    if (error instanceof ActionRefused) return showReturn(c, { error: error.message, form: name }, 409)
    throw error
  }
  return seeOther(c, `/admin/returns/${detail.ret.id}`, notice)
}

class FormRefused extends Error {
  constructor(
    readonly errors: FieldErrors,
    readonly values: FormValues,
  ) {
    super('form refused')
  }
}

returns.post('/returns/:id{[0-9]+}/approve', async (c) => {
  const form = await parseForm(c, ApproveSchema)
  return step(c, 'approve', async (detail) => {
    if (!form.ok) throw new FormRefused(form.errors, form.values)
    await approveReturn(c.env, c.var.operator, detail, form.data.note, c.req.url)
  }, 'return-approved')
})

returns.post('/returns/:id{[0-9]+}/receive', async (c) => {
  const form = await parseForm(c, z.looseObject({}))
  return step(c, 'receive', async (detail) => {
    const errors: FieldErrors = {}
    const receipts = detail.ret.items.map((i) => {
      const raw = (form.values[`received-${i.line_item_id}`] ?? '').trim()
      if (!/^\d{1,4}$/.test(raw) || Number(raw) > i.quantity) errors[`received-${i.line_item_id}`] = `Enter a whole number from 0 to ${i.quantity}.`
      return { line_item_id: i.line_item_id, quantity: Number(raw) || 0, restock: form.values[`restock-${i.line_item_id}`] === 'on' }
    })
    if (Object.keys(errors).length) throw new FormRefused(errors, form.values)
    await receiveReturn(c.env, c.var.operator, detail, receipts, c.req.url)
  }, 'return-received')
})

/** What a refund form sent a second time is told it did the first time (worker/admin/form-tokens.ts). */
const REFUNDED_ONCE = { done: 'the return was refunded then.', label: 'See the return' }

returns.post('/returns/:id{[0-9]+}/refund', async (c) => {
  const form = await parseForm(c, RefundSchema)
  const token = formTokenOf(form.values)
  const sent = token ? await formAlreadySent(c.env.DB, token, REFUNDED_ONCE) : null
  if (sent) return showReturn(c, { error: sent.message, form: 'refund' }, 409)
  return step(c, 'refund', async (detail) => {
    if (!form.ok) throw new FormRefused(form.errors, form.values)
    if (!token) throw new ActionRefused(FORM_TOKEN_MISSING)
    const wrong = await reconfirm(c, form.data.password)
    if (wrong) throw new FormRefused({ password: wrong }, form.values)
    try {
      await refundReturn(c.env, c.var.operator, detail, { to: form.data.to, shipping: form.data.shipping, formToken: token }, c.req.url)
    } catch (error) {
      if (error instanceof ActionRefused && error.message === FORM_USED) throw (await formAlreadySent(c.env.DB, token, REFUNDED_ONCE)) ?? error
      throw error
    }
  }, 'return-refunded')
})

returns.post('/returns/:id{[0-9]+}/decline', async (c) => {
  const form = await parseForm(c, DeclineSchema)
  return step(c, 'decline', async (detail) => {
    if (!form.ok) throw new FormRefused(form.errors, form.values)
    await declineReturn(c.env, c.var.operator, detail, form.data.note, c.req.url)
  }, 'return-declined')
})
