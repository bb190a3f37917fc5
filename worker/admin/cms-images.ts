import type { Env } from '#worker/env.ts'
import { CMS_IMAGE_SIZES } from '#kernel/config.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { ActionRefused } from './action-refused.ts'
import { IMAGE_SIZE_NAMES, type ImageSize, type ImageType } from './image-checks.ts'
import { cmsImageDeleteStatement, cmsImageInsertStatement } from '#worker/backend/catalogue/content-write.ts'

/**
 * The shop's own pictures for CMS sections (docs/console.md 'Content'): uploaded once at the three CMS sizes into R2
 * (`cms/<uuid>-sm|lg|xl`), described in English and German, then chosen in any section's picture field, whose value
 * is the picture's path `/media/cms/<uuid>` (the API adds the size, worker/backend/catalogue/content-routes.ts).
 */

export interface CmsImage {
  id: number
  path: string
  alt_en: string
  alt_de: string
  created_at: string
}

/** R2 key suffix per size: the API's `image_one_sm|lg|xl` names. */
const SUFFIX: Record<ImageSize, 'sm' | 'lg' | 'xl'> = { mobile: 'sm', desktop: 'lg', large: 'xl' }
export const CMS_MEDIA_PATH = /^\/media\/cms\/[0-9a-f-]{36}$/

/** The smallest size's address, for the console's thumbnails. */
export const thumbnailOf = (path: string) => (CMS_MEDIA_PATH.test(path) ? `${path}-sm` : `${path}-sm.svg`)

export async function listCmsImages(db: D1Database): Promise<CmsImage[]> {
  return (await db.prepare('SELECT * FROM cms_images ORDER BY id DESC LIMIT 500').all<CmsImage>()).results
}

/** The uploaded pictures among `paths` (seeded /images/cms/… paths are not in the table). */
export async function cmsImagesByPath(db: D1Database, paths: string[]): Promise<Map<string, CmsImage>> {
  const wanted = paths.filter((p) => CMS_MEDIA_PATH.test(p))
  if (!wanted.length) return new Map()
  const { results } = await db.prepare('SELECT * FROM cms_images WHERE path IN (SELECT value FROM json_each(?))').bind(JSON.stringify(wanted)).all<CmsImage>()
  return new Map(results.map((r) => [r.path, r]))
}

export async function uploadCmsImage(env: Env, operator: Operator, sizes: Record<ImageSize, { bytes: Uint8Array; type: ImageType }>, alt: { en: string; de: string }): Promise<CmsImage> {
  if (!env.MEDIA) throw new ActionRefused('Picture uploads are off: this store has no MEDIA bucket (wrangler.toml).')
  const media = env.MEDIA
  const base = `cms/${crypto.randomUUID()}`
  const keys = IMAGE_SIZE_NAMES.map((size) => `${base}-${SUFFIX[size]}`)
  await Promise.all(IMAGE_SIZE_NAMES.map((size, i) => media.put(keys[i]!, sizes[size].bytes, { httpMetadata: { contentType: sizes[size].type.mime } })))
  const path = `/media/${base}`
  try {
    const [row] = await env.DB.batch<CmsImage>([
      cmsImageInsertStatement(env.DB, path, alt),
      auditStatement(env.DB, operator, 'cms_image.add', { type: 'cms_image', id: path }, null, { path, alt_en: alt.en, alt_de: alt.de, sizes: CMS_IMAGE_SIZES }),
    ])
    return row!.results[0]!
  } catch (error) {
    // nothing points at the stored files: do not leave them behind
    await media.delete(keys)
    throw error
  }
}

/** Removes a picture no section uses (a section showing it would lose its picture on the live page). */
export async function removeCmsImage(env: Env, operator: Operator, id: number): Promise<void> {
  const image = await env.DB.prepare('SELECT * FROM cms_images WHERE id = ?').bind(id).first<CmsImage>()
  if (!image) throw new ActionRefused('That picture is not in the library (it may have been removed already).')
  const used = await env.DB.prepare(
    `SELECT p.title FROM cms_sections s JOIN cms_pages p ON p.id = s.cms_page_id WHERE ?1 IN (s.image_one, s.image_two, s.image_three)
     UNION SELECT slug FROM cms_drafts WHERE instr(draft, ?1) > 0 LIMIT 1`,
  )
    .bind(image.path)
    .first<{ title: string }>()
  if (used) throw new ActionRefused(`The page ‘${used.title}’ shows this picture: choose another picture there first, then remove it.`)
  await env.DB.batch([cmsImageDeleteStatement(env.DB, id), auditStatement(env.DB, operator, 'cms_image.remove', { type: 'cms_image', id: image.path }, image, null)])
  if (env.MEDIA) await env.MEDIA.delete(Object.values(SUFFIX).map((s) => `${image.path.slice('/media/'.length)}-${s}`))
}
