import { LOCALES, localePath } from '#kernel/config.ts'

/**
 * Paths crawlers stay out of: the shopper's own pages (checkout, account), forms with tokens (password reset),
 * the APIs, and search results (endless, thin pages). Paths in robots.txt are case-sensitive and the routes are not,
 * so every spelling the store links to is listed, in both languages.
 */
const PRIVATE_PATHS = ['/checkout', '/Checkout', '/MyAccount', '/my-account', '/reset-password', '/ResetPassword', '/Category?term=']
const API_PATHS = ['/api/', '/spree_oauth/']

export function robotsTxt(origin: string): string {
  const disallow = [...LOCALES.flatMap((locale) => PRIVATE_PATHS.map((path) => localePath(locale, path))), ...API_PATHS]
  return ['User-agent: *', 'Allow: /', ...disallow.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}
