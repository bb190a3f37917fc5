import type { ProductCard as ProductCardModel } from '../api/models.ts'
import { useT } from '../i18n/index.tsx'
import { WishlistButton } from '../features/wishlist/wishlist-button.tsx'
import { ProductCard as Card, type CardImage } from './ui/product-card.tsx'
import type { BadgeTone } from './ui/badge.tsx'

/** What a card (and the list's analytics event) reads of a product: a listing's loader sends only this to the page. */
export type ListedCard = Pick<ProductCardModel, 'id' | 'title' | 'slug' | 'link' | 'price' | 'salePrice' | 'clubPrice' | 'priceFrom' | 'inStock' | 'variantId'> & { image: CardImage | null }

/**
 * A card model cut to what the card renders. The loader's answer is written into the page for hydration, so the
 * image sizes a card never shows (mobile, large) would be sent again for every one of 48 cards.
 */
export function listedCard({ id, title, slug, link, price, salePrice, clubPrice, priceFrom, inStock, variantId, image }: ProductCardModel): ListedCard {
  return { id, title, slug, link, price, salePrice, clubPrice, priceFrom, inStock, variantId, image: image ? { alt: image.alt, styles: { desktop: image.styles.desktop } } : null }
}

/** A catalogue card model on the shared card (web/components/ui/product-card.tsx): badges from its flags, the heart. */
export function ProductCard({ product, priority = false, className, layout }: { product: ListedCard; priority?: boolean; className?: string; layout?: 'card' | 'row' }) {
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
      prices={{ price: product.price, salePrice: product.salePrice, clubPrice: product.clubPrice, from: product.priceFrom }}
    />
  )
}

export function ProductGrid({ products, view = 'grid' }: { products: ListedCard[]; view?: 'grid' | 'list' }) {
  return (
    <ul className={view === 'grid' ? 'grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-3 lg:gap-x-6 xl:grid-cols-4' : 'flex flex-col gap-4'} data-testid="product-grid" data-view={view}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < 2} layout={view === 'list' ? 'row' : 'card'} />
      ))}
    </ul>
  )
}
