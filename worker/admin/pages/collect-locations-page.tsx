import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import type { CollectLocationRow } from '#worker/admin/collect-locations.ts'
import { Outcomes, type Outcome } from './shipping-page.tsx'
import { FormToken, PageHeader, Panel, Table, TextArea, TextLink, cell, when, type FormValues } from './parts.tsx'

/**
 * Click & Collect places (issue 40 point 4): the places, then the form for a new one or for the one opened (it posts
 * and answers 303, with a one-time key); English and German side by side. The pickup rates offer the active places
 * at checkout at once.
 */
export function CollectLocationsPage(props: Outcome & { locations: CollectLocationRow[]; editing: CollectLocationRow | null }) {
  const l = props.editing
  const v: FormValues = props.values ?? (l ? { name: l.name, name_de: l.name_de, address: l.address, hours: l.hours, hours_de: l.hours_de, retired: l.retired_at ? 'on' : '' } : {})
  const text = (name: string, label: string, hint: string) => <TextArea id={name} name={name} label={label} defaultValue={v[name] ?? ''} error={props.errors?.[name]} rows={3} hint={hint} />
  const submit = l ? 'Save the place' : 'Add the place'
  return (
    <>
      <PageHeader title="Click & Collect places">
        <TextLink href="/admin/shipping">Shipping and tax</TextLink>
      </PageHeader>
      <Outcomes {...props} />
      <Table caption="Places" head={['Place', 'Address', 'Opening hours', 'State']}>
        {props.locations.map((p) => (
          <tr key={p.id}>
            <td className={cell}>
              <TextLink href={`/admin/shipping/locations/${p.id}`}>{p.name}</TextLink>
              <span className="block text-neutral-700" lang="de">
                {p.name_de}
              </span>
            </td>
            <td className={`${cell} whitespace-pre-line`}>{p.address}</td>
            <td className={`${cell} whitespace-pre-line`}>{`${p.hours}\n${p.hours_de}`}</td>
            <td className={cell}>{p.retired_at ? `Retired ${when(p.retired_at)}` : 'Offered'}</td>
          </tr>
        ))}
      </Table>
      <Panel title={l ? `Place: ${l.name}` : 'New place'} className="mt-6">
        <form method="post" action={`/admin/shipping/locations${l ? `/${l.id}` : ''}`} aria-label={submit} noValidate>
          <FormToken />
          <div className="grid gap-4 md:grid-cols-2">
            <Input id="name" name="name" label="Name (English)" required defaultValue={v.name ?? ''} error={props.errors?.name} />
            <Input id="name_de" name="name_de" label="Name (Deutsch)" lang="de" required defaultValue={v.name_de ?? ''} error={props.errors?.name_de} />
            {text('address', 'Address', 'One line per line.')}
            <div className="hidden md:block" />
            {text('hours', 'Opening hours (English)', 'Like: Mon–Fri 9am–5pm')}
            {text('hours_de', 'Opening hours (Deutsch)', 'Like: Mo–Fr 9–17 Uhr')}
          </div>
          {l ? <Checkbox id="retired" name="retired" className="mt-2" label="Retired: no longer offered (orders keep it)" defaultChecked={v.retired === 'on'} /> : null}
          <Button type="submit" className="mt-4">
            {submit}
          </Button>
        </form>
      </Panel>
    </>
  )
}
