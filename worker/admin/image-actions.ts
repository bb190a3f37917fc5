import type { Env } from '#worker/env.ts'
import { IMAGE_SIZES } from '#kernel/config.ts'
import { MEDIA_PREFIX } from '#worker/media/index.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import type { ProductDetail } from './catalogue-data.ts'
import { IMAGE_SIZE_NAMES, type ImageSize, type ImageType } from './image-checks.ts'
import { ActionRefused } from './action-refused.ts'
import { touchProduct } from '#worker/backend/catalogue/product-write.ts'
import { pictureAltDeStatement, pictureDeleteStatement, pictureDetailsStatement, pictureInsertStatement, pictureOrderStatement } from '#worker/backend/catalogue/picture-write.ts'

/** A product's pictures from the console: upload (three §9 sizes to R2), alt text in en and de, order, removal. */

type Image = ProductDetail['images'][number]
export type CheckedSizes = Record<ImageSize, { bytes: Uint8Array; type: ImageType }>

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
  const file = (size: ImageSize) => ({ url: url(size), ...IMAGE_SIZES[size] })
  const insert = pictureInsertStatement(env.DB, productId, alt.en, { mobile: file('mobile'), desktop: file('desktop'), large: file('large') }, colourId)
  try {
    const row = await insert.first<{ id: number }>()
    const after = { id: row!.id, alt: alt.en, alt_de: alt.de, option_value_id: colourId, urls: IMAGE_SIZE_NAMES.map(url) }
    await env.DB.batch([...(alt.de ? [pictureAltDeStatement(env.DB, row!.id, alt.de)] : []), touchProduct(env.DB, productId), auditStatement(env.DB, operator, 'product.image.add', { type: 'product', id: productId }, null, after)])
  } catch (error) {
    // nothing points at the stored files: do not leave them behind
    await media.delete(Object.values(keys))
    throw error
  }
}

function imageOf(detail: ProductDetail, imageId: number): Image {
  const image = detail.images.find((i) => i.id === imageId)
  if (!image) throw new ActionRefused('That picture is not part of this product (it may have been removed already).')
  return image
}

/** A picture's descriptions and colour. */
export async function saveImageAlt(env: Env, operator: Operator, detail: ProductDetail, imageId: number, alt: { en: string; de: string | null }, colourId: number | null) {
  const image = imageOf(detail, imageId)
  await env.DB.batch([
    pictureDetailsStatement(env.DB, imageId, alt.en, colourId),
    pictureAltDeStatement(env.DB, imageId, alt.de),
    touchProduct(env.DB, detail.product.id),
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
    pictureOrderStatement(env.DB, detail.product.id, order),
    touchProduct(env.DB, detail.product.id),
    auditStatement(env.DB, operator, 'product.image.order', { type: 'product', id: detail.product.id }, detail.images.map((i) => i.id), order),
  ])
}

export async function removeImage(env: Env, operator: Operator, detail: ProductDetail, imageId: number) {
  const image = imageOf(detail, imageId)
  await env.DB.batch([
    pictureDeleteStatement(env.DB, imageId),
    touchProduct(env.DB, detail.product.id),
    auditStatement(env.DB, operator, 'product.image.remove', { type: 'product', id: detail.product.id }, image, null),
  ])
  // only files this console stored live in the bucket; the seed's pictures are build assets
  const keys = [image.mobile_url, image.desktop_url, image.large_url].filter((u) => u.startsWith(MEDIA_PREFIX)).map((u) => u.slice(MEDIA_PREFIX.length))
  if (keys.length && env.MEDIA) await env.MEDIA.delete(keys)
}
