import { Outlet, useMatches } from 'react-router'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import type { CheckoutStep } from './checkout-guards.ts'
import { useBeginCheckout } from '../features/analytics/use-track.ts'

const STEPS: CheckoutStep[] = ['shipping', 'billing', 'payment']

/** The checkout frame: the three steps of spec §2 with the current one marked. */
export function Component() {
  const { t } = useT()
  useBeginCheckout()
  const current = useMatches()
    .map((match) => (match.handle as { step?: CheckoutStep } | undefined)?.step)
    .find(Boolean)
  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={t('checkout.title')} />
      <h1 className="text-3xl font-bold">{t('checkout.title')}</h1>
      <ol className="my-6 flex gap-4 text-sm" aria-label={t('checkout.title')}>
        {STEPS.map((step, index) => (
          <li key={step} aria-current={step === current ? 'step' : undefined} className={step === current ? 'font-bold text-primary-700' : 'text-gray-500'}>
            {index + 1}. {t(`checkout.steps.${step}`)}
          </li>
        ))}
      </ol>
      <Outlet />
    </div>
  )
}
