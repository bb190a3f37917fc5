/**
 * A card's heart without JavaScript: the post saves or removes, then returns to the page the card was on, at the card
 * (`#product-…`), with this query parameter saying what happened (`saved-{variantId}` or `removed-{variantId}`), which
 * the card shows under its prices. The page's own links and forms leave it out (web/lib/page-query.ts), so it is said once.
 */
export const WISH_NOTICE = 'wishlist'

/**
 * What the last heart post did to this variant's card, if the page was returned to from it. `search` is the address's
 * query as a string (`location.search`): a card reads it from the location, as `useSearchParams` cost each of a
 * listing's 48 cards seven hooks and a layout effect (docs/performance.md), and parses it only when the notice is there.
 */
export function wishNoticeOf(search: string, variantId: string | undefined): 'saved' | 'removed' | null {
  if (!variantId || !search.includes(`${WISH_NOTICE}=`)) return null
  const notice = new URLSearchParams(search).get(WISH_NOTICE)
  if (notice === `saved-${variantId}`) return 'saved'
  return notice === `removed-${variantId}` ? 'removed' : null
}
