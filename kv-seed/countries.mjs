// Countries the store ships to, with states where an address needs one, and the store row itself.

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
const CA_PROVINCES = [
  ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'], ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'], ['QC', 'Quebec'], ['SK', 'Saskatchewan'],
  ['NT', 'Northwest Territories'], ['NU', 'Nunavut'], ['YT', 'Yukon'],
]

/** iso, iso3, iso_name, name (en), name (de), numcode, states_required, zipcode_required, states */
const COUNTRIES = [
  ['AU', 'AUS', 'AUSTRALIA', 'Australia', 'Australien', 36, 1, 1, AU_STATES],
  ['NZ', 'NZL', 'NEW ZEALAND', 'New Zealand', 'Neuseeland', 554, 0, 1, []],
  ['US', 'USA', 'UNITED STATES', 'United States', 'Vereinigte Staaten', 840, 1, 1, US_STATES],
  ['CA', 'CAN', 'CANADA', 'Canada', 'Kanada', 124, 1, 1, CA_PROVINCES],
  ['GB', 'GBR', 'UNITED KINGDOM', 'United Kingdom', 'Vereinigtes Königreich', 826, 0, 1, []],
  ['IE', 'IRL', 'IRELAND', 'Ireland', 'Irland', 372, 0, 0, []],
  ['DE', 'DEU', 'GERMANY', 'Germany', 'Deutschland', 276, 0, 1, []],
  ['AT', 'AUT', 'AUSTRIA', 'Austria', 'Österreich', 40, 0, 1, []],
  ['CH', 'CHE', 'SWITZERLAND', 'Switzerland', 'Schweiz', 756, 0, 1, []],
  ['FR', 'FRA', 'FRANCE', 'France', 'Frankreich', 250, 0, 1, []],
  ['SG', 'SGP', 'SINGAPORE', 'Singapore', 'Singapur', 702, 0, 1, []],
  ['JP', 'JPN', 'JAPAN', 'Japan', 'Japan', 392, 0, 1, []],
]

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

export function generateStore() {
  return {
    store: {
      columns: ['id', 'name', 'url', 'meta_description', 'seo_title', 'default_currency', 'supported_currencies', 'default_country_iso', 'default_locale', 'supported_locales', 'customer_support_email', 'facebook', 'instagram', 'description', 'address', 'contact_phone'],
      rows: [[1, 'Basecamp Outfitters', 'localhost:8787', 'Outdoor apparel and gear for Australian adventures. Club members save 30-70% on branded gear.', 'Basecamp Outfitters: outdoor apparel and gear', 'AUD', 'AUD,USD', 'AU', 'en', 'en,de', 'help@basecamp.example', 'https://www.facebook.com/', 'https://www.instagram.com/', 'Outdoor apparel and gear since 1987. Free returns within 30 days.', '12 Flinders Lane, Melbourne VIC 3000, Australia', '+61 3 9000 0000']],
    },
  }
}
