import { startTransition, useEffect, useState } from 'react'

/**
 * False in the server's HTML and during hydration, true once the client has taken over: a component shows its
 * no-JavaScript form (an Apply button, every tab panel, every state) until then, so hydration matches the HTML.
 *
 * The switch renders in a transition: React renders it in slices of a few milliseconds instead of one task. Set at
 * once, the filter panel's re-render with every facet checkbox was a synchronous 14 ms task (unminified build,
 * profiled) right after a category page hydrated (docs/decisions/0022-main-thread-work-at-start.md); a shopper who
 * acts in between still has the no-JavaScript form, which works.
 */
export function useEnhanced(): boolean {
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => startTransition(() => setEnhanced(true)), [])
  return enhanced
}
