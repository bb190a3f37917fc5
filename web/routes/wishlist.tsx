import { useEffect } from 'react'
import { Form, data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { useSetAtom } from 'jotai'
import { loaderApi } from '../api/loader-api.ts'
import { ApiError } from '../api/storefront-api.ts'
import { createTranslator, useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { Icon } from '../components/icons.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { LAND_HERE } from '../components/ui/cx.ts'
import { wishlistAtom } from '../state/session/atoms.ts'
import { localeOf, readForm } from './route-helpers.ts'

/**
 * /Wishlist: the wishlist as a page, so the header's heart and the phone menu's entry work without JavaScript (with
 * it they open the sidebar instead). Wishlists belong to accounts: a guest is asked to log in and comes back here.
 * Personal: never cached.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  if (!(await api.isAuthenticated())) return { member: false, wishlist: null }
  return { member: true, wishlist: await api.getWishlist() }
}

/** Remove, posted (`id` is the wished product's id); a post it cannot read changes nothing and says so. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const t = createTranslator(localeOf(request))
  const id = form.get('id')
  if (form.get('intent') !== 'remove' || typeof id !== 'string' || !/^\d{1,12}$/.test(id)) return data({ error: t('shop.wishlistUnclear') }, 400)
  try {
    await loaderApi(context).removeFromWishlist(id)
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return data({ error: error.message }, error.status)
    throw error
  }
  const url = new URL(request.url)
  return redirect(url.pathname, 303)
}

export function Component() {
  const { member, wishlist } = useLoaderData<typeof loader>()
  const failure = useActionData<{ error: string }>()
  const { t } = useT()
  const setWishlist = useSetAtom(wishlistAtom)
  // with JavaScript, the sidebar and the hearts follow what the page's forms changed
  useEffect(() => {
    if (wishlist) setWishlist(wishlist)
  }, [wishlist, setWishlist])
  const items = wishlist?.wishedProducts ?? []
  return (
    <section className="mx-auto max-w-3xl" data-testid="wishlist-page">
      <PageTitle title={t('wishlist.title')} />
      <h1 className="mb-4 text-3xl font-bold">{t('wishlist.title')}</h1>
      {failure ? (
        <p className="mb-4 rounded-md bg-danger-50 px-3 py-2 text-danger-800" role="alert" {...LAND_HERE}>
          {failure.error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="flex flex-col items-start gap-3 py-6" data-testid="wishlist-empty">
          <p className="text-lg font-semibold text-neutral-900">{t('wishlist.empty')}</p>
          <p className="text-neutral-700">{member ? t('wishlist.emptyHint') : t('product.wishlistLogin')}</p>
          {member ? (
            <LocalLink to="/" className={buttonClass('primary', 'md')}>
              {t('wishlist.startShopping')}
            </LocalLink>
          ) : (
            <LocalLink to="/Login?back=/Wishlist" className={buttonClass('primary', 'md')} data-testid="wishlist-login">
              {t('auth.login')}
            </LocalLink>
          )}
        </div>
      ) : (
        <>
          <p className="mb-2 text-neutral-700" data-testid="wishlist-totals">
            {t('wishlist.totalItems')}: {items.length}
            {wishlist?.displayTotal ? ` · ${t('wishlist.totalPrice')}: ${wishlist.displayTotal}` : ''}
          </p>
          <ul className="divide-y divide-neutral-200">
            {items.map((item) => (
              <li key={item.wishedProductId} className="flex gap-4 py-4" data-testid="wishlist-item">
                {item.image ? <img src={item.image.styles.mobile.url} width={80} height={96} alt={item.image.alt} className="h-24 w-20 rounded-md bg-neutral-100 object-cover" /> : null}
                <div className="flex-1">
                  <LocalLink to={`/products/${item.slug}`} className="font-semibold text-neutral-900 hover:underline">
                    {item.name}
                  </LocalLink>
                  <p className="text-sm text-neutral-700">{[item.colour, item.size].filter(Boolean).join(' · ')}</p>
                  <p className="mt-1 font-semibold text-neutral-900">{item.price.special ?? item.price.regular}</p>
                </div>
                <Form method="post" className="self-start">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={item.wishedProductId} />
                  <button type="submit" className="inline-flex h-11 w-11 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 hover:text-danger-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600" aria-label={t('product.removeFromWishlist', { name: item.name })} data-testid="wishlist-remove">
                    <Icon name="trash" className="h-5 w-5" />
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
