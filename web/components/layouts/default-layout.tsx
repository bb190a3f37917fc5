import { layoutRoute } from './layout-route.tsx'
import { TopBar } from '../chrome/top-bar.tsx'
import { Header } from '../chrome/header.tsx'
import { Footer } from '../chrome/footer.tsx'
import { MobileBottomBar } from '../chrome/mobile-bottom-bar.tsx'
import { Notifications } from '../chrome/notifications.tsx'
import { ProgressBar } from '../chrome/progress-bar.tsx'
import { SkipLink } from '../chrome/skip-link.tsx'
import { CartSidebar, ForgotPasswordModal, LoginModal, SignupModal, WishlistSidebar } from './lazy-panels.tsx'
import { NewsletterPrompt } from '../../features/newsletter/newsletter-prompt.tsx'

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col" data-layout="default">
      <SkipLink />
      <ProgressBar />
      <TopBar />
      <Header />
      <main id="main" className="mx-auto w-full max-w-site flex-1 px-4 py-6">
        {children}
      </main>
      <Footer />
      <MobileBottomBar />
      <CartSidebar />
      <WishlistSidebar />
      <LoginModal />
      <SignupModal />
      <ForgotPasswordModal />
      <NewsletterPrompt />
      <Notifications />
    </div>
  )
}

/** The default layout (spec §2): top bar, header, sidebars, auth modals, notifications, footer. */
export const { Component, ErrorBoundary } = layoutRoute(Frame)
