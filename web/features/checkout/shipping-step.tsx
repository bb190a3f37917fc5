import { Form } from 'react-router'
import type { Cart, Country, ShippingRate } from '../../api/models.ts'
import { useT } from '../../i18n/index.tsx'
import { AddressFields } from './address-fields.tsx'
import { Field, FieldErrors, FormMessage } from './field.tsx'
import { useStepForm } from './use-step-form.ts'
import { addressFromForm, validateAddress, validateGuestEmail, type FieldErrors as FieldErrorMap } from './validation.ts'
import { buttonClass } from '../../components/ui/button.tsx'

const BUTTON = buttonClass('primary', 'lg', true)

/** Shipping, part one: the guest's email and the shipping address. */
export function ShippingAddressForm({ cart, country, authenticated }: { cart: Cart; country: Country | null; authenticated: boolean }) {
  const { t } = useT()
  const states = country?.states ?? []
  const form = useStepForm(
    (data) => ({ ...(authenticated ? {} : validateGuestEmail(String(data.get('email') ?? ''), t)), ...validateAddress(addressFromForm(data), t, states.map((s) => s.abbr)) }),
    'address',
  )
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
        <AddressFields values={form.values ?? cart.address.shipping} errors={form.errors} states={states} />
      </fieldset>
      <button type="submit" disabled={form.busy} className={BUTTON}>
        {form.busy ? t('checkout.working') : t('checkout.saveAddress')}
      </button>
    </Form>
  )
}

/** Shipping, part two (once the cart has an address): the rates, sorted by name, with their cost. */
export function ShippingRateForm({ rates }: { rates: ShippingRate[] }) {
  const { t } = useT()
  const form = useStepForm((data): FieldErrorMap => (data.get('rateId') ? {} : { rateId: [t('checkout.chooseRate')] }), 'rate')
  const chosen = form.values?.rateId ?? rates.find((r) => r.selected)?.id ?? rates[0]?.id
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} className="mt-8 space-y-4" data-testid="shipping-rate-form">
      <input type="hidden" name="intent" value="rate" />
      <h3 className="text-lg font-semibold">{t('checkout.shippingMethod')}</h3>
      <FormMessage message={form.message} />
      {rates.length === 0 ? <p className="text-neutral-700">{t('checkout.noRates')}</p> : null}
      <div role="radiogroup" aria-label={t('checkout.shippingMethod')} className="space-y-2">
        {rates.map((rate) => (
          <label key={rate.id} className="flex min-h-14 cursor-pointer items-center gap-3 rounded-md border border-neutral-300 bg-white px-4 py-3 transition-colors duration-fast hover:border-neutral-600 [&:has(:checked)]:border-primary-600 [&:has(:checked)]:bg-primary-50" data-testid="shipping-rate">
            <input type="radio" name="rateId" value={rate.id} defaultChecked={rate.id === chosen} className="h-5 w-5 accent-primary-600" />
            <span className="flex-1">{rate.name}</span>
            <span className="font-semibold">{rate.cost}</span>
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
