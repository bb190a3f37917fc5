import type { AnchorHTMLAttributes } from 'react'
import { NavLink, type NavLinkProps } from 'react-router'
import { localePath } from '#kernel/config.ts'
import { useT } from '../i18n/index.tsx'
import { prefetch as prefetchPage } from '../state/session/prefetch.ts'
import { whenIdle } from '../state/session/when-idle.ts'

/**
 * When a link prefetches its page (never on slow 2g or with save-data, web/state/session/prefetch.ts):
 * 'intent': code and data when pointed at or focused; 'viewport': the code once visible, the data on intent (product
 * cards); 'visible': code and data once visible (the next page of a listing).
 */
export type PrefetchMode = 'intent' | 'viewport' | 'visible'

/**
 * The mark of a store link: `data-link`, its value the prefetch mode ('' for none). The app's one click listener opens
 * such a link in the app and its one pointer and focus listener prefetches on intent (web/boot/link-navigation.ts), so
 * a link is a plain `<a>`: no component of React Router's with its two dozen hooks and three effects each, which for
 * a listing's 117 links were a fifth of hydration's work (docs/performance.md).
 */
export const LINK_MARK = 'data-link'

/**
 * One IntersectionObserver for every prefetching link of the page, each link with what to do when it first shows.
 * A listing has 48 cards: one observer each was 48 to create in hydration and 48 to run every frame.
 */
const waitingToShow = new Map<Element, () => void>()
let shownObserver: IntersectionObserver | undefined

function whenFirstShown(element: Element, shown: () => void): () => void {
  shownObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      const run = waitingToShow.get(entry.target)
      waitingToShow.delete(entry.target)
      shownObserver?.unobserve(entry.target)
      run?.()
    }
  })
  waitingToShow.set(element, shown)
  shownObserver.observe(element)
  return () => {
    if (waitingToShow.delete(element)) shownObserver?.unobserve(element)
  }
}

/**
 * The ref of a link that prefetches once shown ('viewport', 'visible'): one module-level function, so React attaches it
 * once per link and never again on a re-render. It reads the link's address and mode when the link shows; when idle,
 * as a visible card's screen chunk would otherwise compile and run inside hydration's long tasks.
 */
function prefetchWhenShown(anchor: HTMLAnchorElement | null): (() => void) | undefined {
  if (!anchor || typeof IntersectionObserver === 'undefined') return undefined
  let cancelIdle = () => {}
  const stopWatching = whenFirstShown(anchor, () => {
    cancelIdle = whenIdle(() => prefetchPage(anchor.href, anchor.getAttribute(LINK_MARK) === 'visible'), 5000)
  })
  return () => {
    stopWatching()
    cancelIdle()
  }
}

export type LocalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; prefetch?: PrefetchMode }

/**
 * A link to a store path in the page's language: `/t/men` becomes `/de/t/men` on German pages. It opens in the app
 * (web/boot/link-navigation.ts) and is an ordinary link before hydration and without JavaScript.
 */
export function LocalLink({ to, prefetch, ...props }: LocalLinkProps) {
  const { locale } = useT()
  const href = to.startsWith('/') ? localePath(locale, to) : to
  return <a {...props} href={href} {...{ [LINK_MARK]: prefetch ?? '' }} ref={prefetch === 'viewport' || prefetch === 'visible' ? prefetchWhenShown : undefined} />
}

export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const { locale } = useT()
  return <NavLink to={to.startsWith('/') ? localePath(locale, to) : to} {...props} />
}

/** A store path in the page's language, for places that need a string (forms, redirects). */
export function useLocalPath() {
  const { locale } = useT()
  return (path: string) => localePath(locale, path)
}
