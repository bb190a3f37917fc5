/**
 * The screens of web/routes.tsx by their source path under web/ (no extension), each a lazily loaded module: its own
 * client chunk. The worker has its own table (screens.server.ts, package.json imports `#screens`, condition `workerd`).
 */
export const SCREENS = {
  'components/layouts/account-layout': () => import('./components/layouts/account-layout.tsx'),
  'components/layouts/blank-layout': () => import('./components/layouts/blank-layout.tsx'),
  'components/layouts/default-layout': () => import('./components/layouts/default-layout.tsx'),
  'routes/account': () => import('./routes/account.tsx'),
  'routes/alerts': () => import('./routes/alerts.tsx'),
  'routes/all-categories': () => import('./routes/all-categories.tsx'),
  'routes/cart': () => import('./routes/cart.tsx'),
  'routes/category': () => import('./routes/category.tsx'),
  'routes/checkout-index': () => import('./routes/checkout-index.tsx'),
  'routes/checkout-payment-return': () => import('./routes/checkout-payment-return.tsx'),
  'routes/checkout-step': () => import('./routes/checkout-step.tsx'),
  'routes/checkout-thank-you': () => import('./routes/checkout-thank-you.tsx'),
  'routes/checkout-type': () => import('./routes/checkout-type.tsx'),
  'routes/checkout': () => import('./routes/checkout.tsx'),
  'routes/content': () => import('./routes/content.tsx'),
  'routes/home': () => import('./routes/home.tsx'),
  'routes/latest-version': () => import('./routes/latest-version.tsx'),
  'routes/legacy-category': () => import('./routes/legacy-category.tsx'),
  'routes/login': () => import('./routes/login.tsx'),
  'routes/newsletter-confirm': () => import('./routes/newsletter-confirm.tsx'),
  'routes/newsletter-unsubscribe': () => import('./routes/newsletter-unsubscribe.tsx'),
  'routes/offline': () => import('./routes/offline.tsx'),
  'routes/product': () => import('./routes/product.tsx'),
  'routes/reset-password': () => import('./routes/reset-password.tsx'),
  'routes/size-guide': () => import('./routes/size-guide.tsx'),
  'routes/static-page': () => import('./routes/static-page.tsx'),
  'routes/unknown': () => import('./routes/unknown.tsx'),
  'routes/wishlist': () => import('./routes/wishlist.tsx'),
}

export type ScreenFile = keyof typeof SCREENS
