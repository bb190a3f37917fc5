import { Checkbox } from '../../components/ui/checkbox.tsx'
import { Form } from 'react-router'
import type { Address, Country } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink, useLocalPath } from '../../components/local-link.tsx'
import { AddressFields } from '../../forms/address-fields.tsx'
import { msgText } from './messages.ts'
import { FormStatus, SubmitButton, useFormResult } from './fields.tsx'

interface Props {
  /** The store's destinations with their states (checkout's list: an address saved here can be picked there). */
  countries: Country[]
  /** The address being edited; none for a new one. */
  address?: Address
  /** Where the form posts and Cancel goes (the page without ?edit). */
  pagePath: string
}

/**
 * The address fields of spec §3 for every destination, the same fields and rules as checkout's (AddressFields,
 * validateAddress): add (intent add-address) or edit in place (update-address).
 */
export function AddressForm({ countries, address, pagePath }: Props) {
  const { t } = useT()
  const local = useLocalPath()
  const intent = address ? 'update-address' : 'add-address'
  const result = useFormResult([intent], address?._id)
  const errors = Object.fromEntries(Object.entries(result?.errors ?? {}).map(([field, message]) => [field, [msgText(t, message) ?? '']]))
  const idPrefix = address ? `address-${address._id}-` : 'new-address-'
  return (
    <Form method="post" action={local(pagePath)} noValidate className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" data-testid={address ? 'edit-address-form' : 'add-address-form'}>
      <h2 className="text-lg font-semibold">{address ? t('account.updateAddress') : t('account.addAddress')}</h2>
      {address ? <input type="hidden" name="id" value={address._id} /> : null}
      <AddressFields idPrefix={idPrefix} values={result?.values ?? address} errors={errors} countries={countries} />
      {address ? null : (
        <Checkbox id={`${idPrefix}isDefault`} name="isDefault" label={t('account.makeDefault')} />
      )}
      <div className="flex items-center gap-4">
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
