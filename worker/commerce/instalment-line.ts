import type { Currency, Locale } from '#kernel/models.ts'
import { formatMoney } from '#kernel/format.ts'
import { instalments, payLaterEligible } from '#kernel/pay-later.ts'

/**
 * The product page's pay-later line (decision 0079), finished here so its words and arithmetic stay out of the
 * browser: '4 payments of $X' where the price is within the provider's limits (kernel/pay-later.ts), else null. The
 * first payment takes the cents left over, so the line says 'from' then.
 */
export function instalmentLine(price: number, currency: Currency, locale: Locale): string | null {
  const cents = Math.round(price * 100)
  if (!payLaterEligible(cents, currency)) return null
  const split = instalments(cents)
  const amount = formatMoney(split.rest / 100, currency, locale)
  return locale === 'de'
    ? `oder 4 zinsfreie Raten ${split.even ? 'à' : 'ab'} ${amount} mit Afterpay`
    : `or 4 interest-free payments ${split.even ? 'of' : 'from'} ${amount} with Afterpay`
}
