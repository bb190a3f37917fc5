import { inAppDestination } from '../boot/link-navigation.ts'

/**
 * The search analytics' count of products opened from the results (issue 39 point 8; worker/search-stats): a ref for
 * the results' container. A product the app opens itself (a plain click) is told to the worker by a beacon naming the
 * search page; a product opened as a page (no JavaScript yet, a new tab or window) is counted by the worker from that
 * page request's Referer, so each opening counts once. Nothing about the shopper is sent.
 */
export function countResultClicks(container: HTMLElement | null): (() => void) | undefined {
  if (!container) return undefined
  const onClick = (event: MouseEvent) => {
    const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null
    if (!anchor || !container.contains(anchor)) return
    const to = inAppDestination(event, anchor, window.location)
    if (!to || !/^(\/de)?\/(products|p)\//i.test(to)) return
    try {
      navigator.sendBeacon('/api/search-click', new URLSearchParams({ from: window.location.pathname + window.location.search }))
    } catch {
      // a browser without beacons loses the count, never the click
    }
  }
  container.addEventListener('click', onClick)
  return () => container.removeEventListener('click', onClick)
}
