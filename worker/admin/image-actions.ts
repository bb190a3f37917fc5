import type { Env } from '#worker/env.ts'
import { IMAGE_SIZES } from '#kernel/config.ts'
import { MEDIA_PREFIX } from '#worker/media/index.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import type { ProductDetail } from './catalogue-data.ts'
import { IMAGE_SIZE_NAMES, type ImageSize, type ImageType } from './image-checks.ts'
import { ActionRefused } from './action-refused.ts'

/** A product's pictures from the console: upload (three §9 sizes to R2), alt text in en and de, order, removal. */

type Image = ProductDetail['images'][number]
export type CheckedSizes = Record<ImageSize, { bytes: Uint8Array; type: ImageType }>

const altStatement = (db: D1Database, imageId: number, altDe: string | null) =>
  altDe
    ? db.prepare("INSERT INTO product_image_translations (product_image_id, locale, alt) VALUES (?, 'de', ?) ON CONFLICT (product_image_id, locale) DO UPDATE SET alt = excluded.alt").bind(imageId, altDe)
    : db.prepare("DELETE FROM product_image_translations WHERE product_image_id = ? AND locale = 'de'").bind(imageId)

function bucket(env: Env): R2Bucket {
  if (!env.MEDIA) throw new ActionRefused('Image uploads are off: this store has no MEDIA bucket (wrangler.toml).')
  return env.MEDIA
}

export async function uploadImage(env: Env, operator: Operator, detail: ProductDetail, sizes: CheckedSizes, alt: { en: string; de: string | null }, colourId: number | null) {
  const media = bucket(env)
  const id = crypto.randomUUID()
  const productId = detail.product.id
  const keys = Object.fromEntries(IMAGE_SIZE_NAMES.map((size) => [size, `products/${productId}/${id}-${size}.${sizes[size].type.ext}`])) as Record<ImageSize, string>
  await Promise.all(IMAGE_SIZE_NAMES.map((size) => media.put(keys[size], sizes[size].bytes, { httpMetadata: { contentType: sizes[size].type.mime } })))
  const url = (size: ImageSize) => `${MEDIA_PREFIX}${keys[size]}`
  const { mobile, desktop, large } = IMAGE_SIZES
  const insert = env.DB
    .prepare(
      `INSERT INTO product_images (product_id, position, alt, mobile_url, mobile_width, mobile_height, desktop_url, desktop_width, desktop_height, large_url, large_width, large_height, option_value_id)
       VALUES (?1, (SELECT COALESCE(MAX(position), -1) + 1 FROM product_images WHERE product_id = ?1), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING id`,
    )
    .bind(productId, alt.en, url('mobile'), mobile.width, mobile.height, url('desktop'), desktop.width, desktop.height, url('large'), large.width, large.height, colourId)
  try {
    const row = await insert.first<{ id: number }>()
    const after = { id: row!.id, alt: alt.en, alt_de: alt.de, option_value_id: colourId, urls: IMAGE_SIZE_NAMES.map(url) }
    await env.DB.batch([...(alt.de ? [altStatement(env.DB, row!.id, alt.de)] : []), touch(env.DB, productId), auditStatement(env.DB, operator, 'product.image.add', { type: 'product', id: productId }, null, after)])
  } catch (error) {
    // nothing points at the stored files: do not leave them behind
    await media.delete(Object.values(keys))
    throw error
  }
}

const touch = (d1: D1Database, id: number) => d1.prepare("UPDATE products SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(id)

function imageOf(detail: ProductDetail, imageId: number): Image {
  const image = detail.images.find((i) => i.id === imageId)
  if (!image) throw new ActionRefused('That picture is not part of this product (it may have been removed already).')
  return image
}

/** A picture's descriptions and colour. */
export async function saveImageAlt(env: Env, operator: Operator, detail: ProductDetail, imageId: number, alt: { en: string; de: string | null }, colourId: number | null) {
  const image = imageOf(detail, imageId)
  await env.DB.batch([
    env.DB.prepare('UPDATE product_images SET alt = ?, option_value_id = ? WHERE id = ?').bind(alt.en, colourId, imageId),
    altStatement(env.DB, imageId, alt.de),
    touch(env.DB, detail.product.id),
    auditStatement(env.DB, operator, 'product.image.alt', { type: 'product', id: detail.product.id }, { id: imageId, alt: image.alt, alt_de: image.alt_de, option_value_id: image.option_value_id }, { id: imageId, alt: alt.en, alt_de: alt.de, option_value_id: colourId }),
  ])
}

/** One place earlier or later in the gallery; positions are renumbered 0… so they stay distinct. */
export async function moveImage(env: Env, operator: Operator, detail: ProductDetail, imageId: number, direction: 'up' | 'down') {
  imageOf(detail, imageId)
  const order = detail.images.map((i) => i.id)
  const at = order.indexOf(imageId)
  const to = direction === 'up' ? at - 1 : at + 1
  if (to < 0 || to >= order.length) throw new ActionRefused(`That picture is already the ${direction === 'up' ? 'first' : 'last'}.`)
  ;[order[at], order[to]] = [order[to]!, order[at]!]
  await env.DB.batch([
    env.DB.prepare('UPDATE product_images SET position = (SELECT key FROM json_each(?1) WHERE value = product_images.id) WHERE product_id = ?2').bind(JSON.stringify(order), detail.product.id),
    touch(env.DB, detail.product.id),
    auditStatement(env.DB, operator, 'product.image.order', { type: 'product', id: detail.product.id }, detail.images.map((i) => i.id), order),
  ])
}

export async function removeImage(env: Env, operator: Operator, detail: ProductDetail, imageId: number) {
  const image = imageOf(detail, imageId)
  await env.DB.batch([
    env.DB.prepare('DELETE FROM product_images WHERE id = ?').bind(imageId),
    touch(env.DB, detail.product.id),
    auditStatement(env.DB, operator, 'product.image.remove', { type: 'product', id: detail.product.id }, image, null),
  ])
  // only files this console stored live in the bucket; the seed's pictures are build assets
  const keys = [image.mobile_url, image.desktop_url, image.large_url].filter((u) => u.startsWith(MEDIA_PREFIX)).map((u) => u.slice(MEDIA_PREFIX.length))
  if (keys.length && env.MEDIA) await env.MEDIA.delete(keys)
}
