import { lazy, Suspense, useEffect, useRef } from 'react'
import { useMatches } from 'react-router'
import { useAtom, useAtomValue } from '../../state/use-atom.ts'
import { newsletterModalOpenAtom, noScrollAtom } from '../../state/ui.ts'

/** What counts as the shopper doing something: the prompt never opens under a moving hand. */
const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const

/** Screens where the shopper is in the middle of a task (the cart page, logging in, a reset or newsletter link). */
const TASK_SCREEN = /:(cart|login|reset-password|reset-password-alias|newsletter-confirm|newsletter-unsubscribe)$/

/** Once due, how long the shopper must have left the page alone (no touch, click, key or scroll) before it opens. */
export const NEWSLETTER_PROMPT_IDLE_MS = 5_000

const NewsletterModal = lazy(() => import('./newsletter-modal.tsx'))

/** Another dialog or sidebar is open: cart, wishlist, login, signup, forgot password, filters (all `aria-modal`). */
const dialogOpen = () => document.querySelector('[aria-modal="true"], dialog[open]') !== null

/**
 * The due newsletter prompt (newsletter-prompt.tsx) opens only when nothing else is open (another dialog, the menu or
 * search), the screen is not a task's (the cart page, login; checkout has a layout without it), and the shopper has
 * left the page alone for NEWSLETTER_PROMPT_IDLE_MS, so it never covers what they are doing nor takes a tap meant for the page.
 */
export default function NewsletterWait() {
  const idleMs = NEWSLETTER_PROMPT_IDLE_MS
  const [open, setOpen] = useAtom(newsletterModalOpenAtom)
  const menuOrSearch = useAtomValue(noScrollAtom)
  const taskScreen = useMatches().some((match) => TASK_SCREEN.test(match.id))
  // read when the check runs, so opening a panel does not start the pause again
  const blocked = useRef(false)
  blocked.current = menuOrSearch || taskScreen
  useEffect(() => {
    let lastActive = performance.now()
    const active = () => {
      lastActive = performance.now()
    }
    for (const type of ACTIVITY) window.addEventListener(type, active, { capture: true, passive: true })
    let timer: ReturnType<typeof setTimeout>
    const check = () => {
      const quietFor = performance.now() - lastActive
      if (quietFor < idleMs || blocked.current || dialogOpen()) timer = setTimeout(check, Math.max(idleMs - quietFor, 1_000))
      else setOpen(true)
    }
    timer = setTimeout(check, idleMs)
    return () => {
      clearTimeout(timer)
      for (const type of ACTIVITY) window.removeEventListener(type, active, { capture: true })
    }
  }, [idleMs, setOpen])
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <NewsletterModal />
    </Suspense>
  )
}
