// The reference data every shop needs (issue 40 point 2, decision 0030), loaded by `npm run setup` with or without the
// sample: the countries and states checkout offers, the store row (empty settings for the console's checklist to ask
// for), the legal pages as drafts to edit and publish, and an empty header and footer menu in each language.
// Shipping zones and rates come with the migrations (0010, 0170, 0280) and the GST rule is code (kernel/destinations.ts),
// so neither is here. Every statement is idempotent: running them again over any store changes nothing.
import { generateCountries } from './countries.mjs'
import { sqlValue } from './sql.mjs'

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
