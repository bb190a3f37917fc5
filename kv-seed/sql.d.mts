// Types for sql.mjs, so TypeScript tests can seed D1 from the same generator.
export interface SeedTable {
  columns: string[]
  rows: unknown[][]
}
export type Seed = Record<string, SeedTable>
export const SEED_VERSION: number
export const SEED_TABLES: string[]
export const SAMPLE_RECORDED: string[]
export const DERIVED_SQL: string[]
export const SEED_PRICE_BUCKETS: Array<[number, number]>
export function sqlValue(value: unknown): string
export function insertStatements(name: string, table: SeedTable, options?: { maxRows?: number; maxBytes?: number }): Generator<string>
export function generateSeed(options?: { products?: number }): Seed
export function seedStatements(seed: Seed): Generator<string>
export function clearStatements(): string[]
export function defaultSeedStatements(options?: { products?: number }): string[]
