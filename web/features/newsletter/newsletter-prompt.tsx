import { lazy, Suspense, useEffect } from 'react'
import { useAtom, useAtomValue } from '../../state/use-atom.ts'
import { isAuthenticatedAtom, sessionLoadedAtom } from '../../state/session/atoms.ts'
import { newsletterModalOpenAtom } from '../../state/ui.ts'
import { promptAnswer } from './prompt-memory.ts'

/** How long a visitor browses before the prompt appears: long enough to have seen the store first. */
export const NEWSLETTER_PROMPT_DELAY_MS = 20_000

const NewsletterModal = lazy(() => import('./newsletter-modal.tsx'))

/**
 * The newsletter modal of spec §4 (its UI flag): once per visitor, after a pause, never to someone who subscribed or
 * dismissed it (remembered in a cookie), nor to a logged-in customer (whose newsletter is in their account). The
 * dialog's code loads only when it is due, so a first visit downloads none of it.
 */
export function NewsletterPrompt({ delayMs = NEWSLETTER_PROMPT_DELAY_MS }: { delayMs?: number }) {
  const [open, setOpen] = useAtom(newsletterModalOpenAtom)
  const loaded = useAtomValue(sessionLoadedAtom)
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  useEffect(() => {
    if (!loaded || isAuthenticated) return
    // The answer is read when the prompt is due, not now: a page's first `document.cookie` read is a synchronous
    // round trip to the browser process (1-12 ms at 1x CPU in the client's start-up, docs/performance.md).
    const timer = setTimeout(() => {
      if (!promptAnswer()) setOpen(true)
    }, delayMs)
    return () => clearTimeout(timer)
  }, [loaded, isAuthenticated, delayMs, setOpen])
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <NewsletterModal />
    </Suspense>
  )
}
