/**
 * Australian public holidays that stop dispatch and delivery (issue 44 point 3, decision 0061): the national ones and
 * each state's own, as rules (Easter, 'the second Monday of March', a weekend holiday moved to a weekday) plus the
 * few dates a government announces each year, which are data (ANNOUNCED). Days are YYYY-MM-DD. Covered years:
 * HOLIDAY_YEARS; outside them nothing is claimed (the delivery line then gives business days, not dates).
 * Regional holidays (a show day in one city) and bank-only holidays are left out: couriers work on them.
 */

export const AU_STATES = ['VIC', 'NSW', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const
export type AuState = (typeof AU_STATES)[number]
export const isAuState = (value: unknown): value is AuState => AU_STATES.includes(value as AuState)

/** The years whose holidays are known (the announced dates below exist for them). */
export const HOLIDAY_YEARS = { first: 2026, last: 2028 } as const

/**
 * Dates set by proclamation each year. Victoria's AFL Grand Final Friday is the day before the Grand Final, which the
 * AFL fixes each season (2027 and 2028 are the usual last-Saturday-of-September dates until announced; correct them
 * here when they are). Western Australia's King's Birthday is proclaimed yearly (usually the last Monday of September).
 */
const ANNOUNCED: Partial<Record<AuState, Record<number, string[]>>> = {
  VIC: { 2026: ['2026-09-25'], 2027: ['2027-09-24'], 2028: ['2028-09-29'] },
  WA: { 2026: ['2026-09-28'], 2027: ['2027-09-27'], 2028: ['2028-09-25'] },
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10)
/** 0 Sunday … 6 Saturday. */
export const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay()

/** The `n`th (1-based) `dow` (0 Sunday … 6 Saturday) of a month. */
function nth(y: number, m: number, dow: number, n: number) {
  const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay()
  return iso(y, m, 1 + ((dow - first + 7) % 7) + (n - 1) * 7)
}
/** The first `dow` on or after a day. */
function onOrAfter(y: number, m: number, d: number, dow: number) {
  const at = new Date(Date.UTC(y, m - 1, d)).getUTCDay()
  return iso(y, m, d + ((dow - at + 7) % 7))
}

/** Easter Sunday (the Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(y: number): string {
  const a = y % 19
  const b = Math.floor(y / 100)
  const c = y % 100
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((8 * b + 13) / 25)) / 3) + 15) % 30
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  return iso(y, month, ((h + l - 7 * m + 114) % 31) + 1)
}

const shift = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return iso(y, m, d + days)
}

const MON = 1
const TUE = 2

/**
 * A state's public holidays in a year, sorted. A fixed-date holiday on a weekend gives the next weekday that is no
 * holiday already (Christmas on a Saturday: Monday 27; Boxing Day on a Sunday as well: Tuesday 28), except Anzac Day,
 * which only some states move. Empty outside HOLIDAY_YEARS.
 */
export function publicHolidays(state: AuState, y: number): string[] {
  if (y < HOLIDAY_YEARS.first || y > HOLIDAY_YEARS.last) return []
  const easter = easterSunday(y)
  const moved = [iso(y, 1, 1), iso(y, 1, 26), iso(y, 12, 25), iso(y, 12, 26)]
  const days = new Set<string>([...moved, shift(easter, -2), shift(easter, 1), ...(ANNOUNCED[state]?.[y] ?? [])])
  const anzac = iso(y, 4, 25)
  days.add(anzac)
  // Anzac Day on a weekend: Western Australia and the ACT move it to the Monday; Queensland, SA and the NT only a Sunday one
  const anzacDow = weekday(anzac)
  if ((state === 'WA' || state === 'ACT') && (anzacDow === 6 || anzacDow === 0)) days.add(shift(anzac, anzacDow === 6 ? 2 : 1))
  if ((state === 'QLD' || state === 'SA' || state === 'NT') && anzacDow === 0) days.add(shift(anzac, 1))
  // the King's Birthday: the second Monday of June, except Queensland (October) and Western Australia (announced)
  if (state !== 'QLD' && state !== 'WA') days.add(nth(y, 6, MON, 2))
  const own: Record<AuState, string[]> = {
    VIC: [nth(y, 3, MON, 2), nth(y, 11, TUE, 1)], // Labour Day, Melbourne Cup
    NSW: [nth(y, 10, MON, 1)], // Labour Day
    QLD: [nth(y, 5, MON, 1), nth(y, 10, MON, 1)], // Labour Day, King's Birthday
    SA: [nth(y, 3, MON, 2), nth(y, 10, MON, 1)], // Adelaide Cup, Labour Day (Proclamation Day is 26 December)
    WA: [nth(y, 3, MON, 1), nth(y, 6, MON, 1)], // Labour Day, Western Australia Day
    TAS: [nth(y, 3, MON, 2)], // Eight Hours Day
    ACT: [nth(y, 3, MON, 2), onOrAfter(y, 5, 27, MON), nth(y, 10, MON, 1)], // Canberra Day, Reconciliation Day, Labour Day
    NT: [nth(y, 5, MON, 1), nth(y, 8, MON, 1)], // May Day, Picnic Day
  }
  for (const day of own[state]) days.add(day)
  for (const day of moved) {
    if (weekday(day) !== 0 && weekday(day) !== 6) continue
    let substitute = shift(day, 1)
    while (weekday(substitute) === 0 || weekday(substitute) === 6 || days.has(substitute)) substitute = shift(substitute, 1)
    days.add(substitute)
  }
  return [...days].sort()
}
