import type { Locale } from '#kernel/models.ts'
import { createTranslator, loadDictionary } from './index.tsx'

/**
 * A refusal in the page's language, for screens a first visit loads (a product card's heart, the product page's add
 * button): the code's map and the shop texts it names are loaded when a refusal happens, not with the page.
 */
export async function sayRefusal(error: unknown, locale: Locale): Promise<string> {
  const [{ localizeApiError }] = await Promise.all([import('./api-errors.ts'), loadDictionary(locale, 'all')])
  return localizeApiError(error, createTranslator(locale))
}
