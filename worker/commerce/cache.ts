import type { CommerceContext } from './context.ts'

/**
 * The KV read-through cache for menus, taxons and CMS pages (ARCHITECTURE "Data"). Keys are versioned so a change
 * of shape is a new key, never a misread: `v2:menu:{locale}:{location}`, `v2:taxons:{locale}`, `v2:cms:{locale}:{slug}`,
 * `v2:banners:{locale}:{taxon permalink, '' for home}`.
 *
 * - fresh (younger than FRESH_MS): served from KV, the backend is not asked;
 * - stale (younger than FRESH_MS + STALE_MS): served from KV at once, refreshed in the background (waitUntil);
 * - older: loaded from the backend and stored; if that fails, the old value is served (stale-if-error). KV keeps
 *   an entry for KEEP_MS (7 days), well past the stale window, so an old menu, category tree or CMS page is still
 *   there when the backend is down.
 * The state shows in Server-Timing as `cache-{kind};desc="hit|stale|miss|error"`.
 */
// v2: CMS rich text is stored sanitised (v1 entries held it raw).
export const CACHE_VERSION = 'v2'
export const FRESH_MS = 5 * 60_000
export const STALE_MS = 24 * 60 * 60_000
/** How long KV keeps an entry: the stale-if-error horizon. */
export const KEEP_MS = 7 * 24 * 60 * 60_000
/** A miss waits this long for the backend before giving up. */
export const LOAD_TIMEOUT_MS = 8_000

export const cacheKeys = {
  menu: (locale: string, location: string) => `${CACHE_VERSION}:menu:${locale}:${location}`,
  taxons: (locale: string) => `${CACHE_VERSION}:taxons:${locale}`,
  cms: (locale: string, slug: string) => `${CACHE_VERSION}:cms:${locale}:${slug}`,
  /** Home banners (taxon '') and each category's: content, like CMS pages, so they cost no D1 read per page. */
  banners: (locale: string, taxon: string) => `${CACHE_VERSION}:banners:${locale}:${taxon}`,
}

interface Entry<T> {
  value: T
  storedAt: number
}

export type CacheState = 'hit' | 'stale' | 'miss' | 'error'

// Background refreshes already running in this isolate, so a burst of stale reads refreshes once.
const refreshing = new Map<string, Promise<void>>()

async function readEntry<T>(kv: KVNamespace, key: string): Promise<Entry<T> | null> {
  try {
    const entry = await kv.get<Entry<T>>(key, 'json')
    return entry && typeof entry.storedAt === 'number' ? entry : null
  } catch {
    // KV being unavailable must not take the page down: behave as a miss.
    return null
  }
}

async function writeEntry<T>(kv: KVNamespace, key: string, value: T, now: number) {
  try {
    await kv.put(key, JSON.stringify({ value, storedAt: now } satisfies Entry<T>), {
      expirationTtl: Math.ceil(KEEP_MS / 1000),
    })
  } catch (error) {
    console.warn(`cache: could not store ${key}`, error)
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Reads `key` through the cache; `load` asks the backend. `kind` names the Server-Timing entry ('menu' …). */
export async function cached<T>(ctx: CommerceContext, kind: string, key: string, load: () => Promise<T>): Promise<T> {
  const kv = ctx.env.CACHE
  const now = Date.now()
  const entry = await readEntry<T>(kv, key)
  const age = entry ? now - entry.storedAt : Infinity
  const record = (state: CacheState) => ctx.timing.add(`cache-${kind}`, undefined, state)

  if (entry && age < FRESH_MS) {
    record('hit')
    return entry.value
  }
  if (entry && age < FRESH_MS + STALE_MS) {
    record('stale')
    if (!refreshing.has(key)) {
      const refresh = withTimeout(load(), LOAD_TIMEOUT_MS)
        .then((value) => writeEntry(kv, key, value, Date.now()))
        .catch((error) => console.warn(`cache: background refresh of ${key} failed; still serving the stale value`, error))
        .finally(() => refreshing.delete(key))
      refreshing.set(key, refresh)
      ctx.waitUntil(refresh)
    }
    return entry.value
  }
  try {
    const value = await withTimeout(load(), LOAD_TIMEOUT_MS)
    record('miss')
    ctx.waitUntil(writeEntry(kv, key, value, now))
    return value
  } catch (error) {
    if (entry) {
      record('error')
      return entry.value
    }
    throw error
  }
}
