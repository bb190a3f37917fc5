import type { Env } from '#worker/env.ts'

/**
 * The content version is part of every page-cache key: bumping it makes every cached page a miss at once, in every
 * data centre, without listing or deleting entries (the old ones age out). It lives in KV; each isolate remembers
 * it for a few seconds so a cache hit costs no KV read.
 */
export const PAGE_VERSION_KEY = 'edge:page-version'
const MEMO_MS = 5_000

let memo: { value: string; until: number } | null = null

export async function pageCacheVersion(env: Env): Promise<string> {
  const now = Date.now()
  if (memo && now < memo.until) return memo.value
  let value = '0'
  try {
    value = (await env.CACHE.get(PAGE_VERSION_KEY)) ?? '0'
  } catch {
    // KV unavailable: keep using what this isolate knew (or '0'); pages still render
    value = memo?.value ?? '0'
  }
  memo = { value, until: now + MEMO_MS }
  return value
}

/**
 * Makes every cached page fresh: the next request for each page renders it anew. Call it after a change that must
 * show at once (a price list import, a CMS publish); price, stock and content changes show within 60 s anyway.
 * Other isolates notice within a few seconds (KV itself may take up to 60 s to reach every location).
 *
 * @example await bumpPageCacheVersion(c.env)
 */
export async function bumpPageCacheVersion(env: Env): Promise<string> {
  const value = Date.now().toString(36)
  await env.CACHE.put(PAGE_VERSION_KEY, value)
  memo = { value, until: Date.now() + MEMO_MS }
  return value
}
