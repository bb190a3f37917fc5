import type { Locale } from '#kernel/models.ts'
import { localePath } from '#kernel/config.ts'
import { shopName, socialLinks, type StoreSettings } from '#kernel/store-settings.ts'
import { absoluteAsset, absoluteUrl } from './urls.ts'
import { SCHEMA, type JsonLd } from './json-ld.ts'

/**
 * The home page's JSON-LD (the shop and its search box), built by its loader: data in the page, so this code loads
 * with a navigation to the home page, never with a first visit's chunks.
 */
export const homeJsonLd = (origin: string, store: StoreSettings, locale: Locale): JsonLd[] => [organizationJsonLd(origin, store, locale), websiteJsonLd(origin, locale, store)]

/** The shop as its settings describe it (the console's Settings page): only the facts that are set. Home page only. */
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
