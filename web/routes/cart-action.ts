import { data, redirect, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { ApiError, rateLimitedInit } from '../api/storefront-api.ts'
import { createTranslator, type Translate } from '../i18n/index.tsx'
import { sayRefusal } from '../i18n/say-refusal.ts'
import { localePath } from '#kernel/config.ts'
import type { Cart, LineItem, Wishlist } from '#kernel/models.ts'
import { localeOf, readForm } from './route-helpers.ts'

/**
 * The cart forms' words on the wire (decision 0072): the `intent` each form posts, and what a fetcher's post is
 * answered. The product page's add form names its intent itself (features/product/use-add-to-cart.ts, checked against
 * CartIntent), so its first visit carries none of the cart's code.
 */
export const ADD_TO_CART = 'add-to-cart'
export type CartIntent = typeof ADD_TO_CART | 'quantity' | 'remove' | 'coupon' | 'remove-coupon' | 'save-for-later'

/** What was done (`?done=` of the page answer, `done` of a fetcher's): routes/cart.tsx and the toasts say it. */
export type CartDone = 'added' | 'updated' | 'removed' | 'coupon' | 'coupon-removed' | 'saved'

/** The dictionary key that says each `done`. */
export const CART_DONE = { added: 'shop.added', updated: 'cart.updated', removed: 'cart.removed', coupon: 'shop.couponApplied', 'coupon-removed': 'shop.couponRemoved', saved: 'cart.savedForLater' } as const satisfies Record<
  CartDone,
  string
>

/** A fetcher's answer: the cart as the change left it and what was done, or (with a 4xx) the reason, in the page's language. */
export interface CartAnswer {
  cart?: Cart | null
  /** The wishlist a line was saved to ('save-for-later'). */
  wishlist?: Wishlist
  done?: CartDone
  error?: string
}

/**
 * The quantity a stepper form asks for. The typed value wins when it differs from what the line holds (Enter in the
 * field submits the form with its first button, '−'); otherwise the − or + button's step applies to it.
 */
export function requestedQuantity(form: FormData): number {
  const current = Number(form.get('current'))
  const typed = String(form.get('quantity') ?? '').trim()
  const step = Number(form.get('step') ?? 0)
  if (typed !== '' && Number(typed) !== current) return Number(typed)
  return current + (step === 1 || step === -1 ? step : 0)
}

/** Whether `quantity` may be asked for a line (or an add): a whole number from 1 to 9999, and to what is in stock. */
export function quantityProblem(quantity: number, line: LineItem | undefined, t: Translate): string | null {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 9999) return t('shop.invalidQuantity')
  if (line?.maxQuantity != null && quantity > line.maxQuantity) return t('shop.stockLimit', { max: line.maxQuantity })
  return null
}

const ID = /^[1-9]\d{0,15}$/
/** A page of this store a form may come back to (`back`): a path, never another site. */
const OWN_PATH = /^\/(?!\/)[A-Za-z0-9/_-]{0,100}$/

/**
 * The one cart action (issue 43 point 5, decision 0072): every cart form of the shop posts its `intent` here — the
 * product page's add (`add-to-cart`), a line's quantity (`quantity`), remove (`remove`) and move to the member's
 * wishlist (`save-for-later`), a coupon's apply (`coupon`) and remove (`remove-coupon`) — from the drawer, the cart
 * page and the checkout summary alike.
 *
 * Without JavaScript (a document post, `Accept: text/html`) it answers as a page: 303 back to the cart page, or to the
 * form's own page (`back`), with what happened (`?done=`); a refusal answers 4xx with the page and the reason in the
 * page's language, and changes nothing. With JavaScript it runs in the browser under a fetcher and answers the cart
 * and what happened (CartAnswer), or the reason with the same 4xx. `posted`: the form, when the product page's action
 * read it: the add form without JavaScript posts there, which reads the variant its option radios pick (the page's
 * HTML cannot know it, issue 42) and hands the add over here.
 */
export async function cartAction({ request, context }: ActionFunctionArgs, posted?: FormData) {
  const api = loaderApi(context)
  const form = posted ?? (await readForm(request))
  const locale = localeOf(request)
  const t = createTranslator(locale)
  const intent = String(form.get('intent') ?? ADD_TO_CART)
  const lineId = String(form.get('lineId') ?? '')
  const page = request.headers.get('accept')?.includes('text/html') ?? false
  const back = String(form.get('back') ?? '')
  const refuse = (error: string, status = 422) => data<CartAnswer>({ error }, { status })
  const done = (what: CartDone, cart: CartAnswer['cart'], wishlist?: Wishlist) => {
    if (!page) return { cart, done: what, ...(wishlist && { wishlist }) } satisfies CartAnswer
    // an add lands on the cart page (the product page's HTML is shared by every shopper, so it cannot say so)
    if (what === 'added') return redirect(localePath(locale, '/Cart?added=1'), 303)
    return redirect(OWN_PATH.test(back) ? `${back}?done=${what}` : localePath(locale, `/Cart?done=${what}`), 303)
  }
  try {
    if (intent === ADD_TO_CART) {
      const variantId = String(form.get('variantId') ?? '')
      if (!/^\d{1,12}$/.test(variantId)) return refuse(t('product.chooseOptions'))
      const quantity = Number(form.get('quantity') ?? 1)
      const problem = quantityProblem(quantity, undefined, t)
      if (problem) return refuse(problem)
      return done('added', await api.addToCart(variantId, quantity))
    }
    if (intent === 'quantity') {
      // the line as the cart holds it now: removed meanwhile (another tab, a page kept open), that is what the shopper
      // is told, not to type a number; and the stock it may be raised to
      const line = (await api.getCart())?.lineItems.find((item) => item.id === lineId)
      if (!line) return refuse(t('shop.lineGone'))
      const quantity = requestedQuantity(form)
      const problem = quantityProblem(quantity, line, t)
      if (problem) return refuse(problem)
      return done('updated', quantity !== line.qty ? await api.updateItemQuantity(lineId, quantity) : await api.getCart())
    }
    if (intent === 'remove') {
      if (!ID.test(lineId)) return refuse(t('shop.lineGone'))
      return done('removed', await api.removeFromCart(lineId))
    }
    if (intent === 'save-for-later') {
      // to the wishlist first, and the line removed only once that worked, so a refusal never loses the item
      const variantId = String(form.get('variantId') ?? '')
      if (!ID.test(lineId) || !ID.test(variantId)) return refuse(t('shop.lineGone'))
      const wishlist = await api.addToWishlist(variantId)
      return done('saved', await api.removeFromCart(lineId), wishlist)
    }
    if (intent === 'coupon') {
      const code = String(form.get('code') ?? '').trim()
      if (!code) return refuse(t('validation.required'))
      return done('coupon', await api.applyCoupon(code.slice(0, 64)))
    }
    if (intent === 'remove-coupon') return done('coupon-removed', await api.removeCoupon(String(form.get('code') ?? '').slice(0, 64)))
    return refuse(t('error.formTitle'), 400)
  } catch (error) {
    const limited = rateLimitedInit(error)
    if (limited) return data<CartAnswer>({ error: await sayRefusal(error, locale) }, limited)
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return refuse(await sayRefusal(error, locale))
    throw error
  }
}
