import type { Product } from '../../api/models.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { Deferred } from '../../components/deferred.tsx'
import { ProductCarousel } from '../catalogue/product-carousel.tsx'
import { listedCard } from '../../components/product-card.tsx'

const SIMILAR_ITEMS = 12

/** Other products of the product's own category (the breadcrumb's), streamed after the product itself. */
export function SimilarItems({ product, categoryPermalink }: { product: Product; categoryPermalink: string }) {
  const { t, locale } = useT()
  const api = useApi()
  return (
    <Deferred
      id={`similar:${locale}:${product._id}`}
      load={async () => {
        const category = await api.getCategory(categoryPermalink).catch(() => null)
        if (!category) return []
        const list = await api.getProducts({ categoryId: category.id, itemsPerPage: SIMILAR_ITEMS + 1, facets: false }).catch(() => null)
        // cut to what a card reads: the answer is written into the page for hydration
        return (list?.data ?? []).filter((card) => card.id !== product._id).slice(0, SIMILAR_ITEMS).map(listedCard)
      }}
      fallback={<div className="mt-16 h-80" aria-hidden="true" />}
    >
      {(cards) => (cards.length > 0 ? <ProductCarousel title={t('product.similarItems')} products={cards} className="mt-16" testId="similar-items" /> : null)}
    </Deferred>
  )
}
