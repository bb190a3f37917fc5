import { Hono } from 'hono'
import * as z from 'zod'
import type { AdminEnv } from '../context.ts'
import type { ProductDetail } from '../catalogue-data.ts'
import { field } from '../forms.ts'
import { checkImage, IMAGE_SIZE_NAMES } from '../image-checks.ts'
import { moveImage, removeImage, saveImageAlt, uploadImage, type CheckedSizes } from '../image-actions.ts'
import { ActionRefused } from '../order-actions.ts'
import { storefrontChanged } from '../freshness.ts'
import { seeOther } from '../render.tsx'
import { productOf, showProduct } from './products.tsx'

/** A product's pictures (docs/operations.md 'Operator console: catalogue'). Every refusal re-shows the page with why. */
export const productImages = new Hono<AdminEnv>()

const AltSchema = z.object({ alt: field.text('The English description', 250), alt_de: field.optionalText(250) })

const back = (id: number) => `/admin/products/${id}`

/** The posted colour: '' for every colour, else one of the product's own colours (undefined: not one of them). */
const colourOf = (detail: ProductDetail, raw: unknown): number | null | undefined => {
  if (raw === undefined || raw === '') return null
  const id = Number(raw)
  return detail.colours.some((c) => c.id === id) ? id : undefined
}

productImages.post('/products/:id{[0-9]+}/images', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const body = await c.req.parseBody().catch(() => null)
  if (!body) return showProduct(c, detail, { form: 'images', error: 'The upload could not be read. Choose the picture again.' }, 400)
  const values = { alt: typeof body.alt === 'string' ? body.alt : '', alt_de: typeof body.alt_de === 'string' ? body.alt_de : '', colour: typeof body.colour === 'string' ? body.colour : '' }
  const alt = AltSchema.safeParse(values)
  const colour = colourOf(detail, body.colour)
  if (colour === undefined) return showProduct(c, detail, { form: 'images', error: 'Choose one of this product’s colours, or every colour.', values }, 422)
  const checked = await Promise.all(IMAGE_SIZE_NAMES.map((size) => checkImage(size, body[size])))
  const refusals = checked.flatMap((r) => (r.ok ? [] : [r.message]))
  if (!alt.success || refusals.length) {
    const errors = alt.success ? {} : { alt: alt.error.issues.find((i) => i.path[0] === 'alt')?.message, alt_de: alt.error.issues.find((i) => i.path[0] === 'alt_de')?.message }
    // a wrong type is 415, a file too large 413, anything else (missing, wrong size) 422
    const status = refusals.some((m) => m.includes('not a JPEG')) ? 415 : refusals.some((m) => m.includes('at most 2 MB')) ? 413 : 422
    return showProduct(c, detail, { form: 'images', error: refusals.join(' '), errors, values }, alt.success ? status : 422)
  }
  const sizes = Object.fromEntries(IMAGE_SIZE_NAMES.map((size, i) => [size, checked[i]])) as unknown as CheckedSizes
  try {
    await uploadImage(c.env, c.var.operator, detail, sizes, { en: alt.data.alt, de: alt.data.alt_de }, colour)
  } catch (error) {
    if (error instanceof ActionRefused) return showProduct(c, detail, { form: 'images', error: error.message, values }, 409)
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
      const values = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      const strings = { alt: String(values.alt ?? ''), alt_de: String(values.alt_de ?? ''), colour: String(values.colour ?? '') }
      const alt = AltSchema.safeParse(strings)
      if (!alt.success) return showProduct(c, detail, { form, errors: Object.fromEntries(alt.error.issues.map((i) => [String(i.path[0]), i.message])), values: strings }, 422)
      const colour = colourOf(detail, values.colour)
      if (colour === undefined) return showProduct(c, detail, { form, error: 'Choose one of this product’s colours, or every colour.', values: strings }, 422)
      await saveImageAlt(c.env, c.var.operator, detail, imageId, { en: alt.data.alt, de: alt.data.alt_de }, colour)
    } else if (action === 'remove') await removeImage(c.env, c.var.operator, detail, imageId)
    else await moveImage(c.env, c.var.operator, detail, imageId, action as 'up' | 'down')
  } catch (error) {
    if (error instanceof ActionRefused) return showProduct(c, detail, { form, error: error.message }, 409)
    throw error
  }
  await storefrontChanged(c.env, {})
  return seeOther(c, back(detail.product.id), action === 'remove' ? 'image-removed' : 'saved')
})
