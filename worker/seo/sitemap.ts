import type { Locale } from '#kernel/models.ts'
import { LOCALES } from '#kernel/config.ts'
import { absoluteUrl, alternates } from '#web/features/seo/urls.ts'
import { cmsPagePath } from '#web/routes/static-pages.ts'
import type { SitemapEntry } from '#worker/backend/catalogue/sitemap-data.ts'
import type { SitemapSource } from './sitemap-source.ts'

/** Products are read and written in slices, so a 50,000-URL file streams instead of being built in memory. */
const PRODUCT_SLICE = 5_000

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'

function escapeXml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

/** W3C date (what sitemaps accept) from the database's ISO timestamps. */
function lastmod(value: string | null) {
  return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? `<lastmod>${escapeXml(value.slice(0, 10))}</lastmod>` : ''
}

function urlElement(origin: string, locale: Locale, entry: SitemapEntry) {
  const links = alternates(origin, entry.path)
    .map((alt) => `<xhtml:link rel="alternate" hreflang="${alt.hrefLang}" href="${escapeXml(alt.href)}"/>`)
    .join('')
  return `<url><loc>${escapeXml(absoluteUrl(origin, locale, entry.path))}</loc>${lastmod(entry.lastmod)}${links}</url>\n`
}

/** Home, the CMS pages and every category: the few URLs before the products. */
async function fixedEntries(source: SitemapSource, locale: Locale): Promise<SitemapEntry[]> {
  const [pages, categories] = await Promise.all([source.cmsPages(locale), source.categories()])
  return [{ path: '/', lastmod: null }, ...pages.map((page) => ({ path: cmsPagePath(page.slug), lastmod: page.lastmod })), ...categories]
}

/** How many files each locale needs. */
export async function sitemapCount(source: SitemapSource): Promise<number> {
  const [fixed, products] = await Promise.all([fixedEntries(source, 'en'), source.countProducts()])
  return Math.max(1, Math.ceil((fixed.length + products) / source.perFile))
}

/** `/sitemap.xml`: one sitemap per locale and part. */
export async function sitemapIndex(source: SitemapSource, origin: string): Promise<string> {
  const count = await sitemapCount(source)
  const entries = LOCALES.flatMap((locale) => Array.from({ length: count }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${locale}-${i + 1}.xml`)}</loc></sitemap>\n`))
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`
}

/**
 * One locale's part `part` (1-based): URLs number (part-1)·perFile up to part·perFile of [fixed pages…, products…].
 * Returns null for a part that does not exist. Streams: the first bytes leave before the last products are read.
 */
export async function sitemapPart(source: SitemapSource, origin: string, locale: Locale, part: number): Promise<ReadableStream<Uint8Array> | null> {
  const [fixed, total] = await Promise.all([fixedEntries(source, locale), source.countProducts()])
  const start = (part - 1) * source.perFile
  const end = Math.min(start + source.perFile, fixed.length + total)
  if (part < 1 || (part > 1 && start >= end)) return null
  const encoder = new TextEncoder()
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
  const write = async () => {
    const writer = writable.getWriter()
    try {
      await writer.write(encoder.encode(`${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`))
      const head = fixed.slice(start, end)
      if (head.length) await writer.write(encoder.encode(head.map((entry) => urlElement(origin, locale, entry)).join('')))
      for (let offset = Math.max(0, start - fixed.length); offset < end - fixed.length; offset += PRODUCT_SLICE) {
        const limit = Math.min(PRODUCT_SLICE, end - fixed.length - offset)
        const products = await source.products(offset, limit)
        await writer.write(encoder.encode(products.map((entry) => urlElement(origin, locale, entry)).join('')))
      }
      await writer.write(encoder.encode('</urlset>\n'))
      await writer.close()
    } catch (error) {
      await writer.abort(error)
      throw error
    }
  }
  void write().catch((error) => console.error('sitemap', locale, part, error))
  return readable
}
