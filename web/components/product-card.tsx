import type { ProductCard as ProductCardModel } from '../api/models.ts'
import { useT } from '../i18n/index.tsx'
import { WishlistButton } from '../features/wishlist/wishlist-button.tsx'
import { ProductCard as Card } from './ui/product-card.tsx'
import type { BadgeTone } from './ui/badge.tsx'

/** A catalogue card model on the shared card (web/components/ui/product-card.tsx): badges from its flags, the heart. */
export function ProductCard({ product, priority = false, className, layout }: { product: ProductCardModel; priority?: boolean; className?: string; layout?: 'card' | 'row' }) {
  const { t } = useT()
  const badges: Array<{ tone: BadgeTone; label: string }> = []
  if (!product.inStock) badges.push({ tone: 'soldOut', label: t('badge.soldOut') })
  else if (product.salePrice) badges.push({ tone: 'sale', label: t('badge.sale') })
  if (product.clubPrice) badges.push({ tone: 'club', label: t('badge.club') })
  return (
    <Card
      href={product.link}
      title={product.title}
      image={product.image}
      badges={badges}
      priority={priority}
      className={className}
      layout={layout}
      heart={<WishlistButton productLink={product.link} variantId={product.variantId} name={product.title} />}
      prices={{ price: product.price, salePrice: product.salePrice, clubPrice: product.clubPrice }}
    />
  )
}

export function ProductGrid({ products, view = 'grid' }: { products: ProductCardModel[]; view?: 'grid' | 'list' }) {
  return (
    <ul className={view === 'grid' ? 'grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-3 lg:gap-x-6 xl:grid-cols-4' : 'flex flex-col gap-4'} data-testid="product-grid" data-view={view}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < 2} layout={view === 'list' ? 'row' : 'card'} />
      ))}
    </ul>
  )
}
