/** kv-seed/countries.mjs: the countries, their German names and their states, as rows for D1. */
type Rows = { columns: string[]; rows: unknown[][] }
export function generateCountries(): { countries: Rows; country_translations: Rows; states: Rows }
export function generateStore(): Record<string, Rows>
export const SAMPLE_STORE: Record<string, string | number> & { name: string; legal_name: string; abn: string; url: string }
