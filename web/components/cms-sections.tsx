import { preload } from 'react-dom'
import type { CmsPage, CmsSection, ProductImage } from '#kernel/models.ts'
import { LocalLink } from './local-link.tsx'
import { Carousel, carouselItem } from './ui/carousel.tsx'
import { ProductCard } from './ui/product-card.tsx'
import { buttonClass } from './ui/button.tsx'
import { cx, focusRing } from './ui/cx.ts'
import { CmsPageSeo } from '../features/seo/page-seo.tsx'
import { RichText } from './rich-text.tsx'
import { useT } from '../i18n/index.tsx'

function text(value: unknown) {
  return typeof value === 'string' ? value : ''
}

/**
 * A section image at the width it is shown (the CMS gives 600, 1200 and 1600 px wide styles). The first hero is the
 * page's largest paint: preloaded from the head with the same srcset and sizes, so the browser picks the file for
 * its viewport before it has parsed the body or any script. The others load at low priority: a tile on the first
 * screen would otherwise be raised to high and share the slow link with the hero and the stylesheet.
 */
function SectionImage({ image, sizes, className, priority = false }: { image: ProductImage; sizes: string; className: string; priority?: boolean }) {
  const { mobile, desktop, large } = image.styles
  const srcSet = `${mobile.url} ${mobile.width}w, ${desktop.url} ${desktop.width}w, ${large.url} ${large.width}w`
  if (priority) preload(desktop.url, { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high' })
  return (
    <img
      src={desktop.url}
      srcSet={srcSet}
      sizes={sizes}
      width={desktop.width}
      height={desktop.height}
      alt={image.alt}
      className={className}
      {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, fetchPriority: 'low' as const })}
    />
  )
}

/**
 * A section's call to action. An operator's button text is often generic ('Read more'), which says nothing out of
 * context (WCAG 2.4.4, and search engines' link-text check): `about` (the section's title) then follows it for screen
 * readers and crawlers.
 */
function SectionLink({ section, fallback, className, about }: { section: CmsSection; fallback: string; className: string; about?: string }) {
  if (!section.link) return null
  const label = text(section.content.button_text) || fallback
  return (
    <LocalLink to={section.link} className={className}>
      {label}
      {about && !label.toLowerCase().includes(about.toLowerCase()) ? <span className="sr-only">: {about}</span> : null}
    </LocalLink>
  )
}

const BUTTON = cx(buttonClass('primary'), 'w-max')

function Hero({ section, first }: { section: CmsSection; first: boolean }) {
  const image = section.images?.[0]
  const title = text(section.content.title) || section.name
  return (
    <section className="relative overflow-hidden rounded-lg bg-neutral-900 text-white" data-section="hero_image">
      {image ? <SectionImage image={image} sizes="(min-width: 1240px) 1240px, 100vw" priority={first} className="h-72 w-full object-cover lg:h-[28rem]" /> : null}
      <div className="absolute inset-0 flex flex-col justify-end gap-3 bg-gradient-to-t from-black/75 via-black/30 to-transparent p-6 lg:p-12">
        {first ? <h2 className="max-w-2xl text-3xl font-extrabold lg:text-5xl">{title}</h2> : <h2 className="max-w-2xl text-2xl font-bold lg:text-4xl">{title}</h2>}
        {text(section.content.subtitle) ? <p className="max-w-xl text-lg lg:text-xl">{text(section.content.subtitle)}</p> : null}
        <SectionLink section={section} fallback={title} className={BUTTON} />
      </div>
    </section>
  )
}

function FeaturedArticle({ section }: { section: CmsSection }) {
  const { t } = useT()
  const title = text(section.content.title) || section.name
  return (
    <section className="rounded-lg bg-neutral-50 p-6 lg:p-10" data-section="featured_article">
      <h2 className="text-2xl font-bold text-neutral-900 lg:text-3xl">{title}</h2>
      {text(section.content.subtitle) ? <p className="mt-1 text-lg font-medium text-neutral-600">{text(section.content.subtitle)}</p> : null}
      <RichText html={text(section.content.rte_content)} className="mt-4 max-w-3xl" />
      <SectionLink section={section} fallback={t('cms.readMore')} about={title} className={cx('mt-6', BUTTON)} />
    </section>
  )
}

/** A CMS product carousel: the design system's snap row (plain scrollable list without JavaScript). */
function ProductCarousel({ section }: { section: CmsSection }) {
  const { t } = useT()
  const title = text(section.content.title) || section.name
  const products = section.products ?? []
  if (products.length === 0) return null
  return (
    <div data-section="product_carousel">
      <Carousel
        label={title}
        title={
          <div className="flex items-baseline gap-4">
            <h2 className="text-2xl font-bold text-neutral-900">{title}</h2>
            <SectionLink section={section} fallback={t('cms.viewAll')} about={title} className={cx('inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-2', focusRing)} />
          </div>
        }
      >
        {products.map((product) => (
          <ProductCard
            key={product.id}
            className={carouselItem}
            href={product.link}
            title={product.title}
            image={product.image}
            prices={{ price: product.price, salePrice: product.salePrice, clubPrice: product.clubPrice, from: product.priceFrom }}
            note={product.inStock ? null : t('pages.soldOut')}
          />
        ))}
      </Carousel>
    </div>
  )
}

/** Image gallery (up to three) and side-by-side images (two): captions from the section's title_one…three. */
function Images({ section }: { section: CmsSection }) {
  const images = section.images ?? []
  const gallery = section.type === 'image_gallery'
  const heading = text(section.content.title)
  const captions = [section.content.title_one, section.content.title_two, section.content.title_three].map(text)
  const figures = (
    <div className={cx('grid grid-cols-1 gap-4', gallery ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
      {images.map((image, i) => (
        <figure key={image.styles.desktop.url} className="overflow-hidden rounded-lg bg-neutral-100">
          <SectionImage image={image} sizes={gallery ? '(min-width: 640px) 33vw, 100vw' : '(min-width: 640px) 50vw, 100vw'} className="aspect-[2/1] w-full object-cover" />
          {captions[i] ? <figcaption className="px-3 py-2 text-sm font-medium text-neutral-800">{captions[i]}</figcaption> : null}
        </figure>
      ))}
    </div>
  )
  return (
    <section data-section={section.type} aria-label={heading || section.name}>
      {heading ? <h2 className="mb-4 text-2xl font-bold text-neutral-900">{heading}</h2> : null}
      {section.link ? (
        <LocalLink to={section.link} className={cx('block rounded-lg', focusRing)}>
          {figures}
        </LocalLink>
      ) : (
        figures
      )}
    </section>
  )
}

function Section({ section, first }: { section: CmsSection; first: boolean }) {
  switch (section.type) {
    case 'hero_image':
      return <Hero section={section} first={first} />
    case 'featured_article':
      return <FeaturedArticle section={section} />
    case 'product_carousel':
      return <ProductCarousel section={section} />
    case 'image_gallery':
    case 'side_by_side_images':
      return <Images section={section} />
    case 'rich_text_content':
      return (
        <section data-section="rich_text_content">
          {text(section.content.title) ? <h2 className="mb-3 text-2xl font-bold text-neutral-900">{text(section.content.title)}</h2> : null}
          <RichText html={text(section.content.rte_content)} />
        </section>
      )
  }
}

/** A CMS page's own content (sanitised HTML), then its sections in order (spec §3: six section types). */
export function CmsSections({ page }: { page: CmsPage }) {
  return (
    <div className="space-y-10">
      <RichText html={page.content} />
      {page.cmsSections.map((section, index) => (
        <Section key={`${section.type}-${index}`} section={section} first={index === 0} />
      ))}
    </div>
  )
}

/** A content page: its title as the heading, its sections, or an honest empty state when the CMS has no such page. */
export function CmsArticle({ page, path, fallbackTitle }: { page: CmsPage | null; path?: string; fallbackTitle: string }) {
  const { t } = useT()
  const heading = page?.title ?? fallbackTitle
  return (
    <article className="mx-auto max-w-3xl">
      <CmsPageSeo page={page} path={path} fallbackTitle={heading} />
      <h1 className="mb-6 text-3xl font-bold">{heading}</h1>
      {page ? <CmsSections page={page} /> : <p className="text-neutral-600" data-testid="empty-state">{t('pages.contentEmpty')}</p>}
    </article>
  )
}
