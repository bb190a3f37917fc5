// Types for facet-counts-sql.mjs.
export const FACET_CURRENCIES: readonly ('AUD' | 'USD')[]
export function facetRefreshStatements(taxonId: number, currency: 'AUD' | 'USD', buckets: ReadonlyArray<readonly [number, number]>): string[]
export function allFacetRefreshStatements(taxonIds: number[], buckets: ReadonlyArray<readonly [number, number]>): string[]
