import { useEffect, useRef, type FocusEvent, type PointerEvent } from 'react'
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router'
import { localePath } from '../config.ts'
import { useT } from '../i18n/index.tsx'
import { prefetch as prefetchPage } from '../features/session/prefetch.ts'
import { whenIdle } from '../features/session/when-idle.ts'

/**
 * When a link prefetches its page (never on slow 2g or with save-data, web/features/session/prefetch.ts):
 * 'intent': code and data when pointed at or focused; 'viewport': the code once visible, the data on intent (product
 * cards); 'visible': code and data once visible (the next page of a listing).
 */
export type PrefetchMode = 'intent' | 'viewport' | 'visible'

/**
 * One IntersectionObserver for every prefetching link of the page, each link with what to do when it first shows.
 * A listing has 48 cards: one observer each was 48 to create in hydration's effects and 48 to run every frame.
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

function usePrefetch(href: string, mode: PrefetchMode | undefined) {
  const ref = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!mode || mode === 'intent' || !element || typeof IntersectionObserver === 'undefined') return
    let cancelIdle = () => {}
    // when idle: a visible card's screen chunk would otherwise compile and run inside hydration's long tasks
    const stopWatching = whenFirstShown(element, () => {
      cancelIdle = whenIdle(() => prefetchPage(href, mode === 'visible'), 5000)
    })
    return () => {
      stopWatching()
      cancelIdle()
    }
  }, [href, mode])
  return { ref, onIntent: mode ? () => prefetchPage(href, true) : undefined }
}

/** A link to a store path in the page's language: `/t/men` becomes `/de/t/men` on German pages. */
export function LocalLink({ to, prefetch, onPointerEnter, onFocus, ...props }: Omit<LinkProps, 'to' | 'prefetch'> & { to: string; prefetch?: PrefetchMode }) {
  const { locale } = useT()
  const href = to.startsWith('/') ? localePath(locale, to) : to
  const { ref, onIntent } = usePrefetch(href, prefetch)
  return (
    <Link
      ref={ref}
      to={href}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        onIntent?.()
        onPointerEnter?.(event)
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        onIntent?.()
        onFocus?.(event)
      }}
      {...props}
    />
  )
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
