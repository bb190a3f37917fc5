import { describe, expect, it } from 'vitest'
import { easterSunday, publicHolidays } from '#kernel/au-holidays.ts'
import { deliveryEstimate, type Dispatch } from '#kernel/delivery-estimate.ts'

/** The store's dispatch as the migration sets it: 14:00 Melbourne time, Victoria's holidays. */
const VIC: Dispatch = { cutoffMinutes: 14 * 60, state: 'VIC' }
const STANDARD = { min: 2, max: 4 }
/** A fixed clock: a wall-clock time in Melbourne with its offset (+11 in summer, +10 in winter). */
const at = (melbourne: string) => new Date(melbourne)

describe('delivery dates (fixed clock, Victoria, cut-off 14:00, 2–4 business days)', () => {
  it('a Friday before the Melbourne Cup, before the cut-off: dispatched today, counted down, the Tuesday skipped', () => {
    expect(deliveryEstimate(at('2026-10-30T10:47:00+11:00'), VIC, STANDARD)).toEqual({ orderWithinMinutes: 193, dispatchDay: '2026-10-30', from: '2026-11-04', to: '2026-11-06' })
  })

  it('the same Friday after the cut-off: dispatched Monday, over the weekend and the holiday', () => {
    expect(deliveryEstimate(at('2026-10-30T14:00:00+11:00'), VIC, STANDARD)).toEqual({ orderWithinMinutes: null, dispatchDay: '2026-11-02', from: '2026-11-05', to: '2026-11-09' })
  })

  it('the Thursday before AFL Grand Final Friday after the cut-off: dispatched the next Monday', () => {
    expect(deliveryEstimate(at('2026-09-24T16:30:00+10:00'), VIC, { min: 1, max: 1 })).toEqual({ orderWithinMinutes: null, dispatchDay: '2026-09-28', from: '2026-09-29', to: '2026-09-29' })
  })

  it('over Christmas and New Year 2026: Christmas Friday, Boxing Day Saturday moved to Monday 28, New Year Friday', () => {
    expect(deliveryEstimate(at('2026-12-24T15:00:00+11:00'), VIC, STANDARD)).toEqual({ orderWithinMinutes: null, dispatchDay: '2026-12-29', from: '2026-12-31', to: '2027-01-05' })
  })

  it('Friday 24 December 2027 after the cut-off: Christmas and Boxing Day on the weekend move to Monday and Tuesday, New Year to Monday 3 January', () => {
    expect(deliveryEstimate(at('2027-12-24T14:30:00+11:00'), VIC, STANDARD)).toEqual({ orderWithinMinutes: null, dispatchDay: '2027-12-29', from: '2027-12-31', to: '2028-01-05' })
  })

  it('a weekend is no dispatch day: Saturday morning before the cut-off hour still ships Monday', () => {
    expect(deliveryEstimate(at('2026-12-05T09:00:00+11:00'), VIC, STANDARD)).toEqual({ orderWithinMinutes: null, dispatchDay: '2026-12-07', from: '2026-12-09', to: '2026-12-11' })
  })

  it('counts the cut-off on Melbourne time, whatever the instant is in UTC (winter, UTC+10)', () => {
    // 03:59 UTC is 13:59 in Melbourne in June: one minute left
    expect(deliveryEstimate(new Date('2027-06-16T03:59:00Z'), VIC, STANDARD)?.orderWithinMinutes).toBe(1)
    expect(deliveryEstimate(new Date('2027-06-16T04:00:00Z'), VIC, STANDARD)?.orderWithinMinutes).toBeNull()
  })

  it("uses the dispatch state's holidays: Melbourne Cup day is a working day in Sydney", () => {
    expect(deliveryEstimate(at('2026-11-02T15:00:00+11:00'), { cutoffMinutes: 14 * 60, state: 'NSW' }, { min: 1, max: 1 })?.dispatchDay).toBe('2026-11-03')
    expect(deliveryEstimate(at('2026-11-02T15:00:00+11:00'), VIC, { min: 1, max: 1 })?.dispatchDay).toBe('2026-11-04')
  })

  it('promises no date outside the years whose holidays are known', () => {
    expect(deliveryEstimate(at('2025-12-01T10:00:00+11:00'), VIC, STANDARD)).toBeNull()
    expect(deliveryEstimate(at('2028-12-28T10:00:00+11:00'), VIC, STANDARD)).toBeNull()
  })
})

describe('Australian public holidays', () => {
  it("Victoria's 2026 list is the government's (Saturdays included as they fall)", () => {
    expect(publicHolidays('VIC', 2026)).toEqual([
      '2026-01-01',
      '2026-01-26',
      '2026-03-09',
      '2026-04-03',
      '2026-04-06',
      '2026-04-25',
      '2026-06-08',
      '2026-09-25',
      '2026-11-03',
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
    ])
  })

  it('finds Easter by the rule', () => {
    expect([2026, 2027, 2028].map(easterSunday)).toEqual(['2026-04-05', '2027-03-28', '2028-04-16'])
  })

  it('moves a Sunday Anzac Day where the state does (WA, QLD), not in Victoria', () => {
    expect(publicHolidays('WA', 2027)).toContain('2027-04-26')
    expect(publicHolidays('QLD', 2027)).toContain('2027-04-26')
    expect(publicHolidays('VIC', 2027)).not.toContain('2027-04-26')
  })

  it("keeps each state's own days: Queensland's King's Birthday in October, not June", () => {
    expect(publicHolidays('QLD', 2026)).toContain('2026-10-05')
    expect(publicHolidays('QLD', 2026)).not.toContain('2026-06-08')
    expect(publicHolidays('NSW', 2026)).toContain('2026-06-08')
  })
})
