import type { Locale } from '#kernel/models.ts'
import { LOCALES, localePath, splitLocalePath } from '#kernel/config.ts'

/**
 * The query parameters that make a different page worth indexing. Everything else is noise for a search engine:
 * tracking (`utm_*`, `gclid`, `ac`), view and sort choices, filters, and page 1 (the default).
 */
function canonicalQuery(search: string): string {
  const params = new URLSearchParams(search)
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 1 ? `?page=${page}` : ''
}

/** The locale-free path of a page as search engines should know it: `/de/t/men?sort=name&page=2` → `/t/men?page=2`. */
export function canonicalPath(location: { pathname: string; search: string }): string {
  const { path } = splitLocalePath(location.pathname)
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path
  return clean + canonicalQuery(location.search)
}

/** An absolute URL of a locale-free path in one language: (`https://s.test`, 'de', '/t/men') → `https://s.test/de/t/men`. */
export function absoluteUrl(origin: string, locale: Locale, path: string): string {
  const [pathname = '/', query] = path.split('?')
  return origin + localePath(locale, pathname) + (query ? `?${query}` : '')
}

/** An image or asset URL made absolute (CMS and catalogue images are site paths). */
export function absoluteAsset(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : origin + (url.startsWith('/') ? url : `/${url}`)
}

/** hreflang alternates of a page: one per locale, and x-default (English, the store's default). */
export function alternates(origin: string, path: string): Array<{ hrefLang: string; href: string }> {
  return [...LOCALES.map((locale) => ({ hrefLang: locale, href: absoluteUrl(origin, locale, path) })), { hrefLang: 'x-default', href: absoluteUrl(origin, 'en', path) }]
}
