import { GIFT_CARD_DELIVERY_HOUR, GIFT_CARD_DELIVERY_MAX_DAYS } from '#kernel/config.ts'
import { deliveryDateProblem } from '#kernel/delivery-date.ts'
import { storeTime } from '#kernel/store-clock.ts'

export { storeTime, storeToday } from '#kernel/store-clock.ts'

/**
 * A gift card's delivery date is a day on the store's clock (Australia/Melbourne): its email is due at
 * GIFT_CARD_DELIVERY_HOUR that morning, and the cron sweep sends it on the first run after that.
 */

/** When a card delivered on `deliverOn` is due (ISO), or null for at once. */
export function giftCardDueAt(deliverOn: string | null | undefined): string | null {
  return deliverOn ? storeTime(deliverOn, GIFT_CARD_DELIVERY_HOUR).toISOString() : null
}

const SENTENCES = { invalid: 'must be a date such as 2026-12-24', past: 'must be today or later', tooFar: `must be within ${GIFT_CARD_DELIVERY_MAX_DAYS} days` } as const

/** Why a delivery date cannot be used (the backend's sentence), or null. */
export function deliveryDateSentence(day: string, now = new Date()): string | null {
  const problem = deliveryDateProblem(day, now)
  return problem ? SENTENCES[problem] : null
}
