import { CHUNK_RELOAD_GUARD_MS } from '#kernel/config.ts'

const KEY = 'chunk-reload-at'

/**
 * After a deploy, an open tab may ask for a screen chunk that no longer exists. Reload once to get the new build,
 * but at most once a minute, so a real outage cannot loop reloads (spec §4, §9).
 */
export function shouldReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || now - lastReloadAt > CHUNK_RELOAD_GUARD_MS
}

export function installChunkReloadGuard() {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(KEY)) || null
    if (!shouldReloadForChunkError(Date.now(), last)) return
    event.preventDefault()
    sessionStorage.setItem(KEY, String(Date.now()))
    window.location.reload()
  })
}
