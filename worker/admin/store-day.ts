import { STORE_TIME_ZONE } from '#kernel/config.ts'

/**
 * Days on the store's clock (Australia/Melbourne, the zone the console shows times in): a date the operator picks or
 * 'today' on the dashboard runs from local midnight to local midnight, whatever daylight saving is in force that day
 * (UTC+11 in summer, UTC+10 in winter). Each day's UTC bounds come from the zone itself, never a fixed offset.
 */

const parts = new Intl.DateTimeFormat('en-AU', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })

/** How far the store's clock is ahead of UTC at this instant, in ms. */
function offsetAt(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]))
  const localAsUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second))
  return localAsUtc - Math.floor(instant / 1000) * 1000
}

/** The store's calendar day (YYYY-MM-DD) at this instant. */
export function storeDayOf(now: Date): string {
  return new Date(now.getTime() + offsetAt(now.getTime())).toISOString().slice(0, 10)
}

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10)
}

/** The UTC instant the store's day YYYY-MM-DD begins (its local midnight; Melbourne's clocks never change at midnight). */
export function storeDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number)
  const midnightAsUtc = Date.UTC(y!, m! - 1, d!)
  // the offset at a first guess, then at the instant that guess gives: right on both sides of a change of clocks
  const guess = midnightAsUtc - offsetAt(midnightAsUtc)
  return new Date(midnightAsUtc - offsetAt(guess))
}
