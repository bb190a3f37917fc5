import { Outlet, useMatches } from 'react-router'
import type { Cart } from '#kernel/models.ts'
import { needsDelivery } from '#kernel/destinations.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import type { CheckoutStep } from './checkout-guards.ts'
import { useBeginCheckout } from '../features/analytics/use-track.ts'
import { cx } from '../components/ui/cx.ts'

const STEPS: CheckoutStep[] = ['shipping', 'billing', 'payment']

/** The checkout frame: the three steps of spec §2 with the current one marked. */
export function Component() {
  const { t } = useT()
  const matches = useMatches()
  const handles = matches.map((match) => match.handle as { step?: CheckoutStep; ordered?: boolean } | undefined)
  const current = handles.map((handle) => handle?.step).find(Boolean)
  // a cart of only e-gift cards has no shipping step (the step's loader has the cart)
  const cart = matches.map((match) => (match.data as { cart?: Cart } | undefined)?.cart).find(Boolean)
  useBeginCheckout(cart)
  const steps = cart && !needsDelivery(cart.lineItems) ? STEPS.filter((step) => step !== 'shipping') : STEPS
  // the thank-you page: every step is done (they showed as not begun, like the page before the first step)
  const ordered = handles.some((handle) => handle?.ordered)
  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t('checkout.title')} />
      <h1 className="text-3xl font-bold lg:text-4xl">{t('checkout.title')}</h1>
      <ol className="my-6 flex items-center gap-2 text-sm lg:gap-3" aria-label={t('checkout.title')}>
        {steps.map((step, index) => {
          const here = step === current
          const done = ordered || (current ? steps.indexOf(current) > index : false)
          return (
            <li key={step} aria-current={here ? 'step' : undefined} className={cx('flex items-center gap-2', here ? 'font-bold text-neutral-900' : 'text-neutral-600')}>
              <span
                className={cx(
                  'flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold',
                  here ? 'bg-primary-600 text-white' : done ? 'bg-neutral-900 text-white' : 'border border-neutral-400 bg-white text-neutral-700',
                )}
              >
                {index + 1}
              </span>
              {t(`checkout.steps.${step}`)}
              {index < steps.length - 1 ? <span aria-hidden="true" className="mx-0.5 h-px w-3 bg-neutral-300 lg:mx-1 lg:w-12" /> : null}
            </li>
          )
        })}
      </ol>
      <Outlet />
    </div>
  )
}
