import { data, redirect, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { ApiError, rateLimitedInit, type StorefrontApi } from '../api/storefront-api.ts'
import { localePath, splitLocalePath } from '#kernel/config.ts'
import { createTranslator, withAllTexts } from '../i18n/index.tsx'
import { readForm } from './route-helpers.ts'
import { sayRefusal } from '../i18n/say-refusal.ts'
import { wishReturnAddress } from '#kernel/wish-return.ts'
import { WISH_FIELD } from '#kernel/wish-post.ts'
import { readWishValue } from '#kernel/wish-value.ts'
import { chosenVariant, optionGroups } from '../features/product/variant-selection.ts'
import type { StockAlertResult } from '../features/product/stock-alert-form.tsx'
import type { Locale } from '#kernel/models.ts'

/**
 * The variant a post without JavaScript picked: the add-to-cart form holds the option radios (one field per option
 * type, named after it, with an option value id), not a variant of its own, since the page's HTML cannot know what
 * will be picked (issue 42). Every option must be posted and name a variant, or nothing is added ('' is refused).
 */
async function pickedVariant({ params, context }: ActionFunctionArgs, form: FormData): Promise<string> {
  const api = loaderApi(context)
  if (params.id !== undefined && !/^\d{1,12}$/.test(params.id)) return ''
  const product = params.id !== undefined ? await api.getProductById(params.id) : params.slug ? await api.getProduct(params.slug) : null
  if (!product) return ''
  const chosen: Record<string, string> = {}
  for (const group of optionGroups(product)) {
    const posted = form.get(group.type.name)
    if (typeof posted !== 'string' || !group.values.some((value) => value.id === posted)) return ''
    chosen[group.type.id] = posted
  }
  return chosenVariant(product, chosen)?.id ?? ''
}

/** The alert form's intent (features/product/stock-alert-form.tsx writes the same). */
const STOCK_ALERT = 'stock-alert'

/**
 * 'Tell me when it's back' posted without JavaScript: asks for the alert and answers the page with the outcome; a
 * refusal answers its 4xx with the sentence in the page's language (docs/no-js.md). The server's API has the alert
 * operations; a browser's has not (decision 0073), and that form posts to the BFF itself.
 */
async function stockAlertAction(form: FormData, api: StorefrontApi, locale: Locale) {
  const variantId = String(form.get('alertVariantId') ?? '')
  const email = String(form.get('email') ?? '').trim()
  try {
    if (!api.askStockAlert) throw new ApiError(404, 'Back-in-stock alerts are answered by the server.')
    const { confirmed } = await api.askStockAlert(variantId, email || undefined)
    return { stockAlert: confirmed ? 'confirmed' : 'pending' } satisfies StockAlertResult
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return data<StockAlertResult>({ stockAlert: 'refused', alertError: await sayRefusal(error, locale) }, rateLimitedInit(error) ?? { status: error.status })
  }
}

/**
 * The page's own forms as real posts, so they work before and without JavaScript: the wishlist heart, which saves or
 * removes as its `wish` value asks (wish-post.ts; a guest is sent to log in first, as wishlists belong to accounts),
 * and the gift card. Add to cart without JavaScript posts here too: the variant its options pick is read and the add
 * handed to the one cart action (routes/cart-action.ts), which answers it (with JavaScript it posts there directly).
 */
export async function productAction(args: ActionFunctionArgs) {
  const { request, context } = args
  const form = await readForm(request)
  // The gift card product posts the gift card form instead (web/features/gift-cards/).
  // Its code and texts load with the post: only the gift card product has that form.
  if (form.get('intent') === 'gift-card') {
    const { giftCardAction } = await withAllTexts(() => import('../features/product/gift-card-action.ts'))()
    return giftCardAction(request, form, loaderApi(context))
  }
  // 'Tell me when it's back' under a sold-out size (features/product/stock-alert-form.tsx)
  if (form.get('intent') === STOCK_ALERT) return stockAlertAction(form, loaderApi(context), splitLocalePath(new URL(request.url).pathname).locale)
  // a heart sends one field, `wish` (wish-post.ts), and a card's heart the page's `back` from the page's one form;
  // `intent=wishlist` with `variantId` and `wished` is the heart's form of earlier releases (a page kept open)
  const heart = form.has(WISH_FIELD) ? readWishValue(form.get(WISH_FIELD)) : undefined
  if (heart === undefined && form.get('intent') !== 'wishlist') {
    if (!form.has('variantId')) form.set('variantId', await pickedVariant(args, form))
    return (await import('./cart-action.ts')).cartAction(args, form)
  }
  const variantId = heart ? heart.variantId : String(form.get('variantId') ?? '')
  const url = new URL(request.url)
  const t = createTranslator(splitLocalePath(url.pathname).locale)
  const back = () => redirect(url.pathname + url.search, 303)
  // a refused post answers 4xx with the reason, in the page's language, as every form of the store does (docs/no-js.md)
  if (heart === null) return data({ error: t('shop.wishlistUnclear') }, 400)
  if (!/^\d{1,12}$/.test(variantId)) return data({ error: t('product.chooseOptions') }, 422)
  // a card's heart (on a listing, home, similar items) returns to its page at the card; only a path of this store
  const remove = heart ? !heart.save : form.get('wished') === '0'
  const page = form.get('back')
  const given = typeof page === 'string' ? page : ''
  const cardPage = heart ? (heart.anchor ? (given && `${given}#${heart.anchor}`) : '') : given
  const returnTo = cardPage !== '' ? wishReturnAddress(cardPage, url.origin, `${remove ? 'removed' : 'saved'}-${variantId}`) : heart?.anchor ? null : undefined
  if (returnTo === null) return data({ error: t('shop.wishlistReturn') }, 400)
  try {
    // the heart says what the click asks for ('0': remove), so a double click (two posts) ends as the last asked
    const api = loaderApi(context)
    if (remove) {
      const wishlist = await api.getWishlist()
      if (!wishlist) throw new ApiError(401, 'Please log in to use the wishlist.')
      const held = wishlist.wishedProducts.find((item) => item.variantId === variantId)
      if (held) await api.removeFromWishlist(held.wishedProductId)
    } else {
      await api.addToWishlist(variantId)
    }
    return returnTo ? redirect(returnTo, 303) : back()
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return redirect(localePath(splitLocalePath(url.pathname).locale, '/Login'), 303)
    if (error instanceof ApiError) return data({ error: await sayRefusal(error, splitLocalePath(url.pathname).locale) }, rateLimitedInit(error) ?? (error.status >= 400 && error.status < 500 ? error.status : 422))
    throw error
  }
}
