import { useId } from 'react'
import { ProductCard, type ListedCard } from './product-card.tsx'
import { LocalLink } from './local-link.tsx'
import { Carousel, carouselItem } from './ui/carousel.tsx'
import { cx, focusRing } from './ui/cx.ts'

/** Product cards on the shared carousel (a scroll-snap row without JavaScript), with a heading and a 'View all' link. */
export function ProductCarousel({ title, products, link, className, testId }: { title: string; products: ListedCard[]; link?: { to: string; label: string }; className?: string; testId?: string }) {
  const headingId = useId()
  if (products.length === 0) return null
  return (
    <div className={className} data-testid={testId ?? 'product-carousel'}>
      <Carousel
        label={title}
        title={
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <h2 id={headingId} className="text-2xl font-bold text-neutral-900">
              {title}
            </h2>
            {link ? (
              <LocalLink to={link.to} className={cx('inline-flex min-h-11 items-center rounded-sm text-sm font-semibold text-primary-700 underline underline-offset-2 hover:text-primary-800', focusRing)}>
                {link.label}
              </LocalLink>
            ) : null}
          </div>
        }
      >
        {products.map((product) => (
          <ProductCard key={product.id} product={product} className={carouselItem} anchor={testId ?? 'product-carousel'} />
        ))}
      </Carousel>
    </div>
  )
}
