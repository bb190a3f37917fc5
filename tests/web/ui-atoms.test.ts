import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import {
  cartSidebarOpenAtom,
  closePanelAtom,
  filterSidebarOpenAtom,
  forgotPasswordModalOpenAtom,
  gridViewAtom,
  loginModalOpenAtom,
  loginScreenAtom,
  mobileMenuOpenAtom,
  newsletterModalOpenAtom,
  noScrollAtom,
  openPanelAtom,
  openSearchAtom,
  signupModalOpenAtom,
  switchToLoginAtom,
  switchToSignupAtom,
  toggleMobileMenuAtom,
  wishlistSidebarOpenAtom,
  type Panel,
} from '#web/state/ui.ts'

describe('UI flags (spec §4)', () => {
  it('start closed, except grid view', () => {
    const store = createStore()
    for (const flag of [cartSidebarOpenAtom, wishlistSidebarOpenAtom, loginModalOpenAtom, signupModalOpenAtom, newsletterModalOpenAtom, filterSidebarOpenAtom, mobileMenuOpenAtom, forgotPasswordModalOpenAtom]) {
      expect(store.get(flag)).toBe(false)
    }
    expect(store.get(gridViewAtom)).toBe(true)
  })

  const panels: Array<[Panel, typeof cartSidebarOpenAtom]> = [
    ['cart', cartSidebarOpenAtom],
    ['wishlist', wishlistSidebarOpenAtom],
    ['login', loginModalOpenAtom],
    ['signup', signupModalOpenAtom],
    ['forgot-password', forgotPasswordModalOpenAtom],
  ]
  for (const [panel, flag] of panels) {
    it(`opening ${panel} closes the mobile menu`, () => {
      const store = createStore()
      store.set(toggleMobileMenuAtom)
      expect(store.get(mobileMenuOpenAtom)).toBe(true)
      store.set(openPanelAtom, panel)
      expect(store.get(flag)).toBe(true)
      expect(store.get(mobileMenuOpenAtom)).toBe(false)
    })
  }

  it('login and signup switch to each other', () => {
    const store = createStore()
    store.set(openPanelAtom, 'login')
    store.set(switchToSignupAtom)
    expect(store.get(signupModalOpenAtom)).toBe(true)
    expect(store.get(loginModalOpenAtom)).toBe(false)
    store.set(switchToLoginAtom)
    expect(store.get(loginModalOpenAtom)).toBe(true)
    expect(store.get(signupModalOpenAtom)).toBe(false)
  })

  it('closing the login modal resets its screen to login', () => {
    const store = createStore()
    store.set(openPanelAtom, 'login')
    store.set(loginScreenAtom, 'thank-you')
    store.set(closePanelAtom, 'login')
    expect(store.get(loginModalOpenAtom)).toBe(false)
    store.set(openPanelAtom, 'login')
    expect(store.get(loginScreenAtom)).toBe('login')
  })

  it('an open search locks page scroll until it closes', () => {
    const store = createStore()
    expect(store.get(noScrollAtom)).toBe(false)
    store.set(openSearchAtom)
    expect(store.get(noScrollAtom)).toBe(true)
  })
})
