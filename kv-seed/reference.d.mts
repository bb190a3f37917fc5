// Types for reference.mjs (the reference data every shop needs).
export const LEGAL_PAGES: Record<string, Record<'en' | 'de', { title: string; content: string }>>
export const MENUS: Array<[location: 'header' | 'footer', locale: string, name: string]>
export function referenceStatements(): string[]
export const SHIPPING_ZONES: Array<{ code: string; name: string; name_de: string; gst_included: 0 | 1; countries: string; rates: Array<Array<string | number | null>> }>
