import type { Dispatch } from '#kernel/delivery-estimate.ts'
import type { Locale } from '#kernel/models.ts'
import type { Say } from './delivery-line.ts'

/**
 * The worker's side of '#delivery-line' (package.json imports, `workerd` condition): the line is counted in the
 * browser only (a cached page must not carry one moment's count-down), so the worker never calls this and its bundle
 * carries no holiday rules.
 */
export function deliveryLine(_now: Date, _dispatch: Dispatch, _days: { min: number; max: number }, _locale: Locale, _say: Say): string | null {
  return null
}
