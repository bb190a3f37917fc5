import { useEffect, useState } from 'react'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import type { Order } from '#kernel/models.ts'
import { useT } from '../i18n/index.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { TaxInvoice } from '../features/checkout/tax-invoice.tsx'
import { useReloadSession } from '../state/session/use-reload-session.ts'
import { track } from '../features/analytics/tracked-api.ts'
import { notFound } from './route-helpers.ts'

const ORDER_NUMBER = /^[A-Z0-9-]{1,32}$/

/**
 * The placed order (its number comes in ?order=), shown as a tax invoice to the shopper who placed it. Without an
 * order this shopper placed there is nothing to thank them for: no or a malformed number is the 404 of a page that
 * fails its validation, an order they cannot read the 404 'Order details not found' (spec §8), never 'Your order is
 * complete.' (issue 42: an address typed or kept in the history said so with nothing ordered).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const number = new URL(request.url).searchParams.get('order')
  if (!number || !ORDER_NUMBER.test(number)) notFound('router')
  // a member reads it from their orders, a guest through the placed order's token; anyone else gets no details
  const order = await loaderApi(context).getOrder(number)
  if (!order) notFound('order')
  return { number, order }
}

/**
 * `purchase` once per order (data-layer.ts trackPurchaseOnce), here because every way of paying ends on this page;
 * kept out of use-track.ts so the category and product pages do not carry it. 'sent', or 'earlier' when this browser
 * already reported it; null until decided (the browser test waits for it).
 */
function usePurchaseEvent(order: Order | null) {
  const [state, setState] = useState<'sent' | 'earlier' | null>(null)
  useEffect(() => {
    if (!order) return
    let live = true
    track((layer) => {
      const sent = layer.trackPurchaseOnce(order)
      if (live) setState(sent ? 'sent' : 'earlier')
    })
    return () => {
      live = false
    }
  }, [order?.number])
  return state
}

export function Component() {
  const { t } = useT()
  const { number, order } = useLoaderData<typeof loader>()
  const reloadSession = useReloadSession()
  // The placed order emptied the cart (spec §4): the header's badge and the cart sidebar follow.
  useEffect(() => {
    void reloadSession()
  }, [reloadSession])
  const purchaseEvent = usePurchaseEvent(order)
  return (
    <section className="py-10 text-center" data-testid="thank-you" data-purchase-event={purchaseEvent ?? undefined}>
      <h2 className="text-2xl font-bold">{t('checkout.thankYou')}</h2>
      <p className="mt-2 text-neutral-700">{t('checkout.thankYouText', { number })}</p>
      <TaxInvoice order={order} />
      <LocalLink to="/" className="mt-6 inline-block rounded bg-primary-600 px-5 py-2 font-semibold text-white">
        {t('checkout.backToShop')}
      </LocalLink>
    </section>
  )
}
