// Content of the sample store: CMS pages (en, de), the header and footer menus, banners. Pure data → rows.
import { TAXONOMY_TREE } from './catalogue-data.mjs'
import { PAGES } from './content-pages.mjs'
import { IMAGE_ROOT } from './images.mjs'

const UPDATED_AT = '2025-10-27T00:00:00Z'

/** Every generated scene image, base path → scene kind and hue (see images.mjs sceneImageFiles). */
export const SCENES = {}
const scene = (name, kind, hue) => {
  const base = `${IMAGE_ROOT}/${name}`
  SCENES[base] = { scene: kind, hue }
  return base
}
const ALT_KEYS = ['alt_one', 'alt_two', 'alt_three']
/** The landscape behind each top category's banner. */
const CATEGORY_SCENES = { women: 'coast', kids: 'forest', camping: 'forest', cycling: 'coast', travel: 'coast', sale: 'forest' }

function menuTree(locale) {
  const de = locale === 'de'
  const header = TAXONOMY_TREE.filter((top) => !top.hideFromNav).map((top) => ({
    name: de ? top.de : top.en,
    destination: `/t/${top.slug}`,
    children: top.children.map(([slug, en, deName]) => ({ name: de ? deName : en, destination: `/t/${top.slug}/${slug}` })),
  }))
  const footer = [
    { name: de ? 'Einkaufen' : 'Shop', children: [
      { name: de ? 'Neuheiten' : 'New in', destination: '/t/new-in' },
      { name: 'Sale', destination: '/t/sale' },
      { name: de ? 'Tagesangebot' : 'One day deal', destination: '/t/special-events/one-day-deal' },
      { name: de ? 'Geschenkkarten' : 'Gift cards', destination: '/giftcards' },
    ] },
    { name: de ? 'Hilfe' : 'Help', children: [
      { name: de ? 'Häufige Fragen' : 'FAQs', destination: '/faqs' },
      { name: de ? 'Rückgaben' : 'Returns', destination: '/productreturns' },
      { name: de ? 'Größentabellen' : 'Sizing guides', destination: '/sizingguides' },
      { name: de ? 'Kontakt' : 'Contact us', destination: '/contactus' },
    ] },
    { name: de ? 'Über uns' : 'About', children: [
      { name: de ? 'Über uns' : 'About us', destination: '/aboutus' },
      { name: de ? 'Datenschutz' : 'Privacy policy', destination: '/privacypolicy' },
      { name: de ? 'AGB' : 'Terms and conditions', destination: '/termsandconditions' },
    ] },
  ]
  return { header, footer }
}

function buildMenus(rows) {
  let menuId = 0
  let itemId = 0
  for (const locale of ['en', 'de']) {
    const trees = menuTree(locale)
    for (const [location, name] of [['header', 'Main menu'], ['footer', 'Footer menu']]) {
      const id = ++menuId
      rows.menus.rows.push([id, name, location, locale])
      // Nested set numbering, depth-first; the root is an invisible container as in Spree.
      let counter = 0
      const visit = (node, parentId, depth) => {
        const nodeId = ++itemId
        const row = [nodeId, id, parentId, node.name, null, node.destination ?? null, 0, node.destination ? 'Link' : 'Container', null, ++counter, 0, depth]
        rows.menu_items.rows.push(row)
        for (const child of node.children ?? []) visit(child, nodeId, depth + 1)
        row[10] = ++counter
      }
      visit({ name: name, children: trees[location] }, null, 0)
    }
  }
}

function buildPages(rows, taxonIds) {
  // above the ids the reference data's draft pages take (kv-seed/reference.mjs), so the two never meet
  let pageId = 100
  let sectionId = 0
  for (const page of PAGES) {
    for (const locale of ['en', 'de']) {
      const text = page[locale]
      const id = ++pageId
      rows.cms_pages.rows.push([id, page.slug, locale, text.title, text.content ?? null, page.type, text.title, text.metaDescription ?? null, UPDATED_AT])
      ;(page.sections ?? []).forEach((section, position) => {
        const s = section[locale]
        const images = (section.images ?? []).map((img) => scene(img.base, img.scene, img.hue))
        // Each image's alt text in the section's language (content.alt_one …), read by the content mapper.
        const alts = Object.fromEntries((section.images ?? []).map((img, i) => [ALT_KEYS[i], img.alt[locale === 'de' ? 1 : 0]]))
        const taxonId = section.taxon ? taxonIds.get(section.taxon) : null
        rows.cms_sections.rows.push([
          ++sectionId, id, s.name, section.type, position + 1, JSON.stringify({ ...s.content, ...alts }), JSON.stringify(section.settings ?? {}),
          section.link ?? null, 'Screen', taxonId ? 'taxon' : null, taxonId ?? null, images[0] ?? null, images[1] ?? null, images[2] ?? null,
        ])
      })
    }
  }
}

function buildBanners(rows, taxonIds) {
  let id = 0
  const home = [
    ['Join the Club', 'Club members save 30-70% on branded gear', 'Jetzt Club-Mitglied werden', 'Club-Mitglieder sparen 30-70 % auf Markenartikel', '/login', 30, 'mountains'],
    ['Free returns within 30 days', 'Changed your mind? Send it back for free.', 'Kostenlose Rückgabe innerhalb von 30 Tagen', 'Anders entschieden? Die Rücksendung ist kostenlos.', '/productreturns', 200, 'coast'],
    ['Wednesday one day deal', 'A new deal every Wednesday', 'Tagesangebot am Mittwoch', 'Jeden Mittwoch ein neues Angebot', '/t/special-events/one-day-deal', 10, 'forest'],
  ]
  home.forEach(([en, enSub, de, deSub, link, hue, kind], position) => {
    const image = `${scene(`banners/home-${position + 1}`, kind, hue)}-lg.svg`
    rows.banners.rows.push([++id, 'home', null, 'en', en, enSub, image, link, position, null, null])
    rows.banners.rows.push([++id, 'home', null, 'de', de, deSub, image, link, position, null, null])
  })
  TAXONOMY_TREE.filter((top) => !top.hideFromNav && top.slug !== 'gift-cards').forEach((top, i) => {
    const image = `${scene(`banners/category-${top.slug}`, CATEGORY_SCENES[top.slug] ?? 'mountains', (i * 47) % 360)}-lg.svg`
    const taxonId = taxonIds.get(top.slug)
    rows.banners.rows.push([++id, 'category', taxonId, 'en', `${top.en}: new season`, `Fresh ${top.en.toLowerCase()} gear for the season ahead`, image, `/t/${top.slug}`, 0, null, null])
    rows.banners.rows.push([++id, 'category', taxonId, 'de', `${top.de}: neue Saison`, `Neue Ausrüstung für die kommende Saison`, image, `/t/${top.slug}`, 0, null, null])
  })
}

/** CMS pages, sections, menus and banners; `taxonIds` maps permalinks to the catalogue's taxon ids. */
export function generateContent(taxonIds) {
  const rows = {
    cms_pages: { columns: ['id', 'slug', 'locale', 'title', 'content', 'type', 'meta_title', 'meta_description', 'updated_at'], rows: [] },
    cms_sections: { columns: ['id', 'cms_page_id', 'name', 'type', 'position', 'content', 'settings', 'link', 'fit', 'linked_resource_type', 'linked_resource_id', 'image_one', 'image_two', 'image_three'], rows: [] },
    menus: { columns: ['id', 'name', 'location', 'locale'], rows: [] },
    menu_items: { columns: ['id', 'menu_id', 'parent_id', 'name', 'subtitle', 'destination', 'new_window', 'item_type', 'code', 'lft', 'rgt', 'depth'], rows: [] },
    banners: { columns: ['id', 'kind', 'taxon_id', 'locale', 'title', 'subtitle', 'image_url', 'link', 'position', 'starts_at', 'ends_at'], rows: [] },
  }
  buildMenus(rows)
  buildPages(rows, taxonIds)
  buildBanners(rows, taxonIds)
  return rows
}
