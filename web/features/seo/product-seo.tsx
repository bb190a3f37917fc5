import type { Product } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { useStoreSettings } from '../../state/session/request-info.ts'
import { shopName } from '#kernel/store-settings.ts'
import { SeoHead } from './seo-head.tsx'
import { useOrigin } from './page-seo.tsx'
import { breadcrumbJsonLd } from './json-ld.ts'
import { productJsonLd } from './product-json-ld.ts'

/** A product page: its title, description and image, and the product and its breadcrumb as JSON-LD. */
export function ProductSeo({ product }: { product: Product }) {
  const { locale } = useT()
  const origin = useOrigin()
  const seller = shopName(useStoreSettings())
  const path = `/products/${product.slug}`
  return (
    <SeoHead
      title={product.metaTitle || product.name}
      description={product.metaDescription || product.description}
      path={path}
      image={product.images[0]?.styles.large.url}
      type="product"
      jsonLd={[productJsonLd(origin, locale, product, path, seller), breadcrumbJsonLd(origin, locale, product.breadcrumbs)]}
    />
  )
}
