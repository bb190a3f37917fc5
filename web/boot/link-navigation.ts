import { LINK_MARK } from '../components/local-link.tsx'
import { prefetch } from '../state/session/prefetch.ts'

/** What a click needs to say for this module to decide (a MouseEvent has it all). */
export interface LinkClick {
  defaultPrevented: boolean
  button: number
  metaKey: boolean
  altKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
}

/** The store link (LocalLink's `<a data-link>`) an event happened in, if any. */
export function storeLinkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(`a[${LINK_MARK}]`) : null
}

/**
 * Where a click on a store link goes in the app (path, query and fragment), or null when the browser should follow it
 * itself, as React Router's Link decides: a click another handler already took, another button or a modifier key
 * (a new tab or window, a download), a link that opens elsewhere (`target`) or downloads, an address on another origin.
 */
export function inAppDestination(click: LinkClick, anchor: { href: string; getAttribute(name: string): string | null; hasAttribute(name: string): boolean }, here: { origin: string }): string | null {
  if (click.defaultPrevented || click.button !== 0) return null
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null
  const target = anchor.getAttribute('target')
  if ((target && target !== '_self') || anchor.hasAttribute('download')) return null
  let url: URL
  try {
    url = new URL(anchor.href)
  } catch {
    return null
  }
  if (url.origin !== here.origin) return null
  return url.pathname + url.search + url.hash
}

export type Navigate = (to: string, options: { replace: boolean }) => unknown

/**
 * The app's one listener for its links' clicks, and one for their prefetch on intent (pointer or keyboard focus),
 * instead of a component per link. The click listener is on the window, so it runs after React's own (on the
 * document): a link's `onClick` that prevents the default keeps the click. A link to the address shown replaces the
 * history entry instead of adding one, as React Router's Link does.
 */
export function installLinkNavigation(navigate: Navigate) {
  window.addEventListener('click', (event) => {
    const anchor = storeLinkOf(event.target)
    if (!anchor) return
    const to = inAppDestination(event, anchor, window.location)
    if (to === null) return
    event.preventDefault()
    const { pathname, search, hash } = window.location
    void navigate(to, { replace: to === pathname + search + hash })
  })
  const onIntent = (event: Event) => {
    const anchor = storeLinkOf(event.target)
    if (anchor?.getAttribute(LINK_MARK)) prefetch(anchor.href, true)
  }
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)
}
