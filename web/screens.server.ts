import type { ScreenFile } from './screens.ts'
import * as accountLayout from './components/layouts/account-layout.tsx'
import * as blankLayout from './components/layouts/blank-layout.tsx'
import * as defaultLayout from './components/layouts/default-layout.tsx'
import * as account from './routes/account.tsx'
import * as alerts from './routes/alerts.tsx'
import * as allCategories from './routes/all-categories.tsx'
import * as cart from './routes/cart.tsx'
import * as category from './routes/category.tsx'
import * as checkoutIndex from './routes/checkout-index.tsx'
import * as checkoutPaymentReturn from './routes/checkout-payment-return.tsx'
import * as checkoutStep from './routes/checkout-step.tsx'
import * as checkoutThankYou from './routes/checkout-thank-you.tsx'
import * as checkoutType from './routes/checkout-type.tsx'
import * as checkout from './routes/checkout.tsx'
import * as content from './routes/content.tsx'
import * as home from './routes/home.tsx'
import * as latestVersion from './routes/latest-version.tsx'
import * as legacyCategory from './routes/legacy-category.tsx'
import * as login from './routes/login.tsx'
import * as newsletterConfirm from './routes/newsletter-confirm.tsx'
import * as newsletterUnsubscribe from './routes/newsletter-unsubscribe.tsx'
import * as offline from './routes/offline.tsx'
import * as product from './routes/product.tsx'
import * as resetPassword from './routes/reset-password.tsx'
import * as sizeGuide from './routes/size-guide.tsx'
import * as staticPage from './routes/static-page.tsx'
import * as unknown from './routes/unknown.tsx'
import * as wishlist from './routes/wishlist.tsx'

/**
 * The worker's side of '#screens' (package.json imports, `workerd` condition; the browser's is screens.ts): the same
 * screens, imported statically. A module the worker reaches only through `import()` is bundled inside a lazy
 * initialiser, with every module it imports, each export then read through it; the server renders every screen, so
 * nothing is saved by loading them later (decision 0077).
 */
export const SCREENS: Record<ScreenFile, () => Promise<Record<string, unknown>>> = {
  'components/layouts/account-layout': () => Promise.resolve(accountLayout),
  'components/layouts/blank-layout': () => Promise.resolve(blankLayout),
  'components/layouts/default-layout': () => Promise.resolve(defaultLayout),
  'routes/account': () => Promise.resolve(account),
  'routes/alerts': () => Promise.resolve(alerts),
  'routes/all-categories': () => Promise.resolve(allCategories),
  'routes/cart': () => Promise.resolve(cart),
  'routes/category': () => Promise.resolve(category),
  'routes/checkout-index': () => Promise.resolve(checkoutIndex),
  'routes/checkout-payment-return': () => Promise.resolve(checkoutPaymentReturn),
  'routes/checkout-step': () => Promise.resolve(checkoutStep),
  'routes/checkout-thank-you': () => Promise.resolve(checkoutThankYou),
  'routes/checkout-type': () => Promise.resolve(checkoutType),
  'routes/checkout': () => Promise.resolve(checkout),
  'routes/content': () => Promise.resolve(content),
  'routes/home': () => Promise.resolve(home),
  'routes/latest-version': () => Promise.resolve(latestVersion),
  'routes/legacy-category': () => Promise.resolve(legacyCategory),
  'routes/login': () => Promise.resolve(login),
  'routes/newsletter-confirm': () => Promise.resolve(newsletterConfirm),
  'routes/newsletter-unsubscribe': () => Promise.resolve(newsletterUnsubscribe),
  'routes/offline': () => Promise.resolve(offline),
  'routes/product': () => Promise.resolve(product),
  'routes/reset-password': () => Promise.resolve(resetPassword),
  'routes/size-guide': () => Promise.resolve(sizeGuide),
  'routes/static-page': () => Promise.resolve(staticPage),
  'routes/unknown': () => Promise.resolve(unknown),
  'routes/wishlist': () => Promise.resolve(wishlist),
}
