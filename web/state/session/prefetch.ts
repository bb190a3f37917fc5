import { PREFETCH_DATA_TTL_MS, PREFETCH_SKIP_EFFECTIVE_TYPES } from '#kernel/config.ts'

/**
 * Prefetch of likely next pages. The browser entry installs how (web/boot/hydrate-app.tsx: the screen's chunks through
 * the route table, its data through the loader); links ask for it (LocalLink's `prefetch`). Nothing happens on the
 * server, before hydration, on slow 2g or with save-data on.
 */
export type Prefetcher = (href: string, withData: boolean) => void

let prefetcher: Prefetcher | null = null
/** When each href (with or without its data) was last prefetched: at most once per PREFETCH_DATA_TTL_MS. */
const recent = new Map<string, number>()

export function installPrefetcher(run: Prefetcher) {
  prefetcher = run
}

interface NetworkInformationLike {
  saveData?: boolean
  effectiveType?: string
}

/** False on slow 2g and with save-data on (spec §9), or where there is no browser. */
export function prefetchAllowed(): boolean {
  if (typeof navigator === 'undefined') return false
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection
  if (connection?.saveData) return false
  return !(connection?.effectiveType && PREFETCH_SKIP_EFFECTIVE_TYPES.includes(connection.effectiveType))
}

export function prefetch(href: string, withData: boolean) {
  if (!prefetcher || !prefetchAllowed()) return
  const key = `${withData ? 'data' : 'code'} ${href}`
  const now = Date.now()
  if (now - (recent.get(key) ?? -Infinity) < PREFETCH_DATA_TTL_MS) return
  recent.set(key, now)
  prefetcher(href, withData)
}
