import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router'
import { localePath } from '../config.ts'
import { useT } from '../i18n/index.tsx'

/** A link to a store path in the page's language: `/t/men` becomes `/de/t/men` on German pages. */
export function LocalLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const { locale } = useT()
  return <Link to={to.startsWith('/') ? localePath(locale, to) : to} {...props} />
}

export function LocalNavLink({ to, ...props }: Omit<NavLinkProps, 'to'> & { to: string }) {
  const { locale } = useT()
  return <NavLink to={to.startsWith('/') ? localePath(locale, to) : to} {...props} />
}

/** A store path in the page's language, for places that need a string (forms, redirects). */
export function useLocalPath() {
  const { locale } = useT()
  return (path: string) => localePath(locale, path)
}
