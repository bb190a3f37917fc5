import type { Context } from 'hono'
import type { AppEnv } from '#worker/app-env.ts'
import { LOCALES } from '#kernel/config.ts'
import { mailSettings } from './enqueue.ts'
import { mailVariants, sampleMail, SAMPLE_SHOP } from './samples.ts'
import { renderMail, type RenderedMail } from './templates/index.tsx'
import { MAIL_KINDS, type MailKind, type MailSettings } from './types.ts'
import type { Locale } from '#kernel/models.ts'

/**
 * Development only (worker/index.ts answers 404 in production): /dev/emails lists every email in both languages;
 * /dev/emails/{kind}/{locale} is its HTML, `.txt` its plain-text part, `?variant=` one of the states it reads
 * differently in (samples.ts). The screenshots (docs/screenshots/emails/) are taken from these pages. The console's
 * Emails page (/admin/mail, any environment, operators only) renders the same samples with previewOf.
 */
const isKind = (v: string | undefined): v is MailKind => (MAIL_KINDS as readonly string[]).includes(v ?? '')

export async function emailPreview(c: Context<AppEnv>) {
  // the shop's own settings; a store without them yet (migrations only) previews with the sample shop's
  const stored = await mailSettings(c.env.DB).catch(() => null)
  const shop = stored && stored.legalName ? stored : SAMPLE_SHOP
  const [kind, file] = c.req.path.replace(/^\/dev\/emails\/?/, '').split('/')
  const headers = { 'cache-control': 'no-store' }
  if (!kind) {
    const rows = await Promise.all(
      MAIL_KINDS.flatMap((k) =>
        mailVariants(k).flatMap((variant) =>
          LOCALES.map(async (locale) => {
            const { subject, html } = await renderMail(sampleMail(k, locale, variant), shop)
          const size = (new TextEncoder().encode(html).length / 1024).toFixed(1)
          const query = variant ? `?variant=${variant}` : ''
          const name = `${k}${variant ? ` ${variant}` : ''} (${locale})`
          return `<li><a href="/dev/emails/${k}/${locale}${query}">${name}</a> · <a href="/dev/emails/${k}/${locale}.txt${query}">text</a> · ${size} KB · ${escape(subject)}</li>`
          }),
        ),
      ),
    )
    return c.html(`<!DOCTYPE html><html lang="en"><title>Emails</title><h1>Emails (development preview)</h1><ul>${rows.join('')}</ul></html>`, 200, headers)
  }
  const [locale, ext] = (file ?? '').split('.')
  const variant = c.req.query('variant')
  if (!isKind(kind) || !(LOCALES as readonly string[]).includes(locale ?? '') || !mailVariants(kind).includes(variant)) return c.text('No such email.', 404, headers)
  const rendered = await renderMail(sampleMail(kind, locale as 'en' | 'de', variant), shop)
  if (ext === 'txt') return c.text(`Subject: ${rendered.subject}\n\n${rendered.text}`, 200, headers)
  return c.html(rendered.html, 200, headers)
}

/** The shop the previews sign with: its own settings, or the sample shop while the store has none yet. */
export async function previewShop(db: D1Database): Promise<MailSettings> {
  const stored = await mailSettings(db).catch(() => null)
  return stored && stored.legalName ? stored : SAMPLE_SHOP
}

/** Every email the store sends, one entry per state it reads differently in (the console's Emails page lists them). */
export const previewList = (): Array<{ kind: MailKind; variant: string | undefined }> => MAIL_KINDS.flatMap((kind) => mailVariants(kind).map((variant) => ({ kind, variant })))

/** A sample email of this kind, language and state, rendered as it is sent; null when there is no such email. */
export async function previewOf(kind: string | undefined, locale: string | undefined, variant: string | undefined, shop: MailSettings): Promise<RenderedMail | null> {
  if (!isKind(kind) || !(LOCALES as readonly string[]).includes(locale ?? '') || !mailVariants(kind).includes(variant)) return null
  return renderMail(sampleMail(kind, locale as Locale, variant), shop)
}

const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`)
