/**
 * The one writer of gift card and store credit balances outside checkout (decision 0082): a card issued (the console,
 * a return refunded as a gift card), money put back on a card or on the customer's store credit (refunds/give-back.ts),
 * a card adjusted and credit granted (the console). Checkout's spending stays in complete.ts, in the order's batch.
 */

/** A new card holding `cents`, to a recipient or none. */
export const giftCardIssueStatement = (db: D1Database, card: { code: string; currency: string; cents: number; recipientName: string | null; recipientEmail: string | null }) =>
  db
    .prepare('INSERT INTO gift_cards (code, currency, original_cents, balance_cents, recipient_name, recipient_email) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(card.code, card.currency, card.cents, card.cents, card.recipientName, card.recipientEmail)

/** `cents` more on a card (a refund to it). */
export const giftCardCreditStatement = (db: D1Database, cardId: number | null, cents: number) => db.prepare('UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE id = ?').bind(cents, cardId)

/** `cents` more (or less) on a card, only while it still holds the balance `seen` (its changes say whether it was). */
export const giftCardAdjustStatement = (db: D1Database, cardId: number, cents: number, seen: number) =>
  db.prepare('UPDATE gift_cards SET balance_cents = balance_cents + ? WHERE id = ? AND balance_cents = ?').bind(cents, cardId, seen)

/** `cents` more of the customer's store credit in a currency (an account's first credit makes its row). */
export const storeCreditAddStatement = (db: D1Database, userId: number | null, currency: string, cents: number) =>
  db
    .prepare('INSERT INTO store_credits (user_id, currency, balance_cents) VALUES (?, ?, ?) ON CONFLICT (user_id, currency) DO UPDATE SET balance_cents = balance_cents + excluded.balance_cents')
    .bind(userId, currency, cents)
