import { takeAttributes, type FoundAttribute } from './search-attributes.ts'
import { hasPrefix, type Lexicon } from './search-lexicon.ts'
import { baseForms, editDistance, editsAllowed, phrase, queryWords } from './search-words.ts'

/**
 * A shopper's text → what to search (docs/decisions/0008-search.md): colour and gender words become filters, the
 * rest an FTS5 expression in which each word (or synonym phrase) is a group of alternatives — the word as a prefix,
 * its spelled-out umlauts, its base form, the compounds it ends (German), its parts when it is a compound or two
 * joined words, and, only when none of those is in the catalogue's vocabulary, its near spellings. Every group must
 * match (AND), so a word the shop does not know ('kayak') still finds nothing.
 */
export interface SearchPlan {
  /** The FTS5 expression, or undefined when every word was an attribute ('red'). */
  match: string | undefined
  /**
   * Ranks first the products whose name holds the typed words themselves (an FTS5 expression on the name), set when
   * a word also stands for compounds: 'Rucksack' lists the Rucksack products before Tagesrucksack and Reiserucksack,
   * which bm25 alone put first (a compound is rarer, so it scores higher).
   */
  nameFirst?: string
  /** Colour option value ids the words named, with their option type. */
  colours?: { typeId: number; ids: number[] }
  /** Gender filter params the words named (with 'unisex', which fits everyone). */
  genders?: { propertyId: number; params: string[] }
  /** The shopper's words that became those filters (folded, as `queryWords` gives them). */
  colourWords?: string[]
  genderWords?: string[]
  /** Brand, material and size filters the words named (search-attributes.ts). */
  attributes?: FoundAttribute[]
  /**
   * The phrases typed for each filter the words set (colour, gender, brand, material, size), as typed (folded): a
   * phrase also in product names widens its filter to those names (product-filter.ts `withSearchAttributes`).
   */
  phrases?: Array<{ kind: InferredKind; words: string[] }>
}
export type InferredKind = 'colour' | 'gender' | FoundAttribute['kind']

type Locale = 'en' | 'de'

/** Words for who a product is for, by the gender property's filter params (the sample catalogue's and Spree's). */
const GENDER_WORDS: Record<string, string[]> = {
  men: ['men', 'mens', 'man', 'male', 'herren', 'herr', 'manner', 'mann'],
  women: ['women', 'womens', 'woman', 'ladies', 'lady', 'female', 'damen', 'dame', 'frauen', 'frau'],
  kids: ['kids', 'kid', 'children', 'childrens', 'child', 'boys', 'girls', 'junior', 'kinder', 'jungen', 'madchen'],
}
const GENDER_OF = new Map(Object.entries(GENDER_WORDS).flatMap(([param, words]) => words.map((w) => [w, param] as const)))

/** At most this many alternatives per word: a short word's many compounds stay a bounded FTS5 expression. */
const MAX_ALTERNATIVES = 24

/**
 * `keep`: words to search as words even where they name a colour, who a product is for or an attribute (a filter
 * the rest of the query finds no products in: product-filter.ts asks again with them kept).
 */
export function planSearch(text: string, locale: Locale, lexicon: Lexicon, keep: ReadonlySet<string> = new Set()): SearchPlan {
  let words = queryWords(text)
  const plan: SearchPlan = { match: undefined }
  const phrases: NonNullable<SearchPlan['phrases']> = []

  // Colours: 'red', 'rote', 'forest green', 'grün' (a compound colour's last part).
  const colourIds = new Set<number>()
  const colourWords: string[] = []
  if (lexicon.colour) {
    const rest: string[] = []
    for (let i = 0; i < words.length; i++) {
      const two = i + 1 < words.length && !keep.has(words[i + 1]!) ? `${words[i]} ${words[i + 1]}` : null
      const ids = keep.has(words[i]!) ? undefined : (two && lexicon.colour.words.get(two)) || colourOf(words[i]!, locale, lexicon)
      if (ids) {
        ids.forEach((id) => colourIds.add(id))
        const typed = two && lexicon.colour.words.has(two) ? [words[i]!, words[++i]!] : [words[i]!]
        colourWords.push(...typed)
        phrases.push({ kind: 'colour', words: typed })
      } else rest.push(words[i]!)
    }
    words = rest
  }
  if (colourIds.size > 0) Object.assign(plan, { colours: { typeId: lexicon.colour!.typeId, ids: [...colourIds] }, colourWords })

  // Brands, materials and sizes: 'Bergfeld tent', 'merino', 'XL hoodie' (not where a synonym phrase starts: 'down jacket').
  const typed = words
  const taken = takeAttributes(typed, lexicon, (i) => keep.has(typed[i]!) || synonymAt(typed, i, locale, lexicon) !== null)
  words = taken.rest
  if (taken.found.length > 0) plan.attributes = taken.found
  for (const found of taken.found) phrases.push(...found.phrases.map((p) => ({ kind: found.kind, words: p })))

  // Gender and age: a filter when other words say what to find ('kids rain jacket'); alone ('Damen') it is searched.
  if (lexicon.genderPropertyId !== null) {
    const isGender = (w: string) => GENDER_OF.has(w) && !keep.has(w)
    const genders = new Set(words.filter(isGender).map((w) => GENDER_OF.get(w)!))
    const rest = words.filter((w) => !isGender(w))
    if (genders.size > 0 && (rest.length > 0 || colourIds.size > 0 || taken.found.length > 0)) {
      plan.genders = { propertyId: lexicon.genderPropertyId, params: [...genders, 'unisex'] }
      plan.genderWords = words.filter(isGender)
      phrases.push(...plan.genderWords.map((w) => ({ kind: 'gender' as const, words: [w] })))
      words = rest
    }
  }

  const groups: string[] = []
  // each plain word's own forms, and whether its compounds were added too (`nameFirst`)
  const owns: Array<{ atoms: string[]; compounds: boolean }> = []
  for (let i = 0; i < words.length; ) {
    const synonym = synonymAt(words, i, locale, lexicon)
    if (synonym) {
      // A list's phrase is searched as a phrase ('travel pack'), not as its words anywhere: 'travel' in a category
      // and 'packable' in a description made packing cells and a travel dress a backpack.
      groups.push(any(synonym.alternatives.flatMap((alt) => (alt.length === 1 ? expandWord(alt[0]!, locale, lexicon, false) : [phrase(alt.join(' '), true)]))))
      i += synonym.length
      continue
    }
    const word = words[i]!
    const next = words[i + 1]
    // Split words the catalogue writes as one ('day pack' → daypack, 'back pack' → backpack).
    if (next !== undefined && !synonymAt(words, i + 1, locale, lexicon) && hasPrefix(lexicon, word + next) && (word + next).length >= 5) {
      groups.push(phrase(word + next, true))
      i += 2
      continue
    }
    // A single letter belongs to the next word ('t-shirt', 'T-Shirts'): a phrase, not 't' anywhere.
    if (next !== undefined && word.length === 1 && /\p{L}/u.test(word)) {
      groups.push(any([next, ...baseForms(next, locale).filter((b) => lexicon.terms.has(b))].map((w) => phrase(`${word} ${w}`, true))))
      i += 2
      continue
    }
    const own: string[] = []
    const atoms = expandWord(word, locale, lexicon, true, own)
    groups.push(any(atoms))
    if (own.length > 0) owns.push({ atoms: own, compounds: atoms.length > own.length })
    i++
  }
  if (groups.length > 0) plan.match = groups.join(' AND ')
  if (phrases.length > 0) plan.phrases = phrases
  if (owns.some((o) => o.compounds)) plan.nameFirst = `name : (${owns.map((o) => any(o.atoms)).join(' AND ')})`
  return plan
}

const any = (atoms: string[]) => (atoms.length === 1 ? atoms[0]! : `(${atoms.join(' OR ')})`)

function colourOf(word: string, locale: Locale, lexicon: Lexicon): number[] | undefined {
  const words = lexicon.colour!.words
  if (words.has(word)) return words.get(word)
  // German adjective endings: 'rote', 'blauen', 'schwarzer'.
  if (locale === 'de') for (const base of baseForms(word, 'de')) if (words.has(base)) return words.get(base)
  return undefined
}

/** The longest synonym phrase starting at word `i`, with the alternatives it stands for. */
function synonymAt(words: string[], i: number, locale: Locale, lexicon: Lexicon): { length: number; alternatives: string[][] } | null {
  let best: { length: number; alternatives: string[][] } | null = null
  for (const row of lexicon.synonyms) {
    if (row.locale !== null && row.locale !== locale) continue
    row.alternatives.forEach((alt, a) => {
      if (row.oneWay && a !== 0) return
      if (alt.length > words.length - i || (best && best.length > alt.length)) return
      if (!alt.every((w, k) => sameWord(words[i + k]!, w, locale))) return
      const alternatives = row.alternatives
      if (best && best.length === alt.length) best.alternatives.push(...alternatives.filter((x) => !best!.alternatives.some((y) => y.join(' ') === x.join(' '))))
      else best = { length: alt.length, alternatives: [...alternatives] }
    })
  }
  // One step further: an alternative that heads another list brings that list's words ('rucksack' → backpack →
  // travel pack).
  const found = best as { length: number; alternatives: string[][] } | null
  if (found) {
    for (const row of lexicon.synonyms) {
      if (row.locale !== null && row.locale !== locale) continue
      const heads = row.oneWay ? row.alternatives.slice(0, 1) : row.alternatives
      if (!heads.some((h) => found.alternatives.some((a) => a.join(' ') === h.join(' ')))) continue
      for (const alt of row.alternatives) if (!found.alternatives.some((a) => a.join(' ') === alt.join(' '))) found.alternatives.push(alt)
    }
  }
  return found
}

/** Whether a typed word is a synonym list's word, or its plural ('jumpers' is 'jumper'). */
function sameWord(typed: string, listed: string, locale: Locale): boolean {
  return typed === listed || baseForms(typed, locale).includes(listed)
}

/**
 * The FTS5 alternatives for one word, the word as a prefix first. `own` receives the word's own forms (before any
 * compound, joined word or near spelling) when the catalogue knows the word.
 */
export function expandWord(word: string, locale: Locale, lexicon: Lexicon, fuzzy = true, own?: string[]): string[] {
  const atoms = new Set([phrase(word, true)])
  const add = (text: string, prefix: boolean) => atoms.size < MAX_ALTERNATIVES && atoms.add(phrase(text, prefix))
  let known = hasPrefix(lexicon, word)
  // 'Muetze' typed for 'Mütze' (the index folds 'ü' to 'u'); at the word's end as a whole word only ('shoe' ≠ 'sho…').
  const unspelled = word.replace(/([aou])e/g, '$1')
  if (unspelled !== word) {
    const asPrefix = !/(ae|oe|ue)$/.test(word)
    add(unspelled, asPrefix)
    known ||= asPrefix ? hasPrefix(lexicon, unspelled) : lexicon.terms.has(unspelled)
  }
  // Base forms the vocabulary holds: 'jackets' → jacket, 'Jacken' → jacke, 'Schlafsäcke' → schlafsack.
  const heads = [word]
  // (from the spelled-out form only when the catalogue has it: 'Schlafsaecke' → schlafsack, but 'shoes' ↛ 'sho…')
  const forms = new Set([...baseForms(word, locale), ...(unspelled !== word && hasPrefix(lexicon, unspelled) ? baseForms(unspelled, locale) : [])])
  for (const base of forms) {
    if (lexicon.terms.has(base) || (!known && base.length >= 4 && hasPrefix(lexicon, base))) {
      add(base, true)
      heads.push(base)
      known = true
    }
  }
  if (known) own?.push(...atoms)
  // German compounds that end in the word: 'Stuhl' → Campingstuhl, 'Jacke' → Regenjacke.
  if (locale === 'de') for (const head of heads) if (head.length >= 4) for (const term of compoundsEndingIn(head, lexicon)) add(term, true)
  if (known || !fuzzy) return [...atoms]

  // Two words typed as one: 'sleepingbag', 'tshirt', 'downjacket'.
  for (let k = 1; k <= word.length - 3; k++) {
    const [a, b] = [word.slice(0, k), word.slice(k)]
    if (lexicon.terms.has(a) && (lexicon.terms.has(b) || baseForms(b, locale).some((f) => lexicon.terms.has(f)))) {
      add(`${a} ${b}`, true)
      return [...atoms]
    }
  }
  // A German compound the catalogue does not have, by its head: 'Fahrradhelm' → Helm (the front part must be a
  // word or a compound's start the catalogue knows, so 'Handschuhe' does not become Schuhe).
  if (locale === 'de') {
    for (let k = 3; k <= word.length - 4; k++) {
      const [front, head] = [word.slice(0, k), word.slice(k)]
      if (!hasPrefix(lexicon, front)) continue
      const endings = compoundsEndingIn(head, lexicon)
      if (lexicon.terms.has(head) || endings.length > 0) {
        if (lexicon.terms.has(head)) add(head, true)
        for (const term of endings) add(term, true)
        return [...atoms]
      }
    }
  }
  // Near spellings, only for a word the vocabulary does not know (so exact and prefix matches always win), each
  // with its own forms and compounds ('Rucksak' → rucksack → Reiserucksack).
  for (const term of nearSpellings(word, locale, lexicon)) for (const atom of expandWord(term, locale, lexicon, false)) atoms.size < MAX_ALTERNATIVES && atoms.add(atom)
  return [...atoms]
}

/** Terms that end in `head` after at least three letters of their own (a compound's head). */
function compoundsEndingIn(head: string, lexicon: Lexicon): string[] {
  const found: string[] = []
  for (const term of lexicon.sorted) if (term.length >= head.length + 3 && term.endsWith(head)) found.push(term)
  return found.sort((a, b) => (lexicon.terms.get(b) ?? 0) - (lexicon.terms.get(a) ?? 0)).slice(0, MAX_ALTERNATIVES)
}

/**
 * The vocabulary's terms within the word's forgiven edits (4–7 letters one, longer two; a swap counts one), the
 * first letter kept for words under 8 letters; a plural is compared by its base ('sandles' → sandals). Closest first.
 */
export function nearSpellings(word: string, locale: Locale, lexicon: Lexicon): string[] {
  const max = editsAllowed(word)
  if (max === 0 || /^\d+$/.test(word)) return []
  const found: Array<{ term: string; d: number; n: number }> = []
  const near = (d: number, term: string) => d <= max && found.push({ term, d, n: lexicon.terms.get(term) ?? 0 })
  const candidates = lexicon.sorted.filter((term) => (word.length >= 8 || term[0] === word[0]) && Math.abs(term.length - word.length) <= max + 2)
  for (const term of candidates) near(editDistance(word, term, max), term)
  // Else a plural by its singular, both sides stripped ('sandles' ~ 'sandals': 'sandl' ~ 'sandal').
  if (found.length === 0) {
    const bases = baseForms(word, locale)
    for (const term of candidates) for (const b of bases) for (const t of baseForms(term, locale)) near(editDistance(b, t, max), term)
  }
  const best = Math.min(...found.map((f) => f.d))
  return found.filter((f) => f.d === best).sort((a, b) => b.n - a.n).slice(0, 6).map((f) => f.term)
}
