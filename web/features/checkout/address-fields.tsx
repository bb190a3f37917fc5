import type { Address } from '../../api/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Field } from './field.tsx'
import type { FieldErrors } from './validation.ts'
import { controlBase, controlEdge, cx } from '../../components/ui/cx.ts'

type Values = Partial<Record<keyof Address, string | null | boolean>>

/**
 * The §3 address fields for Australia: country AU, its states from getCountryDetails('AU'), a 4-digit postcode and a
 * phone. `prefix` names the fields (`billing.firstName`) when a form holds more than one address.
 */
export function AddressFields({ prefix = '', values, errors, states }: { prefix?: string; values?: Values | null; errors: FieldErrors; states: Array<{ abbr: string; name: string }> }) {
  const { t } = useT()
  const value = (key: keyof Address) => String(values?.[key] ?? '')
  const field = (key: keyof Address, autoComplete: string, extra: Record<string, string> = {}) => (
    <Field key={key} name={prefix + key} label={t(`checkout.${key}` as 'checkout.firstName')} errors={errors[key]} defaultValue={value(key)} autoComplete={autoComplete} {...extra} />
  )
  const stateInvalid = Boolean(errors.state?.length)
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field('firstName', 'given-name')}
      {field('lastName', 'family-name')}
      <div className="sm:col-span-2">{field('company', 'organization')}</div>
      <div className="sm:col-span-2">{field('addressLine1', 'address-line1')}</div>
      <div className="sm:col-span-2">{field('apartment', 'address-line2')}</div>
      {field('city', 'address-level2')}
      <Field name={prefix + 'state'} label={t('checkout.state')} errors={errors.state}>
        <select
          id={prefix + 'state'}
          name={prefix + 'state'}
          defaultValue={value('state')}
          aria-invalid={stateInvalid || undefined}
          aria-describedby={stateInvalid ? `${prefix}state-error` : undefined}
          autoComplete="address-level1"
          className={stateInvalid ? cx(controlBase, controlEdge(true)) : cx(controlBase, controlEdge(false))}
        >
          <option value="">{t('checkout.chooseState')}</option>
          {states.map((state) => (
            <option key={state.abbr} value={state.abbr}>
              {state.name}
            </option>
          ))}
        </select>
      </Field>
      {field('zipCode', 'postal-code', { inputMode: 'numeric', maxLength: '4' })}
      <Field name={prefix + 'country'} label={t('checkout.country')} errors={errors.country}>
        <input type="hidden" name={prefix + 'country'} value="AU" />
        <output id={prefix + 'country'} className="block rounded border border-neutral-200 bg-neutral-100 px-3 py-2.5 text-neutral-800">
          {t('checkout.australia')}
        </output>
      </Field>
      <div className="sm:col-span-2">{field('phoneNumber', 'tel', { type: 'tel', inputMode: 'tel' })}</div>
    </div>
  )
}
