import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import type { ProductImage } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Icon } from '../../components/icons.tsx'
import { buttonClass } from '../../components/ui/button.tsx'
import { cx, focusRing } from '../../components/ui/cx.ts'
import { DESKTOP_BREAKPOINT_PX, LAYOUT_MAX_WIDTH_PX } from '#kernel/config.ts'

/**
 * How wide the main image shows (the `sizes` of its srcset): the screen less the page's 16 px margins on phones; on
 * desktop the product page's first column, 7 of 12 parts of the page less the 48 px gap, at most the layout's width.
 */
const PAGE_MARGINS = 32
const COLUMN_GAP = 48
const column = (width: string) => `calc((${width} - ${PAGE_MARGINS + COLUMN_GAP}px) * 7 / 12)`
export const GALLERY_SIZES = `(min-width: ${LAYOUT_MAX_WIDTH_PX}px) ${column(`${LAYOUT_MAX_WIDTH_PX}px`)}, (min-width: ${DESKTOP_BREAKPOINT_PX}px) ${column('100vw')}, calc(100vw - ${PAGE_MARGINS}px)`

/**
 * The §9 styles of the main image's 3:4 crop (the 240 px mobile style is the square thumbnail's), with the `sizes`
 * that picks between them. A drawing is one SVG file for every style: no srcset then, as one file at any width needs
 * no choosing.
 */
export const galleryResponsive = ({ styles }: ProductImage): { srcSet?: string; sizes?: string } =>
  styles.desktop.url === styles.large.url ? {} : { srcSet: `${styles.desktop.url} ${styles.desktop.width}w, ${styles.large.url} ${styles.large.width}w`, sizes: GALLERY_SIZES }

/**
 * A thumbnail's picture. A drawing (SVG) is its slide's own file, cropped square by the box: the browser then parses,
 * lays out and paints one image document for both, on the main thread, where each SVG picture is a document of its
 * own (a product page started twelve, 15-25 ms each at 1x CPU; docs/performance.md). A photo keeps its small square
 * style, which is fewer bytes than the slide.
 */
export const thumbnailUrl = ({ styles }: ProductImage) => (/\.svg(\?|$)/.test(styles.large.url) ? styles.large.url : styles.mobile.url)

/** A slide's id: the arrows and thumbnails link to it (`#gallery-slide-2`), so they work without JavaScript. */
const slideId = (i: number) => `gallery-slide-${i + 1}`
const ARROW = cx(buttonClass('secondary', 'icon'), 'absolute top-1/2 -translate-y-1/2 border-0 bg-white/90 shadow')

/**
 * The chosen colour's images. The slides are a scroll-snap row, so swiping works with or without JavaScript. The
 * arrows and thumbnails are links to a slide (as CSS-only carousels do): without JavaScript, or tapped before the
 * client has started, the browser scrolls the row to it; each slide carries its own previous/next arrows, so they
 * point at its neighbours without script. With JavaScript they, and the arrow keys, scroll the row smoothly instead
 * (no jump of the page, no history entry), and the row reports where it is (also where an early tap left it).
 * `key` it by colour so a new colour starts on its first image. The first slide is the page's largest paint (high
 * priority); the other slides and the thumbnails load at low priority, or the browser would raise those on the first
 * screen to high and they would share the slow link with it.
 */
export function Gallery({ images, name }: { images: ProductImage[]; name: string }) {
  const { t } = useT()
  const track = useRef<HTMLUListElement>(null)
  const [index, setIndex] = useState(0)
  const count = images.length

  useEffect(() => {
    const row = track.current
    if (!row) return
    const onScroll = () => setIndex(Math.round(row.scrollLeft / Math.max(1, row.clientWidth)))
    // a slide chosen before the client started (a link the browser followed) is where the row is now
    onScroll()
    row.addEventListener('scroll', onScroll, { passive: true })
    return () => row.removeEventListener('scroll', onScroll)
  }, [])

  const go = (next: number) => {
    const target = (next + count) % count
    const row = track.current
    if (row) row.scrollTo({ left: target * row.clientWidth, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })
    setIndex(target)
  }
  /** A link to slide `to`, followed by script: the row scrolls, the page and its address stay. */
  const show = (to: number) => ({
    href: `#${slideId((to + count) % count)}`,
    onClick: (event: MouseEvent) => {
      event.preventDefault()
      go(to)
    },
  })
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1)
    else if (event.key === 'ArrowLeft') go(index - 1)
    else return
    event.preventDefault()
  }

  if (count === 0) return <div className="aspect-product w-full rounded-lg bg-neutral-100" role="img" aria-label={name} data-testid="gallery" />
  return (
    <section aria-roledescription="carousel" aria-label={t('product.gallery', { name })} className="min-w-0" data-testid="gallery" onKeyDown={onKey}>
      <div className="relative">
        <ul ref={track} className={cx('scroll-row flex snap-x snap-mandatory overflow-x-auto rounded-lg bg-neutral-100', focusRing)} tabIndex={0} aria-label={t('product.galleryImages')} data-testid="gallery-track">
          {images.map((image, i) => (
            <li key={image.styles.large.url} id={slideId(i)} className="relative w-full shrink-0 snap-center scroll-mt-4" aria-roledescription="slide" aria-label={t('product.imageOf', { n: i + 1, count })}>
              <img
                src={image.styles.large.url}
                {...galleryResponsive(image)}
                width={image.styles.large.width}
                height={image.styles.large.height}
                alt={image.alt}
                className="aspect-product w-full object-cover"
                {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, fetchPriority: 'low' as const })}
                data-testid={i === index ? 'gallery-current' : undefined}
              />
              {count > 1 ? (
                // only the shown slide's arrows are in the tab order and the accessibility tree (one pair, as before)
                <span {...(i === index ? {} : { 'aria-hidden': true })}>
                  <a {...show(i - 1)} tabIndex={i === index ? undefined : -1} className={cx(ARROW, 'left-3')} aria-label={t('product.previousImage')} data-testid="gallery-previous">
                    <Icon name="chevron-left" className="h-5 w-5" />
                  </a>
                  <a {...show(i + 1)} tabIndex={i === index ? undefined : -1} className={cx(ARROW, 'right-3')} aria-label={t('product.nextImage')} data-testid="gallery-next">
                    <Icon name="chevron-right" className="h-5 w-5" />
                  </a>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {count > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto" aria-label={t('product.thumbnails')} data-testid="gallery-thumbnails">
          {images.map((image, i) => (
            <li key={image.styles.mobile.url} className="shrink-0">
              <a
                {...show(i)}
                aria-current={i === index ? 'true' : undefined}
                aria-label={t('product.showImage', { n: i + 1 })}
                className={cx('block w-16 overflow-hidden rounded border-2 lg:w-20', i === index ? 'border-neutral-900' : 'border-transparent hover:border-neutral-400', focusRing)}
              >
                <img src={thumbnailUrl(image)} width={image.styles.mobile.width} height={image.styles.mobile.height} alt="" loading="lazy" fetchPriority="low" className="aspect-square w-full object-cover" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
