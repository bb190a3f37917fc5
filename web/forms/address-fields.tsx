import { useState } from 'react'
import { useEnhanced } from '../components/ui/use-enhanced.ts'
import type { Address, Country } from '#kernel/models.ts'
import { DEFAULT_COUNTRY } from '#kernel/config.ts'
import { STATE_COUNTRIES } from '#kernel/destinations.ts'
import { useT } from '../i18n/index.tsx'
import { Field } from './field.tsx'
import type { FieldErrors } from './address-validation.ts'
import { controlBase, controlEdge, cx } from '../components/ui/cx.ts'
import { SelectChevron, selectControl } from '../components/ui/select.tsx'

type Values = Partial<Record<keyof Address, string | null | boolean>>

/**
 * The §3 address fields for the store's destinations (Australia and the zones abroad). Without JavaScript the state
 * list holds every country's states (values `AU-VIC`, `US-CA`; only the chosen country's counts, and countries without
 * states leave it empty); with JavaScript it shows only the chosen country's states, or nothing. `prefix` names the
 * fields (`billing.firstName`) when a form holds more than one address; `idPrefix` only their ids, when a page holds
 * more than one such form (the account's address book: a new address and the one being edited).
 */
export function AddressFields({ prefix = '', idPrefix = '', values, errors, countries }: { prefix?: string; idPrefix?: string; values?: Values | null; errors: FieldErrors; countries: Country[] }) {
  const { t } = useT()
  const value = (key: keyof Address) => String(values?.[key] ?? '')
  const initialCountry = value('country') || DEFAULT_COUNTRY
  const [country, setCountry] = useState(initialCountry)
  // the first render matches the server's (every state list); the filtered list comes once the page is interactive
  const enhanced = useEnhanced()
  const field = (key: keyof Address, autoComplete: string, extra: Record<string, string> = {}) => (
    <Field key={key} name={prefix + key} id={idPrefix + prefix + key} label={t(`checkout.${key}` as 'checkout.firstName')} errors={errors[key]} defaultValue={value(key)} autoComplete={autoComplete} {...extra} />
  )
  const invalid = (key: string) => Boolean(errors[key]?.length)
  const control = (key: string) => cx(controlBase, controlEdge(invalid(key)))
  const id = (key: string) => idPrefix + prefix + key
  const withStates = countries.filter((c) => c.states.length > 0 && (!enhanced || c.iso === country))
  const state = value('state')
  const showState = !enhanced || STATE_COUNTRIES.includes(country)
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field('firstName', 'given-name')}
      {field('lastName', 'family-name')}
      <div className="sm:col-span-2">{field('company', 'organization')}</div>
      <div className="sm:col-span-2">{field('addressLine1', 'address-line1')}</div>
      <div className="sm:col-span-2">{field('apartment', 'address-line2')}</div>
      {field('city', 'address-level2')}
      {field('zipCode', 'postal-code', { maxLength: '10' })}
      <Field name={prefix + 'country'} id={id('country')} label={t('checkout.country')} errors={errors.country}>
        <div className="relative">
        <select
          id={id('country')}
          name={prefix + 'country'}
          defaultValue={initialCountry}
          onChange={(event) => setCountry(event.currentTarget.value)}
          aria-invalid={invalid('country') || undefined}
          aria-describedby={invalid('country') ? `${id('country')}-error` : undefined}
          autoComplete="country"
          className={cx(control('country'), selectControl)}
          data-testid={id('country')}
        >
          {countries.map((c) => (
            <option key={c.iso} value={c.iso}>
              {c.label}
            </option>
          ))}
        </select>
        <SelectChevron />
        </div>
      </Field>
      {showState ? (
        <Field name={prefix + 'state'} id={id('state')} label={enhanced ? t('checkout.state') : t('checkout.stateWhereNeeded')} errors={errors.state}>
          <div className="relative">
          <select
            id={id('state')}
            name={prefix + 'state'}
            key={enhanced ? country : 'all'}
            defaultValue={state ? `${initialCountry}-${state}` : ''}
            aria-invalid={invalid('state') || undefined}
            aria-describedby={invalid('state') ? `${id('state')}-error` : undefined}
            autoComplete="address-level1"
            className={cx(control('state'), selectControl)}
          >
            <option value="">{t('checkout.chooseState')}</option>
            {withStates.map((c) => (
              <optgroup key={c.iso} label={c.label}>
                {c.states.map((s) => (
                  <option key={s.abbr} value={`${c.iso}-${s.abbr}`}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <SelectChevron />
          </div>
        </Field>
      ) : null}
      <div className="sm:col-span-2">{field('phoneNumber', 'tel', { type: 'tel', inputMode: 'tel' })}</div>
    </div>
  )
}
