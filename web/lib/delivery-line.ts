import { deliveryEstimate, type DeliveryEstimate, type Dispatch } from '#kernel/delivery-estimate.ts'
import type { Locale } from '#kernel/models.ts'
import type { Translate } from '../i18n/index.tsx'

/**
 * The delivery line's words (issue 44 point 3): loaded by web/components/delivery-promise.tsx in a browser effect
 * ('#delivery-line', package.json imports), so neither the first visit's JavaScript nor the worker carries the
 * holiday rules and the date formats.
 */
export type Say = Translate

const formats = new Map<Locale, Intl.DateTimeFormat>()
/** 'Wed 11 Dec' / 'Mi., 11. Dez.': the day as a shopper reads it (days are dates, formatted on UTC to stay that day). */
function dayLabel(day: string, locale: Locale) {
  let format = formats.get(locale)
  if (!format) formats.set(locale, (format = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-AU', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })))
  const text = format.format(new Date(`${day}T00:00:00Z`))
  return locale === 'de' ? text : text.replace(',', '')
}

/** '3 h 12 min' / '3 Std. 12 Min.'; under an hour the minutes alone. */
function timeLeft(minutes: number, say: Say) {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h > 0 ? say('delivery.hoursMinutes', { h, m }) : say('delivery.minutes', { m })
}

export function lineOf(estimate: DeliveryEstimate, locale: Locale, say: Say): string {
  const range = estimate.from === estimate.to ? dayLabel(estimate.from, locale) : `${dayLabel(estimate.from, locale)} – ${dayLabel(estimate.to, locale)}`
  return estimate.orderWithinMinutes === null ? say('delivery.arrives', { range }) : say('delivery.orderWithin', { time: timeLeft(estimate.orderWithinMinutes, say), range })
}

/** The line for an order placed `now`, or null when no date can be promised (then the page keeps 'usually …'). */
export function deliveryLine(now: Date, dispatch: Dispatch, days: { min: number; max: number }, locale: Locale, say: Say): string | null {
  const estimate = deliveryEstimate(now, dispatch, days)
  return estimate ? lineOf(estimate, locale, say) : null
}
