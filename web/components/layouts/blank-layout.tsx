import { layoutRoute } from './layout-route.tsx'
import { LocalLink } from '../local-link.tsx'
import { shopName } from '#kernel/store-settings.ts'
import { useStoreSettings } from '../../state/session/request-info.ts'
import { useT } from '../../i18n/index.tsx'
import { Icon } from '../icons.tsx'
import { Logo } from '../logo.tsx'
import { cx, focusRing } from '../ui/cx.ts'
import { Notifications } from '../chrome/notifications.tsx'
import { ProgressBar } from '../chrome/progress-bar.tsx'

function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useT()
  return (
    <div className="min-h-screen bg-neutral-50" data-layout="blank">
      <ProgressBar />
      <header className="border-b border-neutral-200 bg-white">
        <div className="mx-auto flex max-w-site items-center justify-between px-4 py-3">
          <LocalLink to="/" className={cx('rounded-md', focusRing)} aria-label={t('header.logo', { brand: shopName(useStoreSettings()) })}>
            <Logo />
          </LocalLink>
          <p className="flex items-center gap-1.5 text-sm font-semibold text-neutral-700">
            <Icon name="lock" className="h-4 w-4" />
            {t('footer.secureCheckout')}
          </p>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-site px-4 py-6">
        {children}
      </main>
      <Notifications />
    </div>
  )
}

/** The blank layout: logo only. Checkout uses it so nothing distracts from paying (see docs/routes.md). */
export const { Component, ErrorBoundary } = layoutRoute(Frame)
