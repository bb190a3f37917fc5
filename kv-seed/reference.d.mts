// Types for reference.mjs (the reference data every shop needs).
export const LEGAL_PAGES: Record<string, Record<'en' | 'de', { title: string; content: string }>>
export const MENUS: Array<[location: 'header' | 'footer', locale: string, name: string]>
export function referenceStatements(): string[]
