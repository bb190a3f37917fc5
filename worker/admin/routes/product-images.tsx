import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { AdminEnv } from '../context.ts'
import type { ProductDetail } from '../catalogue-data.ts'
import { field, parseForm } from '../forms.ts'
import { checkImage, IMAGE_SIZE_NAMES } from '../image-checks.ts'
import { moveImage, removeImage, saveImageAlt, uploadImage, type CheckedSizes } from '../image-actions.ts'
import { ActionRefused } from '../action-refused.ts'
import { storefrontChanged } from '../freshness.ts'
import { seeOther } from '../render.tsx'
import { productOf, showProduct } from './products.tsx'

/** A product's pictures (docs/console.md 'Operator console: catalogue'). Every refusal re-shows the page with why. */
export const productImages = new Hono<AdminEnv>()

/** The words and colour of a picture (upload and edit); the files themselves are checked by image-checks.ts. */
const imageFormSchema = (detail: ProductDetail) =>
  z.object({
    alt: field.text('The English description', 250),
    alt_de: field.optionalText(250),
    // '' for every colour, else one of the product's own colours
    colour: z.pipe(z.optional(z
      .string()).check(z.refine((v) => !v || detail.colours.some((c) => String(c.id) === v), 'Choose one of this product’s colours, or every colour.')), z.transform((v) => (v ? Number(v) : null))),
  })

const back = (id: number) => `/admin/products/${id}`

productImages.post('/products/:id{[0-9]+}/images', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const body = await c.req.parseBody().catch(() => null)
  if (!body) return showProduct(c, detail, { form: 'images', error: 'The upload could not be read. Choose the picture again.' }, 400)
  const form = await parseForm(c, imageFormSchema(detail))
  const checked = await Promise.all(IMAGE_SIZE_NAMES.map((size) => checkImage(size, body[size])))
  const refusals = checked.flatMap((r) => (r.ok ? [] : [r.message]))
  if (!form.ok || refusals.length) {
    const errors = form.ok ? {} : form.errors
    // a wrong type is 415, a file too large 413, anything else (missing, wrong size) 422
    const status = refusals.some((m) => m.includes('not a JPEG')) ? 415 : refusals.some((m) => m.includes('at most 2 MB')) ? 413 : 422
    return showProduct(c, detail, { form: 'images', error: refusals.join(' ') || undefined, errors, values: form.values }, form.ok ? status : 422)
  }
  const sizes = Object.fromEntries(IMAGE_SIZE_NAMES.map((size, i) => [size, checked[i]])) as unknown as CheckedSizes
  try {
    await uploadImage(c.env, c.var.operator, detail, sizes, { en: form.data.alt, de: form.data.alt_de }, form.data.colour)
  } catch (error) {
    if (error instanceof ActionRefused) return showProduct(c, detail, { form: 'images', error: error.message, values: form.values }, 409)
    throw error
  }
  await storefrontChanged(c.env, {})
  return seeOther(c, back(detail.product.id), 'image-added')
})

productImages.post('/products/:id{[0-9]+}/images/:image{[0-9]+}/:action{alt|up|down|remove}', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const imageId = Number(c.req.param('image'))
  const action = c.req.param('action')
  const form = `image-${imageId}`
  try {
    if (action === 'alt') {
      const posted = await parseForm(c, imageFormSchema(detail))
      if (!posted.ok) return showProduct(c, detail, { form, errors: posted.errors, values: posted.values }, 422)
      await saveImageAlt(c.env, c.var.operator, detail, imageId, { en: posted.data.alt, de: posted.data.alt_de }, posted.data.colour)
    } else if (action === 'remove') await removeImage(c.env, c.var.operator, detail, imageId)
    else await moveImage(c.env, c.var.operator, detail, imageId, action as 'up' | 'down')
  } catch (error) {
    if (error instanceof ActionRefused) return showProduct(c, detail, { form, error: error.message }, 409)
    throw error
  }
  await storefrontChanged(c.env, {})
  return seeOther(c, back(detail.product.id), action === 'remove' ? 'image-removed' : 'saved')
})
