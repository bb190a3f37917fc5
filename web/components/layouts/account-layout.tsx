import { layoutRoute } from './layout-route.tsx'
import { TopBar } from '../chrome/top-bar.tsx'
import { Header } from '../chrome/header.tsx'
import { MobileBottomBar } from '../chrome/mobile-bottom-bar.tsx'
import { Notifications } from '../chrome/notifications.tsx'
import { ProgressBar } from '../chrome/progress-bar.tsx'
import { SkipLink } from '../chrome/skip-link.tsx'
import { CartSidebar, LoginModal } from './lazy-panels.tsx'

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col pb-16 lg:pb-0" data-layout="account">
      <SkipLink />
      <ProgressBar />
      <TopBar />
      <Header />
      <main id="main" className="mx-auto w-full max-w-site flex-1 px-4 py-6">
        {children}
      </main>
      <MobileBottomBar />
      <CartSidebar />
      <LoginModal />
      <Notifications />
    </div>
  )
}

/** The account layout (spec §2): top bar, header, cart and login modal. */
export const { Component, ErrorBoundary } = layoutRoute(Frame)
