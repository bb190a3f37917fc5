/**
 * A wishlist heart without JavaScript (web/components/wishlist-button.tsx). A listing shows up to 48 cards:
 * instead of a form with four hidden fields in each, every heart is a lone submit button of the page's one form
 * (`WishPostForm`, which holds the page's address as `back`), posting to its product's page with
 * `wish={1|0}:{variant id}[:{card id}]`: save (1) or remove (0), what the click asks for, so a repeated post (a double
 * click) asks for the same. The product page's action returns to the product page, or for a card to `back` at the card
 * (`#card id`) with the notice (wish-notice.ts). The worker shows a member's saved hearts saved by rewriting the
 * button's value and label (worker/edge-cache/personal-header.ts); reading a posted value is wish-value.ts.
 */

/** The page's form every heart submits (its `id`). */
export const WISH_POST_FORM = 'wish-post'

/** The name of a heart's field. */
export const WISH_FIELD = 'wish'

/** What a heart's click asks for: `save` (or remove) `variantId`, on the card `anchor` when it is on a card. */
export const wishValue = (save: boolean, variantId: string, anchor?: string | null) => `${save ? 1 : 0}:${variantId}${anchor ? `:${anchor}` : ''}`
