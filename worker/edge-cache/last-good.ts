import type { Env } from '#worker/env.ts'

/**
 * The last good HTML of each shared page, kept in KV for a week: when the backend is down and the data centre's
 * page cache no longer holds a page (it is per location and may evict), browsing still gets the page as it last
 * was. Written at most every few minutes per page and isolate, since KV takes about one write per key a second.
 */
const KEEP_SECONDS = 7 * 24 * 60 * 60
const REWRITE_AFTER_MS = 5 * 60_000

interface Metadata {
  storedAt: number
  contentType: string
}

const written = new Map<string, number>()

export async function writeLastGood(env: Env, key: string, html: string, headers: Headers) {
  const now = Date.now()
  if (now - (written.get(key) ?? 0) < REWRITE_AFTER_MS) return
  written.set(key, now)
  if (written.size > 5_000) written.clear()
  const metadata: Metadata = { storedAt: now, contentType: headers.get('content-type') ?? 'text/html; charset=utf-8' }
  await env.CACHE.put(key, html, { expirationTtl: KEEP_SECONDS, metadata })
}

/** The page as it last rendered well, as a shared copy (never stored again from here), or null. */
export async function readLastGood(env: Env, key: string): Promise<Response | null> {
  try {
    const { value, metadata } = await env.CACHE.getWithMetadata<Metadata>(key, 'text')
    if (value === null) return null
    return new Response(value, {
      status: 200,
      headers: {
        'content-type': metadata?.contentType ?? 'text/html; charset=utf-8',
        // served only while the backend is down: never kept by anyone downstream
        'cache-control': 'no-store',
      },
    })
  } catch {
    return null
  }
}
