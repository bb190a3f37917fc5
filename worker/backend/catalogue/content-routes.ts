import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { notFound } from '../shared/errors.ts'
import { bool, Included, inList, jsonApi, pagination, ref, type Resource } from './jsonapi.ts'
import { badParam, readListParams } from './params.ts'
import { loadTaxonRows, taxonResource } from './taxon-data.ts'

/** CMS pages with sections, menus with items, and banners (our extension). Content rows are per locale. */
export const contentRoutes = new Hono<{ Bindings: Env }>()

export const PAGE_TYPES: Record<string, string> = {
  homepage: 'Spree::Cms::Pages::Homepage',
  standard: 'Spree::Cms::Pages::StandardPage',
  feature: 'Spree::Cms::Pages::FeaturePage',
}
const SECTION_TYPES: Record<string, string> = {
  hero_image: 'Spree::Cms::Sections::HeroImage',
  featured_article: 'Spree::Cms::Sections::FeaturedArticle',
  product_carousel: 'Spree::Cms::Sections::ProductCarousel',
  image_gallery: 'Spree::Cms::Sections::ImageGallery',
  side_by_side_images: 'Spree::Cms::Sections::SideBySideImages',
  rich_text_content: 'Spree::Cms::Sections::RichTextContent',
}
const CMS_INCLUDES = ['cms_sections', 'cms_sections.linked_resource'] as const

interface PageRow { id: number; slug: string; locale: string; title: string; content: string | null; type: string; meta_title: string | null; meta_description: string | null }
interface SectionRow { id: number; cms_page_id: number; name: string; type: string; position: number; content: string; settings: string; link: string | null; fit: string; linked_resource_type: string | null; linked_resource_id: number | null; image_one: string | null; image_two: string | null; image_three: string | null }

const parseJson = (text: string) => {
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return {}
  }
}
/** A seeded picture is '/images/cms/<name>' (SVG files per size); one the console uploaded is '/media/cms/<id>' (R2). */
const imageSizes = (base: string | null, name: string) =>
  Object.fromEntries(['sm', 'md', 'lg', 'xl'].map((size) => [`image_${name}_${size}`, !base ? null : base.startsWith('/media/cms/') ? `${base}-${size === 'md' ? 'lg' : size}` : `${base}-${size}.svg`]))

/** One section as the API sends it (also the console's preview of an unsaved draft, worker/admin/cms-preview.tsx). */
export function sectionResource(s: SectionRow): Resource {
  // the Markdown the console keeps beside the HTML is the editor's, not the store's (worker/admin/cms-store.ts)
  const { rte_markdown: _source, ...content } = parseJson(s.content)
  return {
    id: String(s.id),
    type: 'cms_section',
    attributes: {
      name: s.name,
      content,
      settings: parseJson(s.settings),
      link: s.link,
      fit: s.fit,
      type: SECTION_TYPES[s.type] ?? s.type,
      position: s.position,
      ...imageSizes(s.image_one, 'one'),
      ...imageSizes(s.image_two, 'two'),
      ...imageSizes(s.image_three, 'three'),
      is_full_screen: s.fit === 'Screen',
    },
    relationships: { linked_resource: { data: s.linked_resource_type && s.linked_resource_id ? ref(s.linked_resource_type, s.linked_resource_id) : null } },
  }
}

async function pagesDocument(db: D1Database, pages: PageRow[], include: Set<string>, locale: 'en' | 'de') {
  const { results: sections } = await db
    .prepare(`SELECT * FROM cms_sections WHERE cms_page_id IN (${inList(pages.map((p) => p.id))}) ORDER BY cms_page_id, position`)
    .all<SectionRow>()
  const included = new Included()
  if (include.has('cms_sections') || include.has('cms_sections.linked_resource')) sections.forEach((s) => included.add(sectionResource(s)))
  if (include.has('cms_sections.linked_resource')) {
    const taxonIds = sections.filter((s) => s.linked_resource_type === 'taxon').map((s) => s.linked_resource_id!)
    ;(await loadTaxonRows(db, locale, `t.id IN (${inList(taxonIds)})`)).forEach((t) => included.add(taxonResource(t)))
  }
  const data = pages.map<Resource>((p) => ({
    id: String(p.id),
    type: 'cms_page',
    attributes: { title: p.title, content: p.content, locale: p.locale, meta_title: p.meta_title, meta_description: p.meta_description, slug: p.slug, type: PAGE_TYPES[p.type] ?? p.type },
    relationships: { cms_sections: { data: sections.filter((s) => s.cms_page_id === p.id).map((s) => ref('cms_section', s.id)) } },
  }))
  return { data, ...(include.size ? { included: included.list() } : {}) }
}

contentRoutes.get('/cms_pages', async (c) => {
  const url = new URL(c.req.url)
  const params = readListParams(url, { includes: CMS_INCLUDES, filters: ['type', 'title'] })
  const where = ['locale = ?', 'visible = 1']
  const binds: unknown[] = [params.locale]
  const type = params.filters.get('type')
  if (type !== undefined) {
    const normalised = type === 'home' ? 'homepage' : type
    if (!(normalised in PAGE_TYPES)) throw badParam('filter[type]', 'filter[type] must be home, homepage, standard or feature')
    where.push('type = ?')
    binds.push(normalised)
  }
  if (params.filters.has('title')) {
    where.push('title = ?')
    binds.push(params.filters.get('title'))
  }
  const offset = (params.page - 1) * params.perPage
  const db = c.env.DB
  const [count, rows] = await db.batch<{ n?: number } & PageRow>([
    db.prepare(`SELECT count(*) AS n FROM cms_pages WHERE ${where.join(' AND ')}`).bind(...binds),
    db.prepare(`SELECT * FROM cms_pages WHERE ${where.join(' AND ')} ORDER BY id LIMIT ${params.perPage} OFFSET ${offset}`).bind(...binds),
  ])
  const doc = await pagesDocument(db, rows!.results, params.include, params.locale)
  return jsonApi(c, { ...doc, ...pagination(url, params.page, params.perPage, count!.results[0]?.n ?? 0, rows!.results.length) })
})

contentRoutes.get('/cms_pages/:slug', async (c) => {
  const params = readListParams(new URL(c.req.url), { includes: CMS_INCLUDES })
  const slug = c.req.param('slug')
  // Slug first, then id, as the contract says; the page in the asked locale.
  const page = await c.env.DB.prepare(
    `SELECT * FROM cms_pages WHERE locale = ?1 AND visible = 1 AND (slug = ?2 OR (?2 GLOB '[0-9]*' AND id = CAST(?2 AS INTEGER)))
     ORDER BY slug = ?2 DESC LIMIT 1`,
  )
    .bind(params.locale, slug)
    .first<PageRow>()
  if (!page) throw notFound(`There is no page '${slug}'.`)
  const doc = await pagesDocument(c.env.DB, [page], params.include, params.locale)
  return jsonApi(c, { data: doc.data[0]!, ...(doc.included ? { included: doc.included } : {}) })
})

interface MenuRow { id: number; name: string; location: string; locale: string }
interface ItemRow { id: number; menu_id: number; parent_id: number | null; name: string; subtitle: string | null; destination: string | null; new_window: number; item_type: string; code: string | null; lft: number; rgt: number; depth: number }

function itemResource(i: ItemRow, items: ItemRow[]): Resource {
  return {
    id: String(i.id),
    type: 'menu_item',
    attributes: {
      name: i.name, subtitle: i.subtitle, destination: i.destination, new_window: bool(i.new_window), item_type: i.item_type, code: i.code,
      lft: i.lft, rgt: i.rgt, depth: i.depth, link: i.destination, is_container: i.item_type === 'Container',
      is_root: i.parent_id === null, is_child: i.parent_id !== null, is_leaf: i.rgt - i.lft === 1,
    },
    relationships: {
      parent: { data: i.parent_id === null ? null : ref('menu_item', i.parent_id) },
      children: { data: items.filter((x) => x.parent_id === i.id).map((x) => ref('menu_item', x.id)) },
      menu: { data: ref('menu', i.menu_id) },
      icon: { data: null },
      linked_resource: { data: null },
    },
  }
}

async function menusDocument(db: D1Database, menus: MenuRow[], include: Set<string>) {
  const { results: items } = await db.prepare(`SELECT * FROM menu_items WHERE menu_id IN (${inList(menus.map((m) => m.id))}) ORDER BY menu_id, lft`).all<ItemRow>()
  const data = menus.map<Resource>((m) => ({
    id: String(m.id),
    type: 'menu',
    attributes: { name: m.name, location: m.location, locale: m.locale },
    relationships: { menu_items: { data: items.filter((i) => i.menu_id === m.id).map((i) => ref('menu_item', i.id)) } },
  }))
  return { data, ...(include.size ? { included: items.map((i) => itemResource(i, items)) } : {}) }
}

contentRoutes.get('/menus', async (c) => {
  const url = new URL(c.req.url)
  const params = readListParams(url, { includes: ['menu_items'], filters: ['location'] })
  const location = params.filters.get('location')
  if (location !== undefined && location !== 'header' && location !== 'footer') throw badParam('filter[location]', 'filter[location] must be header or footer')
  const { results } = await c.env.DB.prepare(`SELECT * FROM menus WHERE locale = ? AND (?2 IS NULL OR location = ?2) ORDER BY location DESC, id`)
    .bind(params.locale, location ?? null)
    .all<MenuRow>()
  const doc = await menusDocument(c.env.DB, results, params.include)
  return jsonApi(c, { ...doc, ...pagination(url, 1, Math.max(results.length, 1), results.length, results.length) })
})

contentRoutes.get('/menus/:id{[0-9]+}', async (c) => {
  const params = readListParams(new URL(c.req.url), { includes: ['menu_items'] })
  const menu = await c.env.DB.prepare('SELECT * FROM menus WHERE id = ?').bind(Number(c.req.param('id'))).first<MenuRow>()
  if (!menu) throw notFound('There is no such menu.')
  const doc = await menusDocument(c.env.DB, [menu], params.include)
  return jsonApi(c, { data: doc.data[0]!, ...(doc.included ? { included: doc.included } : {}) })
})

/** Our extension: GET /banners?filter[kind]=home|category&filter[taxon]=<permalink> (docs/catalogue-api.md). */
contentRoutes.get('/banners', async (c) => {
  const params = readListParams(new URL(c.req.url), { filters: ['kind', 'taxon'] })
  const kind = params.filters.get('kind') ?? 'home'
  if (kind !== 'home' && kind !== 'category') throw badParam('filter[kind]', 'filter[kind] must be home or category')
  const taxon = params.filters.get('taxon')
  if (kind === 'category' && !taxon) throw badParam('filter[taxon]', 'filter[taxon] is required for category banners')
  const now = new Date().toISOString()
  const { results } = await c.env.DB.prepare(
    `SELECT b.*, t.permalink FROM banners b LEFT JOIN taxons t ON t.id = b.taxon_id
     WHERE b.kind = ?1 AND b.locale = ?2 AND (?3 IS NULL OR t.permalink = ?3)
       AND (b.starts_at IS NULL OR b.starts_at <= ?4) AND (b.ends_at IS NULL OR b.ends_at > ?4)
     ORDER BY b.position, b.id`,
  )
    .bind(kind, params.locale, kind === 'category' ? taxon : null, now)
    .all<{ id: number; kind: string; taxon_id: number | null; title: string; subtitle: string | null; image_url: string; link: string; position: number; permalink: string | null }>()
  return jsonApi(c, {
    data: results.map((b) => ({
      id: String(b.id),
      type: 'banner',
      attributes: { kind: b.kind, title: b.title, subtitle: b.subtitle, image_url: b.image_url, link: b.link, position: b.position, taxon_permalink: b.permalink },
      relationships: { taxon: { data: b.taxon_id === null ? null : ref('taxon', b.taxon_id) } },
    })),
    meta: { count: results.length, total_count: results.length, total_pages: 1 },
  })
})
