import { Form } from 'react-router'
import type { Cart, Country } from '#kernel/models.ts'
import { needsDelivery } from '#kernel/destinations.ts'
import { useT } from '../../i18n/index.tsx'
import { AddressFields } from '../../forms/address-fields.tsx'
import { FormMessage } from '../../forms/field.tsx'
import { useStepForm } from './use-step-form.ts'
import { addressFromForm, validateAddress } from '../../forms/address-validation.ts'
import { buttonClass } from '../../components/ui/button.tsx'
import { checkboxInput, checkboxRow } from '../../components/ui/checkbox.tsx'
import { cx } from '../../components/ui/cx.ts'

/**
 * Billing: 'same as shipping' (on by default) or a billing address. The fields hide with CSS only (`peer-checked`),
 * so unticking the box shows them with or without JavaScript.
 */
export function BillingForm({ cart, countries }: { cart: Cart; countries: Country[] }) {
  const { t } = useT()
  const form = useStepForm((data) => (data.get('sameAsShipping') === 'on' ? {} : validateAddress(addressFromForm(data), t, countries)))
  const same = form.values ? form.values.sameAsShipping === 'on' : true
  // an order of only e-gift cards has no shipping address to copy: the billing address is asked for outright
  const ships = needsDelivery(cart.lineItems) && cart.address.shipping !== null
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-6" data-testid="billing-form">
      <FormMessage message={form.message} />
      {ships ? null : (
        <p className="rounded-md bg-neutral-100 px-4 py-3 text-sm text-neutral-800" data-testid="nothing-to-ship">
          {t('checkout.nothingToShip')}
        </p>
      )}
      <div>
        {ships ? (
          <>
            <input id="sameAsShipping" type="checkbox" name="sameAsShipping" defaultChecked={same} className={cx('peer align-middle', checkboxInput)} />
            <label htmlFor="sameAsShipping" className={cx('pl-3 align-middle font-semibold', checkboxRow)}>
              {t('checkout.sameAsShipping')}
            </label>
          </>
        ) : null}
        <fieldset className={ships ? 'mt-6 peer-checked:hidden' : undefined} data-testid="billing-address">
          <legend className="mb-2 text-lg font-semibold">{t('checkout.billingAddress')}</legend>
          <AddressFields values={form.values ?? cart.address.billing} errors={form.errors} countries={countries} />
        </fieldset>
      </div>
      <button type="submit" disabled={form.busy} className={buttonClass('primary', 'lg', true)}>
        {form.busy ? t('checkout.working') : t('checkout.toPayment')}
      </button>
    </Form>
  )
}
