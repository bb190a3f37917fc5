import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { FormToken, Table, cell, money, type FieldErrors, type FormValues } from './parts.tsx'

/**
 * The order's one refund dialog (worker/admin/quantity-refunds.ts): each line with the units to refund and whether they
 * go back on the shelf, the shipping, a reason, and three buttons: 'Work out the total' shows what it comes to and how
 * it splits over the payments (no JavaScript needed: the page is drawn again with the figures), 'Refund' does it,
 * 'Refund everything' refunds every unit left and the shipping.
 */

export interface DialogLine {
  id: number
  label: string
  units: number
  unitCents: number
}

export interface DialogQuote {
  totalCents: number
  gstCents: number
  shippingCents: number
  shares: Array<{ label: string; cents: number }>
}

export function RefundDialog({ number, currency, lines, shippingLeftCents, quote, values, errors }: { number: string; currency: string; lines: DialogLine[]; shippingLeftCents: number; quote?: DialogQuote; values?: FormValues; errors?: FieldErrors }) {
  if (lines.length === 0 && shippingLeftCents === 0) return null
  return (
    <form method="post" action={`/admin/orders/${number}/refund-units`} className="mt-6 space-y-3" aria-labelledby="refund-units-title">
      <h3 id="refund-units-title" className="font-semibold">
        Refund items
      </h3>
      <p className="text-sm">Choose how many units of each line to refund. Each unit gives back what was paid for it less its share of promotions, split over the order’s payments as they paid, never more than they still hold. The customer is emailed.</p>
      <FormToken />
      {lines.length ? (
        <Table caption="Units to refund" head={['Line', 'Each', 'Units to refund', 'Back in stock']}>
          {lines.map((l) => (
            <tr key={l.id}>
              <td className={cell}>
                {l.label}
                <span className="block text-neutral-700">{`${l.units} left to refund`}</span>
              </td>
              <td className={`${cell} tabular-nums`}>{money(l.unitCents, currency)}</td>
              <td className={cell}>
                <Input id={`qty-${l.id}`} name={`qty-${l.id}`} label={`Units of ${l.label} to refund`} hideLabel type="number" inputMode="numeric" min={0} max={l.units} defaultValue={values?.[`qty-${l.id}`] ?? '0'} error={errors?.[`qty-${l.id}`]} className="w-20" />
              </td>
              <td className={cell}>
                <Checkbox id={`restock-${l.id}`} name={`restock-${l.id}`} label={<span className="sr-only">{`Put the refunded units of ${l.label} back in stock`}</span>} defaultChecked={values ? values[`restock-${l.id}`] === 'on' : true} />
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      {shippingLeftCents > 0 ? <Checkbox id="refund-shipping" name="shipping" label={`Refund the shipping (${money(shippingLeftCents, currency)})`} defaultChecked={values?.shipping === 'on'} /> : null}
      {quote ? (
        <div role="status" className="rounded border border-neutral-300 bg-neutral-50 p-3 text-sm" data-testid="refund-quote">
          <p className="font-semibold">{`Refund total ${money(quote.totalCents, currency)} (GST ${money(quote.gstCents, currency)}${quote.shippingCents ? `, shipping ${money(quote.shippingCents, currency)}` : ''})`}</p>
          <ul aria-label="Refund split">
            {quote.shares.map((s) => (
              <li key={s.label}>{`${s.label}: ${money(s.cents, currency)}`}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Input id="units-reason" name="reason" label="Why is it refunded? (the customer reads this)" defaultValue={values?.reason ?? ''} error={errors?.reason} />
      <Input id="units-password" name="password" type="password" label="Your password, to confirm the refund" autoComplete="current-password" error={errors?.password} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="quote" variant="secondary">
          Work out the total
        </Button>
        <Button type="submit" name="intent" value="refund" variant="danger">
          Refund
        </Button>
        <Button type="submit" name="intent" value="all" variant="danger">
          Refund everything
        </Button>
      </div>
    </form>
  )
}
