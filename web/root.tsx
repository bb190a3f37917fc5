import { useState, type ReactNode } from 'react'
import { Outlet, useLocation } from 'react-router'
import { createStore, Provider as JotaiProvider } from 'jotai'
import { I18nProvider } from './i18n/index.tsx'
import { splitLocalePath } from '#kernel/config.ts'
import { BRAND } from '#kernel/brand.ts'
import { ErrorPage } from './components/error-page.tsx'
import { IconSprite } from './components/icons.tsx'
import { ClientEffects } from './state/session/client-effects.tsx'
import { ConsentManager } from './features/consent/consent-manager.tsx'
import { WishPostForm } from './features/wishlist/wish-post-form.tsx'
import { isAuthenticatedAtom, personalHintAtom } from './state/session/atoms.ts'
import { readPersonalState } from './state/session/personal-state.ts'

/**
 * The page's atoms, starting from the personal state the worker wrote into the page (in the browser; the server
 * renders the anonymous chrome), so hydration renders exactly the header the shopper already sees.
 */
function usePageStore() {
  const [store] = useState(() => {
    const created = createStore()
    const state = readPersonalState(typeof document === 'undefined' ? undefined : document)
    created.set(personalHintAtom, state)
    created.set(isAuthenticatedAtom, state.authenticated)
    return created
  })
  return store
}

/** `<html>` for every page; the language comes from the path, so it is right before and after hydration. */
function DocumentShell({ children }: { children: ReactNode }) {
  const locale = splitLocalePath(useLocation().pathname).locale
  const store = usePageStore()
  return (
    <html lang={locale === 'de' ? 'de' : 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={BRAND.colour} />
        <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        {/* Without JavaScript, content that streamed after the shell (home's sections, similar items) would stay in
            React's hidden segments: show them (at the end of the page). The menus are in the HTML itself. */}
        <noscript>
          <style>{'div[hidden][id^="S:"]{display:block!important}'}</style>
        </noscript>
      </head>
      <body>
        <IconSprite />
        <I18nProvider locale={locale}>
          <JotaiProvider store={store}>{children}</JotaiProvider>
        </I18nProvider>
      </body>
    </html>
  )
}

export function Document() {
  return (
    <DocumentShell>
      <Outlet />
      <WishPostForm />
      <ClientEffects />
      <ConsentManager />
    </DocumentShell>
  )
}

/** Only reached when the root itself fails; screens fail inside their layout's boundary. */
export function RootErrorBoundary() {
  return (
    <DocumentShell>
      <main className="mx-auto max-w-site px-4 py-16">
        <ErrorPage />
      </main>
    </DocumentShell>
  )
}
