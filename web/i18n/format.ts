import type { Currency, Locale } from '../api/models.ts'
import { LOCALE_TAGS } from '../config.ts'

const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * The one money formatter: the amount in the shopper's currency, written the way their language writes numbers
 * (en: "$129.95" for AUD, "USD 129.95"; de: "129,95 AU$", "129,95 $"). See docs/i18n.md for why German shows AUD.
 */
export function formatMoney(amount: number, currency: Currency, locale: Locale): string {
  const key = `${locale}:${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency, currencyDisplay: 'symbol' })
    moneyFormats.set(key, format)
  }
  return format.format(amount)
}

/** A whole amount without its cents, written the same way (a gift card's '$25', '25 AU$'). */
export function formatWholeMoney(amount: number, currency: Currency, locale: Locale): string {
  const key = `${locale}:${currency}:whole`
  let format = moneyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency, currencyDisplay: 'symbol', minimumFractionDigits: 0, maximumFractionDigits: 0 })
    moneyFormats.set(key, format)
  }
  return format.format(amount)
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
