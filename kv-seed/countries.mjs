// Countries the store ships to (Australia, New Zealand, the United States, the United Kingdom and the EU), with
// states where an address needs one, and the store row itself.

const AU_STATES = [
  ['ACT', 'Australian Capital Territory'], ['NSW', 'New South Wales'], ['NT', 'Northern Territory'], ['QLD', 'Queensland'],
  ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['VIC', 'Victoria'], ['WA', 'Western Australia'],
]
const US_STATES = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
  ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
  ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
  ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
]

/** iso, iso3, iso_name, name (en), name (de), numcode, states_required, zipcode_required, states */
const COUNTRIES = [
  ['AU', 'AUS', 'AUSTRALIA', 'Australia', 'Australien', 36, 1, 1, AU_STATES],
  ['NZ', 'NZL', 'NEW ZEALAND', 'New Zealand', 'Neuseeland', 554, 0, 1, []],
  ['US', 'USA', 'UNITED STATES', 'United States', 'Vereinigte Staaten', 840, 1, 1, US_STATES],
  ['GB', 'GBR', 'UNITED KINGDOM', 'United Kingdom', 'Vereinigtes Königreich', 826, 0, 1, []],
]

/** The EU's member states (one shipping zone, kernel/destinations.ts EU_COUNTRIES): iso, iso3, numcode, needs a postcode. */
const EU = [
  ['AT', 'AUT', 40, 1], ['BE', 'BEL', 56, 1], ['BG', 'BGR', 100, 1], ['CY', 'CYP', 196, 1], ['CZ', 'CZE', 203, 1],
  ['DE', 'DEU', 276, 1], ['DK', 'DNK', 208, 1], ['EE', 'EST', 233, 1], ['ES', 'ESP', 724, 1], ['FI', 'FIN', 246, 1],
  ['FR', 'FRA', 250, 1], ['GR', 'GRC', 300, 1], ['HR', 'HRV', 191, 1], ['HU', 'HUN', 348, 1], ['IE', 'IRL', 372, 0],
  ['IT', 'ITA', 380, 1], ['LT', 'LTU', 440, 1], ['LU', 'LUX', 442, 1], ['LV', 'LVA', 428, 1], ['MT', 'MLT', 470, 1],
  ['NL', 'NLD', 528, 1], ['PL', 'POL', 616, 1], ['PT', 'PRT', 620, 1], ['RO', 'ROU', 642, 1], ['SE', 'SWE', 752, 1],
  ['SI', 'SVN', 705, 1], ['SK', 'SVK', 703, 1],
]
const english = new Intl.DisplayNames(['en'], { type: 'region' })
const german = new Intl.DisplayNames(['de'], { type: 'region' })
for (const [iso, iso3, numcode, zip] of EU) {
  const en = english.of(iso)
  COUNTRIES.push([iso, iso3, en.toUpperCase(), en, german.of(iso), numcode, 0, zip, []])
}

export function generateCountries() {
  const countries = { columns: ['iso', 'iso3', 'iso_name', 'name', 'numcode', 'states_required', 'zipcode_required'], rows: [] }
  const translations = { columns: ['country_iso', 'locale', 'name'], rows: [] }
  const states = { columns: ['id', 'country_iso', 'abbr', 'name'], rows: [] }
  let stateId = 0
  for (const [iso, iso3, isoName, en, de, numcode, statesRequired, zipRequired, list] of COUNTRIES) {
    countries.rows.push([iso, iso3, isoName, en, numcode, statesRequired, zipRequired])
    if (de !== en) translations.rows.push([iso, 'de', de])
    for (const [abbr, name] of list) states.rows.push([++stateId, iso, abbr, name])
  }
  return { countries, country_translations: translations, states }
}

/**
 * The sample shop's settings (the console's Settings page edits them). No store URL: the links in emails come from
 * STORE_URL, the URL set on the Settings page, or the address the store is opened at, never from the sample
 * (issue 40: a seeded production store linked every email to localhost).
 */
export const SAMPLE_STORE = {
  id: 1,
  name: 'Basecamp Outfitters',
  url: '',
  meta_description: 'Outdoor apparel and gear for Australian adventures. Club members save 30-70% on branded gear.',
  seo_title: 'Basecamp Outfitters: outdoor apparel and gear',
  default_currency: 'AUD',
  supported_currencies: 'AUD,USD',
  default_country_iso: 'AU',
  default_locale: 'en',
  supported_locales: 'en,de',
  customer_support_email: 'help@basecamp.example',
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
  description: 'Outdoor apparel and gear since 1987. Free returns within 30 days.',
  description_de: 'Outdoor-Bekleidung und Ausrüstung seit 1987. Kostenlose Rücksendung innerhalb von 30 Tagen.',
  address: '12 Flinders Lane\nMelbourne VIC 3000\nAustralia',
  contact_phone: '+61 3 9000 0000',
  legal_name: 'Basecamp Outfitters Pty Ltd',
  // the ATO's published example ABN: it passes the register's check digit (the old '12 345 678 901' did not)
  abn: '51 824 753 556',
  return_address: 'Basecamp Outfitters Returns\n12 Flinders Lane\nMelbourne VIC 3000\nAustralia',
}

export function generateStore() {
  return { store: { columns: Object.keys(SAMPLE_STORE), rows: [Object.values(SAMPLE_STORE)] } }
}
