import type { MessageKey } from '../../i18n/index.tsx'

/**
 * Why a card payment was refused, as a short reason the payment step can carry in its address (`?refused=`, after
 * the bank's page or Stripe's hosted page) and show in the page's language. Only these reasons are ever shown from
 * an address, so a crafted link cannot put words of its own on the payment page.
 */
export const REFUSALS = {
  declined: 'payment.declined',
  insufficientFunds: 'payment.insufficientFunds',
  expired: 'payment.expired',
  incorrectCvc: 'payment.incorrectCvc',
  authFailed: 'payment.authFailed',
  notFinished: 'payment.notFinished',
  cancelled: 'payment.cancelled',
  providerDown: 'payment.providerDown',
  reenter: 'payment.reenter',
  notPlaced: 'payment.notPlaced',
} as const satisfies Record<string, MessageKey>

export type Refusal = keyof typeof REFUSALS

/** The backend's English sentences (worker/backend/payments/stripe-client.ts and friends) and the reason each is. */
const SENTENCES: Array<[RegExp, Refusal]> = [
  [/^Your card was declined: insufficient funds/, 'insufficientFunds'],
  [/^Your card was declined/, 'declined'],
  [/^The card has expired/, 'expired'],
  [/^The security code of the card is not correct/, 'incorrectCvc'],
  [/^Your bank could not confirm the payment/, 'authFailed'],
  [/^The payment on the payment page was not finished/, 'notFinished'],
  [/^The payment provider cannot be reached/, 'providerDown'],
  [/^(Enter the card again|The payment provider does not know this card)/, 'reenter'],
  [/^(The payment was not completed|This payment page belongs to another order)/, 'notPlaced'],
]

/** The reason behind a refusal's sentence, or null when it is not one of the provider's (stock, addresses…). */
export function refusalOf(message: string): Refusal | null {
  return SENTENCES.find(([pattern]) => pattern.test(message))?.[1] ?? null
}

export const isRefusal = (value: string | null): value is Refusal => value !== null && Object.hasOwn(REFUSALS, value)
