import type { Locale } from '#kernel/models.ts'
import { absoluteUrl } from './urls.ts'
import { scriptJson } from '#kernel/script-json.ts'

/**
 * schema.org structured data (JSON-LD) for Google's rich results: what every kind of page uses (breadcrumbs, plain
 * text, the script's JSON). The store's and a product's own are in store-json-ld.ts and product-json-ld.ts, so each
 * lands in the one page's chunk that renders it, not in the shell every first visit loads.
 */
export type JsonLd = Record<string, unknown>

export const SCHEMA = 'https://schema.org'

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

export function breadcrumbJsonLd(origin: string, locale: Locale, crumbs: Array<{ text: string; link: string }>): JsonLd {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.text, item: absoluteUrl(origin, locale, crumb.link) })),
  }
}

/** JSON for an inline <script type="application/ld+json">: `<` escaped so text can never close the element. */
export function jsonLdScript(data: JsonLd): string {
  return scriptJson(data)
}
