import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import type { CollectLocationRow } from '#worker/admin/collect-locations.ts'
import { AlreadySentNotice, ErrorSummary, FormToken, Notice, PageHeader, Panel, Table, TextArea, TextLink, cell, when, type AlreadySent, type FieldErrors, type FormValues } from './parts.tsx'

/**
 * Click & Collect places (issue 40 point 4): plain forms that post and answer 303, each with a one-time key; the
 * English and German texts side by side. The pickup rates offer the active places at checkout at once.
 */

interface Props {
  locations: CollectLocationRow[]
  /** The place being edited; null on the list with its 'New place' form. */
  editing?: CollectLocationRow | null
  notice?: string
  error?: string
  errors?: FieldErrors
  values?: FormValues
  already?: AlreadySent
}

export const locationValues = (l: CollectLocationRow | null): FormValues =>
  l ? { name: l.name, name_de: l.name_de, address: l.address, hours: l.hours, hours_de: l.hours_de, retired: l.retired_at ? 'on' : '' } : {}

function LocationForm({ action, values, errors, submit, editing }: { action: string; values: FormValues; errors?: FieldErrors; submit: string; editing: boolean }) {
  return (
    <form method="post" action={action} aria-label={submit} noValidate>
      <FormToken />
      <div className="grid gap-4 md:grid-cols-2">
        <Input id="name" name="name" label="Name (English)" required defaultValue={values.name ?? ''} error={errors?.name} />
        <Input id="name_de" name="name_de" label="Name (Deutsch)" lang="de" required defaultValue={values.name_de ?? ''} error={errors?.name_de} />
        <TextArea id="address" name="address" label="Address" defaultValue={values.address ?? ''} error={errors?.address} rows={3} hint="One line per line, as the confirmation prints it." />
        <div className="hidden md:block" />
        <TextArea id="hours" name="hours" label="Opening hours (English)" defaultValue={values.hours ?? ''} error={errors?.hours} rows={3} hint="Like: Mon–Fri 9am–5pm, Sat 10am–2pm" />
        <TextArea id="hours_de" name="hours_de" label="Opening hours (Deutsch)" defaultValue={values.hours_de ?? ''} error={errors?.hours_de} rows={3} hint="Zum Beispiel: Mo–Fr 9–17 Uhr, Sa 10–14 Uhr" />
      </div>
      {editing ? <Checkbox id="retired" name="retired" className="mt-2" label="Retired: no longer offered at checkout (orders that name it keep it)" defaultChecked={values.retired === 'on'} /> : null}
      <Button type="submit" className="mt-4">
        {submit}
      </Button>
    </form>
  )
}

export function CollectLocationsPage(props: Props) {
  const { editing } = props
  return (
    <>
      <PageHeader title={editing ? `Place: ${editing.name}` : 'Click & Collect places'}>
        <TextLink href={editing ? '/admin/shipping/locations' : '/admin/shipping'}>{editing ? 'All places' : 'Shipping and tax'}</TextLink>
      </PageHeader>
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <AlreadySentNotice already={props.already} />
      <ErrorSummary errors={props.errors} />
      {editing ? (
        <Panel>
          <LocationForm action={`/admin/shipping/locations/${editing.id}`} values={props.values ?? locationValues(editing)} errors={props.errors} submit="Save the place" editing />
        </Panel>
      ) : (
        <>
          <p className="mb-4 text-sm">A shopper who chooses a Click & Collect rate picks one of the active places; its address and opening hours are on the confirmation, the order page and the ready-for-pickup email.</p>
          <Table caption="Places" head={['Place', 'Address', 'Opening hours', 'State']}>
            {props.locations.map((l) => (
              <tr key={l.id}>
                <td className={cell}>
                  <TextLink href={`/admin/shipping/locations/${l.id}`}>{l.name}</TextLink>
                  <span className="block text-neutral-700" lang="de">
                    {l.name_de}
                  </span>
                </td>
                <td className={`${cell} whitespace-pre-line`}>{l.address}</td>
                <td className={`${cell} whitespace-pre-line`}>
                  {l.hours}
                  <span className="block text-neutral-700" lang="de">
                    {l.hours_de}
                  </span>
                </td>
                <td className={cell}>{l.retired_at ? `Retired ${when(l.retired_at)} (${l.orders} orders)` : `Offered (${l.orders} orders)`}</td>
              </tr>
            ))}
          </Table>
          <Panel title="New place" className="mt-6">
            <LocationForm action="/admin/shipping/locations" values={props.values ?? {}} errors={props.errors} submit="Add the place" editing={false} />
          </Panel>
        </>
      )}
    </>
  )
}
