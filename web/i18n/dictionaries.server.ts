import type { Locale } from '#kernel/models.ts'
// Each German part right after its English one in the worker's bundle: the keys German repeats are then within gzip's
// 32 KB window of English's (English whole, then German whole, put them ~30 KB apart): 0.5 KB less gzip (decision 0077).
import './en-browse.ts'
import './de-browse.ts'
import { en, type Dictionary } from './en.ts'
import { de } from './de.ts'
import type { DictionaryPart } from './dictionaries.client.ts'

/** The worker renders and answers in both languages, so it holds both dictionaries, whole, from the start. */
const all: Record<Locale, Dictionary> = { en, de }

export function dictionaryOf(locale: Locale): Dictionary | undefined {
  return all[locale]
}

export async function loadDictionary(_locale: Locale, _part?: DictionaryPart): Promise<void> {}
