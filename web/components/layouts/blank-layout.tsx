import { layoutRoute } from './layout-route.tsx'
import { LocalLink } from '../local-link.tsx'
import { Notifications } from '../chrome/notifications.tsx'
import { ProgressBar } from '../chrome/progress-bar.tsx'

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-gray-50" data-layout="blank">
      <ProgressBar />
      <div className="border-b border-gray-200 bg-white">
        <div className="mx-auto max-w-site px-4 py-4">
          <LocalLink to="/" className="text-2xl font-extrabold tracking-tight text-primary-600">
            Storefront
          </LocalLink>
        </div>
      </div>
      <main id="main" className="mx-auto w-full max-w-site px-4 py-6">
        {children}
      </main>
      <Notifications />
    </div>
  )
}

/** The blank layout: logo only. Checkout uses it so nothing distracts from paying (see docs/routes.md). */
export const { Component, ErrorBoundary } = layoutRoute(Frame)
