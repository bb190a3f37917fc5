import { payLaterEligible } from '#kernel/pay-later.ts'
import { BackendError } from '../shared/errors.ts'
import type { CartState } from './cart-state.ts'

/** Pay-later refused outside the provider's limits (kernel/pay-later.ts), named on `field`. */
export const payLaterRefusal = (field: string) =>
  new BackendError(422, 'Pay later is offered for orders from $1 to $2,000 in Australian dollars. Please pay by card.', { [field]: ['is outside the pay-later limits'] }, undefined, 'pay_later_limit', { min: 1, max: 2000 })

/** A wallet the provider does not offer (or a payment method that is not one), named on `field`. */
export const walletRefusal = (field: string) => new BackendError(422, 'This wallet is not offered here. Please pay by card.', { [field]: ['is not offered'] }, undefined, 'wallet_unavailable')

/** A checkout paying later whose balance left the limits (the cart changed after the choice) is refused at completion. */
export function assertPayLaterLimit(state: CartState) {
  const card = state.payments.find((p) => p.method === 'card' && p.state === 'checkout')
  if (card?.kind === 'pay_later' && !payLaterEligible(state.totals.balance, state.order.currency)) throw payLaterRefusal('payment')
}
