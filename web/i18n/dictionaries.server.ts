import type { Locale } from '#kernel/models.ts'
import { en, type Dictionary } from './en.ts'
import { de } from './de.ts'
import type { DictionaryPart } from './dictionaries.client.ts'

/** The worker renders and answers in both languages, so it holds both dictionaries, whole, from the start. */
const all: Record<Locale, Dictionary> = { en, de }

export function dictionaryOf(locale: Locale): Dictionary | undefined {
  return all[locale]
}

export async function loadDictionary(_locale: Locale, _part?: DictionaryPart): Promise<void> {}
