import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { Product } from '#kernel/models.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { listedCard } from '../../components/product-card.tsx'

/**
 * The carousel's code (and the carousel's scrolling) loads with the cards, when the section nears the screen: a first
 * view of a product, which most visitors never scroll to the end of, downloads none of it (first-visit JavaScript).
 */
const ProductCarousel = lazy(() => import('../../components/product-carousel.tsx').then((m) => ({ default: m.ProductCarousel })))

const SIMILAR_ITEMS = 12
/** How far below the screen the section starts loading: a fast flick still finds it drawn. */
const LOAD_AHEAD = '0px 0px 600px 0px'

type Card = ReturnType<typeof listedCard>
/** What each product's section showed, so going back to a product draws it again without asking. */
const shown = new Map<string, Card[]>()

/**
 * Other products of the product's own category (the breadcrumb's), loaded when the section comes near the screen, as
 * stores' recommendation blocks do. Rendered on the server, its twelve cards were six SVG pictures more on a first
 * view, each a document the browser parses and lays out on the main thread, for a row most visitors never scroll to
 * (docs/performance.md). The server draws the section's reserved space, so nothing below it moves when it arrives.
 * Without JavaScript there are no similar items; the product, its category and the breadcrumb are all links.
 */
export function SimilarItems({ product, categoryPermalink }: { product: Product; categoryPermalink: string }) {
  const { locale } = useT()
  return <SimilarItemsOf key={`${locale}:${product._id}`} productId={product._id} categoryPermalink={categoryPermalink} />
}

function SimilarItemsOf({ productId, categoryPermalink }: { productId: string; categoryPermalink: string }) {
  const { t, locale } = useT()
  const api = useApi()
  const key = `${locale}:${productId}`
  const [cards, setCards] = useState<Card[] | null>(() => shown.get(key) ?? null)
  const placeholder = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const element = placeholder.current
    if (!element) return
    let live = true
    const load = async () => {
      const category = await api.getCategory(categoryPermalink).catch(() => null)
      const list = category ? await api.getProducts({ categoryId: category.id, itemsPerPage: SIMILAR_ITEMS + 1, facets: false }).catch(() => null) : null
      const found = (list?.data ?? [])
        .filter((card) => card.id !== productId)
        .slice(0, SIMILAR_ITEMS)
        .map(listedCard)
      if (list) shown.set(key, found)
      if (live) setCards(found)
    }
    if (typeof IntersectionObserver === 'undefined') {
      void load()
      return () => {
        live = false
      }
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        void load()
      },
      { rootMargin: LOAD_AHEAD },
    )
    observer.observe(element)
    return () => {
      live = false
      observer.disconnect()
    }
  }, [api, categoryPermalink, key, productId])

  if (cards === null) return <div ref={placeholder} className="mt-16 h-80" aria-hidden="true" data-testid="similar-items-placeholder" />
  return cards.length > 0 ? (
    // the reserved space stays until the carousel's code is in, so nothing below moves twice
    <Suspense fallback={<div className="mt-16 h-80" aria-hidden="true" />}>
      <ProductCarousel title={t('product.similarItems')} products={cards} className="mt-16" testId="similar-items" />
    </Suspense>
  ) : null
}
