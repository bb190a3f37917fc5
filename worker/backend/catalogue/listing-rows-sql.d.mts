// Types for listing-rows-sql.mjs.
export function listingRowsRebuild(taxonomyId: number): string[]
