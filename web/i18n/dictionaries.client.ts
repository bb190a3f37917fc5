import type { Locale } from '../api/models.ts'
import type { Dictionary } from './en.ts'

/**
 * The browser's dictionaries: each language is its own chunk, and a page loads only its own (the server preloads it
 * with the page, worker/ssr/assets.ts). The worker has both (dictionaries.server.ts, chosen by the `workerd`
 * condition in package.json "imports").
 */
const loaders: Record<Locale, () => Promise<Dictionary>> = {
  en: () => import('./en.ts').then((m) => m.en),
  de: () => import('./de.ts').then((m) => m.de),
}
const loaded: Partial<Record<Locale, Dictionary>> = {}

/** The dictionary of `locale` if it has been loaded. */
export function dictionaryOf(locale: Locale): Dictionary | undefined {
  return loaded[locale]
}

/** Loads `locale`'s dictionary once; hydration and every screen of that language wait for it. */
export async function loadDictionary(locale: Locale): Promise<void> {
  loaded[locale] ??= await loaders[locale]()
}
