import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Notice, PageHeader, Pager, Table, TextLink, cell, money } from './parts.tsx'

export interface ProductListItem {
  id: number
  name: string
  slug: string
  sku: string
  aud_cents: number | null
  /** The dearest size's price (product_prices.max_cents); above aud_cents when sizes are priced apart. */
  aud_max_cents?: number | null
  stock: number
  variants: number
  discontinue_on: string | null
  deleted_at: string | null
}

export function ProductsPage(props: { products: ProductListItem[]; total: number; page: number; pageSize: number; q: string; notice?: string }) {
  const now = new Date().toISOString()
  return (
    <>
      <PageHeader title="Products">
        <TextLink href="/admin/products/new">New product</TextLink>
        <TextLink href="/admin/products/import">Import (CSV)</TextLink>
        <TextLink href="/admin/products.csv">Export (CSV)</TextLink>
      </PageHeader>
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      <form method="get" action="/admin/products" className="mb-6 flex flex-wrap items-end gap-3" aria-label="Search products">
        <Input id="q" name="q" label="Name, slug or SKU" defaultValue={props.q} frameClassName="w-full max-w-md" />
        <Button type="submit">Search</Button>
      </form>
      <Table caption="Products" head={['Product', 'SKU', 'Price (AUD)', 'In stock', 'Status']}>
        {props.products.map((p) => (
          <tr key={p.id} data-testid="product-row">
            <td className={cell}>
              <TextLink href={`/admin/products/${p.id}`}>{p.name}</TextLink>
              {p.variants ? <span className="block text-neutral-700">{p.variants} variants</span> : null}
            </td>
            <td className={cell}>{p.sku}</td>
            <td className={`${cell} tabular-nums`}>{p.aud_cents !== null && p.aud_max_cents != null && p.aud_max_cents > p.aud_cents ? `${money(p.aud_cents, 'AUD')} – ${money(p.aud_max_cents, 'AUD').replace(/^AUD /, '')}` : money(p.aud_cents, 'AUD')}</td>
            <td className={`${cell} tabular-nums`}>{p.stock}</td>
            <td className={cell}>{p.deleted_at ? <Badge tone="soldOut">Deleted</Badge> : p.discontinue_on && p.discontinue_on <= now ? <Badge tone="soldOut">Discontinued</Badge> : <Badge tone="neutral">On sale</Badge>}</td>
          </tr>
        ))}
      </Table>
      <Pager page={props.page} total={props.total} pageSize={props.pageSize} href={(p) => `/admin/products?${new URLSearchParams({ q: props.q, page: String(p) })}`} />
    </>
  )
}
