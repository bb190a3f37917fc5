import type { Dictionary } from './en.ts'
import { deBrowse } from './de-browse.ts'
import { deShop } from './de-shop.ts'

/** German texts (two parts, as English: web/i18n/en.ts); the type keeps every key of English present. */
export const de: Dictionary = { ...deBrowse, ...deShop }
