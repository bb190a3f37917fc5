import type { Env } from '#worker/env.ts'

/**
 * The store's own address for links in emails: STORE_URL (required in production and staging, worker/env.ts), else
 * the `store.url` setting (Spree keeps it without a scheme, e.g. 'localhost:8787'), else this request's origin. Never
 * a header the client chose: a reset link pointing at someone else's host would hand them the token.
 */
export async function storeUrl(env: Pick<Env, 'DB' | 'STORE_URL'>, requestOrigin: string): Promise<string> {
  if (env.STORE_URL) return env.STORE_URL.replace(/\/+$/, '')
  const row = await env.DB.prepare('SELECT url FROM store WHERE id = 1').first<{ url: string | null }>().catch(() => null)
  const url = row?.url?.trim()
  if (!url) return requestOrigin
  if (/^https?:\/\//.test(url)) return url.replace(/\/+$/, '')
  const local = /^(localhost|127\.0\.0\.1)(:\d+)?$/.test(url)
  return `${local ? 'http' : 'https'}://${url.replace(/\/+$/, '')}`
}
