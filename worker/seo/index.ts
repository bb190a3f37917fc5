import type { Context } from 'hono'
import { Hono } from '#worker/lib/hono.ts'
import type { AppEnv } from '#worker/app-env.ts'
import { isLocale } from '#kernel/config.ts'
import { sitemapIndex, sitemapPart } from './sitemap.ts'
import { sitemapSource } from './sitemap-source.ts'
import { robotsTxt } from './robots.ts'
import { webManifest } from '#kernel/brand.ts'
import { shopName } from '#kernel/store-settings.ts'
import { publicOrigin, storeSettings } from '#worker/lib/store-settings.ts'

/**
 * What crawlers read: /robots.txt, /sitemap.xml (an index) and /sitemaps/{locale}-{part}.xml. Mounted before the
 * locale and session middleware: these answers are the same for everyone and set no cookies, so shared caches keep
 * them for an hour.
 */
export const seo = new Hono<AppEnv>()

const CACHE = 'public, max-age=3600'
const XML = 'application/xml; charset=utf-8'

/** The store's public origin for the absolute URLs below (STORE_URL, the store URL setting, this request's). */
const origin = async (c: Context<AppEnv>) => publicOrigin(c.env, await storeSettings(c.env), c.req.url)

seo.get('/robots.txt', async (c) => {
  return c.text(robotsTxt(await origin(c)), 200, { 'Cache-Control': CACHE })
})

/** The web app manifest, named after the shop (its settings): a minute in caches, so a new name shows within one. */
seo.get('/manifest.webmanifest', async (c) => {
  const body = JSON.stringify(webManifest(shopName(await storeSettings(c.env))), null, 2)
  return c.body(body, 200, { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=60' })
})

seo.get('/sitemap.xml', async (c) => {
  const body = await sitemapIndex(sitemapSource(c.env, new Date().toISOString()), await origin(c))
  return c.body(body, 200, { 'Content-Type': XML, 'Cache-Control': CACHE })
})

seo.get('/sitemaps/:file', async (c) => {
  const match = /^([a-z]{2})-(\d{1,4})\.xml$/.exec(c.req.param('file'))
  const locale = match?.[1]
  if (!match || !isLocale(locale)) return c.text('There is no such sitemap.', 404)
  const stream = await sitemapPart(sitemapSource(c.env, new Date().toISOString()), await origin(c), locale, Number(match[2]))
  if (!stream) return c.text('There is no such sitemap.', 404)
  return c.body(stream, 200, { 'Content-Type': XML, 'Cache-Control': CACHE })
})
