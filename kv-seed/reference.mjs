// The reference data every shop needs (issue 40 point 2, decision 0030), loaded by `npm run setup` with or without the
// sample: the countries and states checkout offers, the store row (empty settings for the console's checklist to ask
// for), the legal pages as drafts to edit and publish, and an empty header and footer menu in each language.
// Shipping zones, their rates and the GST rule per zone (console 'Shipping and tax', migration 0330): the migrations
// already write today's rates (0010, 0170, 0280) and 0330 groups them into these zones; the statements below write
// the same zones and rates into a store that has no zone at all, and never re-add one the shop changed or removed.
// Every statement is idempotent: running them again over any store changes nothing.
import { generateCountries } from './countries.mjs'
import { sqlValue } from './sql.mjs'
import { sizeGuideStatements } from './size-guides.mjs'

const UPDATED_AT = '2026-01-01T00:00:00Z'
const p = (...paragraphs) => paragraphs.map((text) => `<p>${text}</p>`).join('')

/** The legal pages a shop must publish (slug → English and German draft); the shop writes its own text before publishing. */
export const LEGAL_PAGES = {
  'privacy-policy': {
    en: { title: 'Privacy policy', content: p('Draft: say what personal information the shop collects, why, how long it keeps it, who receives it (payment, delivery and mail providers) and how a customer asks for a copy or its deletion.') },
    de: { title: 'Datenschutz', content: p('Entwurf: Beschreiben Sie, welche personenbezogenen Daten der Shop erhebt, wozu, wie lange er sie speichert, wer sie erhält (Zahlungs-, Versand- und E-Mail-Dienste) und wie Kundinnen und Kunden Auskunft oder Löschung verlangen.') },
  },
  'terms-and-conditions': {
    en: { title: 'Terms and conditions', content: p('Draft: name the seller (legal name, ABN, address), how a contract is made, prices and GST, payment, delivery, returns and warranties.') },
    de: { title: 'Allgemeine Geschäftsbedingungen', content: p('Entwurf: Nennen Sie den Verkäufer (Firmenname, ABN, Anschrift), wie ein Vertrag zustande kommt, Preise und GST, Zahlung, Lieferung, Rückgabe und Gewährleistung.') },
  },
  'product-returns': {
    en: { title: 'Returns', content: p('Draft: say within how many days an item can be returned, in what condition, who pays the return postage and when the refund is made.') },
    de: { title: 'Rückgaben', content: p('Entwurf: Geben Sie an, innerhalb wie vieler Tage ein Artikel zurückgegeben werden kann, in welchem Zustand, wer das Rückporto trägt und wann erstattet wird.') },
  },
}

/** The menus every storefront reads (location, locale → name); empty until the shop adds items. */
export const MENUS = [
  ['header', 'en', 'Main menu'], ['footer', 'en', 'Footer menu'],
  ['header', 'de', 'Main menu'], ['footer', 'de', 'Footer menu'],
]

const list = (values) => values.map(sqlValue).join(', ')

const EU = 'AT,BE,BG,CY,CZ,DE,DK,EE,ES,FI,FR,GR,HR,HU,IE,IT,LT,LU,LV,MT,NL,PL,PT,RO,SE,SI,SK'
// [name, German name, code, AUD, USD, free from AUD, free from USD, pickup, days min, days max]
const intl = (zone, standard, express) => [
  ['International Standard', 'International Standard', `intl_standard_${zone}`, ...standard],
  ['International Express', 'International Express', `intl_express_${zone}`, ...express],
]
/**
 * The zones and rates a shop starts with (docs/checkout.md 'Delivery abroad'): GST included in Australia, a GST-free
 * export everywhere else. code → zone.
 */
export const SHIPPING_ZONES = [
  { code: 'au', name: 'Australia', name_de: 'Australien', gst_included: 1, countries: 'AU', rates: [
    ['Standard', 'Standard', 'standard', 995, 695, 10000, 7000, 0, 2, 6],
    ['Express', 'Express', 'express', 1995, 1395, null, null, 0, 1, 3],
    ['Click & Collect', 'Click & Collect', 'click_collect', 0, 0, null, null, 1, 1, 2],
  ] },
  { code: 'nz', name: 'New Zealand', name_de: 'Neuseeland', gst_included: 0, countries: 'NZ', rates: intl('nz', [1995, 1295, 25000, 16500, 0, 5, 10], [3495, 2295, null, null, 0, 2, 5]) },
  { code: 'us', name: 'United States', name_de: 'Vereinigte Staaten', gst_included: 0, countries: 'US', rates: intl('us', [2995, 1995, 40000, 26500, 0, 7, 14], [5995, 3995, null, null, 0, 3, 6]) },
  { code: 'gb', name: 'United Kingdom', name_de: 'Vereinigtes Königreich', gst_included: 0, countries: 'GB', rates: intl('gb', [3495, 2295, 40000, 26500, 0, 7, 14], [6495, 4295, null, null, 0, 3, 6]) },
  { code: 'eu', name: 'European Union', name_de: 'Europäische Union', gst_included: 0, countries: EU, rates: intl('eu', [3995, 2595, 40000, 26500, 0, 8, 15], [6995, 4595, null, null, 0, 4, 7]) },
]

/**
 * The zones, their countries and rates, written only into a store without any zone (a shop's own are left alone).
 * The zones go in first with a negative position, which marks them as being set up: their countries and rates are
 * added only while it is negative, and the last statement makes it positive. An interrupted run is finished by the
 * next; a finished one is never repeated, so a rate the shop deleted is not added back.
 */
function shippingStatements() {
  const statements = [
    `INSERT INTO shipping_zones (code, name, name_de, gst_included, position)
     SELECT * FROM (VALUES ${SHIPPING_ZONES.map((z, i) => `(${list([z.code, z.name, z.name_de, z.gst_included, -(i + 1)])})`).join(', ')})
     WHERE NOT EXISTS (SELECT 1 FROM shipping_zones)`,
  ]
  for (const zone of SHIPPING_ZONES) {
    const setUp = `z.code = ${sqlValue(zone.code)} AND z.position < 0`
    statements.push(`INSERT OR IGNORE INTO shipping_zone_countries (country_iso, zone_id) SELECT j.value, z.id FROM json_each(${sqlValue(JSON.stringify(zone.countries.split(',')))}) j, shipping_zones z WHERE ${setUp}`)
    for (const rate of zone.rates) {
      statements.push(
        `INSERT OR IGNORE INTO shipping_methods (name, name_de, code, cost_aud_cents, cost_usd_cents, free_over_aud_cents, free_over_usd_cents, pickup, delivery_days_min, delivery_days_max, zone_id)
         SELECT ${list(rate)}, z.id FROM shipping_zones z WHERE ${setUp}`,
      )
    }
  }
  statements.push('UPDATE shipping_zones SET position = -position WHERE position < 0')
  return statements
}

/** Statements that add whatever reference row is missing and leave every existing row as it is. */
export function referenceStatements() {
  const statements = []
  // The store row: defaults from the schema; name, url, address and support email stay empty for the shop to fill in.
  statements.push(`INSERT OR IGNORE INTO store (id, name, url) VALUES (1, '', '')`)
  const { countries, country_translations: translations, states } = generateCountries()
  const insertIgnore = (table, { columns, rows }) => `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES\n${rows.map((row) => `(${list(row)})`).join(',\n')}`
  statements.push(insertIgnore('countries', countries), insertIgnore('country_translations', translations))
  // states by (country, abbreviation), not by id: ids are the store's once it exists
  statements.push(insertIgnore('states', { columns: states.columns.slice(1), rows: states.rows.map((row) => row.slice(1)) }))
  for (const [slug, texts] of Object.entries(LEGAL_PAGES)) {
    for (const locale of ['en', 'de']) {
      const { title, content } = texts[locale]
      statements.push(
        `INSERT INTO cms_pages (slug, locale, title, content, type, meta_title, visible, updated_at) VALUES (${list([slug, locale, title, content, 'standard', title, 0, UPDATED_AT])})
         ON CONFLICT (slug, locale) DO NOTHING`,
      )
    }
  }
  statements.push(...shippingStatements())
  statements.push(...sizeGuideStatements())
  for (const [location, locale, name] of MENUS) {
    statements.push(`INSERT INTO menus (name, location, locale) VALUES (${list([name, location, locale])}) ON CONFLICT (location, locale) DO NOTHING`)
    // the invisible root every menu's items hang under (Spree's nested set), once
    statements.push(
      `INSERT INTO menu_items (menu_id, parent_id, name, item_type, lft, rgt, depth)
       SELECT m.id, NULL, m.name, 'Container', 1, 2, 0 FROM menus m WHERE m.location = ${sqlValue(location)} AND m.locale = ${sqlValue(locale)}
         AND NOT EXISTS (SELECT 1 FROM menu_items i WHERE i.menu_id = m.id AND i.parent_id IS NULL)`,
    )
  }
  return statements
}
