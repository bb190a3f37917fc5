import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { checkoutRedirect, type CheckoutStep } from './checkout-guards.ts'
import { localRedirect } from './route-helpers.ts'

function stepOf(request: Request): CheckoutStep {
  const last = new URL(request.url).pathname.split('/').pop()?.toLowerCase()
  return last === 'billing' || last === 'payment' ? last : 'shipping'
}

/** Each step checks the cart before anything renders (spec §5 guards). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const step = stepOf(request)
  const cart = await loaderApi(context).getCart()
  const target = checkoutRedirect(step, cart)
  if (target) localRedirect(request, target)
  return { step, cart }
}

export function Component() {
  const { step, cart } = useLoaderData<typeof loader>()
  const { t } = useT()
  return (
    <section data-testid={`checkout-${step}`}>
      <h2 className="text-xl font-semibold">{t(`checkout.steps.${step}`)}</h2>
      <p className="mt-2 text-gray-600">{t('checkout.stepPending')}</p>
      {cart ? <p className="mt-4 font-semibold">{cart.totals.total}</p> : null}
    </section>
  )
}
