import { randomToken } from '../../lib/crypto.ts'
import { completionConflict, completionProblems } from '../commerce/complete.ts'
import { testGateway } from '../commerce/gateway.ts'
import { placeOrder, readyToPlace } from '../commerce/place-order.ts'
import { requestLocale } from '../commerce/respond.ts'
import type { CardProvider } from './provider.ts'

/**
 * The test gateway as a provider (a fresh clone offline, development, tests, or a store that opted in with
 * ALLOW_TEST_GATEWAY): it tokenises raw card details, approves the documented test cards when the payment is added
 * (commerce/gateway.ts), and has nothing to charge at completion; a refund is a reference of its own.
 */
export const testProvider: CardProvider = {
  name: 'test_gateway',
  method: { type: 'Spree::Gateway::Bogus', name: 'Credit Card', description: 'Test card gateway: approves the documented test numbers only.' },
  tokenize: (db, card) => testGateway.tokenize(db, card),
  lookup: (env, profileId) => testGateway.authorize(env.DB, profileId),
  savesCardOnAdd: true,
  async complete(c, order, request) {
    const locale = requestLocale(c)
    const { state, needsPayment } = await readyToPlace(c.env.DB, order, locale, request.expectedCents)
    if (needsPayment) throw completionConflict({ payment: completionProblems(state).payment! })
    return placeOrder(c.env, state, locale, request.storeUrl)
  },
  refund: async () => ({ reference: `test_refund_${randomToken(9)}`, provider: 'test_gateway' }),
  hostedPage: false,
  // offline stand-ins for Apple Pay / Google Pay and Afterpay, so the whole flow runs without a provider: adding one
  // is the shopper confirming it, and the completion places the order as with a test card
  extras: {
    wallet: { type: 'Spree::PaymentMethod::TestWallet', name: 'Wallet', description: 'Test wallet, offline.' },
    pay_later: { type: 'Spree::PaymentMethod::TestPayLater', name: 'Pay later', description: 'Test pay-later, offline.' },
  },
  extraSource: async (_env, kind) => ({ profileId: `test_${kind}`, name: `test_${kind}` }),
}
