import type { Locale } from '#kernel/models.ts'
import type { Dictionary } from './en.ts'

/** `browse`: the chrome and the catalogue/content screens; `all` adds checkout, account, cart, sign-in and gift cards. */
export type DictionaryPart = 'browse' | 'all'

/**
 * The browser's dictionaries: each language is two chunks, and a page loads only its own language and only the parts
 * its screens show (the server preloads them with the page, worker/ssr/assets.ts). The worker has everything
 * (dictionaries.server.ts, chosen by the `workerd` condition in package.json "imports").
 */
const loaders: Record<Locale, { browse: () => Promise<object>; shop: () => Promise<object> }> = {
  en: { browse: () => import('./en-browse.ts').then((m) => m.enBrowse), shop: () => import('./en-shop.ts').then((m) => m.enShop) },
  de: { browse: () => import('./de-browse.ts').then((m) => m.deBrowse), shop: () => import('./de-shop.ts').then((m) => m.deShop) },
}
/** One object per language that the parts are merged into: translators made before a part arrived see it too. */
const loaded: Partial<Record<Locale, Dictionary>> = {}
const pending = new Map<string, Promise<void>>()

/** The dictionary of `locale` if it has been loaded (with the parts loaded so far). */
export function dictionaryOf(locale: Locale): Dictionary | undefined {
  return loaded[locale]
}

function loadPart(locale: Locale, part: 'browse' | 'shop'): Promise<void> {
  const key = `${locale}:${part}`
  let promise = pending.get(key)
  if (!promise) {
    promise = loaders[locale][part]().then((texts) => {
      Object.assign((loaded[locale] ??= {} as Dictionary), texts)
    })
    // a failed chunk may be retried by the next screen or panel that needs it
    promise.catch(() => pending.delete(key))
    pending.set(key, promise)
  }
  return promise
}

/** Loads `locale`'s texts once; hydration and every screen of that language wait for the parts they show. */
export async function loadDictionary(locale: Locale, part: DictionaryPart = 'browse'): Promise<void> {
  await Promise.all(part === 'all' ? [loadPart(locale, 'browse'), loadPart(locale, 'shop')] : [loadPart(locale, 'browse')])
}
