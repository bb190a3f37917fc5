/**
 * A product's details (names and descriptions in both languages, on-sale and discontinue dates) are written by one
 * writer, the product-write module's productDetailsStatements (worker/backend/catalogue/product-write.ts): the
 * console's edit form (catalogue-actions.ts), 'New product' (product-write.ts) and the CSV import (import-apply.ts)
 * each put its statements into their own batch, so the three cannot drift apart.
 */

export { productDetailsStatements, type ProductDetails } from '#worker/backend/catalogue/product-write.ts'

/** A calendar day typed in a form ('2026-12-07') as the store keeps it. */
export const isoDay = (d: string | null) => (d ? `${d}T00:00:00Z` : null)
