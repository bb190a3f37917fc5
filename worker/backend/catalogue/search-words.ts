// The word-level parts of search (docs/decisions/0008-search.md): folding a typed word the way the FTS5 index folds
// its tokens, the forgiveness a word gets by its length, and an edit distance that counts a swap of two letters as
// one edit. Pure functions, no catalogue.

/**
 * A word as the index stores it (unicode61 remove_diacritics 2): lower case, diacritics removed ('Mütze' → 'mutze').
 * ß stays ß, as the tokenizer keeps it.
 */
export function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().normalize('NFC')
}

/**
 * The words of a query, folded: split where the index splits (anything but letters and digits), with the English
 * possessive kept on its word ("men's" → 'mens', not 'men' and 's'), at most `max` words of at most 40 letters.
 */
export function queryWords(text: string, max = 8): string[] {
  const words = text.normalize('NFC').replace(/(\p{L})['’]s\b/gu, '$1s').match(/[\p{L}\p{N}]+/gu) ?? []
  return words.slice(0, max).map((w) => fold(w.slice(0, 40)))
}

/** How many edits a word of this length forgives: none below 4 letters, one up to 7, two from 8 (issue 39). */
export function editsAllowed(word: string): number {
  const n = [...word].length
  return n < 4 ? 0 : n < 8 ? 1 : 2
}

/**
 * The optimal-string-alignment distance of `a` and `b` (insertions, deletions, substitutions and swaps of two
 * neighbouring letters each cost one), or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const m = a.length
  const n = b.length
  let prev2 = new Array<number>(n + 1).fill(0)
  let prev = Array.from({ length: n + 1 }, (_, j) => j)
  for (let i = 1; i <= m; i++) {
    const row = new Array<number>(n + 1)
    row[0] = i
    let best = row[0]
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1)
      row[j] = d
      if (d < best) best = d
    }
    if (best > max) return max + 1
    prev2 = prev
    prev = row
  }
  return prev[n]! > max ? max + 1 : prev[n]!
}

/**
 * Endings that make a word's other forms (plural, German inflection), longest first: stripping one may give the
 * form the catalogue uses ('jackets' → 'jacket', 'Jacken' → 'jacke', 'Schlafsäcke' → 'schlafsack'). Only forms the
 * catalogue's vocabulary holds are used (search-lexicon.ts), so a wrong strip finds nothing rather than noise.
 */
const ENDINGS: Record<'en' | 'de', Array<[string, string]>> = {
  en: [['ies', 'y'], ['ves', 'f'], ['es', ''], ['s', '']],
  de: [['ern', ''], ['nen', ''], ['en', ''], ['er', ''], ['es', ''], ['e', ''], ['n', ''], ['s', '']],
}

/** The word's candidate base forms in a language, most specific first (the word itself not included). */
export function baseForms(word: string, locale: 'en' | 'de'): string[] {
  const forms: string[] = []
  for (const [ending, replacement] of ENDINGS[locale]) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) forms.push(word.slice(0, -ending.length) + replacement)
  }
  // German plurals with an umlaut fold to the singular's vowel already ('säcke' → 'sacke' → 'sack').
  return forms
}

/** A quoted FTS5 phrase (double quotes doubled), with `*` for a prefix search. */
export function phrase(text: string, prefix: boolean): string {
  return `"${text.replace(/"/g, '""')}"${prefix ? '*' : ''}`
}
