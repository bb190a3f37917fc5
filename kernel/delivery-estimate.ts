import { HOLIDAY_YEARS, publicHolidays, weekday, type AuState } from './au-holidays.ts'
import { addDays, storeDayOf, storeLocalTime } from './store-clock.ts'

/**
 * When an order placed now arrives (issue 44 point 3, decision 0061): it is dispatched today if today is a business
 * day and the store's clock (Australia/Melbourne) is before the cut-off, else on the next business day; it arrives
 * the rate's fewest to most business days after dispatch. Business days are Monday to Friday except the public
 * holidays of the dispatch state (kernel/au-holidays.ts). Pure: the product page and the checkout run it in the browser
 * with the browser's clock, so a cached page never shows a stale count-down.
 */

/** The store's dispatch settings (the console's Shipping page, migration 0420). */
export interface Dispatch {
  /** The last moment of a business day an order is still dispatched that day, in minutes after midnight, store time. */
  cutoffMinutes: number
  /** Whose public holidays stop dispatch and delivery. */
  state: AuState
}

export interface DeliveryEstimate {
  /** Minutes left to order for today's dispatch; null when it goes out on a later business day. */
  orderWithinMinutes: number | null
  /** The day it is dispatched, and the earliest and latest days it arrives (YYYY-MM-DD). */
  dispatchDay: string
  from: string
  to: string
}

const holidayCache = new Map<string, Set<string>>()
function isHoliday(state: AuState, day: string) {
  const year = Number(day.slice(0, 4))
  const key = `${state}${year}`
  let set = holidayCache.get(key)
  if (!set) holidayCache.set(key, (set = new Set(publicHolidays(state, year))))
  return set.has(day)
}

const isBusinessDay = (state: AuState, day: string) => weekday(day) !== 0 && weekday(day) !== 6 && !isHoliday(state, day)

/** The `n`th business day after `day` (`day` itself when n is 0). */
export function addBusinessDays(state: AuState, day: string, n: number): string {
  let at = day
  for (let left = n; left > 0;) {
    at = addDays(at, 1)
    if (isBusinessDay(state, at)) left--
  }
  return at
}

const covered = (day: string) => {
  const year = Number(day.slice(0, 4))
  return year >= HOLIDAY_YEARS.first && year <= HOLIDAY_YEARS.last
}

/**
 * The estimate for an order placed at `now` with a rate taking `days` business days; null when a day it needs lies
 * outside the years whose holidays are known (then no date is promised).
 */
export function deliveryEstimate(now: Date, dispatch: Dispatch, days: { min: number; max: number }): DeliveryEstimate | null {
  const today = storeDayOf(now)
  const [hours, minutes] = storeLocalTime(now).slice(11, 16).split(':').map(Number) as [number, number]
  const minuteOfDay = hours * 60 + minutes
  if (!covered(today)) return null
  const beforeCutoff = isBusinessDay(dispatch.state, today) && minuteOfDay < dispatch.cutoffMinutes
  const dispatchDay = beforeCutoff ? today : addBusinessDays(dispatch.state, today, 1)
  const from = addBusinessDays(dispatch.state, dispatchDay, days.min)
  const to = addBusinessDays(dispatch.state, dispatchDay, days.max)
  if (!covered(to)) return null
  return { orderWithinMinutes: beforeCutoff ? dispatch.cutoffMinutes - minuteOfDay : null, dispatchDay, from, to }
}
