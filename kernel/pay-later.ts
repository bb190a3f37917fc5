/**
 * Pay-later ('4 payments of $X') as the card provider offers it: Afterpay/Clearpay for AUD orders from $1 to $2,000
 * (Stripe's limits; decision 0079). The same figures decide the product page's instalment line, the checkout's choice
 * and the backend's refusal, so they never disagree.
 */
export const PAY_LATER_LIMITS: Readonly<Record<string, { minCents: number; maxCents: number }>> = { AUD: { minCents: 100, maxCents: 200_000 } }

export const INSTALMENTS = 4

/** Whether an amount in cents may be paid later in this currency. */
export function payLaterEligible(cents: number, currency: string): boolean {
  const limits = PAY_LATER_LIMITS[currency]
  return Boolean(limits) && Number.isInteger(cents) && cents >= limits!.minCents && cents <= limits!.maxCents
}

/**
 * The instalments of an amount in cents: equal but for the first, which takes the cents left over (so they add up to
 * the amount exactly). `even` says whether all four are the same.
 */
export function instalments(cents: number): { first: number; rest: number; even: boolean } {
  const rest = Math.floor(cents / INSTALMENTS)
  const first = cents - rest * (INSTALMENTS - 1)
  return { first, rest, even: first === rest }
}

export type PaymentKind = 'card' | 'wallet' | 'pay_later'

/** A wallet's or pay-later's name as shoppers know it, from the provider's ('apple_pay' → 'Apple Pay', 'afterpay_clearpay' → 'Afterpay'). */
export const payKindName = (name: string | null | undefined): string =>
  name === 'afterpay_clearpay' ? 'Afterpay' : (name ?? '').replace(/_/g, ' ').replace(/\b[a-z]/g, (l) => l.toUpperCase())
