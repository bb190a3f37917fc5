import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { CARRIERS } from '#kernel/tracking.ts'
import type { BulkOutcome } from '#worker/admin/bulk-fulfil.ts'
import type { OrderListItem } from './orders-page.tsx'
import { FormToken, Notice, TextLink, cell, type FieldErrors, type FormValues } from './parts.tsx'

/**
 * Bulk fulfilment on the orders list (worker/admin/bulk-fulfil.ts): the list's table inside one form, a tick box and
 * a tracking number on every order that can still be shipped, one carrier above. Plain HTML: no script.
 */

export interface BulkView {
  outcomes?: BulkOutcome[]
  error?: string
  errors?: FieldErrors
  values?: FormValues
}

/** Posted, not picked up in store, nothing of it sent yet (a part-shipped order goes parcel by parcel on its page). */
export const canShip = (o: OrderListItem) => !o.canceled_at && (o.shipment_state ?? 'pending') === 'pending' && o.pickup !== 1

export function BulkForm({ show, query, values, errors, children }: { show: boolean; query: string; values?: FormValues; errors?: FieldErrors; children: ReactNode }) {
  if (!show) return <>{children}</>
  return (
    <form method="post" action={`/admin/orders/fulfil${query ? `?${query}` : ''}`} aria-label="Ship the ticked orders">
      <FormToken />
      <fieldset className="mb-4 grid gap-3 rounded-md border border-neutral-200 bg-white p-4 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold">Ship several orders at once: tick them, type each one’s tracking number</legend>
        <Select id="bulk-carrier" name="carrier" label="Carrier" defaultValue={values?.carrier ?? CARRIERS[0]!.name} error={errors?.carrier}>
          {CARRIERS.map((c) => (
            <option key={c.name}>{c.name}</option>
          ))}
        </Select>
        <div className="flex items-end">
          <Checkbox id="bulk-untracked" name="untracked" label="Mark shipped without tracking numbers" defaultChecked={values?.untracked === 'on'} />
        </div>
        <div className="flex items-end">
          <Button type="submit">Ship the ticked orders</Button>
        </div>
      </fieldset>
      {children}
    </form>
  )
}

export function BulkCells({ order, values }: { order: OrderListItem; values?: FormValues }) {
  if (!canShip(order)) {
    return (
      <>
        <td className={cell} />
        <td className={cell} />
      </>
    )
  }
  return (
    <>
      <td className={cell}>
        <Checkbox id={`ship-${order.number}`} name={`ship-${order.number}`} label={<span className="sr-only">Ship {order.number}</span>} defaultChecked={values?.[`ship-${order.number}`] === 'on'} />
      </td>
      <td className={cell}>
        <Input
          id={`tracking-${order.number}`}
          name={`tracking-${order.number}`}
          label={`Tracking number of ${order.number}`}
          hideLabel
          defaultValue={values?.[`tracking-${order.number}`] ?? ''}
          className="min-w-[10rem]"
        />
      </td>
    </>
  )
}

/** What a bulk submission did, order by order. */
export function BulkOutcomes({ outcomes }: { outcomes?: BulkOutcome[] }) {
  if (!outcomes?.length) return null
  const shipped = outcomes.filter((o) => o.shipped).length
  return (
    <Notice tone={shipped === outcomes.length ? 'success' : 'error'}>
      <p>
        {shipped} of {outcomes.length} order{outcomes.length === 1 ? '' : 's'} shipped.
      </p>
      <ul className="mt-2 list-disc pl-5 font-normal" data-testid="bulk-outcomes">
        {outcomes.map((o) => (
          <li key={o.number}>
            <TextLink href={`/admin/orders/${o.number}`}>{o.number}</TextLink>: {o.shipped ? '' : 'not shipped. '}
            {o.said}
          </li>
        ))}
      </ul>
    </Notice>
  )
}
