const idle = typeof requestIdleCallback === 'function'

/**
 * Runs `work` when the main thread is idle after hydration, at the latest after `timeout` ms (a timer where there is
 * no requestIdleCallback: Safari). Work a first paint does not need (the session fetch, the service worker,
 * prefetches of visible links, layout reads) then stays out of hydration's long tasks (docs/decisions/0022-main-thread-work-at-start.md, total
 * blocking time). Returns a cancel function for effect clean-ups.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  const id = idle ? requestIdleCallback(work, { timeout }) : window.setTimeout(work, 1)
  return () => (idle ? cancelIdleCallback : clearTimeout)(id)
}
