import { data, redirect } from 'react-router'
import type { Cart } from '#kernel/models.ts'
import { ApiError, rateLimitedInit, type StorefrontApi } from '../api/storefront-api.ts'
import { createTranslator, type Translate } from '../i18n/index.tsx'
import { localizeApiError } from '../i18n/api-errors.ts'
import { localeOf, localRedirect, readForm } from './route-helpers.ts'

/** What a refused cart form answers (422, or 429 with Retry-After): the sentence, in the page's language. */
export interface CartFailure {
  error: string
}

/**
 * The quantity a stepper form asks for. The typed value wins when it differs from what the line holds (Enter in the
 * field submits the form with its first button, '−'); otherwise the − or + button's step applies to it.
 */
export function requestedQuantity(form: FormData): number {
  const current = Number(form.get('current'))
  const typed = String(form.get('quantity') ?? '').trim()
  const step = Number(form.get('step') ?? 0)
  if (typed !== '' && Number(typed) !== current) return Number(typed)
  return current + (step === 1 || step === -1 ? step : 0)
}

/** Whether `quantity` may be asked for a line: a whole number from 1 to what is in stock. */
export function quantityProblem(quantity: number, line: Cart['lineItems'][number] | undefined, t: Translate): string | null {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9999) return t('shop.invalidQuantity')
  if (line?.maxQuantity != null && quantity > line.maxQuantity) return t('shop.stockLimit', { max: line.maxQuantity })
  return null
}

/**
 * The cart page's forms (they work without JavaScript): quantity, remove, apply and remove a coupon. Success answers
 * 303 back to the cart page with what happened (`?done=`); a refusal answers 422 with the page and the reason, and
 * changes nothing.
 */
export async function cartAction(request: Request, api: StorefrontApi) {
  const form = await readForm(request)
  const t = createTranslator(localeOf(request))
  const intent = String(form.get('intent') ?? '')
  const lineId = String(form.get('lineId') ?? '')
  // a coupon form on a checkout step comes back to that step; anything else to the cart page
  const back = String(form.get('back') ?? '')
  const done = (what: string) => (/^\/(?!\/)[A-Za-z0-9/_-]{0,100}$/.test(back) ? redirect(`${back}?done=${what}`, 303) : localRedirect(request, `/Cart?done=${what}`, 303))
  const refuse = (error: string, status = 422) => data<CartFailure>({ error }, { status })
  try {
    if (intent === 'quantity') {
      const cart = await api.getCart()
      const line = cart?.lineItems.find((item) => item.id === lineId)
      // removed meanwhile (another tab, a page kept open): that is what the shopper is told, not to type a number
      if (!line) return refuse(t('shop.lineGone'))
      const quantity = requestedQuantity(form)
      const problem = quantityProblem(quantity, line, t)
      if (problem) return refuse(problem)
      if (quantity !== line.qty) await api.updateItemQuantity(lineId, quantity)
      return done('updated')
    }
    if (intent === 'remove') {
      if (!/^[1-9]\d{0,15}$/.test(lineId)) return refuse(t('shop.lineGone'))
      await api.removeFromCart(lineId)
      return done('removed')
    }
    if (intent === 'coupon') {
      const code = String(form.get('code') ?? '').trim()
      if (!code) return refuse(t('validation.required'))
      await api.applyCoupon(code.slice(0, 64))
      return done('coupon')
    }
    if (intent === 'remove-coupon') {
      await api.removeCoupon(String(form.get('code') ?? '').slice(0, 64))
      return done('coupon-removed')
    }
    return refuse(t('error.formTitle'))
  } catch (error) {
    const limited = rateLimitedInit(error)
    if (limited) return data<CartFailure>({ error: (error as Error).message }, limited)
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return refuse(localizeApiError(error, t))
    throw error
  }
}
