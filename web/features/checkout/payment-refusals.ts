import type { ErrorCode } from '#kernel/error-codes.ts'
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

/** The reason behind a refusal's code (kernel/error-codes.ts), or null when it is not the card provider's. */
const OF_CODE: Partial<Record<ErrorCode, Refusal>> = {
  card_declined: 'declined',
  insufficient_funds: 'insufficientFunds',
  card_expired: 'expired',
  incorrect_cvc: 'incorrectCvc',
  authentication_failed: 'authFailed',
  provider_unavailable: 'providerDown',
  card_unknown: 'reenter',
  payment_not_completed: 'notPlaced',
}

export const refusalOf = (code: ErrorCode | undefined): Refusal | null => (code && Object.hasOwn(OF_CODE, code) ? OF_CODE[code]! : null)

export const isRefusal = (value: string | null): value is Refusal => value !== null && Object.hasOwn(REFUSALS, value)
