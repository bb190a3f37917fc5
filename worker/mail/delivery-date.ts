import { GIFT_CARD_DELIVERY_HOUR, GIFT_CARD_DELIVERY_MAX_DAYS, STORE_TIME_ZONE } from '#kernel/config.ts'
import { deliveryDateProblem } from '#kernel/delivery-date.ts'

export { storeToday } from '#kernel/delivery-date.ts'

/**
 * A gift card's delivery date is a day on the store's clock (Australia/Melbourne): its email is due at
 * GIFT_CARD_DELIVERY_HOUR that morning, and the cron sweep sends it on the first run after that.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** How far the store's clock is ahead of UTC at instant `t` (ms; changes with daylight saving). */
function offsetMs(t: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: STORE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(t))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - t
}

/** The UTC instant of `hour`:00 on `day` (YYYY-MM-DD) on the store's clock. */
export function storeTime(day: string, hour: number): Date {
  const [, y, m, d] = DAY.exec(day)!.map(Number) as [number, number, number, number]
  const wall = Date.UTC(y, m - 1, d, hour)
  let t = wall - offsetMs(wall)
  // across a daylight-saving change the first guess used the other offset
  t = wall - offsetMs(t)
  return new Date(t)
}

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
