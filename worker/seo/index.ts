import { Hono } from 'hono'
import type { AppEnv } from '#worker/app-env.ts'
import { isLocale } from '#kernel/config.ts'
import { sitemapIndex, sitemapPart } from './sitemap.ts'
import { sitemapSource } from './sitemap-source.ts'
import { robotsTxt } from './robots.ts'

/**
 * What crawlers read: /robots.txt, /sitemap.xml (an index) and /sitemaps/{locale}-{part}.xml. Mounted before the
 * locale and session middleware: these answers are the same for everyone and set no cookies, so shared caches keep
 * them for an hour.
 */
export const seo = new Hono<AppEnv>()

const CACHE = 'public, max-age=3600'
const XML = 'application/xml; charset=utf-8'

seo.get('/robots.txt', (c) => {
  return c.text(robotsTxt(new URL(c.req.url).origin), 200, { 'Cache-Control': CACHE })
})

seo.get('/sitemap.xml', async (c) => {
  const body = await sitemapIndex(sitemapSource(c.env, new Date().toISOString()), new URL(c.req.url).origin)
  return c.body(body, 200, { 'Content-Type': XML, 'Cache-Control': CACHE })
})

seo.get('/sitemaps/:file', async (c) => {
  const match = /^([a-z]{2})-(\d{1,4})\.xml$/.exec(c.req.param('file'))
  const locale = match?.[1]
  if (!match || !isLocale(locale)) return c.text('There is no such sitemap.', 404)
  const stream = await sitemapPart(sitemapSource(c.env, new Date().toISOString()), new URL(c.req.url).origin, locale, Number(match[2]))
  if (!stream) return c.text('There is no such sitemap.', 404)
  return c.body(stream, 200, { 'Content-Type': XML, 'Cache-Control': CACHE })
})
