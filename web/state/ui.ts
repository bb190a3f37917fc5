import { atom } from 'jotai'

/**
 * The UI flags of spec §4. All start false except grid view. The write-only atoms below carry the rules
 * (opening a sidebar or modal closes the mobile menu; login and signup swap) so components never re-implement them.
 */
export const cartSidebarOpenAtom = atom(false)
export const wishlistSidebarOpenAtom = atom(false)
export const loginModalOpenAtom = atom(false)
export const signupModalOpenAtom = atom(false)
export const newsletterModalOpenAtom = atom(false)
export const filterSidebarOpenAtom = atom(false)
export const mobileMenuOpenAtom = atom(false)
export const forgotPasswordModalOpenAtom = atom(false)
export const gridViewAtom = atom(true)
export const searchOpenAtom = atom(false)

export type LoginScreen = 'login' | 'forgotten-password' | 'thank-you'
export const loginScreenAtom = atom<LoginScreen>('login')
/** The address a reset link was sent to, for the thank-you screen. */
export const resetEmailAtom = atom('')

/** Panels that close the mobile menu when they open. */
export type Panel = 'cart' | 'wishlist' | 'login' | 'signup' | 'forgot-password'

const panelAtoms = {
  cart: cartSidebarOpenAtom,
  wishlist: wishlistSidebarOpenAtom,
  login: loginModalOpenAtom,
  signup: signupModalOpenAtom,
  'forgot-password': forgotPasswordModalOpenAtom,
} as const

export const openPanelAtom = atom(null, (_get, set, panel: Panel) => {
  set(mobileMenuOpenAtom, false)
  if (panel === 'login') set(signupModalOpenAtom, false)
  if (panel === 'signup') {
    set(loginModalOpenAtom, false)
    set(loginScreenAtom, 'login')
  }
  set(panelAtoms[panel], true)
})

export const closePanelAtom = atom(null, (_get, set, panel: Panel) => {
  set(panelAtoms[panel], false)
  // Closing the login modal resets its screens, so it always reopens on the login form.
  if (panel === 'login') set(loginScreenAtom, 'login')
})

export const togglePanelAtom = atom(null, (get, set, panel: Panel) => {
  if (get(panelAtoms[panel])) set(closePanelAtom, panel)
  else set(openPanelAtom, panel)
})

/** Login ⇄ signup: one closes as the other opens. */
export const switchToSignupAtom = atom(null, (_get, set) => set(openPanelAtom, 'signup'))
export const switchToLoginAtom = atom(null, (_get, set) => set(openPanelAtom, 'login'))

export const toggleMobileMenuAtom = atom(null, (get, set) => set(mobileMenuOpenAtom, !get(mobileMenuOpenAtom)))

/** Search adds a no-scroll state to the page while it is open (spec §4). */
export const openSearchAtom = atom(null, (_get, set) => set(searchOpenAtom, true))
export const closeSearchAtom = atom(null, (_get, set) => set(searchOpenAtom, false))
export const noScrollAtom = atom((get) => get(searchOpenAtom) || get(mobileMenuOpenAtom))
