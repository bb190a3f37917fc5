import type { CmsPage, CmsSection, Menu, MenuItem, ProductImage } from '#kernel/models.ts'
import type { Deserialized, JsonApiResource } from './jsonapi.ts'
import { safeLink } from '#kernel/safe-link.ts'
import { CMS_IMAGE_SIZES } from '#kernel/config.ts'
import { sanitizeHtml } from './sanitize-html.ts'

/** JSON:API menus and CMS pages → the Menu and CmsPage models of spec §3. */

const MENU_NAMES = { header: 'Main menu', footer: 'Footer menu' } as const

/** The menu named for its location ('Main menu', 'Footer menu'), else the first at that location; none → disabled. */
export function mapMenu(doc: Deserialized<JsonApiResource[]>, location: 'header' | 'footer'): Menu {
  const menus = doc.data.filter((m) => m.attributes.location === location)
  const menu = menus.find((m) => m.attributes.name === MENU_NAMES[location]) ?? menus[0]
  if (!menu) return { items: [], isDisabled: true }
  const items = doc.related(menu, 'menu_items')
  const toItem = (item: JsonApiResource): MenuItem => ({
    label: String(item.attributes.name),
    link: linkOf(item) ?? '',
    items: childrenOf(item),
  })
  // a stored link that is not a site path or http(s) address ('/\evil.com', 'javascript:…') is never rendered:
  // its item (and what hangs under it) is left out; an item without a link (a footer heading) stays
  const linkOf = (item: JsonApiResource) => {
    const raw = item.attributes.link ?? item.attributes.destination ?? ''
    return raw === '' ? '' : safeLink(raw)
  }
  const childrenOf = (item: JsonApiResource): MenuItem[] => {
    const ids = new Set(doc.refs(item, 'children').map((r) => r.id))
    return items
      .filter((i) => ids.has(i.id) && linkOf(i) !== null)
      .sort((a, b) => Number(a.attributes.lft) - Number(b.attributes.lft))
      .map(toItem)
  }
  // Spree menus hang everything under one root container, which is not shown.
  const root = items.find((i) => i.attributes.is_root || i.attributes.depth === 0)
  return { items: root ? childrenOf(root) : [], isDisabled: false }
}

const SECTION_TYPES: Record<string, CmsSection['type']> = {
  'Spree::Cms::Sections::HeroImage': 'hero_image',
  'Spree::Cms::Sections::FeaturedArticle': 'featured_article',
  'Spree::Cms::Sections::ProductCarousel': 'product_carousel',
  'Spree::Cms::Sections::ImageGallery': 'image_gallery',
  'Spree::Cms::Sections::SideBySideImages': 'side_by_side_images',
  'Spree::Cms::Sections::RichTextContent': 'rich_text_content',
}
const PAGE_TYPES: Record<string, CmsPage['type']> = {
  'Spree::Cms::Pages::Homepage': 'homepage',
  'Spree::Cms::Pages::StandardPage': 'standard',
  'Spree::Cms::Pages::FeaturePage': 'feature',
}

/** Section images: Spree's image_{one,two,three}_{sm,md,lg,xl} → our three styles (sm, lg, xl). */
function sectionImages(a: Record<string, any>, alt: string): ProductImage[] {
  return (['one', 'two', 'three'] as const)
    .filter((n) => a[`image_${n}_lg`] || a[`image_${n}_md`] || a[`image_${n}_sm`])
    .map((n) => {
      const url = (size: string) => String(a[`image_${n}_${size}`] ?? a[`image_${n}_lg`] ?? a[`image_${n}_md`] ?? a[`image_${n}_sm`])
      return {
        // The seed writes a real description per image (content.alt_one …); Spree's image titles are the fallback.
        alt: String(a.content?.[`alt_${n}`] ?? a.content?.[`title_${n}`] ?? a.content?.title ?? alt),
        styles: {
          mobile: { url: url('sm'), ...CMS_IMAGE_SIZES.mobile },
          desktop: { url: url('lg'), ...CMS_IMAGE_SIZES.desktop },
          large: { url: url('xl'), ...CMS_IMAGE_SIZES.large },
        },
      }
    })
}

/** A CMS page without its carousel products (those depend on the currency and are resolved per request). */
export function mapCmsPage(doc: Deserialized<JsonApiResource>): { page: CmsPage; carouselTaxons: Array<string | null> } {
  const page = doc.data
  const a = page.attributes
  const sections = doc.related(page, 'cms_sections').sort((x, y) => Number(x.attributes.position) - Number(y.attributes.position))
  const carouselTaxons: Array<string | null> = []
  const cmsSections = sections
    .filter((s) => SECTION_TYPES[s.attributes.type] !== undefined)
    .map((s): CmsSection => {
      const type = SECTION_TYPES[s.attributes.type]!
      const linked = doc.refs(s, 'linked_resource')[0]
      const content = { ...((s.attributes.content ?? {}) as Record<string, unknown>) }
      // Rich text is HTML: only its sanitised form leaves the server (the browser renders it as markup).
      if (typeof content.rte_content === 'string') content.rte_content = sanitizeHtml(content.rte_content)
      carouselTaxons.push(type === 'product_carousel' && linked?.type === 'taxon' ? linked.id : null)
      return {
        type,
        name: String(s.attributes.name ?? ''),
        content,
        settings: (s.attributes.settings ?? {}) as Record<string, unknown>,
        // a section's button: a site path or an http(s) URL, else none
        link: safeLink(s.attributes.link),
        images: sectionImages(s.attributes, String(s.attributes.name ?? '')),
      }
    })
  return {
    page: {
      title: String(a.title ?? ''),
      slug: String(a.slug ?? ''),
      content: sanitizeHtml(String(a.content ?? '')),
      type: PAGE_TYPES[a.type] ?? 'standard',
      cmsSections,
      metaTitle: a.meta_title ?? null,
      metaDescription: a.meta_description ?? null,
    },
    carouselTaxons,
  }
}
