import type { RouteObject } from 'react-router'
import type { Locale } from '#kernel/models.ts'
import type { MenuLocation } from './components/chrome/use-menu.ts'
import { rootLoader } from './root-loader.ts'
import { loadDictionary, type DictionaryPart } from './i18n/index.tsx'
import { Document, RootErrorBoundary } from './root.tsx'
import { splitLocalePath } from '#kernel/config.ts'
import { SCREENS } from '#screens'
import type { ScreenFile } from './screens.ts'

/**
 * A lazily loaded screen of one language (web/screens.ts). `handle.module` names its source file so the server can find the matched
 * screens' chunks in Vite's manifest and preload them with the first byte. Loading it also loads the language's
 * dictionary (a no-op once loaded, and always in the worker), so a client navigation into the other language renders
 * with its texts: all of it, unless the screen is marked `BROWSE` (it shows only the chrome's and catalogue's texts,
 * web/i18n/en-browse.ts), which keeps the checkout and account texts out of a first visit of the catalogue.
 */
function screenOf(locale: Locale) {
  return (file: ScreenFile, handle: Record<string, unknown> = {}): Pick<RouteObject, 'lazy' | 'handle'> => {
    const texts: DictionaryPart = handle.texts === 'browse' ? 'browse' : 'all'
    return {
      lazy: (async () => (await Promise.all([SCREENS[file](), loadDictionary(locale, texts)]))[0]) as RouteObject['lazy'],
      handle: { ...handle, texts, module: `web/${file}.tsx` },
    }
  }
}

/** Screens that render the shopper's own data: never stored by a shared cache (see worker/ssr/render.tsx). */
const PERSONAL = { personal: true }
/** Screens search engines should not list (forms, utilities); see web/features/seo/seo-head.tsx. */
const NOINDEX = { noindex: true }
/** Screens that need only the browse part of the dictionary (see screenOf). */
const BROWSE = { texts: 'browse' }
/** The console's menus a layout shows: resolved before rendering, so they are in the HTML (worker/ssr/render.tsx). */
const MENUS = (...menus: MenuLocation[]) => ({ menus })

/**
 * The route table of spec §2, built once per language: English at /, German under /de with the same paths.
 * Matching is case-insensitive (React Router's default), so /AboutUs and the footer's /aboutus are one route,
 * and so are /checkout/billing and /Checkout/Billing. Every screen is a lazy module: its own client chunk.
 */
function screens(locale: Locale): RouteObject[] {
  const id = (name: string) => `${locale}:${name}`
  const screen = screenOf(locale)
  const staticPages = [
    'AboutUs',
    'ContactUs',
    'FAQs',
    'GiftCards',
    'GreatVicBikeRide2023',
    'GuideJamboree2023',
    'PrivacyPolicy',
    'ProductReturns',
    'SizingGuides',
    'TermsAndConditions',
  ]
  return [
    {
      id: id('layout:default'),
      ...screen('components/layouts/default-layout', { ...BROWSE, ...MENUS('header', 'footer') }),
      children: [
        { id: id('home'), index: true, ...screen('routes/home', BROWSE) },
        { id: id('home-alias'), path: 'Home', ...screen('routes/home', BROWSE) },
        ...staticPages.map((page) => ({ id: id(`page:${page}`), path: page, ...screen('routes/static-page', { page }) })),
        { id: id('product-size-guide'), path: 'products/:slug/size-guide', ...screen('routes/size-guide', BROWSE) },
        { id: id('all-categories'), path: 'Category', ...screen('routes/all-categories', BROWSE) },
        { id: id('cms-index'), path: 'CMSPage', ...screen('routes/content', BROWSE) },
        { id: id('latest-version'), path: 'LatestVersion', ...screen('routes/latest-version', NOINDEX) },
        { id: id('cart'), path: 'Cart', ...screen('routes/cart', { ...PERSONAL, ...NOINDEX }) },
        { id: id('wishlist'), path: 'Wishlist', ...screen('routes/wishlist', { ...PERSONAL, ...NOINDEX }) },
        { id: id('login'), path: 'Login', ...screen('routes/login', NOINDEX) },
        { id: id('reset-password'), path: 'reset-password', ...screen('routes/reset-password', NOINDEX) },
        { id: id('reset-password-alias'), path: 'ResetPassword', ...screen('routes/reset-password', NOINDEX) },
        { id: id('newsletter-unsubscribe'), path: 'newsletter/unsubscribe', ...screen('routes/newsletter-unsubscribe', { ...PERSONAL, ...NOINDEX }) },
        { id: id('newsletter-confirm'), path: 'newsletter/confirm', ...screen('routes/newsletter-confirm', { ...PERSONAL, ...NOINDEX }) },
        { id: id('alerts'), path: 'stock-alerts/:step', ...screen('routes/alerts', { ...PERSONAL, ...NOINDEX }) },
        { id: id('category'), path: 't/:slug', ...screen('routes/category', BROWSE) },
        { id: id('subcategory'), path: 't/:parentSlug/:slug', ...screen('routes/category', BROWSE) },
        { id: id('legacy-category'), path: 'c/:slug', ...screen('routes/legacy-category', BROWSE) },
        { id: id('legacy-subcategory'), path: 'c/:parentSlug/:slug', ...screen('routes/legacy-category', BROWSE) },
        { id: id('legacy-category-3'), path: 'c/:l1/:l2/:slug', ...screen('routes/category', BROWSE) },
        { id: id('legacy-category-4'), path: 'c/:l1/:l2/:l3/:slug', ...screen('routes/category', BROWSE) },
        { id: id('legacy-category-5'), path: 'c/:l1/:l2/:l3/:l4/:slug', ...screen('routes/category', BROWSE) },
        { id: id('product'), path: 'products/:slug', ...screen('routes/product', BROWSE) },
        { id: id('product-by-id'), path: 'p/:id/:slug', ...screen('routes/product', BROWSE) },
        { id: id('content'), path: 'Content/:slug?', ...screen('routes/content', BROWSE) },
        { id: id('cms-page'), path: ':slug', ...screen('routes/content', BROWSE) },
        { id: id('unknown'), path: '*', ...screen('routes/unknown', BROWSE) },
      ],
    },
    {
      id: id('layout:account'),
      ...screen('components/layouts/account-layout', { ...PERSONAL, ...MENUS('header') }),
      children: [
        { id: id('my-account'), path: 'MyAccount/:pageName?', ...screen('routes/account') },
        { id: id('my-account-kebab'), path: 'my-account/:pageName?/:id?', ...screen('routes/account') },
      ],
    },
    {
      id: id('layout:blank'),
      ...screen('components/layouts/blank-layout'),
      children: [
        {
          id: id('checkout'),
          path: 'checkout',
          ...screen('routes/checkout', PERSONAL),
          children: [
            { id: id('checkout:index'), index: true, ...screen('routes/checkout-index') },
            { id: id('checkout:type'), path: 'CheckoutType', ...screen('routes/checkout-type') },
            { id: id('checkout:shipping'), path: 'shipping', ...screen('routes/checkout-step', { step: 'shipping' }) },
            { id: id('checkout:billing'), path: 'billing', ...screen('routes/checkout-step', { step: 'billing' }) },
            { id: id('checkout:payment'), path: 'payment', ...screen('routes/checkout-step', { step: 'payment' }) },
            { id: id('checkout:payment-return'), path: 'payment/return', ...screen('routes/checkout-payment-return', { step: 'payment' }) },
            { id: id('checkout:thank-you'), path: 'thank-you', ...screen('routes/checkout-thank-you', { ordered: true }) },
            { id: id('checkout:ThankYou'), path: 'ThankYou', ...screen('routes/checkout-thank-you', { ordered: true }) },
          ],
        },
        { id: id('offline'), path: 'offline', ...screen('routes/offline', NOINDEX) },
      ],
    },
  ]
}

const english = screens('en')
const german: RouteObject[] = [{ id: 'de', path: 'de', children: screens('de') }]

/** The root route (the document, its loader and error boundary) over the given screens. */
function underRoot(children: RouteObject[]): RouteObject[] {
  return [{ id: 'root', path: '/', loader: rootLoader, Component: Document, ErrorBoundary: RootErrorBoundary, children }]
}

/** Both languages: what the worker renders and matches against. */
export const routes: RouteObject[] = underRoot([...german, ...english])

/**
 * The browser's first route table: the page's own language only (the same route objects as `routes`). Creating the
 * router converts, flattens, ranks and compiles every route of the table in one task, 15-36 ms at 1x CPU with both
 * languages (about 100 branches), a long task on a phone; a shopper rarely changes language. A navigation into the
 * other language adds it first (`addOtherLanguage`, through React Router's `patchRoutesOnNavigation`).
 */
export const clientRoutes = (locale: Locale): RouteObject[] => underRoot(locale === 'de' ? german : english)

/**
 * React Router's `patchRoutesOnNavigation` for a router made with `clientRoutes(locale)`: the first navigation into the
 * other language adds its screens under the root route, once; any other navigation leaves the table as it is.
 */
export function addOtherLanguage(locale: Locale) {
  let added = false
  return ({ path, patch }: { path: string; patch: (routeId: string | null, children: RouteObject[]) => void }) => {
    if (added || splitLocalePath(path).locale === locale) return
    added = true
    patch('root', locale === 'de' ? english : german)
  }
}
