import type { ComponentType, ReactNode } from 'react'
import { Outlet } from 'react-router'
import { ErrorPage } from '../error-page.tsx'

/**
 * A layout's two route exports from its frame: the screen inside it, or the error page inside it, so a screen's
 * error keeps the chrome around it and the shopper can navigate on.
 */
export function layoutRoute(Frame: ComponentType<{ children: ReactNode }>) {
  return {
    Component: () => (
      <Frame>
        <Outlet />
      </Frame>
    ),
    ErrorBoundary: () => (
      <Frame>
        <ErrorPage />
      </Frame>
    ),
  }
}
