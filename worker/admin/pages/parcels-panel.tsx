import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { CARRIER_NAMES, OTHER_CARRIER } from '#kernel/tracking.ts'
import type { LineToShip } from '#worker/admin/fulfilment.ts'
import type { Parcel } from '#worker/admin/order-detail.ts'
import { FormToken, TextLink, when, type FieldErrors, type FormValues } from './parts.tsx'

/**
 * The order's parcels (what left, when, with which carrier and tracking link, and its packing slip) and the form that
 * sends the next one: a carrier, its number, and how many units of each line go in it (all that is left, unless
 * changed). worker/admin/fulfilment.ts does the work.
 */
export function ParcelsPanel({
  number,
  parcels,
  lines,
  canShip,
  values,
  errors,
}: {
  number: string
  parcels: Parcel[]
  lines: LineToShip[]
  canShip: boolean
  values?: FormValues
  errors?: FieldErrors
}) {
  const label = (id: number) => lines.find((l) => l.id === id)
  const left = lines.filter((l) => l.left > 0)
  return (
    <>
      {parcels.length ? (
        <ol className="mb-3 space-y-2 text-sm" aria-label="Parcels" data-testid="parcels">
          {parcels.map((p, i) => (
            <li key={p.id}>
              <span className="font-semibold">Parcel {i + 1}</span>, shipped {when(p.created_at)}
              {p.carrier ? ` with ${p.carrier}, tracking ` : ', without tracking'}
              {p.tracking_url ? <TextLink href={p.tracking_url}>{p.tracking_id ?? ''}</TextLink> : (p.tracking_id ?? '')}
              {': '}
              {p.items.map((item) => `${item.quantity} × ${label(item.line_item_id)?.sku ?? label(item.line_item_id)?.label ?? `line ${item.line_item_id}`}`).join(', ')}
              {' · '}
              <TextLink href={`/admin/orders/${number}/packing-slip/${p.id}`}>Packing slip</TextLink>
            </li>
          ))}
        </ol>
      ) : null}
      {canShip && left.length ? (
        <form method="post" action={`/admin/orders/${number}/fulfil`} className="space-y-3" aria-label="Ship this order">
          <FormToken />
          <p className="text-sm">
            <TextLink href={`/admin/orders/${number}/packing-slip`}>Packing slip of what is left to send</TextLink>
          </p>
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Units in this parcel</legend>
            {left.map((l) => (
              <Input
                key={l.id}
                id={`qty-${l.id}`}
                name={`qty-${l.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={l.left}
                label={`${l.label}${l.sku ? ` (${l.sku})` : ''}: ${l.left} of ${l.ordered} left`}
                defaultValue={values?.[`qty-${l.id}`] ?? String(l.left)}
                error={errors?.[`qty-${l.id}`]}
              />
            ))}
          </fieldset>
          <Select id="carrier" name="carrier" label="Carrier" defaultValue={values?.carrier ?? CARRIER_NAMES[0]} error={errors?.carrier}>
            {CARRIER_NAMES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
          <Input id="tracking" name="tracking" label="Tracking number" required defaultValue={values?.tracking ?? ''} error={errors?.tracking} />
          <Input
            id="trackingUrl"
            name="trackingUrl"
            type="url"
            label={`Tracking page (only for ‘${OTHER_CARRIER}’: the link that shows this parcel)`}
            defaultValue={values?.trackingUrl ?? ''}
            error={errors?.trackingUrl}
          />
          <Button type="submit">Mark as shipped and email the customer</Button>
        </form>
      ) : null}
    </>
  )
}
