import type { ReactNode } from 'react'
import { cx, focusRing } from '#web/components/ui/cx.ts'

/** The console's sections, in the order the navigation lists them. */
export const ADMIN_NAV = [
  { href: '/admin', label: 'Dashboard' },
  { href: '/admin/orders', label: 'Orders' },
  { href: '/admin/returns', label: 'Returns' },
  { href: '/admin/reports', label: 'Reports' },
  { href: '/admin/products', label: 'Products' },
  { href: '/admin/categories', label: 'Categories' },
  { href: '/admin/promotions', label: 'Promotions' },
  { href: '/admin/gift-cards', label: 'Gift cards' },
  { href: '/admin/content', label: 'Content' },
  { href: '/admin/menus', label: 'Menus' },
  { href: '/admin/search', label: 'Search' },
  { href: '/admin/customers', label: 'Customers' },
  { href: '/admin/mail', label: 'Emails' },
  { href: '/admin/settings', label: 'Settings' },
  { href: '/admin/shipping', label: 'Shipping and tax' },
  { href: '/admin/audit', label: 'Audit log' },
] as const

/**
 * The whole HTML document of a console page. The console is rendered on the server and every screen works as plain
 * forms (POST, then 303); the one console script (image resizing, web/admin/client/console.ts) is added only to the
 * pages that use it, so nothing of it reaches a shopper's bundle.
 */
export function AdminDocument({ title, styles, script, nonce, children }: { title: string; styles: string[]; script?: string; nonce?: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} · Store console`}</title>
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
        {script ? <script type="module" src={script} nonce={nonce} /> : null}
      </head>
      <body className="bg-neutral-50 font-sans text-neutral-900 antialiased">{children}</body>
    </html>
  )
}

/** Navigation beside the page at 1024 px and up, above it on a phone; who is signed in and the log-out button. */
export function AdminShell({ current, operator, children }: { current: string; operator: { email: string }; children: ReactNode }) {
  return (
    <div className="min-h-screen lg:flex">
      <a href="#main" className={cx('sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2', focusRing)}>
        Skip to content
      </a>
      <header className="bg-neutral-900 text-white lg:w-56 lg:shrink-0">
        <div className="flex items-center justify-between gap-2 px-4 py-3 lg:block">
          <p className="text-lg font-extrabold uppercase tracking-tight">Store console</p>
          <form method="post" action="/admin/logout" className="lg:mt-2">
            <button type="submit" className={cx('text-sm text-neutral-200 underline hover:text-white', focusRing)}>
              Log out <span className="sr-only">{operator.email}</span>
            </button>
          </form>
        </div>
        <nav aria-label="Console">
          <ul className="flex flex-wrap gap-1 px-2 pb-2 lg:block lg:space-y-1">
            {ADMIN_NAV.map((item) => {
              const active = item.href === '/admin' ? current === '/admin' : current.startsWith(item.href)
              return (
                <li key={item.href}>
                  <a
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cx('block rounded px-3 py-2 text-sm font-semibold', active ? 'bg-white text-neutral-900' : 'text-neutral-100 hover:bg-neutral-800', focusRing)}
                  >
                    {item.label}
                  </a>
                </li>
              )
            })}
          </ul>
        </nav>
        <p className="hidden px-4 py-3 text-xs text-neutral-300 lg:block">{operator.email}</p>
      </header>
      <main id="main" className="min-w-0 flex-1 px-4 py-6 lg:px-8">
        {children}
      </main>
    </div>
  )
}
