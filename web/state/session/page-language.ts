import type { MiddlewareFunction } from 'react-router'
import { splitLocalePath } from '#kernel/config.ts'
import { readBrowserCookie, writePreferenceCookie } from '../../lib/preference-cookie.ts'

/**
 * The browser router's root middleware (web/boot/hydrate-app.tsx). The BFF answers in the language of the `locale`
 * cookie, which only a page load sets (worker/middleware/locale.ts); a navigation in the app into the other language
 * (a link in CMS content, back and forward) sets it first, so the loaders that follow ask for the new language.
 */
export const rememberPageLanguage: MiddlewareFunction = ({ request }, next) => {
  const { locale } = splitLocalePath(new URL(request.url).pathname)
  if (readBrowserCookie('locale') !== locale) writePreferenceCookie('locale', locale)
  return next()
}
