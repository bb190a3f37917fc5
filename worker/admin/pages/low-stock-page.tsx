import { PageHeader, Pager, Table, TextLink, cell } from './parts.tsx'

/** The variants the dashboard's low-stock tile counts, fewest left first; each links to its product. */
export function LowStockPage(props: { variants: Array<{ id: number; sku: string; name: string; options: string | null; stock_on_hand: number; product_id: number }>; total: number; page: number; pageSize: number; threshold: number }) {
  return (
    <>
      <PageHeader title="Low stock">
        <TextLink href="/admin/stock-alerts">Back-in-stock requests</TextLink>
      </PageHeader>
      <p className="mb-4 text-sm text-neutral-700">{`Variants with ${props.threshold} or fewer left that cannot be backordered.`}</p>
      {props.variants.length === 0 ? (
        <p>Nothing is low on stock.</p>
      ) : (
        <Table caption="Low stock" head={['Product', 'Variant', 'SKU', 'In stock']}>
          {props.variants.map((v) => (
            <tr key={v.id} data-testid="low-stock-row">
              <td className={cell}>
                <TextLink href={`/admin/products/${v.product_id}`}>{v.name}</TextLink>
              </td>
              <td className={cell}>{v.options ?? '–'}</td>
              <td className={cell}>{v.sku}</td>
              <td className={`${cell} tabular-nums`}>{v.stock_on_hand}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={props.page} total={props.total} pageSize={props.pageSize} href={(p) => `/admin/low-stock?page=${p}`} />
    </>
  )
}
