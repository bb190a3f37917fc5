import { LOCALE_PREFIX } from '#kernel/config.ts'
import type { Locale } from '#kernel/models.ts'
import type { Env } from '#worker/env.ts'
import { storeUrl } from '#worker/backend/services/store-url.ts'
import type { Mail } from '#worker/mail/types.ts'

/**
 * The emails the console's money forms send (docs/console.md 'Gift cards and store credit'): a gift card issued to
 * an email gets its code and amount, a grant of store credit tells the customer the amount and the balance. Each is
 * keyed by the form that caused it, so a form sent twice is emailed once (the form itself is done once as well).
 */

/** 'en' or 'de' as chosen on the form; otherwise the language the account chose, else English. */
export async function recipientLocale(db: D1Database, email: string, chosen: string | null | undefined): Promise<Locale> {
  if (chosen === 'en' || chosen === 'de') return chosen
  const user = await db.prepare('SELECT selected_locale FROM users WHERE email = ?').bind(email.toLowerCase()).first<{ selected_locale: string | null }>()
  return user?.selected_locale === 'de' ? 'de' : 'en'
}

const shopUrl = async (env: Env, requestUrl: string, locale: Locale) => `${await storeUrl(env, new URL(requestUrl).origin)}${LOCALE_PREFIX[locale]}/`

export async function issuedGiftCardMail(
  env: Env,
  requestUrl: string,
  card: { code: string; cents: number; currency: 'AUD' | 'USD'; recipientName: string | null; recipientEmail: string; locale: Locale; token: string },
): Promise<Mail> {
  return {
    kind: 'gift_card',
    to: card.recipientEmail,
    locale: card.locale,
    eventKey: `gift_card_issued:${card.token}`,
    // from the shop itself: no sender's name, no message
    payload: { recipientName: card.recipientName ?? '', senderName: null, amountCents: card.cents, currency: card.currency, code: card.code, message: null, shopUrl: await shopUrl(env, requestUrl, card.locale) },
  }
}

export async function storeCreditMail(
  env: Env,
  requestUrl: string,
  grant: { email: string; firstName: string; currency: 'AUD' | 'USD'; cents: number; balanceCents: number; locale: Locale; token: string },
): Promise<Mail> {
  return {
    kind: 'store_credit',
    to: grant.email,
    locale: grant.locale,
    eventKey: `store_credit_granted:${grant.token}`,
    payload: { customerName: grant.firstName, currency: grant.currency, amountCents: grant.cents, balanceCents: grant.balanceCents, shopUrl: await shopUrl(env, requestUrl, grant.locale) },
  }
}
