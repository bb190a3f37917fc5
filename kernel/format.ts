import type { Currency, Locale } from './models.ts'
import { LOCALE_TAGS } from './config.ts'

const NBSP = '\u00a0'

/**
 * How each language writes each currency, exactly as `Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency',
 * currencyDisplay: 'symbol' })` does (CLDR): en-AU "$1,299.50" / "USD 1,299.50", de-DE "1.299,50 AU$" / "1.299,50 $",
 * a no-break space between number and sign, the minus sign first.
 */
const MONEY_STYLES: Record<Locale, { group: string; decimal: string } & Record<Currency, { before: string; after: string }>> = {
  en: { group: ',', decimal: '.', AUD: { before: '$', after: '' }, USD: { before: `USD${NBSP}`, after: '' } },
  de: { group: '.', decimal: ',', AUD: { before: '', after: `${NBSP}AU$` }, USD: { before: '', after: `${NBSP}$` } },
}

const intlFormats = new Map<string, Intl.NumberFormat>()

function intlMoney(amount: number, currency: string, locale: Locale, fractionDigits: 0 | 2): string {
  const key = `${locale}:${currency}:${fractionDigits}`
  let format = intlFormats.get(key)
  if (!format) {
    const digits = fractionDigits === 0 ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency, currencyDisplay: 'symbol', ...digits })
    intlFormats.set(key, format)
  }
  return format.format(amount)
}

/**
 * Written out rather than left to `Intl.NumberFormat`: the first currency formatter a page creates loads the
 * language's number and currency data, 30-57 ms of main thread in Chromium at full speed, which a phone pays inside
 * the hydration of every page that shows a price (docs/performance.md). The output is the same to the character
 * (tests/web/format.test.ts compares it with Intl over many amounts), including Intl's rounding: half away from zero
 * on the shortest decimal that reads back as the number ("1.005" gives 1.01, where `toFixed` gives 1.00).
 */
function writeMoney(amount: number, currency: Currency, locale: Locale, fractionDigits: 0 | 2): string {
  const style = MONEY_STYLES[locale]?.[currency]
  const digits = String(Math.abs(amount))
  // NaN, Infinity, exponent notation (below 1e-6 or from 1e21) and any currency outside the two: Intl, as before
  if (!style || !Number.isFinite(amount) || digits.includes('e')) return intlMoney(amount, currency, locale, fractionDigits)
  const [whole, fraction = ''] = digits.split('.')
  const padded = fraction.padEnd(fractionDigits + 1, '0')
  const scaled = BigInt(whole + padded.slice(0, fractionDigits)) + (padded.charAt(fractionDigits) >= '5' ? 1n : 0n)
  const scale = fractionDigits === 2 ? 100n : 1n
  const grouped = (scaled / scale).toString().replace(/\B(?=(\d{3})+$)/g, MONEY_STYLES[locale].group)
  const decimals = fractionDigits === 2 ? `${MONEY_STYLES[locale].decimal}${(scaled % scale).toString().padStart(2, '0')}` : ''
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : ''
  return `${sign}${style.before}${grouped}${decimals}${style.after}`
}

/**
 * The one money formatter: the amount in the shopper's currency, written the way their language writes numbers
 * (en: "$129.95" for AUD, "USD 129.95"; de: "129,95 AU$", "129,95 $"). See docs/i18n.md for why German shows AUD.
 */
export function formatMoney(amount: number, currency: Currency, locale: Locale): string {
  return writeMoney(amount, currency, locale, 2)
}

/** A whole amount without its cents, written the same way (a gift card's '$25', '25 AU$'). */
export function formatWholeMoney(amount: number, currency: Currency, locale: Locale): string {
  return writeMoney(amount, currency, locale, 0)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Spec §9: DD/MM/YYYY hh:mm:ss AM/PM, in the store's time zone (Australia/Melbourne) so server and browser agree. */
export function formatDate(value: string | number | Date, timeZone = 'Australia/Melbourne'): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>
  const hour24 = Number(parts.hour) % 24
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12
  return `${parts.day}/${parts.month}/${parts.year} ${pad(hour12)}:${parts.minute}:${parts.second} ${hour24 < 12 ? 'AM' : 'PM'}`
}
