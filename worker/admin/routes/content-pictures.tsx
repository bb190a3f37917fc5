import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { CMS_IMAGE_SIZES } from '#kernel/config.ts'
import { ContentPicturesPage } from '#worker/admin/pages/content-pictures-page.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { field, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { checkImage, IMAGE_SIZE_NAMES } from '../image-checks.ts'
import { listCmsImages, removeCmsImage, uploadCmsImage } from '../cms-images.ts'
import { ActionRefused } from '../action-refused.ts'
import { renderPage, seeOther } from '../render.tsx'

/** The shop's own pictures for CMS sections (worker/admin/cms-images.ts); every refusal shows the page again with why. */
export const contentPictures = new Hono<AdminEnv>()

const PicturesFormSchema = z.object({ alt_en: field.text('The English description', 250), alt_de: field.text('The German description', 250) })

const show = async (c: AdminContext, extra: Omit<Parameters<typeof ContentPicturesPage>[0], 'images'> = {}, status = 200) =>
  renderPage(c, 'Pictures for pages', <ContentPicturesPage images={await listCmsImages(c.env.DB)} notice={noticeText(c.req.query('notice'))} {...extra} />, status, true)

contentPictures.get('/content/pictures', (c) => show(c))

contentPictures.post('/content/pictures', async (c) => {
  const body = await c.req.parseBody().catch(() => null)
  if (!body) return show(c, { error: 'The upload could not be read. Choose the picture again.' }, 400)
  const form = await parseForm(c, PicturesFormSchema)
  const checked = await Promise.all(IMAGE_SIZE_NAMES.map((size) => checkImage(size, body[size], CMS_IMAGE_SIZES)))
  const refusals = checked.flatMap((r) => (r.ok ? [] : [r.message]))
  if (!form.ok || refusals.length) {
    // a wrong type is 415, a file too large 413, anything else (missing, wrong size, no description) 422
    const status = !form.ok ? 422 : refusals.some((m) => m.includes('not a JPEG')) ? 415 : refusals.some((m) => m.includes('at most 2 MB')) ? 413 : 422
    return show(c, { error: refusals.join(' ') || undefined, errors: form.ok ? undefined : form.errors, values: form.values }, status)
  }
  const sizes = Object.fromEntries(IMAGE_SIZE_NAMES.map((size, i) => [size, checked[i]])) as unknown as Parameters<typeof uploadCmsImage>[2]
  try {
    await uploadCmsImage(c.env, c.var.operator, sizes, { en: form.data.alt_en, de: form.data.alt_de })
  } catch (error) {
    if (error instanceof ActionRefused) return show(c, { error: error.message, values: form.values }, 409)
    throw error
  }
  return seeOther(c, '/admin/content/pictures', 'image-added')
})

contentPictures.post('/content/pictures/:id{[0-9]+}/remove', async (c) => {
  try {
    await removeCmsImage(c.env, c.var.operator, Number(c.req.param('id')))
  } catch (error) {
    if (error instanceof ActionRefused) return show(c, { error: error.message }, 409)
    throw error
  }
  return seeOther(c, '/admin/content/pictures', 'image-removed')
})
