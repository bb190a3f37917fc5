import type { Locale, Product } from '#kernel/models.ts'
import { absoluteAsset, absoluteUrl } from './urls.ts'
import { plainText, SCHEMA, type JsonLd } from './json-ld.ts'

// A product as JSON-LD, for the product page only (product-seo.tsx).

function availability(product: Product, now: Date): string {
  if (product.discontinue_on && new Date(product.discontinue_on) <= now) return `${SCHEMA}/Discontinued`
  if (product.inStock) return `${SCHEMA}/InStock`
  if (product.variants.some((v) => v.backorderable)) return `${SCHEMA}/BackOrder`
  return `${SCHEMA}/OutOfStock`
}

/** One price, or (sizes priced differently) an AggregateOffer from the cheapest size to the dearest. */
function offerPrice(product: Product) {
  const prices = product.variants.map((v) => v.price.current)
  const low = prices.length ? Math.min(...prices) : product.price.current
  const high = prices.length ? Math.max(...prices) : product.price.current
  if (high === low) return { '@type': 'Offer', price: low.toFixed(2) }
  return { '@type': 'AggregateOffer', lowPrice: low.toFixed(2), highPrice: high.toFixed(2), offerCount: prices.length }
}

/** A product with its offer in the currency the page shows (what a guest pays, GST included). */
export function productJsonLd(origin: string, locale: Locale, product: Product, path: string, seller: string, now = new Date()): JsonLd {
  const brand = product.properties.find((p) => p.name.toLowerCase() === 'brand')?.value
  const url = absoluteUrl(origin, locale, path)
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: plainText(product.description) || product.name,
    url,
    sku: product.variants[0]?.sku ?? product._id,
    productID: product._id,
    image: product.images.map((image) => absoluteAsset(origin, image.styles.large.url)),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    offers: {
      ...offerPrice(product),
      url,
      priceCurrency: product.currency,
      availability: availability(product, now),
      itemCondition: `${SCHEMA}/NewCondition`,
      seller: { '@type': 'Organization', name: seller },
    },
  }
}
