import type { Context, Next } from 'hono'
import { JSON_API } from '../catalogue/jsonapi.ts'

type Resource = { type?: string; attributes?: Record<string, unknown> }
type Style = { url: string; width: number; height: number }

/**
 * What every Storefront API answer gets on its way out, as Spree's base controller does it:
 * - the contract's media type, `application/vnd.api+json` (errors included);
 * - sparse fieldsets: `fields[cart]=number,total` keeps only those attributes of every `cart` resource;
 * - `image_transformation[size]=WxH`: each image's `transformed_url` is its pre-scaled style that covers the size
 *   (the largest when none does); the images are drawn at three fixed sizes, so none is resized on the fly.
 */
export async function jsonApiResponse(c: Context, next: Next) {
  await next()
  const type = c.res.headers.get('content-type') ?? ''
  if (!type.startsWith('application/json') && !type.startsWith(JSON_API)) return
  const query = new URL(c.req.url).searchParams
  const fields = new Map<string, Set<string>>()
  for (const [key, value] of query) {
    const match = /^fields\[([a-z_]+)\]$/.exec(key)
    if (match) fields.set(match[1]!, new Set(value.split(',').map((f) => f.trim()).filter(Boolean)))
  }
  const size = /^(\d{1,5})x(\d{1,5})$/.exec(query.get('image_transformation[size]') ?? '')
  const headers = new Headers(c.res.headers)
  headers.set('content-type', JSON_API)
  if ((fields.size === 0 && !size) || c.res.status >= 300) {
    c.res = new Response(c.res.body, { status: c.res.status, headers })
    return
  }
  const doc = (await c.res.json()) as { data?: Resource | Resource[]; included?: Resource[] }
  const resources = [...(Array.isArray(doc.data) ? doc.data : doc.data ? [doc.data] : []), ...(doc.included ?? [])]
  for (const resource of resources) {
    if (!resource.attributes) continue
    if (size && resource.type === 'image' && Array.isArray(resource.attributes.styles)) {
      const styles = resource.attributes.styles as Style[]
      const fit = styles.find((s) => s.width >= Number(size[1]) && s.height >= Number(size[2])) ?? styles.at(-1)
      resource.attributes.transformed_url = fit?.url ?? null
    }
    const keep = resource.type ? fields.get(resource.type) : undefined
    if (keep) resource.attributes = Object.fromEntries(Object.entries(resource.attributes).filter(([k]) => keep.has(k)))
  }
  headers.delete('content-length')
  c.res = new Response(JSON.stringify(doc), { status: c.res.status, headers })
}
