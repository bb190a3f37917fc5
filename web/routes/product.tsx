import { GiftCardForm } from '../features/gift-cards/gift-card-form.tsx'
import { giftCardAction } from '../features/gift-cards/gift-card-action.ts'
import { useState } from 'react'
import { data, Form, redirect, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { useSetAtom } from 'jotai'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { ProductSeo } from '../features/seo/page-seo.tsx'
import { useViewItem } from '../features/analytics/use-track.ts'
import { LocalLink } from '../components/local-link.tsx'
import { cartAtom } from '../features/session/atoms.ts'
import { openPanelAtom } from '../features/ui/atoms.ts'
import { ApiError, errorMessage, rateLimitedInit } from '../api/storefront-api.ts'
import { useApi } from '../api/use-api.ts'
import { notifyAtom } from '../features/notifications/atoms.ts'
import { TOAST_TIMEOUT_MS } from '../config.ts'
import { notFound, readForm } from './route-helpers.ts'

/** /products/{slug} and /p/{id}/{slug}. The product is critical: unknown → 404 'The URL is not valid…'. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  if (params.id !== undefined && !/^\d{1,12}$/.test(params.id)) notFound('router')
  const product = params.id !== undefined ? await api.getProductById(params.id) : await api.getProduct(params.slug!)
  if (!product) notFound('product')
  return { product }
}

/** Add to cart as a real form post, so it works before and without JavaScript; 303 back to the page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  // the gift card product posts the gift card form instead (web/features/gift-cards/)
  if (form.get('intent') === 'gift-card') return giftCardAction(request, form, loaderApi(context))
  const variantId = String(form.get('variantId') ?? '')
  const quantity = Number(form.get('quantity') ?? 1)
  if (!/^\d+$/.test(variantId) || !Number.isInteger(quantity) || quantity < 1 || quantity > 99) {
    return { error: 'Please choose a size and colour.' }
  }
  try {
    const cart = await loaderApi(context).addToCart(variantId, quantity)
    if (request.headers.get('accept')?.includes('text/html')) throw redirect(new URL(request.url).pathname, 303)
    return { cart }
  } catch (error) {
    if (error instanceof ApiError) return data({ error: error.message }, rateLimitedInit(error))
    throw error
  }
}

export function Component() {
  const { product } = useLoaderData<typeof loader>()
  useViewItem(product)
  const { t } = useT()
  const navigation = useNavigation()
  const setCart = useSetAtom(cartAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const notify = useSetAtom(notifyAtom)
  const api = useApi()
  const [variantId, setVariantId] = useState(product.variants.find((v) => v.inStock)?.id ?? product.variants[0]?.id ?? '')
  const image = product.images[0]
  const available = product.inStock && !(product.discontinue_on && new Date(product.discontinue_on) < new Date())
  return (
    <article className="grid gap-8 lg:grid-cols-2">
      <ProductSeo product={product} />
      <div className="grid grid-cols-2 gap-2">
        {image ? <img src={image.styles.large.url} width={650} height={870} alt={image.alt} className="col-span-2 w-full rounded" fetchPriority="high" /> : <div className="col-span-2 aspect-[3/4] rounded bg-gray-100" />}
        {product.images.slice(1, 5).map((img) => (
          <img key={img.styles.desktop.url} src={img.styles.desktop.url} width={350} height={468} alt={img.alt} loading="lazy" className="w-full rounded" />
        ))}
      </div>
      <div>
        <nav aria-label="Breadcrumb" className="mb-2 text-sm text-gray-600">
          {product.breadcrumbs.map((crumb, i) => (
            <span key={crumb.link}>
              {i > 0 ? ' / ' : ''}
              <LocalLink to={crumb.link}>{crumb.text}</LocalLink>
            </span>
          ))}
        </nav>
        <h1 className="text-3xl font-bold">{product.name}</h1>
        <div className="mt-3 space-y-1" data-testid="product-price">
          {/* Spec §1 labels. On sale: the sale price, and the RRP it beats; otherwise the RRP is the price. */}
          {product.isOnSale ? (
            <>
              <p className="text-xl font-bold text-red-700">SALE {product.displayPrice}</p>
              <p className="text-gray-600 line-through">RRP: {product.RRP}</p>
            </>
          ) : (
            <p className="text-xl font-bold">RRP: {product.RRP}</p>
          )}
          {product.displayMemberPrice ? <p className="font-semibold text-primary-700">Club Price: {product.displayMemberPrice}</p> : null}
        </div>
        {product.isGiftCard ? (
          <div className="mt-6">
            <GiftCardForm />
          </div>
        ) : null}
        <Form
          hidden={product.isGiftCard}
          method="post"
          className="mt-6 space-y-4"
          onSubmit={async (event) => {
            // With JavaScript: add in place and open the cart instead of reloading the page.
            event.preventDefault()
            const data = new FormData(event.currentTarget)
            try {
              setCart(await api.addToCart(String(data.get('variantId')), Number(data.get('quantity'))))
              openPanel('cart')
            } catch (error) {
              notify({ message: errorMessage(error), type: 'error', timeout: TOAST_TIMEOUT_MS })
            }
          }}
        >
          {product.variants.length > 1 ? (
            <label className="block">
              <span className="mb-1 block text-sm font-semibold">{product.optionTypes.map((o) => o.presentation).join(' / ')}</span>
              <select name="variantId" value={variantId} onChange={(e) => setVariantId(e.target.value)} className="w-full rounded border border-gray-300 px-3 py-2">
                {product.variants.map((variant) => (
                  <option key={variant.id} value={variant.id} disabled={!variant.inStock && !variant.backorderable}>
                    {variant.optionValueIds.map((id) => product.optionValues.find((v) => v.id === id)?.presentation).filter(Boolean).join(' / ') || variant.sku}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <input type="hidden" name="variantId" value={variantId} />
          )}
          <input type="hidden" name="quantity" value="1" />
          <button type="submit" disabled={!available || navigation.state === 'submitting'} className="w-full rounded bg-primary-600 py-3 font-semibold uppercase text-white hover:bg-primary-700 disabled:opacity-50">
            {available ? t('product.addToCart') : t('pages.soldOut')}
          </button>
        </Form>
        <section className="mt-8">
          <h2 className="text-lg font-semibold">{t('product.description')}</h2>
          <div className="mt-2 whitespace-pre-line text-gray-700">{product.description}</div>
        </section>
        {product.properties.length > 0 ? (
          <section className="mt-6">
            <h2 className="text-lg font-semibold">{t('product.properties')}</h2>
            <dl className="mt-2 grid grid-cols-2 gap-1 text-sm">
              {product.properties.map((property) => (
                <div key={property.name} className="contents">
                  <dt className="text-gray-600">{property.presentation}</dt>
                  <dd>{property.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
      </div>
    </article>
  )
}
