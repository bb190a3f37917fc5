import type { LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { ApiError } from '../api/storefront-api.ts'
import { refusalOf } from '../features/checkout/payment-refusals.ts'
import { localRedirect } from './route-helpers.ts'

/**
 * Back from the bank's 3-D Secure page (`?payment_intent=…`) or Stripe's hosted payment page (`?session_id=…`):
 * the card is authorised there, so this places the order (the backend captures only once it is placed) and goes on
 * to the thank-you page. A refusal goes back to the payment step with the reason; the cart is as it was.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const sessionId = new URL(request.url).searchParams.get('session_id') ?? ''
  const api = loaderApi(context)
  let number: string
  try {
    number = (await api.makeOrder({ method: 'authorised', ...(/^cs_[A-Za-z0-9_]{6,200}$/.test(sessionId) ? { hostedSessionId: sessionId } : {}) })).number
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    // still at the bank (402), declined, or the order refused (stock gone, a balance moved): say why on the payment step
    const reason = error.status === 402 ? 'notFinished' : (refusalOf(error.code) ?? 'notPlaced')
    localRedirect(request, `/checkout/payment?refused=${reason}`, 303)
  }
  localRedirect(request, `/checkout/thank-you?order=${encodeURIComponent(number)}`, 303)
}

/** Never shown: the loader always answers with a redirect. */
export function Component() {
  return null
}
