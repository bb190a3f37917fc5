import type { Address } from '#kernel/models.ts'
import type { StorefrontApi } from '../../api/storefront-api.ts'
import { createTranslator, type Translate } from '../../i18n/index.tsx'
import { localeOf, localRedirect, readForm } from '../../routes/route-helpers.ts'
import { attempt, captchaFailure, failure } from './step-results.ts'
import { stripePaymentAction } from './stripe-payment-action.ts'
import { outcomeUnknown, placeOrderOnce } from './place-order.ts'
import { shippingCountries } from '../../forms/countries.ts'
import { addressFromForm, savedChoice, validateAddress, validateCard, validateGuestEmail, type AddressInput, type FieldErrors } from '../../forms/address-validation.ts'
import { CAPTCHA_FIELD } from '../../forms/captcha/captcha-field.tsx'

function withoutIds({ _id, isDefault, ...address }: Address): AddressInput {
  void _id
  void isDefault
  return address
}

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0

/** The step actions of spec §4's order: shipping address, shipping method, billing address, then the order. */
export async function checkoutAction(step: string, request: Request, api: StorefrontApi, options: { stripe?: boolean } = {}) {
  const form = await readForm(request)
  const t = createTranslator(localeOf(request))
  const intent = String(form.get('intent') ?? '')
  if (step === 'shipping' && intent === 'rate') {
    const rateId = String(form.get('rateId') ?? '')
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(rateId)) return failure(form, { rateId: [t('checkout.chooseRate')] }, null)
    // the place of a pickup rate: the backend refuses a pickup without one (pickup_place_missing), said beside the places
    const placeId = String(form.get('pickupPlaceId') ?? '')
    if (placeId && !/^[0-9]{1,12}$/.test(placeId)) return failure(form, { pickupPlaceId: [t('refusal.pickupPlaceMissing')] }, null)
    return (await attempt(form, t, () => api.saveShippingMethod(rateId, placeId || undefined))) ?? localRedirect(request, '/checkout/billing', 303)
  }
  if (step === 'shipping') {
    const authenticated = await api.isAuthenticated()
    const savedId = authenticated ? savedChoice(form) : null
    const saved = savedId ? (await api.getAddresses()).find((a) => a._id === savedId) : null
    if (savedId && !saved) return failure(form, {}, t('checkout.savedAddressGone'))
    const address = saved ? withoutIds(saved) : addressFromForm(form)
    const email = String(form.get('email') ?? '').trim()
    const errors = { ...(authenticated ? {} : validateGuestEmail(email, t)), ...(saved ? {} : validateAddress(address, t, await shippingCountries(api))) }
    if (hasErrors(errors)) return failure(form, errors, t('checkout.fixErrors'))
    return (await attempt(form, t, () => api.saveCheckoutShippingAddress(address, authenticated ? undefined : email))) ?? localRedirect(request, '/checkout/shipping', 303)
  }
  if (step === 'billing') {
    const shipping = form.get('sameAsShipping') === 'on' ? (await api.getCart())?.address.shipping : null
    const address = shipping ? withoutIds(shipping) : addressFromForm(form)
    const errors = shipping ? {} : validateAddress(address, t, await shippingCountries(api))
    if (hasErrors(errors)) return failure(form, errors, t('checkout.fixErrors'))
    return (await attempt(form, t, () => api.saveCheckoutBillingAddress(address))) ?? localRedirect(request, '/checkout/payment', 303)
  }
  if (intent === 'gift-card' || intent === 'remove-gift-card') return giftCardStep(form, intent, request, api, t)
  if (options.stripe) return stripePaymentAction(form, request, api, t)
  return paymentAction(form, request, api, t)
}

/** Redeems a gift card code on the payment step (or takes it off again); the summary then shows what it pays. */
async function giftCardStep(form: FormData, intent: string, request: Request, api: StorefrontApi, t: Translate) {
  const code = String(form.get('giftCardCode') ?? '').trim()
  if (intent === 'gift-card' && !code) return failure(form, { giftCardCode: [t('validation.required')] }, null)
  const refused = await attempt(form, t, () => (intent === 'gift-card' ? api.applyGiftCard(code) : api.removeGiftCard()))
  if (refused) {
    // the backend's sentence, in the page's language, under the field
    const message = refused.data.message ?? ''
    return failure(form, { giftCardCode: [message] }, null, refused.init?.status ?? 422, rateHeaders(refused.init ?? undefined))
  }
  return localRedirect(request, `/checkout/payment?done=${intent}`, 303)
}

const rateHeaders = (init: ResponseInit | undefined) => {
  const retry = new Headers(init?.headers).get('Retry-After')
  return retry ? { 'Retry-After': retry } : undefined
}

async function paymentAction(form: FormData, request: Request, api: StorefrontApi, t: Translate) {
  const card = { cardNumber: String(form.get('cardNumber') ?? ''), expiry: String(form.get('expiry') ?? ''), cvc: String(form.get('cvc') ?? '') }
  const giftCardCode = String(form.get('giftCardCode') ?? '').trim()
  // a redeemed gift card (or store credit) that covers the whole balance needs no card
  const cart = await api.getCart()
  const coveredByCard = Boolean(cart?.giftCard) && cart!.balanceAmount === 0 && !card.cardNumber.trim()
  // a wallet or pay-later (decision 0079): no card fields
  const payWith = String(form.get('payWith') ?? 'card')
  const extra = !coveredByCard && (payWith === 'wallet' || payWith === 'pay_later') ? payWith : null
  const giftOnly = !extra && (coveredByCard || (giftCardCode !== '' && !card.cardNumber.trim()))
  const errors: FieldErrors = giftOnly || extra ? {} : validateCard(card, t)
  if (form.get('terms') !== 'on') errors.terms = [t('checkout.termsRequired')]
  if (hasErrors(errors)) return failure(form, errors, errors.terms && Object.keys(errors).length === 1 ? t('checkout.termsRequired') : t('checkout.fixErrors'))
  // the balance due the page showed: the order is refused rather than charged more (a balance moved meanwhile)
  const shown = String(form.get('expectedBalance') ?? '')
  const expectedBalance = /^\d{1,7}(\.\d{1,2})?$/.test(shown) ? Number(shown) : undefined
  let number = ''
  let refused: Awaited<ReturnType<typeof attempt>>
  try {
    refused = await attempt(form, t, async () => {
      const order = await placeOrderOnce(api, {
        method: extra ?? (giftOnly ? 'gift_card' : 'card'),
        ...(giftOnly || extra ? {} : { cardNumber: card.cardNumber.replace(/[\s-]/g, ''), expiry: card.expiry.trim(), cvc: card.cvc.trim() }),
        ...(giftCardCode ? { giftCardCode } : {}),
        ...(expectedBalance === undefined ? {} : { expectedBalance }),
        ...(giftOnly || extra || !form.get(CAPTCHA_FIELD) ? {} : { captchaToken: String(form.get(CAPTCHA_FIELD)) }),
      })
      number = order.number
    })
  } catch (error) {
    throw outcomeUnknown(error) ?? error
  }
  const captcha = captchaFailure(form, refused, t)
  if (captcha) return captcha
  if (refused?.init?.status === 409 && refused.data.errors.payment) {
    // say what the shopper will pay now, in their language (the page below shows the same new balance due)
    const balance = (await api.getCart())?.totals.balance ?? ''
    return failure(form, {}, t(refused.data.code === 'order_changed' ? 'checkout.orderChanged' : 'checkout.balanceChanged', { balance }), 409)
  }
  return refused ?? localRedirect(request, thankYouPath(number), 303)
}

/** The placed order's page (its number in the address; who may see it is the page's own check). */
export const thankYouPath = (number: string) => `/checkout/thank-you?order=${encodeURIComponent(number)}`
