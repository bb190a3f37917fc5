import { Hono } from '#worker/lib/hono.ts'
import type { AppEnv } from '#worker/app-env.ts'

/**
 * Product images, CMS pictures (cms/<id>-sm|lg|xl, their type in the object's metadata) and the shop's logo the console uploaded to R2 (the MEDIA binding), at /media/<key>. Each object's key holds a fresh
 * random id, so a changed picture is a new URL and a stored one never changes: browsers and the edge keep them a year.
 */
export const media = new Hono<AppEnv>()

export const MEDIA_PREFIX = '/media/'
const IMMUTABLE = 'public, max-age=31536000, immutable'

media.on(['GET', 'HEAD'], '/media/:key{.+}', async (c) => {
  const key = c.req.param('key')
  const object = c.env.MEDIA && (/^(products\/\d+|store)\/[\w-]+\.(jpg|png|webp)$/.test(key) || /^cms\/[\w-]+-(sm|lg|xl)$/.test(key)) ? await c.env.MEDIA.get(key, { onlyIf: c.req.raw.headers }) : null
  if (!object) return c.text('No such image.', 404, { 'cache-control': 'public, max-age=60' })
  const headers = new Headers({ 'cache-control': IMMUTABLE, etag: object.httpEtag })
  object.writeHttpMetadata(headers)
  // a conditional GET that matched: R2 returns the object without a body
  if (!('body' in object)) return new Response(null, { status: 304, headers })
  return new Response(c.req.method === 'HEAD' ? null : (object as R2ObjectBody).body, { headers })
})
