import { redirect } from 'react-router'
import { ApiError, type StorefrontApi } from '../../api/storefront-api.ts'
import type { Translate } from '../../i18n/index.tsx'
import { localePath } from '#kernel/config.ts'
import { localeOf, localRedirect } from '../../routes/route-helpers.ts'
import { REFUSALS } from './payment-refusals.ts'
import { attempt, captchaFailure, failure } from './step-results.ts'
import { CAPTCHA_FIELD } from '../../forms/captcha/captcha-field.tsx'
import { outcomeUnknown, placeOrderOnce } from './place-order.ts'

/** Stripe could not be reached (the backend's 503): nothing was charged, and the shopper may simply try again. */
const providerDown = (error: unknown) => error instanceof ApiError && error.code === 'provider_unavailable'

const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{6,100}$/
const SAVED_CARD_ID = /^[A-Za-z0-9_-]{1,64}$/

/** An absolute address of this store in the page's language (Stripe sends the shopper back to it). */
const storeUrl = (request: Request, path: string) => new URL(localePath(localeOf(request), path), request.url).href

/** Where the bank's 3-D Secure page and Stripe's hosted page send the shopper back to (web/routes/checkout-payment-return.tsx). */
export const PAYMENT_RETURN_PATH = '/checkout/payment/return'

/**
 * Paying with Stripe. With JavaScript the card was entered in Stripe's own element and arrives as a payment method
 * id (`paymentMethodId`), or a member picked a saved card (`savedCard`); the store never sees a card number. Without
 * JavaScript (or when Stripe.js could not load) there is neither, and the shopper goes to Stripe's hosted payment
 * page for the balance due. A bank that asks for 3-D Secure answers 402 with its page: the shopper goes there and
 * comes back to the return route, which places the order.
 */
export async function stripePaymentAction(form: FormData, request: Request, api: StorefrontApi, t: Translate) {
  if (form.get('terms') !== 'on') return failure(form, { terms: [t('checkout.termsRequired')] }, t('checkout.termsRequired'))
  const cart = await api.getCart()
  const shown = String(form.get('expectedBalance') ?? '')
  const expectedBalance = /^\d{1,7}(\.\d{1,2})?$/.test(shown) ? Number(shown) : undefined
  const paymentMethodId = String(form.get('paymentMethodId') ?? '')
  const savedCard = String(form.get('savedCard') ?? '')
  const covered = Boolean(cart?.giftCard) && cart!.balanceAmount === 0
  // unticked (or a guest's form, which has no box) sends nothing: only a ticked box keeps the card
  const saveCard = form.get('saveCard') === 'on'
  const card = covered
    ? null
    : SAVED_CARD_ID.test(savedCard) && savedCard !== 'new'
      ? { savedCardId: savedCard }
      : PAYMENT_METHOD_ID.test(paymentMethodId)
        ? { paymentMethodId, saveCard }
        : null

  if (!covered && !card) {
    let url = ''
    const refused = await attempt(form, t, async () => {
      try {
        const urls = { successUrl: storeUrl(request, PAYMENT_RETURN_PATH), cancelUrl: storeUrl(request, '/checkout/payment?refused=cancelled') }
        url = (await api.openHostedPayment({ ...urls, expectedBalance, saveCard })).url
      } catch (error) {
        if (!providerDown(error)) throw error
      }
    })
    if (refused) return refused
    return url ? redirect(url, 303) : failure(form, {}, t(REFUSALS.providerDown), 503)
  }

  let number = ''
  let unreachable = false
  const refused = await attempt(form, t, async () => {
    try {
      const order = await placeOrderOnce(api, {
        method: covered ? 'gift_card' : 'card',
        ...card,
        returnUrl: storeUrl(request, PAYMENT_RETURN_PATH),
        ...(expectedBalance === undefined ? {} : { expectedBalance }),
        ...(card && form.get(CAPTCHA_FIELD) ? { captchaToken: String(form.get(CAPTCHA_FIELD)) } : {}),
      })
      number = order.number
    } catch (error) {
      // the bank asks the shopper to confirm (3-D Secure): its page, then back to the return route
      const bankPage = error instanceof ApiError && error.status === 402 ? error.errors?.redirect_url?.[0] : undefined
      if (bankPage && /^https?:\/\//.test(bankPage)) throw redirect(bankPage, 303)
      if (providerDown(error)) return void (unreachable = true)
      // the order may or may not be placed (a timeout, a 5xx): retrying is safe, completing twice returns the order
      throw outcomeUnknown(error) ?? error
    }
  })
  if (unreachable) return failure(form, {}, t(REFUSALS.providerDown), 503)
  // card testing defence: after repeated declines the page shows the captcha (payment-step.tsx DeclinesCaptcha)
  const captcha = captchaFailure(form, refused, t)
  if (captcha) return captcha
  const orderChanged = refused?.data.code === 'order_changed'
  if (refused?.init?.status === 409 && (orderChanged || refused.data.code === 'balance_changed')) {
    const balance = (await api.getCart())?.totals.balance ?? ''
    return failure(form, {}, t(orderChanged ? 'checkout.orderChanged' : 'checkout.balanceChanged', { balance }), 409)
  }
  return refused ?? localRedirect(request, `/checkout/thank-you?order=${encodeURIComponent(number)}`, 303)
}
