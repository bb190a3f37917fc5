import { useEffect } from 'react'
import { useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { useSetAtom } from 'jotai'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { CartTotals, checkoutEntry } from '../components/cart-view.tsx'
import { CartLine, CouponForm } from '../components/cart-forms.tsx'
import { cartAction, CART_DONE, type CartAnswer, type CartDone } from './cart-action.ts'
import { cartAtom } from '../state/session/atoms.ts'
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

/**
 * The one cart action (routes/cart-action.ts): every cart form of the shop posts its intent here, with JavaScript
 * through a fetcher (the action runs in the browser) and without it as a plain post.
 */
export async function action(args: ActionFunctionArgs) {
  return cartAction(args)
}

export function Component() {
  const { cart, member } = useLoaderData<typeof loader>()
  const failure = useActionData<CartAnswer>()
  const { t } = useT()
  const [params] = useSearchParams()
  const setCart = useSetAtom(cartAtom)
  // with JavaScript, the header badge and the sidebar follow what the page's forms changed
  useEffect(() => {
    setCart(cart)
  }, [cart, setCart])
  const done = CART_DONE[(params.get('done') ?? (params.has('added') ? 'added' : '')) as CartDone] as (typeof CART_DONE)[CartDone] | undefined
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
      {failure?.error ? (
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
              <CartLine key={item.id} item={item} revalidate save={member} />
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
