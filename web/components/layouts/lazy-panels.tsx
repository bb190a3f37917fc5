import { lazy, Suspense, useState, type ComponentType } from 'react'
import { useAtomValue, type Atom } from 'jotai'
import { withAllTexts } from '../../i18n/index.tsx'
import { cartSidebarOpenAtom, forgotPasswordModalOpenAtom, loginModalOpenAtom, signupModalOpenAtom, wishlistSidebarOpenAtom } from '../../features/ui/atoms.ts'

/**
 * The cart and wishlist drawers and the auth dialogs render nothing until opened, so their code is not part of the
 * first visit's JavaScript: each loads the first time its panel opens (with the texts a catalogue page leaves out) and
 * then stays mounted (focus return, state).
 */
function whenOpened(open: Atom<boolean>, load: () => Promise<ComponentType>) {
  const Panel = lazy(withAllTexts(() => load().then((component) => ({ default: component }))))
  return function LazyPanel() {
    const isOpen = useAtomValue(open)
    const [opened, setOpened] = useState(false)
    if (isOpen && !opened) setOpened(true)
    if (!opened) return null
    return (
      <Suspense fallback={null}>
        <Panel />
      </Suspense>
    )
  }
}

export const CartSidebar = whenOpened(cartSidebarOpenAtom, () => import('../../features/cart/cart-sidebar.tsx').then((m) => m.CartSidebar))
export const WishlistSidebar = whenOpened(wishlistSidebarOpenAtom, () => import('../../features/wishlist/wishlist-sidebar.tsx').then((m) => m.WishlistSidebar))
export const LoginModal = whenOpened(loginModalOpenAtom, () => import('../../features/auth/auth-modals.tsx').then((m) => m.LoginModal))
export const SignupModal = whenOpened(signupModalOpenAtom, () => import('../../features/auth/auth-modals.tsx').then((m) => m.SignupModal))
export const ForgotPasswordModal = whenOpened(forgotPasswordModalOpenAtom, () => import('../../features/auth/auth-modals.tsx').then((m) => m.ForgotPasswordModal))
