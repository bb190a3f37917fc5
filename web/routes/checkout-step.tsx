import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { ShippingRate } from '#kernel/models.ts'
import { loaderApi } from '../api/loader-api.ts'
import { requestInfoContext } from '../app-context.ts'
import { useT } from '../i18n/index.tsx'
import { BillingForm } from '../features/checkout/billing-step.tsx'
import { OrderSummary } from '../features/checkout/order-summary.tsx'
import { GiftCardRedeem, PaymentForm } from '../features/checkout/payment-step.tsx'
import { StripePaymentForm } from '../features/checkout/stripe-payment-form.tsx'
import { ShippingAddressForm, ShippingRateForm } from '../features/checkout/shipping-step.tsx'
import { checkoutAction, thankYouPath } from '../features/checkout/step-actions.ts'
import { shippingCountries } from '../forms/countries.ts'
import { checkoutRedirect, type CheckoutStep } from './checkout-guards.ts'
import { localRedirect } from './route-helpers.ts'

function stepOf(request: Request): CheckoutStep {
  const last = new URL(request.url).pathname.split('/').pop()?.toLowerCase()
  return last === 'billing' || last === 'payment' ? last : 'shipping'
}

/** Shipping rates by name, case-insensitive (spec §9). */
const byName = (rates: ShippingRate[]) => [...rates].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))

/** Each step checks the cart before anything renders (spec §5 guards), then loads what its form needs. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const step = stepOf(request)
  const api = loaderApi(context)
  const cart = await api.getCart()
  const target = checkoutRedirect(step, cart)
  if (target) localRedirect(request, target)
  const needsAddress = step !== 'payment'
  const stripe = context.get(requestInfoContext).thirdParty.stripe ?? null
  const [countries, authenticated, rates, savedCards] = await Promise.all([
    needsAddress ? shippingCountries(api) : [],
    api.isAuthenticated(),
    step === 'shipping' && cart?.address.shipping ? api.getShipments().then(byName) : [],
    // a member's cards saved with Stripe (a guest has none)
    step === 'payment' && stripe ? api.getSavedCards() : [],
  ])
  // a member picks one of their saved addresses (or types a new one)
  const addresses = step === 'shipping' && authenticated ? await api.getAddresses() : []
  return { step, cart: cart!, countries, authenticated, rates, stripe, savedCards, addresses }
}

/** Every step is a real form post (works without JavaScript); success answers 303 to the next step. */
export async function action({ request, context }: ActionFunctionArgs) {
  const step = stepOf(request)
  const api = loaderApi(context)
  const cart = await api.getCart()
  const target = checkoutRedirect(step, cart)
  if (target) {
    // 'Pay now' sent again (a double click, a dropped connection) after its order was placed: that order's page
    const placed = step === 'payment' && !cart ? await api.placedOrder() : null
    localRedirect(request, placed ? thankYouPath(placed.number) : target, 303)
  }
  return checkoutAction(step, request, api, { stripe: Boolean(context.get(requestInfoContext).thirdParty.stripe) })
}

/**
 * A refused step reloads the cart too: a payment refused because a balance moved (409), or a gift card that was
 * accepted before a card was declined, changes the balance due the summary and the payment form show.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || (actionStatus !== undefined && actionStatus >= 400 && actionStatus < 500)
}

export function Component() {
  const { step, cart, countries, authenticated, rates, stripe, savedCards, addresses } = useLoaderData<typeof loader>()
  const { t } = useT()
  return (
    <section data-testid={`checkout-${step}`} className="grid gap-8 lg:grid-cols-5">
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:col-span-3 lg:p-8">
        <h2 className="mb-4 text-2xl font-bold">{t(`checkout.steps.${step}`)}</h2>
        {step === 'shipping' ? (
          <>
            <ShippingAddressForm cart={cart} countries={countries} authenticated={authenticated} addresses={addresses} />
            {cart.address.shipping ? <ShippingRateForm rates={rates} /> : null}
          </>
        ) : null}
        {step === 'billing' ? <BillingForm cart={cart} countries={countries} /> : null}
        {step === 'payment' ? (
          <div className="space-y-8">
            <GiftCardRedeem cart={cart} />
            {stripe ? <StripePaymentForm cart={cart} stripe={stripe} savedCards={savedCards} member={authenticated} /> : <PaymentForm cart={cart} />}
          </div>
        ) : null}
      </div>
      <div className="lg:col-span-2">
        <OrderSummary cart={cart} member={authenticated} />
      </div>
    </section>
  )
}
