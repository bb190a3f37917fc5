import { STORE_TIME_ZONE } from './config.ts'

/**
 * The store's clock (Australia/Melbourne): the one place that turns UTC instants (what D1 stores, ISO text) into the
 * store's days and times and back. A day runs from local midnight to local midnight whatever daylight saving is in
 * force (UTC+11 in summer, UTC+10 in winter); every offset comes from the zone itself (Intl), never a fixed number.
 * Pure: the console, the reports, the gift-card form and the mail sweep all use it.
 */

const parts = new Intl.DateTimeFormat('en-AU', { timeZone: STORE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const MINUTE = 60_000

/** How far the store's clock is ahead of UTC at this instant, in ms. */
export function offsetAt(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]))
  const localAsUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second))
  return localAsUtc - Math.floor(instant / 1000) * 1000
}

/** The store's calendar day (YYYY-MM-DD) at this instant. */
export function storeDayOf(instant: Date): string {
  return new Date(instant.getTime() + offsetAt(instant.getTime())).toISOString().slice(0, 10)
}

/** Today on the store's clock. */
export const storeToday = (now = new Date()) => storeDayOf(now)

/** The store's wall-clock time at this instant, `YYYY-MM-DD HH:MM:SS` (what a spreadsheet reads as a date and time). */
export function storeLocalTime(instant: Date | string): string {
  const t = new Date(instant).getTime()
  return new Date(t + offsetAt(t)).toISOString().slice(0, 19).replace('T', ' ')
}

/** The calendar day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10)
}

/** The UTC instant of `hour`:00 on the store's day YYYY-MM-DD (an hour the clocks skip is read on the old offset). */
export function storeTime(day: string, hour = 0): Date {
  const [, y, m, d] = DAY.exec(day)!.map(Number) as [number, number, number, number]
  const wall = Date.UTC(y, m - 1, d, hour)
  // the offset at a first guess, then at the instant that guess gives: right on both sides of a change of clocks
  const guess = wall - offsetAt(wall)
  return new Date(wall - offsetAt(guess))
}

/** The UTC instant the store's day YYYY-MM-DD begins (its local midnight; Melbourne's clocks never change at midnight). */
export const storeDayStart = (day: string) => storeTime(day, 0)

/** A stretch of UTC time [from, to) over which the store's clock is `minutes` ahead of UTC. */
export interface OffsetSpan {
  from: string
  to: string
  minutes: number
}

/**
 * The store's offsets over [from, to) as a few spans, split where daylight saving starts or ends (a year has two or
 * three): what lets SQL turn a UTC column into local time with one range look-up per row. Found by reading the
 * offset once a day and narrowing each change down to the minute.
 */
export function offsetSpans(from: Date, to: Date): OffsetSpan[] {
  const spans: OffsetSpan[] = []
  let start = from.getTime()
  let offset = offsetAt(start)
  for (let t = start + 86_400_000; ; t += 86_400_000) {
    const probe = Math.min(t, to.getTime())
    if (offsetAt(probe) !== offset) {
      // the change lies in (probe - 1 day, probe]: halve the gap down to a minute
      let lo = probe - 86_400_000
      let hi = probe
      while (hi - lo > MINUTE) {
        const mid = lo + Math.max(MINUTE, Math.floor((hi - lo) / 2 / MINUTE) * MINUTE)
        if (offsetAt(mid) === offset) lo = mid
        else hi = mid
      }
      spans.push({ from: new Date(start).toISOString(), to: new Date(hi).toISOString(), minutes: offset / MINUTE })
      start = hi
      offset = offsetAt(hi)
    }
    if (probe >= to.getTime()) break
  }
  spans.push({ from: new Date(start).toISOString(), to: to.toISOString(), minutes: offset / MINUTE })
  return spans
}
