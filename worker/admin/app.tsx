import { Hono } from '#worker/lib/hono.ts'
import { NotFoundPage } from '#worker/admin/pages/not-found-page.tsx'
import { RemoteCommercePage } from '#worker/admin/pages/login-page.tsx'
import type { AdminEnv } from './context.ts'
import { PRIVATE_HEADERS, renderDocument } from './render.tsx'
import { currentOperator } from './session.ts'
import { sendDueAlerts } from '#worker/backend/services/stock-alerts.ts'
import { auth } from './routes/auth.tsx'
import { dashboard } from './routes/dashboard.tsx'
import { orders } from './routes/orders.tsx'
import { products } from './routes/products.tsx'
import { productNew } from './routes/product-new.tsx'
import { productLifecycle } from './routes/product-lifecycle.tsx'
import { productImages } from './routes/product-images.tsx'
import { productImport } from './routes/product-import.tsx'
import { categories } from './routes/categories.tsx'
import { promotions } from './routes/promotions.tsx'
import { content } from './routes/content.tsx'
import { contentPictures } from './routes/content-pictures.tsx'
import { customers } from './routes/customers.tsx'
import { returns } from './routes/returns.tsx'
import { roles } from './routes/roles.tsx'
import { menus } from './routes/menus.tsx'
import { search } from './routes/search.tsx'
import { reports } from './routes/reports.tsx'
import { settings } from './routes/settings.tsx'
import { mail } from './routes/mail.tsx'
import { shipping } from './routes/shipping.tsx'
import { sizeGuides } from './routes/size-guides.tsx'

/** Console addresses anyone may open; every other /admin path needs an operator's session. */
const PUBLIC_PATHS = new Set(['/admin/login', '/admin/setup'])

/**
 * The operator console (issue 14, docs/console.md 'Operator console'), mounted at /admin.
 * A shopper or a stranger gets the same plain 404 at every path but the login and setup pages, whatever the method,
 * so the console's addresses reveal nothing. Nothing it answers is ever cached.
 */
export const adminApp = new Hono<AdminEnv>().basePath('/admin')

adminApp.use(async (c, next) => {
  await next()
  for (const [key, value] of Object.entries(PRIVATE_HEADERS)) c.res.headers.set(key, value)
})

// A console write may bring a sold-out size back (a stock count, a restock of a return or a cancelled order): the
// alerts it made due (migration 0430's trigger) are mailed before the answer, once each (decision 0073).
adminApp.use(async (c, next) => {
  await next()
  if (c.req.method === 'POST' && c.var.operator) await sendDueAlerts(c.env, new URL(c.req.url).origin)
})

adminApp.use(async (c, next) => {
  const path = new URL(c.req.url).pathname.replace(/\/+$/, '') || '/'
  if (c.env.COMMERCE_URL) {
    if (path !== '/admin/login') return notFound()
    return renderDocument('Use the Spree admin', <RemoteCommercePage adminUrl={new URL('/admin', c.env.COMMERCE_URL).href} />)
  }
  const operator = await currentOperator(c)
  if (operator) c.set('operator', operator)
  if (PUBLIC_PATHS.has(path)) return next()
  if (!operator) return notFound()
  return next()
})

adminApp.route('/', auth)
adminApp.route('/', dashboard)
adminApp.route('/', orders)
adminApp.route('/', products)
adminApp.route('/', productNew)
adminApp.route('/', productLifecycle)
adminApp.route('/', productImages)
adminApp.route('/', productImport)
adminApp.route('/', categories)
adminApp.route('/', promotions)
adminApp.route('/', contentPictures)
adminApp.route('/', sizeGuides)
adminApp.route('/', content)
adminApp.route('/', customers)
adminApp.route('/', returns)
adminApp.route('/', roles)
adminApp.route('/', menus)
adminApp.route('/', search)
adminApp.route('/', reports)
adminApp.route('/', settings)
adminApp.route('/', mail)
adminApp.route('/', shipping)

adminApp.notFound(() => notFound())

function notFound() {
  return renderDocument('Page not found', <NotFoundPage />, 404)
}
