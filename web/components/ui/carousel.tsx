import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useT } from '../../i18n/index.tsx'
import { Button } from './button.tsx'
import { cx, focusRing } from './cx.ts'
import { useEnhanced } from './use-enhanced.ts'

/**
 * A row of cards that snaps as it scrolls. Without JavaScript it is a plain horizontally scrollable list; with it, the
 * previous/next buttons scroll by one view. The list itself is focusable, so arrow keys scroll it too.
 * Children are the <li> items (e.g. <ProductCard as="li">); `itemClassName` sets their width per breakpoint.
 */
export function Carousel({ label, title, children, className }: { label: string; title?: ReactNode; children: ReactNode; className?: string }) {
  const { t } = useT()
  const row = useRef<HTMLUListElement>(null)
  const enhanced = useEnhanced()
  const [edges, setEdges] = useState({ start: true, end: false })
  useEffect(() => {
    const node = row.current
    const first = node?.firstElementChild
    const last = node?.lastElementChild
    if (!node || !first || !last || typeof IntersectionObserver === 'undefined') return
    // Whether the first and the last item are wholly in view (within 4 px), told by the browser after it has laid the
    // row out: reading the row's scroll size instead forced a layout of the page (a long task on a phone), and the
    // buttons it sets are shown only on wide screens. The observer's first report gives the start state too.
    const inView = new Map<Element, boolean>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) inView.set(entry.target, entry.intersectionRatio >= 1)
        const start = inView.get(first) ?? true
        const end = inView.get(last) ?? false
        // the same state object while neither end changes: React skips the render
        setEdges((edges) => (edges.start === start && edges.end === end ? edges : { start, end }))
      },
      { root: node, rootMargin: '0px 4px', threshold: 1 },
    )
    observer.observe(first)
    observer.observe(last)
    return () => observer.disconnect()
  }, [children])
  const scroll = (direction: 1 | -1) => {
    const node = row.current
    if (!node) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    node.scrollBy({ left: direction * node.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' })
  }
  return (
    <section aria-label={label} className={className} data-testid="carousel">
      <div className="mb-4 flex items-end justify-between gap-4">
        {title ?? <span />}
        {enhanced ? (
          <div className="hidden gap-2 lg:flex">
            <Button variant="secondary" size="icon" onClick={() => scroll(-1)} disabled={edges.start} aria-label={t('ui.previous')}>
              <Chevron flip />
            </Button>
            <Button variant="secondary" size="icon" onClick={() => scroll(1)} disabled={edges.end} aria-label={t('ui.next')}>
              <Chevron />
            </Button>
          </div>
        ) : null}
      </div>
      <ul
        ref={row}
        tabIndex={0}
        aria-label={label}
        className={cx('scroll-row -mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-px-4 px-4 pb-2 lg:mx-0 lg:scroll-px-0 lg:px-0', focusRing)}
      >
        {children}
      </ul>
    </section>
  )
}

/** The width of one carousel item: about two on a phone, four on desktop. */
export const carouselItem = 'w-[44%] shrink-0 snap-start sm:w-[30%] lg:w-[calc(25%_-_0.75rem)]'

function Chevron({ flip = false }: { flip?: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className={cx('h-5 w-5', flip && 'rotate-180')} aria-hidden="true" focusable="false">
      <path d="m8 5 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
