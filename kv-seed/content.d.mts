// Types for content.mjs.
import type { Seed } from './sql.d.mts'
export const SCENES: Record<string, { scene: string; hue: number }>
export function generateContent(taxonIds: Map<string, number>): Seed
