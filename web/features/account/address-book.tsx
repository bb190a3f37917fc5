import { Form, useSearchParams } from 'react-router'
import type { Address, Country } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink, useLocalPath } from '../../components/local-link.tsx'
import { AddressForm } from './address-form.tsx'
import { FormStatus, useFormResult } from './fields.tsx'
import { buttonClass } from '../../components/ui/button.tsx'

const SMALL_BUTTON = buttonClass('secondary', 'sm')

function AddressCard({ address, countries, pagePath }: { address: Address; countries: Country[]; pagePath: string }) {
  const { t } = useT()
  const local = useLocalPath()
  return (
    <li className="rounded-xl bg-white p-5 text-sm shadow-sm ring-1 ring-neutral-200" data-testid="saved-address">
      {address.isDefault ? <span className="mb-2 inline-block rounded bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-700" data-testid="default-marker">{t('account.defaultAddress')}</span> : null}
      <p className="font-semibold">
        {address.firstName} {address.lastName}
      </p>
      {address.company ? <p>{address.company}</p> : null}
      <p>
        {address.addressLine1}
        {address.apartment ? `, ${address.apartment}` : ''}
      </p>
      <p>
        {[address.city, address.state, address.zipCode].filter(Boolean).join(' ')}
      </p>
      <p>{countries.find((c) => c.iso === address.country)?.label ?? address.country}
      </p>
      <p>{address.phoneNumber}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <LocalLink to={`${pagePath}?edit=${encodeURIComponent(address._id)}`} className={SMALL_BUTTON}>
          {t('account.edit')}
        </LocalLink>
        {address.isDefault ? null : (
          <Form method="post" action={local(pagePath)}>
            <input type="hidden" name="id" value={address._id} />
            <button type="submit" name="intent" value="default-address" className={SMALL_BUTTON}>
              {t('account.makeDefault')}
            </button>
          </Form>
        )}
        <Form method="post" action={local(pagePath)}>
          <input type="hidden" name="id" value={address._id} />
          <button type="submit" name="intent" value="delete-address" className={SMALL_BUTTON}>
            {t('account.delete')}
          </button>
        </Form>
      </div>
    </li>
  )
}

/** Saved addresses (shipping, billing and saved-address pages): list with the default marked, edit in place, add. */
export function AddressBook({ addresses, countries, pagePath }: { addresses: Address[]; countries: Country[]; pagePath: string }) {
  const { t } = useT()
  const [search] = useSearchParams()
  const listResult = useFormResult(['default-address', 'delete-address', 'update-address'])
  const failedUpdate = useFormResult(['update-address'])
  const editing = failedUpdate && !failedUpdate.ok ? failedUpdate.id : search.get('edit')
  return (
    <div className="space-y-6">
      <FormStatus result={listResult?.intent === 'update-address' && !listResult.ok ? undefined : listResult} />
      {addresses.length === 0 ? (
        <p className="text-neutral-600" data-testid="empty-state">
          {t('account.noAddresses')}
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {addresses.map((address) =>
            address._id === editing ? (
              <li key={address._id} className="lg:col-span-2">
                <AddressForm countries={countries} address={address} pagePath={pagePath} />
              </li>
            ) : (
              <AddressCard key={address._id} address={address} countries={countries} pagePath={pagePath} />
            ),
          )}
        </ul>
      )}
      <AddressForm key={addresses.length} countries={countries} pagePath={pagePath} />
    </div>
  )
}
