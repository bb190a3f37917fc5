import type { Operator } from './context.ts'
import { auditStatement, auditStatementWhen } from './audit.ts'
import { ActionRefused, unlessTaken } from './action-refused.ts'
import { formAlreadySent, once, spendFormStatement } from './form-tokens.ts'
import type { GiftCardItem } from '#worker/admin/pages/gift-cards-page.tsx'
import { money } from '#worker/admin/pages/parts.tsx'
import { promotionStatement, type PromotionRow, type PromotionTerms } from '../backend/commerce/promotions.ts'
import { giftCardAdjustStatement, giftCardIssueStatement, storeCreditAddStatement } from '#worker/backend/commerce/balances.ts'
import type { Env } from '#worker/env.ts'
import { mailStatement } from '#worker/mail/enqueue.ts'
import { issuedGiftCardMail, recipientLocale, storeCreditMail } from './account-mails.ts'

/** Coupon promotions, gift cards and store credit as the console manages them. */

export type { PromotionRow }

export type PromotionInput = PromotionTerms

export const PROMOTIONS_PAGE_SIZE = 25

export async function listPromotions(db: D1Database, page: number) {
  const [rows, count] = await db.batch([
    db.prepare('SELECT * FROM promotions ORDER BY id DESC LIMIT ? OFFSET ?').bind(PROMOTIONS_PAGE_SIZE, (page - 1) * PROMOTIONS_PAGE_SIZE),
    db.prepare('SELECT COUNT(*) AS n FROM promotions'),
  ])
  return { promotions: rows!.results as unknown as PromotionRow[], total: (count!.results[0] as { n: number }).n }
}

export const loadPromotion = (db: D1Database, id: number) => db.prepare('SELECT * FROM promotions WHERE id = ?').bind(id).first<PromotionRow>()

export async function savePromotion(db: D1Database, operator: Operator, before: PromotionRow | null, input: PromotionInput): Promise<number> {
  const clash = await db.prepare('SELECT id FROM promotions WHERE code = ? AND id != ?').bind(input.code, before?.id ?? 0).first()
  if (clash) throw new ActionRefused(`Another promotion already uses the code ${input.code}.`)
  if (before && input.usage_limit !== null && input.usage_limit < before.used_count) throw new ActionRefused(`This code was already used ${before.used_count} times; the limit cannot be lower.`)
  // the same code saved by another operator or tab between the check above and the batch (promotions.code is UNIQUE)
  const batch = (statements: D1PreparedStatement[]) => unlessTaken(db.batch(statements), `Another promotion already uses the code ${input.code}.`)
  if (before) {
    await batch([
      promotionStatement(db, before.id, input),
      // named by its code, as its creation is, so the audit log's filter finds a coupon's whole history
      auditStatement(db, operator, 'promotion.update', { type: 'promotion', id: input.code }, before, input),
    ])
    return before.id
  }
  const [created] = await batch([
    promotionStatement(db, null, input),
    auditStatement(db, operator, 'promotion.create', { type: 'promotion', id: input.code }, null, input),
  ])
  return (created!.results[0] as { id: number }).id
}

export type GiftCardRow = GiftCardItem

/** Looks a card up by its full code, or its last four characters (what a shopper reads out on the phone). */
export async function findGiftCards(db: D1Database, q: string): Promise<GiftCardRow[]> {
  const code = q.trim().toUpperCase()
  if (!code) return (await db.prepare('SELECT * FROM gift_cards ORDER BY id DESC LIMIT 20').all<GiftCardRow>()).results
  const { results } = await db.prepare("SELECT * FROM gift_cards WHERE code = ? OR (length(?) = 4 AND substr(code, -4) = ?) OR lower(recipient_email) = lower(?) ORDER BY id DESC LIMIT 20").bind(code, code, code, q.trim()).all<GiftCardRow>()
  return results
}

export const loadGiftCard = (db: D1Database, id: number) => db.prepare('SELECT * FROM gift_cards WHERE id = ?').bind(id).first<GiftCardRow>()

/** What a gift card form sent twice is told it did the first time (worker/admin/form-tokens.ts). */
export const ISSUED_ONCE = { done: 'the gift card was issued then.', label: 'Open that gift card' }
export const ADJUSTED_ONCE = { done: 'the balance was adjusted then.', label: 'See the card’s balance' }
export const GRANTED_ONCE = { done: 'the store credit was granted then.', label: 'See the customer’s store credit' }

/**
 * Issues a card once per form (`token`, worker/admin/form-tokens.ts): the form sent again issues no second card.
 * A card issued to an email is emailed to it (its code and amount) in the same batch; dispatch the batch's results.
 */
export async function issueGiftCard(
  env: Env,
  operator: Operator,
  input: { currency: 'AUD' | 'USD'; cents: number; recipientName: string | null; recipientEmail: string | null; code: string; token: string; locale?: string | null },
  requestUrl: string,
): Promise<D1Result[]> {
  const db = env.DB
  const mail = input.recipientEmail
    ? await mailStatement(env, await issuedGiftCardMail(env, requestUrl, { ...input, recipientEmail: input.recipientEmail, locale: await recipientLocale(db, input.recipientEmail, input.locale) }))
    : null
  return once(db, input.token, ISSUED_ONCE, () =>
    db.batch([
      giftCardIssueStatement(db, input),
      auditStatement(db, operator, 'gift_card.issue', { type: 'gift_card', id: `•••• ${input.code.slice(-4)}` }, null, { currency: input.currency, balance_cents: input.cents, recipient_email: input.recipientEmail }),
      spendFormStatement(db, input.token, operator, { sql: "'/admin/gift-cards/' || (SELECT id FROM gift_cards WHERE code = ?)", binds: [input.code] }),
      ...(mail ? [mail] : []),
    ]),
  )
}

/**
 * Adds (or with a negative amount takes) money on a card, from the balance the operator saw: if the card was spent
 * or adjusted since (another tab, a shopper's checkout), nothing changes and the operator is asked to look again, so
 * the balance never goes below zero and the audit line states the real before and after.
 */
export async function adjustGiftCard(db: D1Database, operator: Operator, card: GiftCardRow, cents: number, reason: string, token?: string) {
  if (card.balance_cents + cents < 0) throw new ActionRefused(`The card holds ${(card.balance_cents / 100).toFixed(2)} ${card.currency}; it cannot go below zero.`)
  const unchanged = 'EXISTS (SELECT 1 FROM gift_cards WHERE id = ? AND balance_cents = ?)'
  const batch = () =>
    db.batch([
      // first, while the balance is still the one seen
      auditStatementWhen(db, unchanged, operator, 'gift_card.adjust', { type: 'gift_card', id: `•••• ${card.code.slice(-4)}` }, { balance_cents: card.balance_cents }, { balance_cents: card.balance_cents + cents, reason }, [card.id, card.balance_cents]),
      // the form is used up (once: worker/admin/form-tokens.ts) under the same condition as the change below
      ...(token ? [spendFormStatement(db, token, operator, { sql: '?', binds: [`/admin/gift-cards/${card.id}`] }, { sql: unchanged, binds: [card.id, card.balance_cents] })] : []),
      giftCardAdjustStatement(db, card.id, cents, card.balance_cents),
    ])
  const changed = (token ? await once(db, token, ADJUSTED_ONCE, batch) : await batch()).at(-1)
  // sent twice at once, the second read the balance before the first changed it: it is told the form was sent
  if ((changed!.meta.changes ?? 0) !== 1) throw (token ? await formAlreadySent(db, token, ADJUSTED_ONCE) : null) ?? new ActionRefused('The card’s balance has changed since this page was shown (it was spent or adjusted meanwhile): nothing was changed. Look at the new balance and try again.')
}

/**
 * Grants credit once per form (`token`, worker/admin/form-tokens.ts): the form sent again grants nothing more.
 * The customer is emailed the amount and the balance in the same batch. Answers the id of its audit entry, which the
 * confirmation reads back (grantNotice), and the batch's results (to dispatch the email).
 */
export async function grantStoreCredit(env: Env, operator: Operator, input: { email: string; currency: 'AUD' | 'USD'; cents: number; reason: string; token: string }, requestUrl: string): Promise<{ entry: number; results: D1Result[] }> {
  const db = env.DB
  const user = await db
    .prepare('SELECT u.id, u.first_name, (SELECT balance_cents FROM store_credits s WHERE s.user_id = u.id AND s.currency = ?) AS balance FROM users u WHERE u.email = ?')
    .bind(input.currency, input.email)
    .first<{ id: number; first_name: string; balance: number | null }>()
  if (!user) throw new ActionRefused(`No customer has the email ${input.email}.`)
  const balanceCents = (user.balance ?? 0) + input.cents
  const mail = await mailStatement(env, await storeCreditMail(env, requestUrl, { ...input, firstName: user.first_name, balanceCents, locale: await recipientLocale(db, input.email, null) }))
  const results = await once(db, input.token, GRANTED_ONCE, () =>
    db.batch([
      spendFormStatement(db, input.token, operator, { sql: '?', binds: [`/admin/customers/${user.id}`] }),
      storeCreditAddStatement(db, user.id, input.currency, input.cents),
      auditStatement(db, operator, 'store_credit.grant', { type: 'user', id: input.email }, { balance_cents: user.balance ?? 0, currency: input.currency }, { balance_cents: balanceCents, currency: input.currency, granted_cents: input.cents, reason: input.reason }),
      mail,
    ]),
  )
  return { entry: results[2]!.meta.last_row_id, results }
}

/**
 * The confirmation after a grant, from its audit entry (`?grant=<id>` on the 303; words come from the database, never
 * the address): 'AUD 25.00 of store credit granted to Jane Citizen (jane@example.com). Their AUD store credit is now
 * AUD 35.00.' Null when the id names no grant.
 */
export async function grantNotice(db: D1Database, entryId: string | undefined): Promise<string | null> {
  if (!entryId || !/^\d{1,12}$/.test(entryId)) return null
  const row = await db
    .prepare("SELECT a.subject_id AS email, a.before_json, a.after_json, u.first_name, u.last_name FROM audit_log a LEFT JOIN users u ON u.email = a.subject_id WHERE a.id = ? AND a.action = 'store_credit.grant'")
    .bind(Number(entryId))
    .first<{ email: string; before_json: string | null; after_json: string | null; first_name: string | null; last_name: string | null }>()
  if (!row?.after_json) return null
  const after = JSON.parse(row.after_json) as { balance_cents: number; currency: string; granted_cents?: number }
  const before = row.before_json ? (JSON.parse(row.before_json) as { balance_cents?: number }) : {}
  const granted = after.granted_cents ?? after.balance_cents - (before.balance_cents ?? 0)
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim()
  const whom = name ? `${name} (${row.email})` : row.email
  return `${money(granted, after.currency)} of store credit granted to ${whom}. Their ${after.currency} store credit is now ${money(after.balance_cents, after.currency)}; the email telling them is queued.`
}
