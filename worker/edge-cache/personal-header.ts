import type { CommerceContext } from '#worker/commerce/context.ts'
import { SpreeClient } from '#worker/commerce/spree-client.ts'
import { fetchUser } from '#worker/commerce/account.ts'
import { fetchCart } from '#worker/commerce/cart.ts'
import { fetchWishlist } from '#worker/commerce/wishlist.ts'
import { headerState } from '#worker/backend/commerce/header-state.ts'
import { localePath } from '#kernel/config.ts'
import { createTranslator } from '#web/i18n/index.tsx'
import { ANONYMOUS, CART_BADGE, PERSONAL, PERSONAL_STATE_ID, WISHED_ICON, type PersonalState } from '#web/state/session/personal-state.ts'
import type { Locale } from '#kernel/models.ts'
import { scriptJson } from '#kernel/script-json.ts'
import { wishValue } from '#kernel/wish-post.ts'
import { readWishValue } from '#kernel/wish-value.ts'

/**
 * Fills a page's header with the shopper's own bits on the way out (web/state/session/personal-state.ts): the
 * cached copy stays anonymous, every answer (hit or miss, cached page or not) gets the fresh CSP nonce and the
 * shopper's greeting, cart count and member view.
 */

/** What the SSR of a shared page writes where the nonce goes; swapped for each answer's own nonce. */
export const NONCE_PLACEHOLDER = 'edge-page-nonce-placeholder'
/** A slow backend must not hold up a cached page: past this, the header stays anonymous and the client fills it. */
const LOOKUP_DEADLINE_MS = 1_500

/** What a failed lookup gives (the anonymous header): never signed into the header cookie (header-cookie.ts). */
export const UNKNOWN: PersonalState = { ...ANONYMOUS }

/** The shopper's header state, from their session: a visitor without cookies costs nothing. */
export async function personalStateOf(ctx: CommerceContext): Promise<PersonalState> {
  const { session } = ctx
  if (!session.auth && !session.cartToken) return ANONYMOUS
  const client = new SpreeClient(ctx)
  const lookup = async (): Promise<PersonalState> => {
    if (!ctx.env.COMMERCE_URL) {
      // the embedded backend: one round trip, straight from D1
      const row = await headerState(ctx.env.DB, session.bearer, session.cartToken)
      // an expired bearer (or a cart token of someone else) falls through to the API, which refreshes or drops it
      if (row.userId !== null || !session.auth) return { authenticated: row.userId !== null, firstName: row.firstName || null, cartCount: row.itemCount, wished: row.wished }
    }
    // the user first: it refreshes an expired bearer, which the cart call then reuses
    const user = await fetchUser(client)
    const [cart, wishlist] = await Promise.all([fetchCart(client), user ? fetchWishlist(client) : null])
    return { authenticated: user !== null, firstName: user?.firstName || null, cartCount: cart?.itemCount ?? 0, wished: wishlist?.wishedProducts.map((item) => item.variantId) ?? [] }
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${LOOKUP_DEADLINE_MS} ms`)), LOOKUP_DEADLINE_MS)
    })
    return await Promise.race([lookup(), deadline])
  } catch (error) {
    // the backend is down: the page is still served, with the anonymous header (the client retries /api/session)
    console.warn('personal header: session lookup failed; serving the anonymous header', ctx.requestId, error)
    return UNKNOWN
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The hearts of the variants in the member's wishlist, shown saved as the hydrating client renders them
 * (web/components/wishlist-button.tsx): pressed, labelled 'Remove … from the wishlist', filled, and posting
 * 'remove' (`wish=0:…`), so without JavaScript the heart shows what the server holds and a click undoes it. A heart is
 * a lone button whose value says what its click asks for (wish-post.ts); the handlers run in document order, so the
 * button seen last is the one whose icon follows.
 */
function wishHearts(rewriter: HTMLRewriter, wished: Set<string>, t: ReturnType<typeof createTranslator>) {
  let name: string | null = null
  const heart = `button[data-personal="${PERSONAL.wish}"]`
  // its label is 'Add {name} to the wishlist' in the page's language: the name is what the text around it leaves
  const [before, after] = t('product.addToWishlist', { name: '\u0000' }).split('\u0000') as [string, string]
  const nameIn = (label: string | null) => (label && label.length >= before.length + after.length && label.startsWith(before) && label.endsWith(after) ? label.slice(before.length, label.length - after.length) : null)
  rewriter
    .on(heart, {
      element(el) {
        const asks = readWishValue(el.getAttribute('value'))
        name = asks && wished.has(asks.variantId) ? nameIn(el.getAttribute('aria-label')) : null
        if (name === null || !asks) return
        el.setAttribute('value', wishValue(false, asks.variantId, asks.anchor))
        el.setAttribute('aria-pressed', 'true')
        el.setAttribute('aria-label', t('product.removeFromWishlist', { name }))
      },
    })
    .on(`${heart} svg`, { element: (el) => void (name !== null && el.setAttribute('class', `${el.getAttribute('class') ?? ''} ${WISHED_ICON}`.trim())) })
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The HTML answer with `nonce` (when the page was rendered with the placeholder) and `state` written in. */
export function personalise(response: Response, { nonce, state, locale }: { nonce: string | null; state: PersonalState; locale: Locale }): Response {
  // nothing to write (a hot copy already has its nonce, the visitor has no session): no rewriter pass at all
  if (!nonce && !state.authenticated && state.cartCount === 0) return response
  const rewriter = new HTMLRewriter()
  if (nonce) {
    rewriter.on('[nonce]', {
      element(el) {
        if (el.getAttribute('nonce') === NONCE_PLACEHOLDER) el.setAttribute('nonce', nonce)
      },
    })
  }
  if (state.authenticated || state.cartCount > 0) {
    const t = createTranslator(locale)
    // JSON in a non-executed script: `<` escaped so no value can close the element
    const json = scriptJson(state)
    rewriter.on('head', {
      element(el) {
        el.append(`<script type="application/json" id="${PERSONAL_STATE_ID}">${json}</script>`, { html: true })
      },
    })
    if (state.authenticated) {
      rewriter
        .on(`[data-personal="${PERSONAL.account}"]`, {
          element(el) {
            el.setAttribute('href', localePath(locale, '/my-account'))
            el.removeAttribute('aria-label')
          },
        })
        .on(`[data-personal="${PERSONAL.greeting}"]`, {
          element(el) {
            el.setInnerContent(state.firstName ? t('header.hi', { name: state.firstName }) : t('header.account'))
          },
        })
        .on(`[data-personal="${PERSONAL.guestOnly}"]`, { element: (el) => void el.remove() })
        .on(`[data-personal="${PERSONAL.memberOnly}"]`, { element: (el) => void el.removeAttribute('hidden') })
      if (state.wished.length > 0) wishHearts(rewriter, new Set(state.wished), t)
    }
    if (state.cartCount > 0) {
      for (const marker of [PERSONAL.cartHeader, PERSONAL.cartMobile] as const) {
        const badge = CART_BADGE[marker]
        // a page rendered with the session (the cart page reads the cart) already has its badge, the button's only
        // span: it is replaced, so the button holds one badge, as the hydrating client renders it
        rewriter.on(`[data-personal="${marker}"] > span`, { element: (el) => void el.remove() })
        rewriter.on(`[data-personal="${marker}"]`, {
          element(el) {
            if (el.hasAttribute('aria-label')) el.setAttribute('aria-label', t('header.cartCount', { count: state.cartCount }))
            const testId = badge.testId ? ` data-testid="${badge.testId}"` : ''
            el.append(`<span class="${escapeHtml(badge.className)}"${testId}>${state.cartCount}</span>`, { html: true })
          },
        })
      }
    }
  }
  return rewriter.transform(response)
}
