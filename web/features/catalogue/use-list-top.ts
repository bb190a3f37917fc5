import { useEffect, useRef, type RefObject } from 'react'

/**
 * Brings the top of the product list into view when the listing moves to another page of results with JavaScript.
 * The router keeps the window where it was (a client-side navigation is no new document), so the shopper who pressed
 * '›' under the last row landed at the bottom of the next page (issue 42, finding 10); without JavaScript the new
 * document opens at its top already. Only when the list's top is out of view: a page change seen from above the list
 * (a filter that starts again at page 1) does not move the screen. Focus follows to the list's heading, so a keyboard
 * or screen-reader user goes on from the first new card, not from the pagination left behind.
 */
export function useListTopOnPageChange(page: number, list: RefObject<HTMLElement | null>, heading: RefObject<HTMLElement | null>) {
  const shown = useRef(page)
  useEffect(() => {
    if (shown.current === page) return
    shown.current = page
    const top = list.current?.getBoundingClientRect().top
    if (top === undefined || (top >= 0 && top < window.innerHeight)) return
    list.current!.scrollIntoView({ block: 'start' })
    heading.current?.focus({ preventScroll: true })
  }, [page, list, heading])
}
