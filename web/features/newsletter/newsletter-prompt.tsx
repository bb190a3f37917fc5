import { lazy, Suspense, useEffect, useState } from 'react'
import { useAtomValue } from '../../state/use-atom.ts'
import { isAuthenticatedAtom, sessionLoadedAtom } from '../../state/session/atoms.ts'
import { promptAnswer } from './prompt-memory.ts'
import { browserOnly } from '../../lib/browser-only.ts'

/** How long a visitor browses before the prompt is due: long enough to have seen the store first. */
export const NEWSLETTER_PROMPT_DELAY_MS = 20_000
/** What waits for the shopper to be idle and then shows the dialog: its code loads when the prompt is due. */
const NewsletterWait = lazy(() => (import.meta.env.SSR ? browserOnly() : import('./newsletter-wait.tsx')))

/**
 * The newsletter modal of spec §4 (its UI flag): once per visitor, never to someone who subscribed or dismissed it
 * (remembered in a cookie), nor to a logged-in customer (whose newsletter is in their account). It is due after a
 * pause, and then waits until nothing else is open and the shopper has been idle (newsletter-wait.tsx). Only the pause
 * is part of a first visit's JavaScript; the waiting and the dialog load when it is due.
 */
export function NewsletterPrompt() {
  const loaded = useAtomValue(sessionLoadedAtom)
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const [due, setDue] = useState(false)
  useEffect(() => {
    if (!loaded || isAuthenticated) return
    // The answer is read when the prompt is due, not at start: a page's first `document.cookie` read is a
    // synchronous round trip to the browser process (1-12 ms at 1x CPU in the client's start-up, docs/performance.md).
    const timer = setTimeout(() => setDue(!promptAnswer()), NEWSLETTER_PROMPT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [loaded, isAuthenticated])
  if (!due || isAuthenticated) return null
  return (
    <Suspense fallback={null}>
      <NewsletterWait />
    </Suspense>
  )
}
