// Types for catalogue.mjs.
import type { Seed } from './sql.d.mts'
export const DEFAULT_PRODUCT_COUNT: number
export const DISCONTINUED_ON: string
export const LAST_CHANCE_UNTIL: string
export function generateCatalogue(options?: { products?: number }): Seed
