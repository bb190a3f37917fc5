/**
 * The one writer of a product's details (names and descriptions in both languages, on-sale and discontinue dates):
 * the console's edit form (catalogue-actions.ts), 'New product' (product-write.ts) and the CSV import
 * (import-apply.ts) each put these statements into their own batch, so the three cannot drift apart.
 */

export interface ProductDetails {
  name: string
  nameDe: string | null
  description: string | null
  descriptionDe: string | null
  /** ISO timestamps as stored ('2026-12-07T00:00:00Z'); null: not on sale (a draft) / never discontinued */
  availableOn: string | null
  discontinueOn: string | null
}

/** A calendar day typed in a form ('2026-12-07') as the store keeps it. */
export const isoDay = (d: string | null) => (d ? `${d}T00:00:00Z` : null)

export function productDetailsStatements(db: D1Database, productId: number, d: ProductDetails): D1PreparedStatement[] {
  return [
    db
      .prepare("UPDATE products SET name = ?, description = ?, available_on = ?, discontinue_on = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?")
      .bind(d.name, d.description, d.availableOn, d.discontinueOn, productId),
    // no German name: German shoppers see the English one (a German description alone is not kept)
    d.nameDe
      ? db
          .prepare("INSERT INTO product_translations (product_id, locale, name, description) VALUES (?, 'de', ?, ?) ON CONFLICT (product_id, locale) DO UPDATE SET name = excluded.name, description = excluded.description")
          .bind(productId, d.nameDe, d.descriptionDe)
      : db.prepare("DELETE FROM product_translations WHERE product_id = ? AND locale = 'de'").bind(productId),
  ]
}
