import type { ListParams } from './params.ts'
import { productFrom, resolveProductFilter, type CatalogueNames } from './product-filter.ts'
import { hasPrefix, rememberedLexicon, searchLexicon, type Lexicon } from './search-lexicon.ts'
import { baseForms, editDistance, editsAllowed, queryWords } from './search-words.ts'

/**
 * 'Did you mean …?' for a search that found nothing (issue 39 point 6, docs/decisions/0011-search-attributes-and-did-you-mean.md):
 * the shopper's text with each word the catalogue does not know replaced by its closest catalogue word. The search
 * itself forgives only typos that keep a short word's first letter; the suggestion may change it too ('hacket' →
 * jacket), because the shopper sees it and chooses, where a silent correction would answer look-alikes. Words the
 * catalogue knows (or a synonym list, a colour, a brand or size names) stay as typed; null when nothing changed.
 */
export function suggestCorrection(text: string, locale: 'en' | 'de', lexicon: Lexicon): string | null {
  const candidates = [...lexicon.sorted, ...synonymWords(lexicon)]
  let changed = false
  const tokens = text.trim().split(/\s+/).slice(0, 8)
  const corrected = tokens.map((token) => {
    const words = queryWords(token)
    if (words.length !== 1) return token
    const word = words[0]!
    if (known(word, locale, lexicon)) return token
    const best = closest(word, candidates, lexicon)
    if (best === null) return token
    changed = true
    return best
  })
  return changed ? corrected.join(' ') : null
}

function known(word: string, locale: 'en' | 'de', lexicon: Lexicon): boolean {
  if (/\d/.test(word) || word.length < 4) return true
  if (hasPrefix(lexicon, word) || hasPrefix(lexicon, word.replace(/([aou])e/g, '$1'))) return true
  if (baseForms(word, locale).some((b) => lexicon.terms.has(b))) return true
  if (lexicon.colour?.words.has(word) || lexicon.attributes.some((a) => a.words.has(word))) return true
  return synonymWords(lexicon).has(word)
}

const synonymCache = new WeakMap<Lexicon, Set<string>>()
/** Every single word of the synonym lists ('jumper', 'thongs'): a shopper's word the index does not hold. */
function synonymWords(lexicon: Lexicon): Set<string> {
  let words = synonymCache.get(lexicon)
  if (!words) synonymCache.set(lexicon, (words = new Set(lexicon.synonyms.flatMap((row) => row.alternatives.flat()))))
  return words
}

/** The catalogue word nearest the typed one within its length's edits (any letter), the most used on a tie. */
function closest(word: string, candidates: Iterable<string>, lexicon: Lexicon): string | null {
  const max = editsAllowed(word)
  let best: { term: string; d: number; n: number } | null = null
  for (const term of candidates) {
    if (term.length < 3 || Math.abs(term.length - word.length) > max || /\d/.test(term)) continue
    const d = editDistance(word, term, max)
    if (d > max) continue
    const n = lexicon.terms.get(term) ?? 1
    if (!best || d < best.d || (d === best.d && n > best.n)) best = { term, d, n }
  }
  return best?.term ?? null
}

/**
 * The corrected search text for a listing whose `filter[name]` found nothing, when that text finds something with the
 * listing's other filters (one more round trip, only for an empty answer), else null.
 */
export async function correctedSearch(db: D1Database, params: ListParams, names: CatalogueNames | null): Promise<string | null> {
  const lexicon = rememberedLexicon()?.lexicon ?? (await searchLexicon(db))
  const corrected = suggestCorrection(params.filters.get('name') ?? '', params.locale, lexicon)
  if (corrected === null) return null
  const filter = await resolveProductFilter(db, { ...params, filters: new Map(params.filters).set('name', corrected) }, names, lexicon)
  const q = productFrom(filter)
  const found = await db.prepare(`SELECT 1 AS found ${q.from} ${q.where} LIMIT 1`).bind(...q.fromBinds, ...q.whereBinds).first()
  return found ? corrected : null
}
