import { prerender } from '#worker/ssr/fizz.ts'
import type { ReactElement } from 'react'
import { LOCALE_TAGS, STORE_TIME_ZONE } from '#kernel/config.ts'
import { formatMoney } from '#kernel/format.ts'
import type { Locale } from '#kernel/models.ts'
import type { Mail, MailKind, MailPayloads, MailSettings } from '../types.ts'
import { contactMessage } from './contact-message.tsx'
import { giftCard } from './gift-card.tsx'
import { EmailLayout, type RenderContext } from './layout.tsx'
import { MESSAGES } from './messages.ts'
import { newsletterConfirm } from './newsletter-confirm.tsx'
import { orderConfirmation } from './order-confirmation.tsx'
import { passwordReset } from './password-reset.tsx'
import { shippingConfirmation } from './shipping-confirmation.tsx'
import { returnUpdate } from './return-update.tsx'
import { orderUpdate } from './order-update.tsx'
import { storeCredit } from './store-credit.tsx'
import { priceDrop, stockAlert, stockAlertConfirm } from './stock-alert.tsx'
import type { Template } from './template.ts'

/**
 * Renders emails (loaded with a dynamic import by worker/mail, so no request that sends no mail evaluates it).
 * The HTML is React's static markup with table layouts, from the same Fizz renderer the pages stream with (its
 * `prerender`), so the emails add only their own templates to the bundle (@react-email would add its packages, and
 * react-dom's renderToStaticMarkup its legacy renderer: worker/ssr/fizz.cjs).
 */
const TEMPLATES: { [K in MailKind]: Template<MailPayloads[K]> } = {
  order_confirmation: orderConfirmation,
  password_reset: passwordReset,
  gift_card: giftCard,
  newsletter_confirm: newsletterConfirm,
  contact: contactMessage,
  shipping_confirmation: shippingConfirmation,
  return_update: returnUpdate,
  order_update: orderUpdate,
  store_credit: storeCredit,
  stock_alert_confirm: stockAlertConfirm,
  stock_alert: stockAlert,
  price_drop: priceDrop,
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of an alert). */
  headers: Record<string, string>
}

function context(locale: Locale, settings: MailSettings): RenderContext {
  const dates = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: STORE_TIME_ZONE })
  return {
    locale,
    m: MESSAGES[locale](settings),
    money: (cents, currency) => formatMoney(cents / 100, currency, locale),
    date: (iso) => dates.format(new Date(iso)),
    shop: settings,
  }
}

function templateOf<K extends MailKind>(kind: K): Template<MailPayloads[K]> {
  return TEMPLATES[kind]
}

/** Subject and plain-text part: what the outbox row keeps (and the development mailbox shows). */
export function composeMail(mail: Mail, settings: MailSettings): { subject: string; text: string } {
  const ctx = context(mail.locale, settings)
  const template = templateOf(mail.kind) as Template<unknown>
  const text = `${template.text(mail.payload, ctx)}\n\n-- \n${ctx.shop.name}\n${ctx.m.footer}\n`
  return { subject: template.subject(mail.payload, ctx), text }
}

/** The whole email: subject, HTML and plain text. */
export async function renderMail(mail: Mail, settings: MailSettings): Promise<RenderedMail> {
  const ctx = context(mail.locale, settings)
  const template = templateOf(mail.kind) as Template<unknown>
  const body: ReactElement = <template.Body p={mail.payload} ctx={ctx} />
  const { prelude } = await prerender(
    <EmailLayout ctx={ctx} preview={template.preview(mail.payload, ctx)}>
      {body}
    </EmailLayout>,
  )
  return { ...composeMail(mail, settings), html: staticMarkup(await new Response(prelude).text()), headers: template.headers?.(mail.payload) ?? {} }
}

/**
 * What renderToStaticMarkup gave: no `<!-- -->` between two adjacent texts (hydration markers; nothing hydrates an
 * email, and a shopper's text is escaped, so the exact marker is always React's) and one doctype.
 */
function staticMarkup(html: string): string {
  return `<!DOCTYPE html>${html.replace(/^<!DOCTYPE html>/i, '').replaceAll('<!-- -->', '')}`
}
