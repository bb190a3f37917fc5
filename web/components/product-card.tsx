import { useLocation } from 'react-router'
import type { ProductCard as ProductCardModel } from '#kernel/models.ts'
import { useT } from '../i18n/index.tsx'
import { WishlistButton } from './wishlist-button.tsx'
import { ProductCard as Card, type CardImage } from './ui/product-card.tsx'
import type { BadgeTone } from './ui/badge.tsx'
import { cx } from './ui/cx.ts'
import { wishNoticeOf } from '#kernel/wish-notice.ts'

/**
 * What a card (and the list's analytics event) reads of a product: a listing's loader sends only this to the page.
 * It is written into the HTML for hydration once per card (48 on a category page), so a value that is the common
 * case is left out rather than sent as null or false, and the address is built from the slug (always
 * /products/{slug}, worker/commerce/catalogue-mappers.ts).
 */
export interface ListedCard {
  id: string
  title: string
  slug: string
  price: string
  salePrice?: string
  clubPrice?: string
  priceFrom?: true
  soldOut?: true
  variantId?: string
  image?: CardImage
}

/** A card model cut to what the card renders (one image size: a card never shows mobile or large). */
export function listedCard({ id, title, slug, price, salePrice, clubPrice, priceFrom, inStock, variantId, image }: ProductCardModel): ListedCard {
  // undefined is left out of the JSON (and costs less browser code than conditional spreads: loaders run there too)
  const desktop = image?.styles.desktop
  return { id, title, slug, price, salePrice: salePrice || undefined, clubPrice: clubPrice || undefined, priceFrom: priceFrom || undefined, soldOut: !inStock || undefined, variantId: variantId || undefined, image: image && desktop ? { alt: image.alt, styles: { desktop } } : undefined }
}

/**
 * A catalogue card model on the shared card (web/components/ui/product-card.tsx): badges from its flags, the heart.
 * The card's id is `{anchor}-{product id}` (one list of cards per anchor on a page): without JavaScript its heart's
 * post returns to this page at this card, which then says under its prices what was done (wish-notice.ts).
 */
export function ProductCard({ product, priority = false, className, layout, anchor = 'product' }: { product: ListedCard; priority?: boolean; className?: string; layout?: 'card' | 'row'; anchor?: string }) {
  const { t } = useT()
  const { search } = useLocation()
  const badges: Array<{ tone: BadgeTone; label: string }> = []
  const link = `/products/${product.slug}`
  const id = `${anchor}-${product.id}`
  const notice = wishNoticeOf(search, product.variantId)
  if (product.soldOut) badges.push({ tone: 'soldOut', label: t('badge.soldOut') })
  else if (product.salePrice) badges.push({ tone: 'sale', label: t('badge.sale') })
  if (product.clubPrice) badges.push({ tone: 'club', label: t('badge.club') })
  return (
    <Card
      href={link}
      title={product.title}
      image={product.image ?? null}
      badges={badges}
      priority={priority}
      className={className}
      layout={layout}
      id={id}
      heart={<WishlistButton productLink={link} variantId={product.variantId} name={product.title} anchor={id} />}
      note={
        notice ? (
          <p role="status" className={cx('text-sm font-semibold', notice === 'saved' ? 'text-success-700' : 'text-neutral-700')} data-testid="wish-notice">
            {t(notice === 'saved' ? 'product.wishlistAdded' : 'product.wishlistRemoved')}
          </p>
        ) : null
      }
      prices={{ price: product.price, salePrice: product.salePrice, clubPrice: product.clubPrice, from: product.priceFrom }}
    />
  )
}

export function ProductGrid({ products, view = 'grid' }: { products: ListedCard[]; view?: 'grid' | 'list' }) {
  return (
    <ul className={view === 'grid' ? 'cv-rest grid grid-cols-2 gap-x-4 gap-y-8 lg:grid-cols-3 lg:gap-x-6 xl:grid-cols-4' : 'flex flex-col gap-4'} data-testid="product-grid" data-view={view}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} priority={index < 2} layout={view === 'list' ? 'row' : 'card'} />
      ))}
    </ul>
  )
}
