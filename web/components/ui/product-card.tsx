import type { ReactNode } from 'react'
import type { ImageStyle } from '#kernel/models.ts'
import { LocalLink } from '../local-link.tsx'
import { Badge, type BadgeTone } from './badge.tsx'
import { cx } from './cx.ts'
import { PriceBlock, type PriceBlockProps } from './price-block.tsx'

/** What a card shows of an image: one size (the grid's) and its alternative text. */
export interface CardImage {
  alt: string
  styles: { desktop: ImageStyle }
}

export interface ProductCardProps {
  href: string
  title: string
  image: CardImage | null
  prices: PriceBlockProps
  badges?: Array<{ tone: BadgeTone; label: string }>
  /** The wishlist heart (a button the wishlist feature renders), placed over the image's corner. */
  heart?: ReactNode
  /** The first cards of a page load eagerly (LCP); the rest lazily. */
  priority?: boolean
  /** Extra text under the price (a stock note). */
  note?: ReactNode
  as?: 'li' | 'div'
  /** The card's element id: the #fragment a heart's post without JavaScript returns to. */
  id?: string
  /** Width in a carousel (carouselItem). */
  className?: string
  /** 'row': the category's list view, image beside the text (a real row, not a wider card). */
  layout?: 'card' | 'row'
}

/**
 * A product in a grid or carousel. The title is the one link, stretched over the whole card, so the card is one tab
 * stop read as the product's name; the heart is a separate button above it, never inside the link.
 */
export function ProductCard({ href, title, image, prices, badges = [], heart, priority = false, note, as: Tag = 'li', id, className, layout = 'card' }: ProductCardProps) {
  const img = image?.styles.desktop
  const row = layout === 'row'
  return (
    <Tag id={id} className={cx('group relative flex', id && 'scroll-mt-4', row ? 'flex-row items-start gap-4 border-b border-neutral-200 pb-4 lg:gap-6' : 'flex-col', className)} data-testid="product-card" data-layout={layout}>
      <div className={cx('card-media', row && 'w-28 shrink-0 sm:w-40')}>
          {img ? (
            <img
              src={img.url}
              width={img.width}
              height={img.height}
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              className="card-img"
            />
          ) : (
            <div className="aspect-product w-full bg-neutral-100" />
          )}
        {badges.length > 0 ? (
          <div className="card-badges">
            {badges.map((badge) => (
              <Badge key={badge.label} tone={badge.tone}>
                {badge.label}
              </Badge>
            ))}
          </div>
        ) : null}
        {heart ? <div className="card-heart">{heart}</div> : null}
      </div>
      <div className={cx('card-body', row ? 'min-w-0 py-1' : 'mt-3')}>
        <h3 className={cx('card-title', row ? 'text-base' : 'text-sm', 'leading-snug')}>
          <LocalLink to={href} prefetch="viewport" className="card-link" title={image?.alt || undefined}>
            {title}
          </LocalLink>
        </h3>
        <PriceBlock {...prices} />
        {note}
      </div>
    </Tag>
  )
}
