import { TextLink, when } from './parts.tsx'

/**
 * A packing slip to print and put in the parcel: the order number, where it goes, and what is in it (SKU, product,
 * size, units). No prices: the parcel may be a gift, and the tax invoice went by email. Printed from the browser's own
 * Print (no script): the links around it are left off the paper.
 */

export interface SlipLine {
  sku: string | null
  label: string
  quantity: number
}

export interface SlipView {
  number: string
  placedAt: string | null
  /** 'Parcel 2 of order R…', or what is left to send. */
  title: string
  shipTo: { name: string; company: string | null; lines: string[]; country: string; phone: string } | null
  /** The shipping method (and, for a parcel, its carrier and tracking number). */
  via: string
  lines: SlipLine[]
}

// the console's links and the page's frame are not printed; the slip keeps black on white with no margins of its own
const PRINT_CSS =
  '@media print { .slip-screen-only { display: none !important; } body { background: #fff !important; } .slip { border: 0 !important; padding: 0 !important; max-width: none !important; } }'

export function PackingSlipPage({ slip }: { slip: SlipView }) {
  const units = slip.lines.reduce((n, l) => n + l.quantity, 0)
  return (
    <>
      <style>{PRINT_CSS}</style>
      <main className="mx-auto max-w-3xl p-4 sm:p-8">
        <p className="slip-screen-only mb-4 flex flex-wrap gap-4 text-sm">
          <TextLink href={`/admin/orders/${slip.number}`}>Back to order {slip.number}</TextLink>
          <span>Print it with your browser’s Print (Ctrl+P or ⌘P).</span>
        </p>
        <article className="slip rounded-md border border-neutral-300 bg-white p-6" aria-labelledby="slip-title">
          <h1 id="slip-title" className="text-2xl font-bold">
            Packing slip · order {slip.number}
          </h1>
          <p className="mb-4 text-sm">
            {slip.title} · placed {when(slip.placedAt)} · {slip.via}
          </p>
          <section aria-label="Ship to" className="mb-6">
            <h2 className="mb-1 font-semibold">Ship to</h2>
            {slip.shipTo ? (
              <address className="not-italic">
                {[slip.shipTo.name, slip.shipTo.company, ...slip.shipTo.lines, slip.shipTo.country, slip.shipTo.phone].filter(Boolean).map((line, i) => (
                  <span key={i} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              <p>Picked up in store.</p>
            )}
          </section>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="mb-2 text-left font-semibold">
              In this parcel: {units} unit{units === 1 ? '' : 's'}
            </caption>
            <thead>
              <tr className="border-b border-neutral-900">
                <th scope="col" className="py-2 pr-3">
                  SKU
                </th>
                <th scope="col" className="py-2 pr-3">
                  Item
                </th>
                <th scope="col" className="py-2 text-right">
                  Qty
                </th>
                <th scope="col" className="py-2 pl-3 text-right">
                  Packed
                </th>
              </tr>
            </thead>
            <tbody>
              {slip.lines.map((l, i) => (
                <tr key={i} className="border-b border-neutral-300" data-testid="slip-line">
                  <td className="py-2 pr-3 font-mono">{l.sku ?? '–'}</td>
                  <td className="py-2 pr-3">{l.label}</td>
                  <td className="py-2 text-right tabular-nums">{l.quantity}</td>
                  <td className="py-2 pl-3 text-right">☐</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      </main>
    </>
  )
}
