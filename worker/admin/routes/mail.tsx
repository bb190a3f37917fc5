import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { EmailsPage, FailedMailPage } from '#worker/admin/pages/mail-page.tsx'
import { previewList, previewOf, previewShop } from '#worker/mail/preview.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { ActionRefused } from '../action-refused.ts'
import { FAILED_MAIL_PAGE_SIZE, countFailedMail, failedMailPage, resendFailedMail } from '../failed-mail.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent, formTokenOf } from '../form-tokens.ts'
import { pageOf, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { renderPage, seeOther } from '../render.tsx'

/**
 * The console's Emails (docs/console.md 'Emails'): every template previewed in both languages (the samples of the
 * development preview, rendered with the shop's settings, in every environment, to operators only), and the mail
 * that failed for good, with a resend.
 */
export const mail = new Hono<AdminEnv>()

mail.get('/mail', async (c) => {
  const shop = await previewShop(c.env.DB)
  const templates = await Promise.all(
    previewList().map(async ({ kind, variant }) => {
      const [en, de] = await Promise.all([previewOf(kind, 'en', variant, shop), previewOf(kind, 'de', variant, shop)])
      return { kind, variant, subjects: { en: en!.subject, de: de!.subject } }
    }),
  )
  return renderPage(c, 'Emails', <EmailsPage templates={templates} failed={await countFailedMail(c.env.DB)} />)
})

// one email as sent: its HTML document, or `.txt` its subject and plain-text part
mail.get('/mail/preview/:kind/:file', async (c) => {
  const [locale, ext] = c.req.param('file').split('.')
  if (ext !== undefined && ext !== 'txt') return c.notFound()
  const rendered = await previewOf(c.req.param('kind'), locale, c.req.query('variant'), await previewShop(c.env.DB))
  if (!rendered) return c.notFound()
  if (ext === 'txt') return c.text(`Subject: ${rendered.subject}\n\n${rendered.text}`)
  return c.html(rendered.html)
})

async function failedPage(c: AdminContext, extra: { error?: string; already?: Parameters<typeof FailedMailPage>[0]['already'] } = {}, status = 200) {
  const page = pageOf(c)
  const { failed, total, resent } = await failedMailPage(c.env.DB, page)
  return renderPage(c, 'Failed mail', <FailedMailPage failed={failed} total={total} page={page} pageSize={FAILED_MAIL_PAGE_SIZE} resent={resent} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

mail.get('/mail/failed', (c) => failedPage(c))

// nothing but the form's one-time key (worker/admin/form-tokens.ts)
const ResendSchema = z.object({ form_token: z.optional(z.string()) })

mail.post('/mail/failed/:id{[0-9]+}/resend', async (c) => {
  const form = await parseForm(c, ResendSchema)
  const token = form.ok ? formTokenOf(form.values) : null
  if (!token) return failedPage(c, { error: FORM_TOKEN_MISSING }, 422)
  let resent: number | null
  try {
    resent = await resendFailedMail(c.env, c.var.operator, Number(c.req.param('id')), token)
  } catch (error) {
    if (error instanceof FormAlreadySent) return failedPage(c, { already: error.already }, 409)
    if (error instanceof ActionRefused) return failedPage(c, { error: error.message }, 409)
    throw error
  }
  if (resent === null) return c.notFound()
  return seeOther(c, '/admin/mail/failed', 'mail-resent')
})
