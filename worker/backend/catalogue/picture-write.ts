/**
 * The one writer of a product's pictures (decision 0082, beside product-write.ts): a picture's row with its three §9
 * sizes, its German description, its colour, its place in the gallery, its removal. The console's picture forms
 * (worker/admin/image-actions.ts) store the files, check and audit; these build the statements for their batch.
 */

/** The three sizes' addresses and dimensions of one picture. */
export interface PictureFiles {
  mobile: { url: string; width: number; height: number }
  desktop: { url: string; width: number; height: number }
  large: { url: string; width: number; height: number }
}

/** A new picture, last in the product's gallery; RETURNING id. */
export function pictureInsertStatement(db: D1Database, productId: number, alt: string, files: PictureFiles, colourId: number | null): D1PreparedStatement {
  const { mobile, desktop, large } = files
  return db
    .prepare(
      `INSERT INTO product_images (product_id, position, alt, mobile_url, mobile_width, mobile_height, desktop_url, desktop_width, desktop_height, large_url, large_width, large_height, option_value_id)
       VALUES (?1, (SELECT COALESCE(MAX(position), -1) + 1 FROM product_images WHERE product_id = ?1), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING id`,
    )
    .bind(productId, alt, mobile.url, mobile.width, mobile.height, desktop.url, desktop.width, desktop.height, large.url, large.width, large.height, colourId)
}

/** The picture's German description; none removes it (German shoppers then read the English one). */
export const pictureAltDeStatement = (db: D1Database, imageId: number, altDe: string | null) =>
  altDe
    ? db.prepare("INSERT INTO product_image_translations (product_image_id, locale, alt) VALUES (?, 'de', ?) ON CONFLICT (product_image_id, locale) DO UPDATE SET alt = excluded.alt").bind(imageId, altDe)
    : db.prepare("DELETE FROM product_image_translations WHERE product_image_id = ? AND locale = 'de'").bind(imageId)

/** The picture's English description and colour. */
export const pictureDetailsStatement = (db: D1Database, imageId: number, alt: string, colourId: number | null) =>
  db.prepare('UPDATE product_images SET alt = ?, option_value_id = ? WHERE id = ?').bind(alt, colourId, imageId)

/** The product's gallery in this order (ids), positions renumbered 0… so they stay distinct. */
export const pictureOrderStatement = (db: D1Database, productId: number, order: readonly number[]) =>
  db.prepare('UPDATE product_images SET position = (SELECT key FROM json_each(?1) WHERE value = product_images.id) WHERE product_id = ?2').bind(JSON.stringify(order), productId)

/** A picture removed. */
export const pictureDeleteStatement = (db: D1Database, imageId: number) => db.prepare('DELETE FROM product_images WHERE id = ?').bind(imageId)
