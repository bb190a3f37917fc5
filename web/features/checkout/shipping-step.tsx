import type { ReactNode } from 'react'
import { Form } from 'react-router'
import type { Address, Cart, Country, ShippingRate } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { AddressFields } from '../../forms/address-fields.tsx'
import { Field, FieldErrors, FormMessage } from '../../forms/field.tsx'
import { useStepForm } from './use-step-form.ts'
import { NEW_ADDRESS as NEW, addressFromForm, savedChoice, validateAddress, validateGuestEmail, type FieldErrors as FieldErrorMap } from '../../forms/address-validation.ts'
import { buttonClass } from '../../components/ui/button.tsx'
import { DeliveryPromise } from '../../components/delivery-promise.tsx'
import { useStoreSettings } from '../../state/session/request-info.ts'

const BUTTON = buttonClass('primary', 'lg', true)

/** Shipping, part one: the guest's email and the shipping address (a member may pick one of their saved addresses). */
export function ShippingAddressForm({ cart, countries, authenticated, addresses }: { cart: Cart; countries: Country[]; authenticated: boolean; addresses: Address[] }) {
  const { t } = useT()
  const form = useStepForm(
    (data) => ({
      ...(authenticated ? {} : validateGuestEmail(String(data.get('email') ?? ''), t)),
      ...(savedChoice(data) ? {} : validateAddress(addressFromForm(data), t, countries)),
    }),
    'address',
  )
  const fields = <AddressFields values={form.values ?? cart.address.shipping} errors={form.errors} countries={countries} />
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-6" data-testid="shipping-address-form">
      <input type="hidden" name="intent" value="address" />
      <FormMessage message={form.message} />
      {authenticated ? null : (
        <fieldset className="space-y-3">
          <legend className="mb-2 text-lg font-semibold">{t('checkout.contact')}</legend>
          <Field name="email" type="email" autoComplete="email" label={t('checkout.email')} errors={form.errors.email} defaultValue={form.values?.email ?? cart.email ?? ''} />
        </fieldset>
      )}
      <fieldset>
        <legend className="mb-2 text-lg font-semibold">{t('checkout.shippingAddress')}</legend>
        {addresses.length > 0 ? <SavedAddressPicker addresses={addresses} countries={countries} chosen={form.values?.savedAddress ?? preselected(addresses, cart.address.shipping)} fields={fields} /> : fields}
      </fieldset>
      <button type="submit" disabled={form.busy} className={BUTTON}>
        {form.busy ? t('checkout.working') : t('checkout.saveAddress')}
      </button>
    </Form>
  )
}

const same = (a: Address, b: Address) =>
  a.firstName === b.firstName && a.lastName === b.lastName && a.addressLine1 === b.addressLine1 && a.zipCode === b.zipCode && a.country === b.country

/** The checkout's own address when it is one of the saved ones; a different one is 'new'; otherwise the default. */
function preselected(addresses: Address[], current: Address | null) {
  if (current) return addresses.find((a) => same(a, current))?._id ?? NEW
  return (addresses.find((a) => a.isDefault) ?? addresses[0])!._id
}

/**
 * A member's saved addresses as radios (the default preselected) and 'a new address', whose fields show only while
 * it is chosen: CSS (`peer-checked`), so it works without JavaScript.
 */
function SavedAddressPicker({ addresses, countries, chosen, fields }: { addresses: Address[]; countries: Country[]; chosen: string; fields: ReactNode }) {
  const { t } = useT()
  const label = (iso: string) => countries.find((c) => c.iso === iso)?.label ?? iso
  return (
    <div role="radiogroup" aria-label={t('shop.savedAddresses')} className="space-y-2" data-testid="saved-addresses">
      <p className="text-sm font-semibold text-neutral-800">{t('shop.savedAddresses')}</p>
      {addresses.map((address) => (
        <label key={address._id} className={OPTION} data-testid="saved-address">
          <input type="radio" name="savedAddress" value={address._id} defaultChecked={address._id === chosen} className="mt-1 h-5 w-5 accent-primary-600" />
          <span className="text-sm">
            <span className="block font-semibold">
              {address.firstName} {address.lastName}
            </span>
            {[address.addressLine1, address.apartment, [address.city, address.state, address.zipCode].filter(Boolean).join(' '), label(address.country)].filter(Boolean).join(', ')}
            <span className="sr-only"> · {t('shop.useAddress')}</span>
          </span>
        </label>
      ))}
      <input type="radio" id="savedAddress-new" name="savedAddress" value={NEW} defaultChecked={chosen === NEW} className="peer sr-only" />
      <label htmlFor="savedAddress-new" className={`${NEW_OPTION} peer-focus-visible:ring-2 peer-focus-visible:ring-primary-600 peer-checked:border-primary-600 peer-checked:bg-primary-50`} data-testid="new-address">
        <span aria-hidden="true" className="mt-1 inline-block h-5 w-5 shrink-0 rounded-full border-2 border-neutral-500 bg-white" />
        <span className="text-sm font-semibold">{t('shop.newAddress')}</span>
      </label>
      <div className="hidden pt-4 peer-checked:block" data-testid="new-address-fields">
        {fields}
      </div>
    </div>
  )
}

const NEW_OPTION = 'flex min-h-14 cursor-pointer items-start gap-3 rounded-md border border-neutral-300 bg-white px-4 py-3 transition-colors duration-fast hover:border-neutral-600'
const OPTION = 'flex min-h-14 cursor-pointer items-start gap-3 rounded-md border border-neutral-300 bg-white px-4 py-3 transition-colors duration-fast hover:border-neutral-600 [&:has(:checked)]:border-primary-600 [&:has(:checked)]:bg-primary-50'

/**
 * The rate ticked when the step opens: the one the checkout has (the shopper's choice, or the backend's default, the
 * cheapest rate that delivers), else the cheapest that delivers. A pickup is never ticked unless the shopper chose it,
 * so pressing Continue without choosing never turns a delivery into Click & Collect.
 */
export function preselectedRate(rates: ShippingRate[]): string | undefined {
  const chosen = rates.find((r) => r.selected)
  if (chosen) return chosen.id
  return rates.filter((r) => !r.pickup).reduce<ShippingRate | undefined>((best, r) => (best && best.costAmount <= r.costAmount ? best : r), undefined)?.id
}

/** Shipping, part two (once the cart has an address): the rates, sorted by name, with their cost and when they arrive. */
export function ShippingRateForm({ rates }: { rates: ShippingRate[] }) {
  const { t } = useT()
  const form = useStepForm((data): FieldErrorMap => (data.get('rateId') ? {} : { rateId: [t('checkout.chooseRate')] }), 'rate')
  const chosen = form.values?.rateId ?? preselectedRate(rates)
  const dispatch = useStoreSettings().dispatch
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} className="mt-8 space-y-4" data-testid="shipping-rate-form">
      <input type="hidden" name="intent" value="rate" />
      <h3 className="text-lg font-semibold">{t('checkout.shippingMethod')}</h3>
      <FormMessage message={form.message} />
      {rates.length === 0 ? <p className="text-neutral-700">{t('checkout.noRates')}</p> : null}
      <div role="radiogroup" aria-label={t('checkout.shippingMethod')} className="space-y-2">
        {rates.map((rate) => (
          // a grid: the radio, the name and the cost on the first row, when it arrives under the name
          <label key={rate.id} className="grid min-h-14 cursor-pointer grid-cols-[auto_1fr_auto] items-center gap-x-3 gap-y-0.5 rounded-md border border-neutral-300 bg-white px-4 py-3 transition-colors duration-fast hover:border-neutral-600 [&:has(:checked)]:border-primary-600 [&:has(:checked)]:bg-primary-50" data-testid="shipping-rate">
            <input type="radio" name="rateId" value={rate.id} defaultChecked={rate.id === chosen} className="h-5 w-5 accent-primary-600" />
            <span data-testid="rate-name">{rate.name}</span>
            <span className="font-semibold">{rate.cost}</span>
            {rate.deliveryDays && rate.pickup ? (
              <span className="col-span-2 col-start-2 text-sm text-neutral-700" data-testid="rate-arrives">
                {t('checkout.readyIn', { days: daysText(rate.deliveryDays) })}
              </span>
            ) : rate.deliveryDays ? (
              // dated in the browser from the store's cut-off and the dispatch state's holidays (issue 44 point 3)
              <DeliveryPromise dispatch={dispatch} days={rate.deliveryDays} fallback={t('checkout.arrivesIn', { days: daysText(rate.deliveryDays) })} className="col-span-2 col-start-2 text-sm text-neutral-700" testId="rate-arrives" />
            ) : null}
          </label>
        ))}
      </div>
      <FieldErrors name="rateId" errors={form.errors.rateId} />
      <button type="submit" disabled={form.busy || rates.length === 0} className={BUTTON}>
        {form.busy ? t('checkout.working') : t('checkout.toBilling')}
      </button>
    </Form>
  )
}

const daysText = ({ min, max }: { min: number; max: number }) => (min === max ? String(min) : `${min}–${max}`)
