import { cardGateway, type CardGateway } from '#worker/backend/commerce/gateway.ts'
import { randomToken } from '#worker/backend/services/crypto.ts'

/** A provider that can give money back (a real provider's refund call; the test gateway's stand-in below). */
type RefundingGateway = CardGateway & { refund?: (db: D1Database, profileId: string, cents: number) => Promise<{ ok: true; reference: string } | { ok: false; message: string }> }

/**
 * Gives `cents` back to the card a payment was made with, through the store's card provider. The test gateway keeps
 * no money, so its refund always succeeds with a reference of its own; a provider with a `refund` call is used instead.
 */
export async function refundCard(db: D1Database, profileId: string | null, cents: number): Promise<{ ok: true; reference: string } | { ok: false; message: string }> {
  const gateway = cardGateway as RefundingGateway
  if (gateway.refund && profileId) return gateway.refund(db, profileId, cents)
  if (profileId && !profileId.startsWith('tok_test_')) return { ok: false, message: 'The payment provider of this card cannot refund from the console.' }
  return { ok: true, reference: `test_refund_${randomToken(9)}` }
}
