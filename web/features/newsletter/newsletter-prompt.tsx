import { lazy, Suspense, useEffect, useRef } from 'react'
import { useMatches } from 'react-router'
import { useAtom, useAtomValue } from '../../state/use-atom.ts'
import { isAuthenticatedAtom, sessionLoadedAtom } from '../../state/session/atoms.ts'
import { newsletterModalOpenAtom, noScrollAtom } from '../../state/ui.ts'
import { promptAnswer } from './prompt-memory.ts'

/** How long a visitor browses before the prompt is due: long enough to have seen the store first. */
export const NEWSLETTER_PROMPT_DELAY_MS = 20_000
/** Once due, how long the shopper must have left the page alone (no touch, click, key or scroll) before it opens. */
export const NEWSLETTER_PROMPT_IDLE_MS = 5_000

/** What counts as the shopper doing something: the prompt never opens under a moving hand. */
const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const

/** Screens where the shopper is in the middle of a task (the cart page, logging in, a reset or newsletter link). */
const TASK_SCREEN = /:(cart|login|reset-password|reset-password-alias|newsletter-confirm|newsletter-unsubscribe)$/

const NewsletterModal = lazy(() => import('./newsletter-modal.tsx'))

/** Another dialog or sidebar is open: cart, wishlist, login, signup, forgot password, filters (all `aria-modal`). */
const dialogOpen = () => document.querySelector('[aria-modal="true"], dialog[open]') !== null

/**
 * The newsletter modal of spec §4 (its UI flag): once per visitor, never to someone who subscribed or dismissed it
 * (remembered in a cookie), nor to a logged-in customer (whose newsletter is in their account). It is due after a
 * pause, and then waits until nothing else is open (another dialog, the menu or search), the screen is not a task's
 * (the cart page, login; checkout has a layout without it), and the shopper has been idle for a moment, so it never
 * covers what they are doing nor takes a tap meant for the page. The dialog's code loads only when it opens, so a
 * first visit downloads none of it.
 */
export function NewsletterPrompt({ delayMs = NEWSLETTER_PROMPT_DELAY_MS, idleMs = NEWSLETTER_PROMPT_IDLE_MS }: { delayMs?: number; idleMs?: number }) {
  const [open, setOpen] = useAtom(newsletterModalOpenAtom)
  const loaded = useAtomValue(sessionLoadedAtom)
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const menuOrSearch = useAtomValue(noScrollAtom)
  const taskScreen = useMatches().some((match) => TASK_SCREEN.test(match.id))
  // read when the check runs, so opening a panel does not start the pause again
  const blocked = useRef(false)
  blocked.current = menuOrSearch || taskScreen
  useEffect(() => {
    if (!loaded || isAuthenticated) return
    let lastActive = performance.now()
    const active = () => {
      lastActive = performance.now()
    }
    for (const type of ACTIVITY) window.addEventListener(type, active, { capture: true, passive: true })
    let timer: ReturnType<typeof setTimeout>
    const check = () => {
      const quietFor = performance.now() - lastActive
      if (quietFor < idleMs || blocked.current || dialogOpen()) {
        timer = setTimeout(check, Math.max(idleMs - quietFor, 1_000))
        return
      }
      // The answer is read when the prompt is due, not at start: a page's first `document.cookie` read is a
      // synchronous round trip to the browser process (1-12 ms at 1x CPU in the client's start-up, docs/performance.md).
      if (!promptAnswer()) setOpen(true)
    }
    timer = setTimeout(check, delayMs)
    return () => {
      clearTimeout(timer)
      for (const type of ACTIVITY) window.removeEventListener(type, active, { capture: true })
    }
  }, [loaded, isAuthenticated, delayMs, idleMs, setOpen])
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <NewsletterModal />
    </Suspense>
  )
}
