import { useEffect } from 'react'
import { Form, useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { useSetAtom } from 'jotai'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { Icon } from '../components/icons.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { controlEdge, controlLook, cx } from '../components/ui/cx.ts'
import { CartLineView, CartTotals, checkoutEntry } from '../components/cart-view.tsx'
import { cartAction, type CartFailure } from './cart-action.ts'
import { CouponForm } from '../components/coupon-form.tsx'
import { cartAtom } from '../state/session/atoms.ts'
import type { LineItem } from '#kernel/models.ts'
import { LAND_HERE } from '../components/ui/cx.ts'
import { SAVED_ITEMS_ADDED } from './route-helpers.ts'

/**
 * /Cart: the cart as a page, every control a real form, so the cart works without JavaScript (the header's cart
 * button links here; with JavaScript it opens the sidebar instead). Personal: never cached.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  const [cart, member] = await Promise.all([api.getCart(), api.isAuthenticated()])
  return { cart, member }
}

export async function action({ request, context }: ActionFunctionArgs) {
  return cartAction(request, loaderApi(context))
}

const DONE = { updated: 'cart.updated', removed: 'cart.removed', coupon: 'shop.couponApplied', 'coupon-removed': 'shop.couponRemoved', added: 'shop.added' } as const

/** − / typed / + for one line: one form; the action decides which of them was meant (features/cart/cart-action.ts). */
function QuantityForm({ item }: { item: LineItem }) {
  const { t } = useT()
  const step = 'inline-flex h-11 w-11 items-center justify-center rounded-md border border-neutral-300 text-lg font-bold hover:bg-neutral-100 disabled:opacity-40'
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-center gap-2" data-testid="quantity-form">
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="lineId" value={item.id} />
      <input type="hidden" name="current" value={item.qty} />
      <button type="submit" name="step" value="-1" disabled={item.qty <= 1} className={step} aria-label={t('shop.decrease', { name: item.name })}>
        −
      </button>
      <label className="sr-only" htmlFor={`qty-${item.id}`}>
        {t('shop.quantity')}
      </label>
      <input id={`qty-${item.id}`} name="quantity" type="number" inputMode="numeric" min={1} max={item.maxQuantity ?? undefined} defaultValue={item.qty} key={item.qty} className={cx(controlLook, controlEdge(false), 'h-11 w-20 text-center')} />
      <button type="submit" name="step" value="1" disabled={item.maxQuantity != null && item.qty >= item.maxQuantity} className={step} aria-label={t('shop.increase', { name: item.name })}>
        +
      </button>
      <button type="submit" className={buttonClass('secondary', 'sm')}>
        {t('shop.update')}
      </button>
    </Form>
  )
}

export function Component() {
  const { cart, member } = useLoaderData<typeof loader>()
  const failure = useActionData<CartFailure>()
  const { t } = useT()
  const [params] = useSearchParams()
  const setCart = useSetAtom(cartAtom)
  // with JavaScript, the header badge and the sidebar follow what the page's forms changed
  useEffect(() => {
    setCart(cart)
  }, [cart, setCart])
  const done = DONE[(params.get('done') ?? (params.has('added') ? 'added' : '')) as keyof typeof DONE]
  // after a login without JavaScript that added the saved cart's items (features/auth/auth-action.ts)
  const savedItems = params.get('done') === SAVED_ITEMS_ADDED ? Number(params.get('items')) : 0
  const message = Number.isInteger(savedItems) && savedItems > 0 && savedItems < 1e6 ? t('cart.savedItemsAdded', { count: savedItems }) : done ? t(done) : null
  const empty = !cart || cart.lineItems.length === 0
  return (
    <section className="mx-auto max-w-5xl" data-testid="cart-page">
      <PageTitle title={t('shop.cartPage')} />
      <h1 className="mb-4 text-3xl font-bold">{t('shop.cartPage')}</h1>
      {message && !failure ? (
        <p className="mb-4 rounded-md bg-success-50 px-3 py-2 text-success-800" role="status" data-testid="cart-message">
          {message}
        </p>
      ) : null}
      {failure ? (
        <p className="mb-4 rounded-md border border-danger-300 bg-danger-50 px-3 py-2 text-danger-800" role="alert" {...LAND_HERE} data-testid="cart-error">
          {failure.error}
        </p>
      ) : null}
      {empty ? (
        <div className="py-12 text-center">
          <p className="mb-6 text-neutral-600" data-testid="cart-empty">
            {t('cart.empty')}
          </p>
          <LocalLink to="/" className={buttonClass('primary', 'lg')}>
            {t('cart.goBackShopping')}
          </LocalLink>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-5">
          <ul className="divide-y divide-neutral-200 rounded-xl bg-white px-4 shadow-sm ring-1 ring-neutral-200 lg:col-span-3">
            {cart.lineItems.map((item) => (
              <CartLineView key={item.id} item={item}>
                <div className="flex flex-wrap items-center gap-2">
                  <QuantityForm item={item} />
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="lineId" value={item.id} />
                    <button type="submit" className="inline-flex h-11 w-11 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-danger-700" aria-label={t('shop.remove', { name: item.name })}>
                      <Icon name="trash" className="h-5 w-5" />
                    </button>
                  </Form>
                </div>
              </CartLineView>
            ))}
          </ul>
          <div className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 lg:col-span-2">
            <CouponForm cart={cart} />
            <CartTotals cart={cart} member={member} />
            <LocalLink to={checkoutEntry(member)} className={buttonClass('primary', 'lg', true)} data-testid="go-to-checkout">
              {t('cart.goToCheckout')}
            </LocalLink>
            <LocalLink to="/" className="block text-center text-sm font-semibold text-primary-700 underline">
              {t('shop.continueShopping')}
            </LocalLink>
          </div>
        </div>
      )}
    </section>
  )
}
