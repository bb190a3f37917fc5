/**
 * The header's personal bits, filled in by the worker on the way out (worker/edge-cache/personal-header.ts) so a
 * cached catalogue page, the same HTML for everyone, shows each shopper their own greeting, cart count and member
 * view without JavaScript. The server renders the anonymous chrome with these markers; the worker rewrites the
 * marked elements and writes the state into `<script id="personal-state">`, which the browser reads before it
 * hydrates, so its first render is the rewritten markup (no flash of 'Login', no hydration mismatch).
 */
export interface PersonalState {
  authenticated: boolean
  firstName: string | null
  cartCount: number
  /** the variant ids in a member's wishlist: their hearts are shown saved (and post 'remove') */
  wished: string[]
}

export const ANONYMOUS: PersonalState = { authenticated: false, firstName: null, cartCount: 0, wished: [] }

export const PERSONAL_STATE_ID = 'personal-state'

/** `data-personal` values: what the rewriter does with the element. */
export const PERSONAL = {
  /** the account link: a member's goes to the account area and has no aria-label (its text says it) */
  account: 'account',
  /** the account link's text: 'Hi {first name}' for members */
  greeting: 'greeting',
  /** a cart button: gets its count badge (and label) appended */
  cartHeader: 'cart-header',
  cartMobile: 'cart-mobile',
  /** removed for members: the join bar, 'join the Club' prompts */
  guestOnly: 'guest-only',
  /** shown (its `hidden` dropped) for members: Club savings */
  memberOnly: 'member-only',
  /** a wishlist heart (its `value` holds its variant id, its label the product's name; wish-post.ts): shown saved */
  wish: 'wish',
} as const

/** The saved heart's icon classes: rendered by React and added by the rewriter. */
export const WISHED_ICON = 'fill-current text-sale-700'

/** The count badges' classes: rendered by React and appended by the rewriter, so both write the same markup. */
export const CART_BADGE = {
  'cart-header': { className: 'absolute right-0 top-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-600 px-1 text-xs font-bold text-white', testId: 'cart-badge' },
  'cart-mobile': { className: 'absolute right-1/4 top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-600 px-1 text-xs font-bold text-white', testId: undefined },
} as const

/** What the worker wrote into the page, or the anonymous state (no script: a page the rewriter did not touch). */
export function readPersonalState(doc: Document | undefined): PersonalState {
  const text = doc?.getElementById(PERSONAL_STATE_ID)?.textContent
  if (!text) return ANONYMOUS
  try {
    const value = JSON.parse(text) as Partial<PersonalState>
    return {
      authenticated: value.authenticated === true,
      firstName: typeof value.firstName === 'string' ? value.firstName : null,
      cartCount: typeof value.cartCount === 'number' && value.cartCount >= 0 ? value.cartCount : 0,
      wished: Array.isArray(value.wished) ? value.wished.filter((id): id is string => typeof id === 'string') : [],
    }
  } catch {
    return ANONYMOUS
  }
}
