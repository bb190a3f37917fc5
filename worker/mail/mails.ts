import type { Locale } from '#kernel/models.ts'
import type { Env } from '#worker/env.ts'
import type { Mail } from './types.ts'

/** Mails that need nothing but their inputs (the order mails are built in worker/backend/commerce/order-mails.ts). */

/** Where contact messages go when STORE_EMAIL is not set (a development placeholder; see docs/operations.md). */
export const STORE_EMAIL_PLACEHOLDER = 'shop@store.invalid'

/** A contact-form message to the store, in English (the store's language), answerable with Reply. */
export function contactMail(env: Pick<Env, 'STORE_EMAIL'>, input: { name: string; email: string; message: string; locale: Locale }): Mail {
  return {
    kind: 'contact',
    to: env.STORE_EMAIL?.trim() || STORE_EMAIL_PLACEHOLDER,
    locale: 'en',
    replyTo: input.email,
    payload: { name: input.name, email: input.email, message: input.message, shopperLocale: input.locale },
  }
}

/** The newsletter's double opt-in: `link` confirms the subscription. */
export function newsletterConfirmMail(to: string, locale: Locale, link: string): Mail {
  return { kind: 'newsletter_confirm', to, locale, payload: { link } }
}
