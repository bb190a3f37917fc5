import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { OrdersPage } from '#worker/admin/pages/orders-page.tsx'
import { OrderPage, type OrderReturnItem } from '#worker/admin/pages/order-page.tsx'
import { FulfilSchema, parcelOf } from '../parcel-form.ts'
import { PARCEL_SENT_ONCE, fulfilClosed, linesToShip, shipParcel } from '../fulfilment.ts'
import type { DialogQuote } from '#worker/admin/pages/refund-dialog.tsx'
import type { AlreadySent, FieldErrors } from '#worker/admin/pages/parts.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { field, orElse, pageOf, parseForm, type FormResult } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { COLLECT_NOT_SHIP, SHIP_NOT_COLLECT, cancel, isClickAndCollect, pickupStep, refund, resendConfirmation } from '../order-actions.ts'
import { refundTooMuch } from '#worker/backend/refunds/give-back.ts'
import { refundable, shippingLeftCents } from '#worker/backend/refunds/value.ts'
import { ActionRefused } from '../action-refused.ts'
import { quoteQuantityRefund, refundQuantities, refundableLinesOf, type QuantityRefundInput } from '../quantity-refunds.ts'
import { loadOrderDetail, paymentLabel, type OrderDetail } from '../order-detail.ts'
import { ORDERS_PAGE_SIZE, OrderFilterSchema, listOrders, type OrderFilter } from '../orders-data.ts'
import { ordersCsv, ordersCsvName } from '../orders-csv.ts'
import { reconfirm } from '../operators.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent, formAlreadySent, formTokenOf } from '../form-tokens.ts'
import { FORM_USED } from '#worker/backend/refunds/claims.ts'
import { PRIVATE_HEADERS, renderDocument, renderPage, seeOther } from '../render.tsx'
import { PackingSlipPage } from '#worker/admin/pages/packing-slip-page.tsx'
import { slipOf } from '../packing-slip.ts'
import { BULK_MAX, BulkSchema, bulkFulfil, tickedOrders } from '../bulk-fulfil.ts'
import type { BulkView } from '#worker/admin/pages/bulk-fulfil-parts.tsx'

export const orders = new Hono<AdminEnv>()

function filterOf(c: AdminContext) {
  const raw = c.req.query()
  const result = OrderFilterSchema.safeParse(raw)
  const errors: FieldErrors = {}
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message
  const query = new URLSearchParams(Object.entries(raw).filter(([k, v]) => k !== 'page' && k !== 'notice' && v)).toString()
  return { filter: result.success ? result.data : ({} as OrderFilter), errors: result.success ? undefined : errors, raw, query }
}

async function showOrders(c: AdminContext, bulk?: BulkView, status?: number) {
  const { filter, errors, raw, query } = filterOf(c)
  const page = pageOf(c)
  const { orders: rows, total } = await listOrders(c.env.DB, filter, page)
  return renderPage(c, 'Orders', <OrdersPage orders={rows} total={total} page={page} pageSize={ORDERS_PAGE_SIZE} filter={raw} errors={errors} query={query} notice={noticeText(c.req.query('notice'))} bulk={bulk} />, status ?? (errors ? 400 : 200))
}

orders.get('/orders', (c) => showOrders(c))

/**
 * Bulk fulfilment (worker/admin/bulk-fulfil.ts): answered with the list it was sent from (its filters are in the
 * form's address) and what happened to each ticked order; 422 when none of them shipped.
 */
orders.post('/orders/fulfil', async (c) => {
  const form = await parseForm(c, BulkSchema)
  const values = form.values
  const token = formTokenOf(values)
  const ticked = tickedOrders(values)
  const refuse = (error: string, errors?: FieldErrors) => showOrders(c, { error, errors, values }, 422)
  if (!form.ok) return refuse(Object.values(form.errors).join(' '), form.errors)
  if (!token) return refuse(FORM_TOKEN_MISSING)
  if (!ticked.length) return refuse('Tick at least one order to ship: nothing was changed.')
  if (ticked.length > BULK_MAX) return refuse(`Ship at most ${BULK_MAX} orders at once: nothing was changed.`)
  const outcomes = await bulkFulfil(c.env, c.var.operator, { ...form.data, orders: ticked, formToken: token }, c.req.url)
  // the refused ones keep what was typed for them; the shipped ones are no longer on a 'To ship' list
  return showOrders(c, { outcomes, values }, outcomes.some((o) => o.shipped) ? 200 : 422)
})

orders.get('/orders.csv', (c) => {
  const { filter, errors } = filterOf(c)
  if (errors) return c.text(Object.values(errors).join(' '), 400, PRIVATE_HEADERS)
  return new Response(ordersCsv(c.env.DB, filter), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${ordersCsvName(filter)}"`, ...PRIVATE_HEADERS },
  })
})

type ShowExtra = { error?: string; form?: string; errors?: FieldErrors; values?: Record<string, string | undefined>; already?: AlreadySent; quote?: DialogQuote }

async function showOrder(c: AdminContext, extra: ShowExtra = {}, status = 200) {
  const db = c.env.DB
  const detail = await loadOrderDetail(db, c.req.param('number') ?? '')
  if (!detail) return c.notFound()
  const { quote, ...rest } = extra
  const lines = await refundableLinesOf(db, detail)
  const dialog = { lines, shippingLeftCents: await shippingLeftCents(db, detail), quote }
  const { results: returns } = await db
    .prepare('SELECT r.id, s.stage, r.created_at, r.refund_cents, (SELECT SUM(quantity) FROM return_items WHERE return_id = r.id) AS units FROM return_requests r JOIN return_stages s ON s.return_id = r.id WHERE r.order_id = ? ORDER BY r.id')
    .bind(detail.order.id)
    .all<OrderReturnItem>()
  return renderPage(c, `Order ${detail.order.number}`, <OrderPage view={detail} dialog={dialog} parcels={{ parcels: detail.parcels, lines: linesToShip(detail) }} returns={returns} notice={noticeText(c.req.query('notice'))} {...rest} />, status)
}

orders.get('/orders/:number', (c) => showOrder(c))

/** The packing slip of a parcel, or of what is left to send (its own page: printed without the console around it). */
orders.get('/orders/:number/packing-slip/:parcel?', async (c) => {
  const detail = await detailOr404(c)
  const raw = c.req.param('parcel')
  if (!detail || (raw !== undefined && !/^\d{1,12}$/.test(raw))) return c.notFound()
  const slip = slipOf(detail, raw === undefined ? undefined : Number(raw))
  if (!slip) return c.notFound()
  return renderDocument(`Packing slip ${slip.number}`, <PackingSlipPage slip={slip} />)
})

const RefundSchema = z.object({ paymentId: z.pipe(z.string().check(z.regex(/^\d+$/, 'Choose a payment.')), z.transform(Number)), amount: field.money('Amount').check(z.refine((v) => v > 0, 'The amount must be more than 0.')), reason: field.text('A reason', 200), password: field.password })
/** What is left to refund is known from the order: more than that is refused beside the amount, not after the fact. */
const refundSchema = (detail: OrderDetail) =>
  RefundSchema.check(z.superRefine((v, ctx) => {
    const payment = detail.payments.find((p) => p.id === v.paymentId)
    if (!payment) ctx.addIssue({ code: 'custom', path: ['paymentId'], message: 'Choose one of this order’s payments.' })
    else if (v.amount > refundable(payment)) ctx.addIssue({ code: 'custom', path: ['amount'], message: refundTooMuch(detail, payment) })
  }))
const CancelSchema = z.object({ reason: field.text('A reason', 200), password: field.password })

/** Runs an order action: a refused form or action re-renders the order with the message (nothing changed), else 303. */
async function act<T>(c: AdminContext, name: string, form: FormResult<T>, run: (data: T) => Promise<void>, notice: string, needsPassword = false) {
  if (!form.ok) return showOrder(c, { form: name, errors: form.errors, values: form.values }, 422)
  if (needsPassword) {
    const wrong = await reconfirm(c, form.values.password)
    if (wrong) return showOrder(c, { form: name, errors: { password: wrong }, values: form.values }, 422)
  }
  try {
    await run(form.data)
  } catch (error) {
    if (error instanceof FormAlreadySent) return showOrder(c, { already: error.already }, 409)
    if (error instanceof ActionRefused) return showOrder(c, { error: error.message, form: name, values: form.values }, 409)
    throw error
  }
  return seeOther(c, `/admin/orders/${c.req.param('number')}`, notice)
}

async function detailOr404(c: AdminContext) {
  return loadOrderDetail(c.env.DB, c.req.param('number') ?? '')
}

orders.post('/orders/:number/fulfil', async (c) => {
  const detail = await detailOr404(c)
  if (!detail) return c.notFound()
  // picked up in store: a carrier and tracking number mean nothing, whatever was typed (nothing changes)
  if (isClickAndCollect(detail)) return showOrder(c, { error: COLLECT_NOT_SHIP }, 422)
  const form = await parseForm(c, FulfilSchema)
  // sent a second time, the form ships nothing more: the operator is told what the first sending did
  const token = formTokenOf(form.values)
  const sent = token ? await formAlreadySent(c.env.DB, token, PARCEL_SENT_ONCE) : null
  if (sent) return showOrder(c, { already: sent.already }, 409)
  const closed = fulfilClosed(detail)
  if (closed) return showOrder(c, { error: closed }, 409)
  const parcel = parcelOf(detail, form)
  if (!parcel.ok) return showOrder(c, { form: 'fulfil', errors: parcel.errors, values: form.values }, 422)
  const sentNow = { state: 'shipped' as 'shipped' | 'partial' }
  const done = await act(c, 'fulfil', form, async () => {
    sentNow.state = await shipParcel(c.env, c.var.operator, detail, { tracking: parcel.tracking, units: parcel.units, formToken: token }, c.req.url)
  }, 'fulfilled')
  return done.status === 303 && sentNow.state === 'partial' ? seeOther(c, `/admin/orders/${detail.order.number}`, 'parcel-shipped') : done
})

// Click & Collect: 'ready for pickup', then 'collected'
orders.post('/orders/:number/:step{ready|collect}', async (c) => {
  const detail = await detailOr404(c)
  if (!detail) return c.notFound()
  if (!isClickAndCollect(detail)) return showOrder(c, { error: SHIP_NOT_COLLECT(detail.shipment?.method ?? 'by post') }, 422)
  const ready = c.req.param('step') === 'ready'
  return act(c, c.req.param('step'), await parseForm(c, z.object({})), () => pickupStep(c.env, c.var.operator, detail, c.req.url, ready ? 'ready' : 'collected'), ready ? 'ready-for-pickup' : 'collected')
})

/** What a refund form sent a second time is told it did the first time (worker/admin/form-tokens.ts). */
const REFUNDED_ONCE = { done: 'the refund was made then (it is listed below).', label: 'See the order’s refunds' }

orders.post('/orders/:number/refund', async (c) => {
  const detail = await detailOr404(c)
  if (!detail) return c.notFound()
  const form = await parseForm(c, refundSchema(detail))
  // sent a second time, the form refunds nothing more; its amount check above would refuse it when the payment no
  // longer holds that much, so the form's key is looked at first: the operator is told the first sending did it
  const token = formTokenOf(form.values)
  const sent = token ? await formAlreadySent(c.env.DB, token, REFUNDED_ONCE) : null
  if (sent) return showOrder(c, { already: sent.already }, 409)
  if (form.ok && !token) return showOrder(c, { error: FORM_TOKEN_MISSING, form: 'refund', values: form.values }, 422)
  return act(c, 'refund', form, async (d) => {
    try {
      await refund(c.env, c.var.operator, detail, { paymentId: d.paymentId, cents: d.amount, reason: d.reason, formToken: token! }, c.req.url)
    } catch (error) {
      // the same form sent twice at once: the second is told what the first did
      if (error instanceof ActionRefused && error.message === FORM_USED) throw (await formAlreadySent(c.env.DB, token!, REFUNDED_ONCE)) ?? error
      throw error
    }
  }, 'refunded', true)
})

/** What a refund dialog sent a second time is told it did the first time. */
const UNITS_REFUNDED_ONCE = { done: 'the units were refunded then (they are listed under the lines).', label: 'See the order’s refunds' }
const UnitsSchema = z.object({ intent: orElse(z.enum(['quote', 'refund', 'all']), 'refund'), shipping: field.checkbox, reason: orElse(z.string().check(z.trim(), z.maxLength(200, 'A reason must be at most 200 characters.')), '') })

/** The refund dialog (worker/admin/quantity-refunds.ts): work out the total, refund the units chosen, or everything. */
orders.post('/orders/:number/refund-units', async (c) => {
  const detail = await detailOr404(c)
  if (!detail) return c.notFound()
  const form = await parseForm(c, UnitsSchema)
  const values = form.values
  const lines = await refundableLinesOf(c.env.DB, detail)
  const intent = form.ok ? form.data.intent : 'refund'
  const errors: FieldErrors = form.ok ? {} : { ...form.errors }
  const chosen: QuantityRefundInput['lines'] = lines.map((l) => {
    const raw = (values[`qty-${l.id}`] ?? '0').trim() || '0'
    if (!/^\d{1,4}$/.test(raw)) errors[`qty-${l.id}`] = `Units of ${l.label}: enter a whole number from 0 to ${l.units}.`
    else if (Number(raw) > l.units) errors[`qty-${l.id}`] = `Units of ${l.label}: at most ${l.units} can still be refunded.`
    return { id: l.id, quantity: intent === 'all' ? l.units : Number(raw) || 0, restock: values[`restock-${l.id}`] === 'on' }
  })
  const shipping = intent === 'all' ? (await shippingLeftCents(c.env.DB, detail)) > 0 : form.ok && form.data.shipping
  const reason = form.ok ? form.data.reason : ''
  if (intent !== 'quote' && !reason) errors.reason = 'A reason is required.'
  if (Object.keys(errors).length) return showOrder(c, { form: 'refund-units', errors, values }, 422)
  if (intent === 'quote') {
    try {
      const q = await quoteQuantityRefund(c.env.DB, detail, { lines: chosen, shipping })
      return showOrder(c, { form: 'refund-units', values, quote: { totalCents: q.totalCents, gstCents: q.gstCents, shippingCents: q.shippingCents, shares: q.shares.map((s) => ({ label: paymentLabel(s.payment), cents: s.cents })) } })
    } catch (error) {
      if (error instanceof ActionRefused) return showOrder(c, { error: error.message, form: 'refund-units', values }, 422)
      throw error
    }
  }
  const token = formTokenOf(values)
  const sent = token ? await formAlreadySent(c.env.DB, token, UNITS_REFUNDED_ONCE) : null
  if (sent) return showOrder(c, { already: sent.already }, 409)
  if (!token) return showOrder(c, { error: FORM_TOKEN_MISSING, form: 'refund-units', values }, 422)
  return act(c, 'refund-units', { ok: true, data: null, values }, async () => {
    try {
      await refundQuantities(c.env, c.var.operator, detail, { lines: chosen, shipping, reason, formToken: token }, c.req.url)
    } catch (error) {
      // the same form sent twice at once: the second is told what the first did
      if (error instanceof ActionRefused && error.message === FORM_USED) throw (await formAlreadySent(c.env.DB, token, UNITS_REFUNDED_ONCE)) ?? error
      throw error
    }
  }, 'units-refunded', true)
})

orders.post('/orders/:number/cancel', async (c) => {
  const detail = await detailOr404(c)
  if (!detail) return c.notFound()
  return act(c, 'cancel', await parseForm(c, CancelSchema), (d) => cancel(c.env, c.var.operator, detail, d.reason, c.req.url), 'canceled', true)
})

orders.post('/orders/:number/resend', async (c) => {
  const detail = await detailOr404(c)
  if (!detail) return c.notFound()
  return act(c, 'resend', { ok: true, data: null, values: {} }, () => resendConfirmation(c.env, c.var.operator, detail), 'resent')
})
