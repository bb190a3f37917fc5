import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { PromotionPage, PromotionsPage, promotionValues } from '#worker/admin/pages/promotions-page.tsx'
import { GiftCardPage, GiftCardsPage } from '#worker/admin/pages/gift-cards-page.tsx'
import { giftCardCode } from '#worker/backend/commerce/complete.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { field, pageOf, parseForm } from '../forms.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent, formTokenOf } from '../form-tokens.ts'
import { issuedToNotice, noticeText } from '../notices.ts'
import { reconfirm } from '../operators.ts'
import { ActionRefused } from '../action-refused.ts'
import { PROMOTIONS_PAGE_SIZE, adjustGiftCard, findGiftCards, grantNotice, grantStoreCredit, issueGiftCard, listPromotions, loadGiftCard, loadPromotion, savePromotion, type PromotionInput } from '../promotions-data.ts'
import { renderPage, seeOther } from '../render.tsx'
import { storeDayStart } from '#kernel/store-clock.ts'
import { dispatchWritten } from '#worker/mail/enqueue.ts'

export const promotions = new Hono<AdminEnv>()

const PromotionSchema = z.pipe(z
  .object({
    name: field.text('The name', 120),
    code: z.pipe(z.pipe(field.text('The code', 40), z.transform((v) => v.toLowerCase())), z.string().check(z.regex(/^[a-z0-9_-]+$/, 'Use letters, digits, dashes and underscores only.'))),
    kind: z.enum(['percent', 'fixed', 'free_shipping'], { message: 'Choose a kind of discount.' }),
    amount: z._default(z.optional(z.string().check(z.trim())), ''),
    min_total: field.optionalMoney('Minimum order'),
    starts_on: field.optionalDate('Starts'),
    expires_on: field.optionalDate('Ends'),
    usage_limit: field.optionalWholeNumber('Uses in all'),
    per_customer_limit: field.optionalWholeNumber('Uses per customer'),
  }), z.transform((v, ctx): PromotionInput => {
    let amount = 0
    if (v.kind === 'percent') {
      amount = /^\d{1,3}$/.test(v.amount) ? Number(v.amount) : NaN
      if (!(amount >= 1 && amount <= 100)) ctx.issues.push({ code: 'custom', input: v, path: ['amount'], message: 'Enter a whole percent from 1 to 100.' })
    } else if (v.kind === 'fixed') {
      amount = /^\d{1,6}(\.\d{1,2})?$/.test(v.amount) ? Math.round(Number(v.amount) * 100) : 0
      if (amount <= 0) ctx.issues.push({ code: 'custom', input: v, path: ['amount'], message: 'Enter an amount like 20.00.' })
    }
    if (v.starts_on && v.expires_on && v.expires_on <= v.starts_on) ctx.issues.push({ code: 'custom', input: v, path: ['expires_on'], message: 'The end date must be after the start date.' })
    return {
      name: v.name,
      code: v.code,
      kind: v.kind,
      amount,
      min_item_total_cents: v.min_total,
      // days on the store's clock: from local midnight of the first day, up to (not including) local midnight of the end day
      starts_at: v.starts_on ? storeDayStart(v.starts_on).toISOString() : null,
      expires_at: v.expires_on ? storeDayStart(v.expires_on).toISOString() : null,
      usage_limit: v.usage_limit,
      per_customer_limit: v.per_customer_limit,
    }
  }))

async function listPage(c: AdminContext, extra: { error?: string; errors?: Record<string, string | undefined>; values?: Record<string, string | undefined> } = {}, status = 200) {
  const page = pageOf(c)
  const { promotions: rows, total } = await listPromotions(c.env.DB, page)
  return renderPage(c, 'Promotions', <PromotionsPage promotions={rows} total={total} page={page} pageSize={PROMOTIONS_PAGE_SIZE} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

promotions.get('/promotions', (c) => listPage(c))

promotions.post('/promotions', async (c) => {
  const form = await parseForm(c, PromotionSchema)
  if (!form.ok) return listPage(c, { errors: form.errors, values: form.values }, 422)
  try {
    await savePromotion(c.env.DB, c.var.operator, null, form.data)
  } catch (error) {
    if (error instanceof ActionRefused) return listPage(c, { error: error.message, values: form.values }, 409)
    throw error
  }
  return seeOther(c, '/admin/promotions', 'created')
})

promotions.get('/promotions/:id{[0-9]+}', async (c) => {
  const promotion = await loadPromotion(c.env.DB, Number(c.req.param('id')))
  return promotion ? renderPage(c, `Coupon ${promotion.code}`, <PromotionPage promotion={promotion} notice={noticeText(c.req.query('notice'))} />) : c.notFound()
})

promotions.post('/promotions/:id{[0-9]+}', async (c) => {
  const promotion = await loadPromotion(c.env.DB, Number(c.req.param('id')))
  if (!promotion) return c.notFound()
  const form = await parseForm(c, PromotionSchema)
  if (!form.ok) return renderPage(c, `Coupon ${promotion.code}`, <PromotionPage promotion={promotion} errors={form.errors} values={form.values} />, 422)
  // a date left as the form showed it keeps its stored instant (a coupon saved before dates were Melbourne days keeps
  // its UTC-midnight start or end until the operator picks another day)
  const shown = promotionValues(promotion)
  const data = {
    ...form.data,
    starts_at: form.data.starts_at && form.values.starts_on?.trim() === shown.starts_on ? promotion.starts_at : form.data.starts_at,
    expires_at: form.data.expires_at && form.values.expires_on?.trim() === shown.expires_on ? promotion.expires_at : form.data.expires_at,
  }
  try {
    await savePromotion(c.env.DB, c.var.operator, promotion, data)
  } catch (error) {
    if (error instanceof ActionRefused) return renderPage(c, `Coupon ${promotion.code}`, <PromotionPage promotion={promotion} error={error.message} values={form.values} />, 409)
    throw error
  }
  return seeOther(c, `/admin/promotions/${promotion.id}`, 'saved')
})

const currency = z.enum(['AUD', 'USD'], { message: 'Choose AUD or USD.' })
const IssueSchema = z.object({
  currency,
  amount: field.money('Amount').check(z.refine((v) => v >= 100 && v <= 100_000, 'Issue between 1.00 and 1000.00.')),
  recipient_name: field.optionalText(100),
  recipient_email: z.pipe(z.optional(z.union([z.literal(''), field.email])), z.transform((v) => v || null)),
  // the email's language: '' = the account's, else English
  locale: z.optional(z.enum(['', 'en', 'de'], { message: 'Choose the language of the email.' })),
})
const CreditSchema = z.object({ email: field.email, currency, amount: field.money('Amount').check(z.refine((v) => v > 0 && v <= 100_000, 'Grant between 0.01 and 1000.00.')), reason: field.text('A reason', 200), password: field.password })
const AdjustSchema = z.object({
  amount: z.pipe(z.string().check(z.trim(), z.regex(/^-?\d{1,6}(\.\d{1,2})?$/, 'Enter a change like 10.00 or -5.00.')), z.transform((v) => Math.round(Number(v) * 100))).check(z.refine((v) => v !== 0, 'The change cannot be 0.')),
  reason: field.text('A reason', 200),
  password: field.password,
})

async function cardsPage(c: AdminContext, extra: Partial<Parameters<typeof GiftCardsPage>[0]> = {}, status = 200) {
  const q = (c.req.query('q') ?? '').slice(0, 100)
  const cards = await findGiftCards(c.env.DB, q)
  // a grant's confirmation names the amount and the customer, read back from its audit entry
  const notice = c.req.query('notice') === 'credit-granted' ? ((await grantNotice(c.env.DB, c.req.query('grant'))) ?? noticeText('credit-granted')) : noticeText(c.req.query('notice'))
  return renderPage(c, 'Gift cards', <GiftCardsPage cards={cards} q={q} notice={notice} {...extra} />, status)
}

promotions.get('/gift-cards', (c) => cardsPage(c))

promotions.post('/gift-cards', async (c) => {
  const form = await parseForm(c, IssueSchema)
  if (!form.ok) return cardsPage(c, { form: 'issue', errors: form.errors, values: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return cardsPage(c, { form: 'issue', error: FORM_TOKEN_MISSING, values: form.values }, 422)
  const code = giftCardCode()
  const to = form.data.recipient_email
  try {
    const results = await issueGiftCard(c.env, c.var.operator, { currency: form.data.currency, cents: form.data.amount, recipientName: form.data.recipient_name, recipientEmail: to, code, token, locale: form.data.locale }, c.req.url)
    await dispatchWritten(c.env, results)
  } catch (error) {
    if (!(error instanceof FormAlreadySent)) throw error
    // the answer that showed the code was the first sending's, which a double click throws away: the operator who
    // sent the form sees the code again here (the answer to the same form), anyone else its last four characters
    const card = error.sentBy === c.var.operator.email ? await issuedBy(c, error.already.href) : null
    return cardsPage(c, { already: error.already, ...(card ? { issuedCode: card.code } : {}) }, 409)
  }
  // the code is shown once, in this answer, never in an address (it would sit in histories and logs)
  return cardsPage(c, { issuedCode: code, notice: to ? issuedToNotice(to) : noticeText('issued') })
})

/** The card a gift card form issued, from the page it names (`/admin/gift-cards/<id>`). */
async function issuedBy(c: AdminContext, href: string | null) {
  const id = /^\/admin\/gift-cards\/(\d+)$/.exec(href ?? '')?.[1]
  return id ? loadGiftCard(c.env.DB, Number(id)) : null
}

promotions.post('/store-credit', async (c) => {
  const form = await parseForm(c, CreditSchema)
  if (!form.ok) return cardsPage(c, { form: 'credit', errors: form.errors, values: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return cardsPage(c, { form: 'credit', error: FORM_TOKEN_MISSING, values: form.values }, 422)
  const wrong = await reconfirm(c, form.data.password)
  if (wrong) return cardsPage(c, { form: 'credit', errors: { password: wrong }, values: form.values }, 422)
  let entry: number
  try {
    const granted = await grantStoreCredit(c.env, c.var.operator, { ...form.data, cents: form.data.amount, token }, c.req.url)
    await dispatchWritten(c.env, granted.results)
    entry = granted.entry
  } catch (error) {
    if (error instanceof FormAlreadySent) return cardsPage(c, { already: error.already }, 409)
    if (error instanceof ActionRefused) return cardsPage(c, { form: 'credit', error: error.message, values: form.values }, 409)
    throw error
  }
  return seeOther(c, `/admin/gift-cards?grant=${entry}`, 'credit-granted')
})

promotions.get('/gift-cards/:id{[0-9]+}', async (c) => {
  const card = await loadGiftCard(c.env.DB, Number(c.req.param('id')))
  return card ? renderPage(c, 'Gift card', <GiftCardPage card={card} notice={noticeText(c.req.query('notice'))} />) : c.notFound()
})

promotions.post('/gift-cards/:id{[0-9]+}/adjust', async (c) => {
  const card = await loadGiftCard(c.env.DB, Number(c.req.param('id')))
  if (!card) return c.notFound()
  const form = await parseForm(c, AdjustSchema)
  if (!form.ok) return renderPage(c, 'Gift card', <GiftCardPage card={card} errors={form.errors} values={form.values} />, 422)
  const token = formTokenOf(form.values)
  if (!token) return renderPage(c, 'Gift card', <GiftCardPage card={card} error={FORM_TOKEN_MISSING} values={form.values} />, 422)
  const wrong = await reconfirm(c, form.data.password)
  if (wrong) return renderPage(c, 'Gift card', <GiftCardPage card={card} errors={{ password: wrong }} values={form.values} />, 422)
  try {
    await adjustGiftCard(c.env.DB, c.var.operator, card, form.data.amount, form.data.reason, token)
  } catch (error) {
    if (error instanceof FormAlreadySent) return renderPage(c, 'Gift card', <GiftCardPage card={(await loadGiftCard(c.env.DB, card.id)) ?? card} already={error.already} />, 409)
    if (error instanceof ActionRefused) return renderPage(c, 'Gift card', <GiftCardPage card={card} error={error.message} values={form.values} />, 409)
    throw error
  }
  return seeOther(c, `/admin/gift-cards/${card.id}`, 'adjusted')
})
