import { data, redirect, useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { ApiError, rateLimitedInit } from '../api/storefront-api.ts'
import { localePath, splitLocalePath } from '../config.ts'
import { createTranslator, useT, withAllTexts } from '../i18n/index.tsx'
import { ProductSeo } from '../features/seo/page-seo.tsx'
import { useViewItem } from '../features/analytics/use-track.ts'
import { Breadcrumb } from '../components/ui/breadcrumb.tsx'
import { Gallery } from '../features/product/gallery.tsx'
import { ProductSummary } from '../features/product/product-summary.tsx'
import { ProductDetails } from '../features/product/product-details.tsx'
import { SimilarItems } from '../features/product/similar-items.tsx'
import { BackLink } from '../features/product/back-link.tsx'
import { chosenValues, imagesFor } from '../features/product/variant-selection.ts'
import { notFound, readForm } from './route-helpers.ts'
import { wishReturnAddress } from '../features/wishlist/wish-return.ts'

/** /products/{slug} and /p/{id}/{slug}. The product is critical: unknown → 404 'The URL is not valid…'. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  if (params.id !== undefined && !/^\d{1,12}$/.test(params.id)) notFound('router')
  const product = params.id !== undefined ? await api.getProductById(params.id) : await api.getProduct(params.slug!)
  if (!product) notFound('product')
  return { product }
}

/** Choosing a colour or size only changes the query: the product is already here, so it is not read again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
  return defaultShouldRevalidate
}

/**
 * The page's forms as real posts, so they work before and without JavaScript: add to cart (303 back to the page with
 * the chosen variant), and the wishlist heart, which saves or removes as its `wished` field asks (a guest is sent to log
 * in first, as wishlists belong to accounts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  // The gift card product posts the gift card form instead (web/features/gift-cards/).
  // Its code and texts load with the post: only the gift card product has that form.
  if (form.get('intent') === 'gift-card') {
    const { giftCardAction } = await withAllTexts(() => import('../features/gift-cards/gift-card-action.ts'))()
    return giftCardAction(request, form, loaderApi(context))
  }
  const variantId = String(form.get('variantId') ?? '')
  const quantity = Number(form.get('quantity') ?? 1)
  const url = new URL(request.url)
  const t = createTranslator(splitLocalePath(url.pathname).locale)
  const back = () => redirect(url.pathname + url.search, 303)
  // a refused post answers 4xx with the reason, in the page's language, as every form of the store does (docs/no-js.md)
  if (!/^\d{1,12}$/.test(variantId)) return data({ error: t('product.chooseOptions') }, 422)
  // a card's heart (on a listing, home, similar items) returns to its page at the card; only a path of this store
  const remove = form.get('wished') === '0'
  const cardPage = form.get('back')
  const returnTo = typeof cardPage === 'string' && cardPage !== '' ? wishReturnAddress(cardPage, url.origin, `${remove ? 'removed' : 'saved'}-${variantId}`) : undefined
  if (form.get('intent') === 'wishlist' && returnTo === null) return data({ error: t('shop.wishlistReturn') }, 400)
  try {
    if (form.get('intent') === 'wishlist') {
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
    }
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) return data({ error: t('product.quantityRange') }, 422)
    const cart = await loaderApi(context).addToCart(variantId, quantity)
    // without JavaScript: the cart page says it was added and its header shows the new count (the product page's
    // HTML is shared by every shopper, so it cannot)
    if (request.headers.get('accept')?.includes('text/html')) return redirect(localePath(splitLocalePath(url.pathname).locale, '/Cart?added=1'), 303)
    return { cart }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return redirect(localePath(splitLocalePath(url.pathname).locale, '/Login'), 303)
    if (error instanceof ApiError) return data({ error: error.message }, rateLimitedInit(error) ?? (error.status >= 400 && error.status < 500 ? error.status : 422))
    throw error
  }
}

export function Component() {
  const { product } = useLoaderData<typeof loader>()
  useViewItem(product)
  const actionData = useActionData<typeof action>()
  const { t } = useT()
  const [search] = useSearchParams()
  const chosen = chosenValues(product, search)
  const images = imagesFor(product, chosen)
  const colourKey = Object.values(chosen)[0] ?? 'all'
  const category = product.breadcrumbs.length > 2 ? product.breadcrumbs[product.breadcrumbs.length - 2]! : null
  return (
    <article data-testid="product-page" className="pb-24 lg:pb-0">
      <ProductSeo product={product} />
      <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <BackLink fallback={category ?? product.breadcrumbs[0]!} />
        <Breadcrumb className="hidden lg:block" items={product.breadcrumbs.map((crumb) => ({ label: crumb.text, to: crumb.link }))} />
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
        <Gallery key={colourKey} images={images} name={product.name} />
        <div>
          <ProductSummary product={product} chosen={chosen} error={actionData && 'error' in actionData ? actionData.error : undefined} />
          <div className="mt-10">
            <ProductDetails product={product} />
          </div>
        </div>
      </div>
      {category ? <SimilarItems product={product} categoryPermalink={category.link.replace(/^\/t\//, '')} /> : null}
    </article>
  )
}
