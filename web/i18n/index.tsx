import { createContext, useContext, useMemo, type ReactNode } from 'react'
import rosetta from 'rosetta'
import type { Locale } from '#kernel/models.ts'
import type { en } from './en.ts'
import { splitLocalePath } from '#kernel/config.ts'
import { dictionaryOf, loadDictionary } from '#i18n-dictionaries'

export { loadDictionary } from '#i18n-dictionaries'
export type { DictionaryPart } from './dictionaries.client.ts'

/**
 * For a lazy chunk shown on catalogue pages that needs the texts a first visit leaves out (checkout, account, cart,
 * sign-in, gift cards): its import and the rest of the page language's dictionary, loaded together.
 */
export function withAllTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const locale = typeof window === 'undefined' ? 'en' : splitLocalePath(window.location.pathname).locale
    const [module] = await Promise.all([load(), loadDictionary(locale, 'all')])
    return module
  }
}

/** Dot-separated keys of the dictionary, e.g. 'error.notFoundTitle'. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string | ((...args: never[]) => string) ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>
}[keyof T & string]
export type MessageKey = Leaves<typeof en>
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

/**
 * One rosetta instance per call: rosetta keeps its locale as shared state, and a Worker isolate serves requests in
 * both languages at once. Missing German keys fall back to English (spec §9: fallback en) where English is loaded:
 * always in the worker; in the browser a page loads only its own language (loadDictionary), which the type keeps
 * complete.
 */
export function createTranslator(locale: Locale): Translate {
  const own = (dictionaryOf(locale) ?? {}) as Record<string, unknown>
  const english = (dictionaryOf('en') ?? own) as Record<string, unknown>
  const i18n = rosetta<Record<string, unknown>>({ en: english, [locale]: own })
  i18n.locale(locale)
  return (key, params) => {
    const text = i18n.t(key, params ?? {}, locale) || i18n.t(key, params ?? {}, 'en')
    return text || key
  }
}

const TranslatorContext = createContext<{ locale: Locale; t: Translate } | null>(null)

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const value = useMemo(() => ({ locale, t: createTranslator(locale) }), [locale])
  return <TranslatorContext.Provider value={value}>{children}</TranslatorContext.Provider>
}

/** The translator of the page's language. */
export function useT() {
  const value = useContext(TranslatorContext)
  if (!value) throw new Error('useT must be used inside <I18nProvider>')
  return value
}
