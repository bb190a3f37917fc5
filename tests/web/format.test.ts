import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatDate, formatMoney, formatWholeMoney } from '#kernel/format.ts'
import { createTranslator } from '#web/i18n/index.tsx'
import { en } from '#web/i18n/en.ts'
import { de } from '#web/i18n/de.ts'
import { localePath, splitLocalePath } from '#kernel/config.ts'

describe('money', () => {
  it('writes AUD the Australian way in English and the German way in German', () => {
    expect(formatMoney(1299.5, 'AUD', 'en')).toBe('$1,299.50')
    expect(formatMoney(1299.5, 'AUD', 'de').replace(/\s/g, ' ')).toBe('1.299,50 AU$')
  })
  it('marks USD so it cannot be mistaken for AUD', () => {
    expect(formatMoney(10, 'USD', 'en')).toContain('USD')
    expect(formatMoney(10, 'USD', 'de')).toContain('$')
  })
  // formatMoney writes the four forms out instead of creating an Intl.NumberFormat (whose first use costs a phone's
  // main thread tens of milliseconds during hydration); it must stay identical to Intl to the character.
  const intl = (amount: number, currency: 'AUD' | 'USD', locale: 'en' | 'de', whole = false) =>
    new Intl.NumberFormat(locale === 'en' ? 'en-AU' : 'de-DE', { style: 'currency', currency, currencyDisplay: 'symbol', ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}) }).format(amount)
  const forms = [['AUD', 'en'], ['USD', 'en'], ['AUD', 'de'], ['USD', 'de']] as const
  it('is what Intl.NumberFormat writes, signs, grouping, no-break spaces and rounding included', () => {
    expect(formatMoney(-5, 'USD', 'en')).toBe('-USD\u00a05.00')
    expect(formatMoney(1234567.891, 'AUD', 'de')).toBe('1.234.567,89\u00a0AU$')
    expect(formatMoney(1.005, 'AUD', 'en')).toBe('$1.01')
    expect(formatWholeMoney(25, 'AUD', 'de')).toBe('25\u00a0AU$')
    expect(formatWholeMoney(2.5, 'USD', 'en')).toBe('USD\u00a03')
    for (const amount of [0, -0, 0.005, 0.125, 1.005, -0.001, 12.345, -12.345, 999999.995, 1e20, 1e-7, 1e21, NaN, Infinity, -Infinity]) {
      for (const [currency, locale] of forms) {
        expect(formatMoney(amount, currency, locale), `${amount} ${currency} ${locale}`).toBe(intl(amount, currency, locale))
        expect(formatWholeMoney(amount, currency, locale), `whole ${amount} ${currency} ${locale}`).toBe(intl(amount, currency, locale, true))
      }
    }
  })
  it('agrees with Intl on any amount a store shows (cents, thirds, tax shares, large totals)', () => {
    const amount = fc.oneof(
      fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((cents) => cents / 100),
      fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }).map((n) => n / 3),
      fc.double({ min: -1e12, max: 1e12, noNaN: true }),
    )
    fc.assert(
      fc.property(amount, fc.constantFrom(...forms), (value, [currency, locale]) => formatMoney(value, currency, locale) === intl(value, currency, locale) && formatWholeMoney(value, currency, locale) === intl(value, currency, locale, true)),
      { numRuns: 5000 },
    )
  })
})

describe('dates', () => {
  it('are DD/MM/YYYY hh:mm:ss AM/PM in Melbourne time', () => {
    expect(formatDate('2026-01-05T03:04:05Z')).toBe('05/01/2026 02:04:05 PM')
    expect(formatDate('2026-07-05T15:00:09Z')).toBe('06/07/2026 01:00:09 AM')
  })
})

describe('translations', () => {
  it('German has every English key', () => {
    const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]))
    expect(keys(de).sort()).toEqual(keys(en).sort())
  })
  it('fills parameters and plurals per language', () => {
    expect(createTranslator('en')('header.hi', { name: 'Ana' })).toBe('Hi Ana')
    expect(createTranslator('de')('header.hi', { name: 'Ana' })).toBe('Hallo Ana')
    expect(createTranslator('en')('header.cartCount', { count: 1 })).toBe('1 item in your cart')
    expect(createTranslator('en')('header.cartCount', { count: 3 })).toBe('3 items in your cart')
  })
  it('two translators in one isolate do not leak their language into each other', () => {
    const english = createTranslator('en')
    const german = createTranslator('de')
    expect(english('error.back')).toBe('Back')
    expect(german('error.back')).toBe('Zurück')
    expect(english('error.back')).toBe('Back')
  })
})

describe('locale paths', () => {
  it('splits and joins the /de prefix', () => {
    expect(splitLocalePath('/de/t/men')).toEqual({ locale: 'de', path: '/t/men' })
    expect(splitLocalePath('/de')).toEqual({ locale: 'de', path: '/' })
    expect(splitLocalePath('/dessert')).toEqual({ locale: 'en', path: '/dessert' })
    // as case-insensitive as the route matching that picks the German screens
    expect(splitLocalePath('/DE/t/men')).toEqual({ locale: 'de', path: '/t/men' })
    expect(splitLocalePath('/De')).toEqual({ locale: 'de', path: '/' })
    expect(splitLocalePath('/DESSERT')).toEqual({ locale: 'en', path: '/DESSERT' })
    expect(localePath('de', '/')).toBe('/de')
    expect(localePath('en', '/t/men')).toBe('/t/men')
  })
})
