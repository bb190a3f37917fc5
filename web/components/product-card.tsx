import type { ProductCard as ProductCardModel } from '../api/models.ts'
import { useT } from '../i18n/index.tsx'
import { LocalLink } from './local-link.tsx'

/** A product in a grid: image (or a placeholder), title, and the price labels of spec §1. */
export function ProductCard({ product }: { product: ProductCardModel }) {
  const { t } = useT()
  return (
    <li className="group" data-testid="product-card">
      <LocalLink to={product.link} className="block">
        {product.image ? (
          <img src={product.image.styles.desktop.url} width={350} height={468} alt={product.image.alt} loading="lazy" className="aspect-[3/4] w-full rounded bg-gray-100 object-cover" />
        ) : (
          <div className="aspect-[3/4] w-full rounded bg-gray-100" role="img" aria-label={product.title} />
        )}
        <h3 className="mt-2 text-sm font-semibold text-gray-900 group-hover:underline">{product.title}</h3>
      </LocalLink>
      <div className="mt-1 text-sm">
        {product.salePrice ? (
          <>
            <span className="font-bold text-red-700">SALE {product.salePrice}</span>{' '}
            <span className="text-gray-500 line-through">RRP: {product.price}</span>
          </>
        ) : (
          <span className="font-semibold">{product.price}</span>
        )}
        {product.clubPrice ? <p className="font-semibold text-primary-700">Club Price: {product.clubPrice}</p> : null}
        {!product.inStock ? <p className="text-gray-500">{t('pages.soldOut')}</p> : null}
      </div>
    </li>
  )
}

export function ProductGrid({ products, view = 'grid' }: { products: ProductCardModel[]; view?: 'grid' | 'list' }) {
  return (
    <ul className={view === 'grid' ? 'grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-4' : 'grid grid-cols-1 gap-6'} data-testid="product-grid">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </ul>
  )
}
