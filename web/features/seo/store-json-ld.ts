import type { Locale } from '#kernel/models.ts'
import { SOCIAL_LINKS, STORE_NAME, localePath } from '#kernel/config.ts'
import { absoluteUrl } from './urls.ts'
import { SCHEMA, type JsonLd } from './json-ld.ts'

/** The store and its search as JSON-LD, for the home page only (home-seo.tsx). */
export function organizationJsonLd(origin: string): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: STORE_NAME,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    sameAs: SOCIAL_LINKS.map((link) => link.href),
  }
}

/** The store and its search box (Google's sitelinks search box reads the SearchAction). */
export function websiteJsonLd(origin: string, locale: Locale): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: STORE_NAME,
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
