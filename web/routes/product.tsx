import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { ProductSeo } from '../features/seo/product-seo.tsx'
import { useViewItem } from '../features/analytics/use-track.ts'
import { Breadcrumb } from '../components/ui/breadcrumb.tsx'
import { Gallery } from '../features/product/gallery.tsx'
import { ProductSummary } from '../features/product/product-summary.tsx'
import { ProductDetails } from '../features/product/product-details.tsx'
import { SimilarItems } from '../features/product/similar-items.tsx'
import { BackLink } from '../features/product/back-link.tsx'
import { chosenValues, imagesFor } from '../features/product/variant-selection.ts'
import { ADD_TO_CART } from '../features/product/use-add-to-cart.ts'
import { notFound } from './route-helpers.ts'
import { usePageQuery } from '../lib/page-query.ts'

/** /products/{slug} and /p/{id}/{slug}. The product is critical: unknown → 404 'The URL is not valid…'. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  if (params.id !== undefined && !/^\d{1,12}$/.test(params.id)) notFound('router')
  const product = params.id !== undefined ? await api.getProductById(params.id) : await api.getProduct(params.slug!)
  if (!product) notFound('product')
  return { product }
}

/**
 * Choosing a colour or size only changes the query, and adding to the cart changes the cart, not the product: the
 * product is already here, so it is not read again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
  if (formData?.get('intent') === ADD_TO_CART) return false
  return defaultShouldRevalidate
}

/**
 * The page's forms (add to cart, the heart, the gift card): routes/product-action.ts, loaded when a post arrives. With
 * JavaScript add to cart posts here through a fetcher (features/product/use-add-to-cart.ts), so the action runs in the
 * browser on the first add; the heart and the gift card call the API themselves.
 */
export const action = async (args: ActionFunctionArgs) => (await import('./product-action.ts')).productAction(args)

export function Component() {
  const { product } = useLoaderData<typeof loader>()
  useViewItem(product)
  const actionData = useActionData<typeof action>()
  const { t } = useT()
  const chosen = chosenValues(product, usePageQuery())
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
          <ProductSummary
            product={product}
            chosen={chosen}
            error={actionData && 'error' in actionData ? actionData.error : undefined}
            alert={actionData && 'stockAlert' in actionData ? actionData : undefined}
          />
          <div className="mt-10">
            <ProductDetails product={product} />
          </div>
        </div>
      </div>
      {category ? <SimilarItems product={product} categoryPermalink={category.link.replace(/^\/t\//, '')} /> : null}
    </article>
  )
}
