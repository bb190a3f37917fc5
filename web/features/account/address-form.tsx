import { Form } from 'react-router'
import type { Address, Country } from '../../api/models.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink, useLocalPath } from '../../components/local-link.tsx'
import { Field, FormStatus, SubmitButton, useFormResult } from './fields.tsx'

interface Props {
  states: Country['states']
  /** The address being edited; none for a new one. */
  address?: Address
  /** Where the form posts and Cancel goes (the page without ?edit). */
  pagePath: string
}

/** The address fields of spec §3 for Australia: add (intent add-address) or edit in place (update-address). */
export function AddressForm({ states, address, pagePath }: Props) {
  const { t } = useT()
  const local = useLocalPath()
  const intent = address ? 'update-address' : 'add-address'
  const result = useFormResult([intent], address?._id)
  const errors = result?.errors ?? {}
  const prefix = address ? `address-${address._id}` : 'new-address'
  const value = (name: keyof Address) => result?.values?.[name] ?? (address?.[name] as string | null | undefined) ?? ''
  const field = (name: keyof Address, label: string, autoComplete?: string, type?: string) => (
    <Field form={prefix} name={name} label={label} defaultValue={value(name)} error={errors[name]} autoComplete={autoComplete} type={type} />
  )
  return (
    <Form method="post" action={local(pagePath)} noValidate className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:grid-cols-2" data-testid={address ? 'edit-address-form' : 'add-address-form'}>
      <h2 className="text-lg font-semibold lg:col-span-2">{address ? t('account.updateAddress') : t('account.addAddress')}</h2>
      {address ? <input type="hidden" name="id" value={address._id} /> : null}
      {field('firstName', t('auth.firstName'), 'given-name')}
      {field('lastName', t('auth.lastName'), 'family-name')}
      {field('company', t('account.company'), 'organization')}
      {field('phoneNumber', t('account.phoneNumber'), 'tel', 'tel')}
      {field('addressLine1', t('account.addressLine1'), 'address-line1')}
      {field('apartment', t('account.apartment'), 'address-line2')}
      {field('city', t('account.city'), 'address-level2')}
      {states.length === 0 ? (
        field('state', t('account.state'), 'address-level1')
      ) : (
        <Field form={prefix} name="state" label={t('account.state')} defaultValue={value('state')} error={errors.state}>
          <option value="">{t('account.chooseState')}</option>
          {states.map((s) => (
            <option key={s.abbr} value={s.abbr}>
              {s.name}
            </option>
          ))}
        </Field>
      )}
      {field('zipCode', t('account.zipCode'), 'postal-code')}
      <Field form={prefix} name="country" label={t('account.country')} defaultValue="AU" error={errors.country}>
        <option value="AU">{t('account.australia')}</option>
      </Field>
      {address ? null : (
        <label className="flex items-center gap-2 text-sm lg:col-span-2">
          <input type="checkbox" name="isDefault" /> {t('account.makeDefault')}
        </label>
      )}
      <div className="flex items-center gap-4 lg:col-span-2">
        <SubmitButton value={intent}>{address ? t('account.updateAddress') : t('account.addAddress')}</SubmitButton>
        {address ? (
          <LocalLink to={pagePath} className="underline">
            {t('account.cancel')}
          </LocalLink>
        ) : null}
        <FormStatus result={result} />
      </div>
    </Form>
  )
}
