import { GIFT_CARD_DELIVERY_MAX_DAYS } from './config.ts'
import { storeToday } from './store-clock.ts'

/**
 * A gift card's optional delivery date is a day on the store's clock (YYYY-MM-DD, what `<input type="date">` sends):
 * today or later, within GIFT_CARD_DELIVERY_MAX_DAYS. The form and the backend apply the same rule.
 */
export type DeliveryDateProblem = 'invalid' | 'past' | 'tooFar'

/** Today on the store's clock, as YYYY-MM-DD. */
export { storeToday }

/** The last day a card may be scheduled for. */
export function lastDeliveryDay(now = new Date()): string {
  return new Date(Date.parse(`${storeToday(now)}T00:00:00Z`) + GIFT_CARD_DELIVERY_MAX_DAYS * 86_400_000).toISOString().slice(0, 10)
}

export function deliveryDateProblem(day: string, now = new Date()): DeliveryDateProblem | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null
  if (!parsed || parsed.toISOString().slice(0, 10) !== day) return 'invalid'
  if (day < storeToday(now)) return 'past'
  if (day > lastDeliveryDay(now)) return 'tooFar'
  return null
}
