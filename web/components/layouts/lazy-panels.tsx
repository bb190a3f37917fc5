import { lazy, Suspense, useEffect, useState, type ComponentType, type MouseEvent } from 'react'
import { atom, useSetAtom, type Atom } from 'jotai'
import { useAtomValue } from '../../state/use-atom.ts'
import { withAllTexts } from '../../i18n/index.tsx'
import {
  cartSidebarOpenAtom,
  forgotPasswordModalOpenAtom,
  openPanelAtom,
  loginModalOpenAtom,
  signupModalOpenAtom,
  wishlistSidebarOpenAtom,
  type Panel,
} from '../../state/ui.ts'
import { browserOnly } from '../../lib/browser-only.ts'

/** Panels opened whose code is still arriving: their triggers say so (aria-busy) until the panel shows. */
const loadingPanelsAtom = atom<ReadonlySet<Panel>>(new Set<Panel>())
const loaders: Partial<Record<Panel, () => Promise<unknown>>> = {}

function Loading({ panel }: { panel: Panel }) {
  const setLoading = useSetAtom(loadingPanelsAtom)
  useEffect(() => {
    setLoading((panels) => new Set(panels).add(panel))
    return () => setLoading((panels) => new Set([...panels].filter((p) => p !== panel)))
  }, [panel, setLoading])
  return null
}

/**
 * The cart and wishlist drawers and the auth dialogs render nothing until opened, so their code is not part of the
 * first visit's JavaScript: each loads (with the texts a catalogue page leaves out) when its trigger is pointed at,
 * focused or touched (usePanelTrigger), or at the latest when it opens, and then stays mounted (focus return, state).
 */
function whenOpened(panel: Panel, open: Atom<boolean>, load: () => Promise<ComponentType>) {
  let loading: Promise<ComponentType> | undefined
  const start = () =>
    (loading ??= withAllTexts(load)().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
  loaders[panel] = start
  const Component = lazy(() => start().then((component) => ({ default: component })))
  return function LazyPanel() {
    const isOpen = useAtomValue(open)
    const [opened, setOpened] = useState(false)
    if (isOpen && !opened) setOpened(true)
    if (!opened) return null
    return (
      <Suspense fallback={<Loading panel={panel} />}>
        <Component />
      </Suspense>
    )
  }
}

/** Starts loading `panel`'s code (once; a failure is retried when it opens). */
export const preloadPanel = (panel: Panel) => void loaders[panel]?.().catch(() => {})

/** Props for a control that opens `panel`: its code starts loading on intent, and the control is busy while it does. */
export function usePanelTrigger(panel: Panel) {
  const busy = useAtomValue(loadingPanelsAtom).has(panel)
  const preload = () => preloadPanel(panel)
  return { onPointerEnter: preload, onFocus: preload, onTouchStart: preload, 'aria-busy': busy || undefined }
}

/**
 * Props for a link that opens `panel` (the cart page's link opens the cart sidebar): the link works before and without
 * JavaScript; once hydrated, its click opens the panel instead and its code loads on intent (usePanelTrigger).
 */
export function usePanelLink(panel: Panel) {
  const openPanel = useSetAtom(openPanelAtom)
  return {
    ...usePanelTrigger(panel),
    onClick: (event: MouseEvent) => {
      event.preventDefault()
      openPanel(panel)
    },
  }
}

const authModals = () => (import.meta.env.SSR ? browserOnly() : import('../../features/auth/auth-modals.tsx'))
export const CartSidebar = whenOpened('cart', cartSidebarOpenAtom, () => (import.meta.env.SSR ? browserOnly() : import('../../features/cart/cart-sidebar.tsx')).then((m) => m.CartSidebar))
export const WishlistSidebar = whenOpened('wishlist', wishlistSidebarOpenAtom, () =>
  (import.meta.env.SSR ? browserOnly() : import('../../features/wishlist/wishlist-sidebar.tsx')).then((m) => m.WishlistSidebar),
)
export const LoginModal = whenOpened('login', loginModalOpenAtom, () => authModals().then((m) => m.LoginModal))
export const SignupModal = whenOpened('signup', signupModalOpenAtom, () => authModals().then((m) => m.SignupModal))
export const ForgotPasswordModal = whenOpened('forgot-password', forgotPasswordModalOpenAtom, () => authModals().then((m) => m.ForgotPasswordModal))
