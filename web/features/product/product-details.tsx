import type { Product } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Tabs } from '../../components/ui/tabs.tsx'

/** Description and properties (spec §1) as tabs; both panels are on the page for search engines and no-JS readers. */
export function ProductDetails({ product }: { product: Product }) {
  const { t } = useT()
  const tabs = [{ id: 'description', label: t('product.description'), content: <div className="whitespace-pre-line text-neutral-800">{product.description}</div> }]
  if (product.properties.length > 0) {
    tabs.push({
      id: 'properties',
      label: t('product.properties'),
      content: (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {product.properties.map((property) => (
            <div key={property.name} className="contents">
              <dt className="text-neutral-700">{property.presentation}</dt>
              <dd className="font-medium">{property.value}</dd>
            </div>
          ))}
        </dl>
      ),
    })
  }
  return (
    <div data-testid="details">
      <Tabs items={tabs} label={t('product.details')} />
    </div>
  )
}
