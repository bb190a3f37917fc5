import type { WaitingAlertRow } from '../stock-alerts-data.ts'
import { PageHeader, Table, TextLink, cell } from './parts.tsx'

/** Back-in-stock requests waiting per size, most asked for first; each links to its product to restock it. */
export function StockAlertsPage({ rows }: { rows: WaitingAlertRow[] }) {
  const total = rows.reduce((sum, r) => sum + r.confirmed, 0)
  return (
    <>
      <PageHeader title="Back-in-stock requests" />
      <p className="mb-4 text-sm text-neutral-700">
        {`${total} confirmed ${total === 1 ? 'request waits' : 'requests wait'}. Each is emailed once, in the language it was asked in, when its size's stock goes above 0 (a count saved here, a CSV import or a restock).`}
      </p>
      {rows.length === 0 ? (
        <p>No one is waiting for a size.</p>
      ) : (
        <Table caption="Waiting requests per size" head={['Product', 'Size', 'In stock', 'Confirmed', 'Not yet confirmed', 'Oldest request']}>
          {rows.map((r) => (
            <tr key={r.variant_id} data-testid="stock-alert-row">
              <td className={cell}>
                <TextLink href={`/admin/products/${r.product_id}`}>{r.name}</TextLink>
              </td>
              <td className={cell}>{r.options ?? 'One size'}</td>
              <td className={`${cell} tabular-nums`}>{r.stock_on_hand}</td>
              <td className={`${cell} tabular-nums`}>{r.confirmed}</td>
              <td className={`${cell} tabular-nums`}>{r.unconfirmed}</td>
              <td className={cell}>{r.oldest.slice(0, 10)}</td>
            </tr>
          ))}
        </Table>
      )}
    </>
  )
}
