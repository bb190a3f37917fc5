import type { ErrorCode } from '#kernel/error-codes.ts'
import { randomToken } from '../../lib/crypto.ts'
import { APPROVED_TEST_CARDS, type CardSource } from './payments.ts'

export type CardBrand = 'visa' | 'mastercard' | 'amex'

/** What the store may know of a card: never its number. */
export interface CardDetails {
  ccType: CardBrand
  lastDigits: string
  month: number
  year: number
  name: string | null
}

export type Authorization = { approved: true; card: CardDetails } | { approved: false; card: CardDetails; message: string; code: ErrorCode }

/** The brand by the number's prefix (the brands the store accepts), or null. */
export function cardBrand(number: string): CardBrand | null {
  if (/^4/.test(number)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  return null
}

const expired = (card: CardDetails, now = new Date()) =>
  card.year < now.getUTCFullYear() || (card.year === now.getUTCFullYear() && card.month < now.getUTCMonth() + 1)

interface TokenRow {
  id: string
  cc_type: CardBrand
  last_digits: string
  month: number
  year: number
  name: string | null
  approves: number
}

/**
 * The test gateway (payments/test-provider.ts is it as a provider): tokenising keeps the brand, last four digits and expiry (and whether the
 * number is one of the approved test cards), never the number; authorising approves exactly those test cards.
 */
export const testGateway = {
  async tokenize(db: D1Database, card: CardSource & { brand: CardBrand }): Promise<{ id: string; card: CardDetails }> {
    const id = `tok_test_${randomToken(18)}`
    const details: CardDetails = { ccType: card.brand, lastDigits: card.number.slice(-4), month: card.month, year: card.year, name: card.name ?? null }
    await db
      .prepare('INSERT INTO test_gateway_tokens (id, cc_type, last_digits, month, year, name, approves) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .bind(id, details.ccType, details.lastDigits, details.month, details.year, details.name, APPROVED_TEST_CARDS[card.number] ? 1 : 0)
      .run()
    return { id, card: details }
  },

  async authorize(db: D1Database, profileId: string): Promise<Authorization | null> {
    if (!/^tok_test_[A-Za-z0-9_-]{10,60}$/.test(profileId)) return null
    const row = await db.prepare('SELECT * FROM test_gateway_tokens WHERE id = ?').bind(profileId).first<TokenRow>()
    if (!row) return null
    const card: CardDetails = { ccType: row.cc_type, lastDigits: row.last_digits, month: row.month, year: row.year, name: row.name }
    if (expired(card)) return { approved: false, card, message: 'The card has expired.', code: 'card_expired' }
    if (row.approves !== 1) return { approved: false, card, message: 'Your card was declined. Please use another card.', code: 'card_declined' }
    return { approved: true, card }
  },
}
