import { Hono } from 'hono'
import * as z from 'zod'
import { ReturnPage, ReturnsPage, type ReturnListItem, type ReturnView } from '#worker/admin/pages/returns-page.tsx'
import type { FieldErrors, FormValues } from '#worker/admin/pages/parts.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { field, pageOf, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { ActionRefused } from '../action-refused.ts'
import { reconfirm } from '../operators.ts'
import { renderPage, seeOther } from '../render.tsx'
import { approveReturn, declineReturn, loadReturn, returnValueCents, splitRefund, type ReturnDetail } from '../return-actions.ts'

export const returns = new Hono<AdminEnv>()

const PAGE_SIZE = 50
const StateSchema = z.enum(['requested', 'approved', 'declined', '']).catch('requested')

returns.get('/returns', async (c) => {
  const state = StateSchema.parse(c.req.query('state') ?? 'requested')
  const page = pageOf(c)
  const db = c.env.DB
  const where = state ? 'WHERE r.state = ?1' : 'WHERE ?1 IS NOT NULL'
  const [rows, count] = await db.batch([
    db
      .prepare(
        `SELECT r.id, o.number, o.email, o.currency, r.state, r.reason, r.refund_cents, r.created_at,
           (SELECT SUM(quantity) FROM return_items WHERE return_id = r.id) AS units
         FROM return_requests r JOIN orders o ON o.id = r.order_id ${where} ORDER BY r.id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(state || 'all', PAGE_SIZE, (page - 1) * PAGE_SIZE),
    db.prepare(`SELECT COUNT(*) AS n FROM return_requests r ${where}`).bind(state || 'all'),
  ])
  const total = (count!.results[0] as { n: number }).n
  return renderPage(c, 'Returns', <ReturnsPage returns={rows!.results as unknown as ReturnListItem[]} total={total} page={page} pageSize={PAGE_SIZE} state={state} notice={noticeText(c.req.query('notice'))} />)
})

const paymentLabel = (p: ReturnDetail['order']['payments'][number]) =>
  p.method === 'card' ? `Card ${p.cc_type ?? ''} •••• ${p.last4 ?? ''}`.replace(/\s+/g, ' ') : p.method === 'gift_card' ? `Gift card •••• ${(p.gift_card_code ?? '').slice(-4)}` : 'Store credit'

function viewOf(detail: ReturnDetail, refunds: Array<{ payment_id: number; amount_cents: number }>): ReturnView {
  const { ret, order } = detail
  const open = ret.state === 'requested'
  const refundCents = open ? returnValueCents(order, ret.items) : (ret.refund_cents ?? 0)
  const split = open
    ? splitRefund(order.payments, refundCents).map((s) => ({ label: paymentLabel(s.payment), cents: s.cents }))
    : refunds.map((r) => ({ label: paymentLabel(order.payments.find((p) => p.id === r.payment_id)!), cents: r.amount_cents }))
  return {
    ...ret,
    order: { number: order.order.number!, email: order.order.email ?? '', currency: order.order.currency, shipped_at: order.shipment?.shipped_at ?? null },
    items: ret.items.map((i) => {
      const line = order.lines.find((l) => l.id === i.line_item_id)
      return { line_item_id: i.line_item_id, name: line?.product_name ?? 'Gift card', options: line?.options ?? null, quantity: i.quantity, bought: line?.quantity ?? 0, unit_cents: line?.price_cents ?? 0 }
    }),
    split,
    refundCents,
  }
}

const idOf = (c: AdminContext) => {
  const id = Number(c.req.param('id'))
  return Number.isInteger(id) && id > 0 ? id : 0
}

async function showReturn(c: AdminContext, extra: { error?: string; form?: string; errors?: FieldErrors; values?: FormValues } = {}, status = 200) {
  const detail = await loadReturn(c.env.DB, idOf(c))
  if (!detail) return c.notFound()
  const { results } = await c.env.DB.prepare('SELECT payment_id, amount_cents FROM refunds WHERE return_id = ? ORDER BY id').bind(detail.ret.id).all<{ payment_id: number; amount_cents: number }>()
  return renderPage(c, `Return #${detail.ret.id}`, <ReturnPage view={viewOf(detail, results)} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

returns.get('/returns/:id{[0-9]+}', (c) => showReturn(c))

const ApproveSchema = z.object({ note: field.optionalText(500), password: field.password })
const DeclineSchema = z.object({ note: field.text('The reason', 500) })

/** A decision made twice (two operators, a replayed form) is refused by the trigger on return_requests. */
const alreadyDecided = (error: unknown) => String(error).includes('return already decided')

returns.post('/returns/:id{[0-9]+}/approve', async (c) => {
  const detail = await loadReturn(c.env.DB, idOf(c))
  if (!detail) return c.notFound()
  const form = await parseForm(c, ApproveSchema)
  if (!form.ok) return showReturn(c, { form: 'approve', errors: form.errors, values: form.values }, 422)
  const wrong = await reconfirm(c, form.data.password)
  if (wrong) return showReturn(c, { form: 'approve', errors: { password: wrong }, values: form.values }, 422)
  try {
    await approveReturn(c.env, c.var.operator, detail, form.data.note, c.req.url)
  } catch (error) {
    if (error instanceof ActionRefused) return showReturn(c, { error: error.message, form: 'approve' }, 409)
    if (alreadyDecided(error)) return showReturn(c, { error: 'This return was decided just now by someone else.', form: 'approve' }, 409)
    throw error
  }
  return seeOther(c, `/admin/returns/${detail.ret.id}`, 'return-approved')
})

returns.post('/returns/:id{[0-9]+}/decline', async (c) => {
  const detail = await loadReturn(c.env.DB, idOf(c))
  if (!detail) return c.notFound()
  const form = await parseForm(c, DeclineSchema)
  if (!form.ok) return showReturn(c, { form: 'decline', errors: form.errors, values: form.values }, 422)
  try {
    await declineReturn(c.env, c.var.operator, detail, form.data.note, c.req.url)
  } catch (error) {
    if (error instanceof ActionRefused) return showReturn(c, { error: error.message, form: 'decline' }, 409)
    if (alreadyDecided(error)) return showReturn(c, { error: 'This return was decided just now by someone else.', form: 'decline' }, 409)
    throw error
  }
  return seeOther(c, `/admin/returns/${detail.ret.id}`, 'return-declined')
})
