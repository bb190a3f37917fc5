import type { Locale, Product } from '#kernel/models.ts'
import { localePath } from '#kernel/config.ts'
import { shopName, socialLinks, type StoreSettings } from '#kernel/store-settings.ts'
import { absoluteAsset, absoluteUrl } from './urls.ts'
import { scriptJson } from '#kernel/script-json.ts'

/** schema.org structured data (JSON-LD) for Google's rich results: products, breadcrumbs, the store, its search. */
export type JsonLd = Record<string, unknown>

const SCHEMA = 'https://schema.org'

/** Rich text and descriptions as plain text: tags dropped, whitespace collapsed, at most `max` characters. */
export function plainText(html: string, max = 5000): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

/** The shop as its settings describe it (the console's Settings page): only the facts that are set. */
export function organizationJsonLd(origin: string, store: StoreSettings, locale: Locale): JsonLd {
  const optional = (key: string, value: unknown) => (value ? { [key]: value } : {})
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: shopName(store),
    ...optional('legalName', store.legalName),
    url: `${origin}/`,
    logo: store.logoUrl ? absoluteAsset(origin, store.logoUrl) : `${origin}/favicon.svg`,
    ...optional('description', store.description[locale]),
    ...optional('email', store.supportEmail),
    ...optional('telephone', store.phone),
    ...optional('address', store.address.replace(/\s*\n\s*/g, ', ')),
    ...optional('taxID', store.abn),
    sameAs: socialLinks(store).map((link) => link.href),
  }
}

/** The store and its search box (Google's sitelinks search box reads the SearchAction). */
export function websiteJsonLd(origin: string, locale: Locale, store: Pick<StoreSettings, 'name'>): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: shopName(store),
    url: absoluteUrl(origin, locale, '/'),
    inLanguage: locale,
    publisher: { '@id': `${origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}${localePath(locale, '/Category')}?term={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }
}

export function breadcrumbJsonLd(origin: string, locale: Locale, crumbs: Array<{ text: string; link: string }>): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.text, item: absoluteUrl(origin, locale, crumb.link) })),
  }
}

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

/** JSON for an inline <script type="application/ld+json">: `<` escaped so text can never close the element. */
export function jsonLdScript(data: JsonLd): string {
  return scriptJson(data)
}
